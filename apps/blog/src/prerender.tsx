// This section's prerender (bundled for Node by rsbuild.prerender.config.ts, run at
// build time): the HTML of /blog, /blog/all-posts, every published article, /blog/tags and
// every tag's page (the routes release.Describe gives the gateway), and of its not-found
// view. The gateway puts it into the shell's chrome per request
// (docs/decisions/0001-prerender-composition.md). Also the share card of each of those
// pages (docs/decisions/0041-share-cards.md).
import { routeCards, type ShareCards } from "@portfolio/build-config/cards";
import { routes, site } from "@portfolio/content";
import { publishedPosts, TAGS_PATH, tags } from "@portfolio/content/blog";

export { blogSearchDocuments as searchDocuments } from "@portfolio/content/search";

import { sectionPrerender } from "@portfolio/router/server";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import BlogRoutes from "./routes";

export const { renderSection, renderPages } = sectionPrerender({
  base: "blog",
  Section: BlogRoutes,
  Providers: ThemeProvider,
  pages: [
    "/blog",
    "/blog/all-posts",
    ...publishedPosts.map((post) => post.url),
    TAGS_PATH,
    ...tags.map((tag) => tag.url),
  ],
});

/** Every page's share card: routes.json's pages of the blog, each article and tag page. */
export function shareCards(): ShareCards {
  // The blog's own page is titled Blog: its card names the site above it.
  const cards = routeCards(routes, "blog", (path) => (path === "/blog" ? site.siteName : "Blog"));
  for (const post of publishedPosts) {
    cards.push({
      key: post.url,
      title: post.title,
      section: `Blog · ${post.category}`,
      date: post.displayDate,
      readingTime: post.readTime,
    });
  }
  for (const tag of tags) {
    const n = tag.posts.length;
    cards.push({
      key: tag.url,
      title: tag.title,
      section: "Blog · Tags",
      description: `${n} article${n === 1 ? "" : "s"}`,
    });
  }
  return { owner: site.owner.name, siteName: site.siteName, cards };
}
