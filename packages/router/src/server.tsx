/**
 * Rendering at build time (each app's src/prerender.tsx, a Node build): react-router's
 * StaticRouter at the page's URL, and react-dom's static prerender
 * (docs/decisions/0001-prerender-composition.md, 0061-react-router.md). A subpath of its
 * own: the browser never loads it.
 */
import { type ReactElement, StrictMode } from "react";
import { prerender } from "react-dom/static";
import { Route, Routes, StaticRouter } from "react-router";
import { IslandSlots, islandIdPrefix } from "./island";
import type { SectionMount } from "./section";

export { StaticRouter };

async function renderToHtml(element: ReactElement, identifierPrefix?: string): Promise<string> {
  const { prelude } = await prerender(element, {
    identifierPrefix,
    // Never outline a large boundary into a later <script>-completed chunk: the page is
    // one static document, and the CSP allows no inline script.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  return new Response(prelude).text();
}

/**
 * The HTML of `element` (a page, or a section's part of it) at `url`, each <Island> in
 * it rendered as the browser hydrates it: as a root of its own, with the island's id
 * prefix, inside a router at the same URL unless it takes none (<Island router={false}>)
 * (docs/decisions/0040-islands.md).
 */
export async function renderStatic(element: ReactElement, url: string): Promise<string> {
  const islands: { name: string; element: ReactElement; routed: boolean }[] = [];
  const collector = {
    add(name: string, island: ReactElement, routed: boolean) {
      islands.push({ name, element: island, routed });
      return islands.length - 1;
    },
  };
  let html = await renderToHtml(
    <IslandSlots.Provider value={collector}>{element}</IslandSlots.Provider>,
  );
  for (const [slot, island] of islands.entries()) {
    const marker = `<template data-island-slot="${slot}"></template>`;
    if (!html.includes(marker)) continue; // a render React threw away (it suspended)
    const inner = await renderToHtml(
      <StrictMode>
        {island.routed ? (
          <StaticRouter location={url}>{island.element}</StaticRouter>
        ) : (
          island.element
        )}
      </StrictMode>,
      islandIdPrefix(island.name),
    );
    html = html.replace(marker, () => inner);
  }
  return html;
}

export interface SectionPrerender extends SectionMount {
  /** The section's pages, by URL. */
  pages: string[];
  /** Data the pages render that the browser loads later (fetched once, before rendering). */
  preload?: () => Promise<unknown>;
}

/** A remote section's prerender: its HTML at a URL, and every page plus its not-found view. */
export function sectionPrerender({ base, Section, Providers, pages, preload }: SectionPrerender) {
  async function renderSection(url: string): Promise<string> {
    await preload?.();
    return renderStatic(
      <StrictMode>
        <Providers>
          <StaticRouter location={url}>
            <Routes>
              <Route caseSensitive path={`${base}/*`} element={<Section />} />
            </Routes>
          </StaticRouter>
        </Providers>
      </StrictMode>,
      url,
    );
  }
  async function renderPages() {
    const rendered = pages.map(async (key) => ({ key, html: await renderSection(key) }));
    rendered.push(renderSection(`/${base}/not-a-page`).then((html) => ({ key: "404", html })));
    return Promise.all(rendered);
  }
  return { renderSection, renderPages };
}
