// The shell's prerender (bundled for Node by rsbuild.prerender.config.ts, run at build
// time): every page the shell owns, complete, and for every page of a remote section
// the chrome with a <template data-section> where the gateway puts the section's own
// prerendered HTML (docs/decisions/0001-prerender-composition.md). Also the share card
// of each of the shell's public pages (docs/decisions/0041-share-cards.md), and its
// search documents, the projects and talks (docs/decisions/0054-search-everywhere-one-typo.md).
import { routeCards, type ShareCards } from "@portfolio/build-config/cards";
import { routes, site } from "@portfolio/content";
import { publishedPosts } from "@portfolio/content/blog";
import { projects } from "@portfolio/content/projects";
import { remoteNames } from "@portfolio/content/sections";

export { shellSearchDocuments as searchDocuments } from "@portfolio/content/search";

import { renderStatic, StaticRouter } from "@portfolio/router/server";
import { type ReactNode, StrictMode } from "react";
import { App } from "./app";
import { SectionSlots } from "./federation/remote-route";
import { preloadPage } from "./routes";

/** The HTML inside #root for `url`, exactly as the browser's first render makes it. */
export async function renderPage(url: string): Promise<string> {
  // The page's lazy chunk, already here: React renders it inline instead of suspending.
  await preloadPage(url);
  const router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  return renderStatic(
    <SectionSlots.Provider value={true}>
      <StrictMode>
        <App router={router} />
      </StrictMode>
    </SectionSlots.Provider>,
    url,
  );
}

/**
 * What the gateway composes from: by key, the URL rendered. A not-found page is the view
 * of an unknown URL of its kind; the gateway picks the kind by the request's path.
 */
export function pageUrls(): [key: string, url: string][] {
  const urls: [string, string][] = routes
    .filter((r) => !r.path.includes("{"))
    .map((r) => [r.path, r.path]);
  for (const project of projects) urls.push([`/projects/${project.id}`, `/projects/${project.id}`]);
  for (const post of publishedPosts) urls.push([post.url, post.url]);
  urls.push(["404", "/not-a-page"], ["404:/projects", "/projects/0"]);
  for (const section of remoteNames) urls.push([`404:/${section}`, `/${section}/not-a-page`]);
  return urls;
}

export async function renderPages() {
  return Promise.all(pageUrls().map(async ([key, url]) => ({ key, html: await renderPage(url) })));
}

/**
 * The share card of every public page of the shell: routes.json's (the home page's title
 * is the owner's headline, as its head's) and each project's. The sections draw their own.
 */
export function shareCards(): ShareCards {
  const cards = routeCards(routes, "shell", (path) =>
    path.startsWith("/projects") ? "Projects" : "Portfolio",
  ).map((card) => (card.key === "/" ? { ...card, title: site.owner.headline } : card));
  for (const project of projects) {
    cards.push({
      key: `/projects/${project.id}`,
      title: project.title,
      section: "Projects",
      description: project.description,
    });
  }
  return { owner: site.owner.name, siteName: site.siteName, cards };
}
