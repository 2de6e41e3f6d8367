// This section's prerender (bundled for Node by rsbuild.prerender.config.ts, run at
// build time): the HTML of /blog, /blog/all-posts and every published article, and of its not-found view. The gateway puts it
// into the shell's chrome per request (docs/decisions/0001-prerender-composition.md).
import { publishedPosts } from "@portfolio/content/blog";
import { Route, Routes } from "@portfolio/router";
import { StaticRouter } from "@portfolio/router/server";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import BlogRoutes from "./routes";

/** The section's HTML at `url`, as it renders inside the shell's <Route path="blog/*">. */
export async function renderSection(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <ThemeProvider>
        <StaticRouter location={url}>
          <Routes>
            <Route path="blog/*" element={<BlogRoutes />} />
          </Routes>
        </StaticRouter>
      </ThemeProvider>
    </StrictMode>,
    // Never outline a large boundary into a later <script>-completed chunk: the page is one
    // static document, and the CSP allows no inline script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

export async function renderPages() {
  const keys: string[] = ["/blog", "/blog/all-posts", ...publishedPosts.map((post) => post.url)];
  const pages = keys.map(async (key) => ({ key, html: await renderSection(key) }));
  pages.push(renderSection("/blog/not-a-page").then((html) => ({ key: "404", html })));
  return Promise.all(pages);
}
