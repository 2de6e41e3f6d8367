// This section's prerender (bundled for Node by rsbuild.prerender.config.ts, run at
// build time): the HTML of /newsletter, of every edition's page (/newsletter/<id>, a
// route of the section's release), and of its not-found view. The gateway puts it into
// the shell's chrome per request (docs/decisions/0001-prerender-composition.md). Also the
// share card of each of those pages (docs/decisions/0041-share-cards.md).
import { routeCards, type ShareCards } from "@portfolio/build-config/cards";
import { routes, site } from "@portfolio/content";
import { editionPath, editions, loadEditions } from "@portfolio/content/newsletter";

export { editionSearchDocuments as searchDocuments } from "@portfolio/content/search";

import { sectionPrerender } from "@portfolio/router/server";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import NewsletterRoutes from "./routes";

export const { renderSection, renderPages } = sectionPrerender({
  base: "newsletter",
  Section: NewsletterRoutes,
  Providers: ThemeProvider,
  pages: ["/newsletter", ...editions.map(editionPath)],
  // Each edition's text in its page's HTML: the page has its full height from the start
  // (a reader's scroll position is restored on Back), and the text reads without
  // JavaScript. (/newsletter shows only their excerpts.)
  preload: loadEditions,
});

/** Every page's share card: routes.json's pages of the newsletter and each edition's. */
export function shareCards(): ShareCards {
  const cards = routeCards(routes, "newsletter", () => "Newsletter");
  for (const edition of editions) {
    cards.push({
      key: editionPath(edition),
      title: edition.title,
      section: "Newsletter",
      date: edition.month,
      readingTime: edition.readTime,
    });
  }
  return { owner: site.owner.name, siteName: site.siteName, cards };
}
