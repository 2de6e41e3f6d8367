/**
 * Rendering at build time (each app's src/prerender.tsx, a Node build): a subpath of its
 * own so the browser's shared @portfolio/router stays as small as it is.
 */
import { type ReactNode, StrictMode } from "react";
import { prerender } from "react-dom/static";
import {
  createLocation,
  type Location,
  type Navigator,
  Route,
  Router,
  Routes,
  type SectionMount,
} from "./router";

const stateless: Navigator = {
  push: refuse,
  replace: refuse,
  go: refuse,
};
function refuse(): never {
  throw new Error("A <StaticRouter> cannot navigate: it renders one URL");
}

/** The router at one URL, for rendering without a browser (react-router's StaticRouter). */
export function StaticRouter({
  location = "/",
  children,
}: {
  location?: string | Partial<Location>;
  children?: ReactNode;
}) {
  const at =
    typeof location === "string"
      ? createLocation(location, null, "default")
      : createLocation(location, location.state ?? null, location.key || "default");
  return (
    <Router location={at} navigator={stateless}>
      {children}
    </Router>
  );
}

export interface SectionPrerender extends SectionMount {
  /** The section's pages, by URL. */
  pages: string[];
}

/** A remote section's prerender: its HTML at a URL, and every page plus its not-found view. */
export function sectionPrerender({ base, Section, Providers, pages }: SectionPrerender) {
  async function renderSection(url: string): Promise<string> {
    const { prelude } = await prerender(
      <StrictMode>
        <Providers>
          <StaticRouter location={url}>
            <Routes>
              <Route path={`${base}/*`} element={<Section />} />
            </Routes>
          </StaticRouter>
        </Providers>
      </StrictMode>,
      // Never outline a large boundary into a later <script>-completed chunk: the page is
      // one static document, and the CSP allows no inline script.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return new Response(prelude).text();
  }
  async function renderPages() {
    const rendered = pages.map(async (key) => ({ key, html: await renderSection(key) }));
    rendered.push(renderSection(`/${base}/not-a-page`).then((html) => ({ key: "404", html })));
    return Promise.all(rendered);
  }
  return { renderSection, renderPages };
}
