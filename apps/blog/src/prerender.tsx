// This section's prerender (bundled for Node by rsbuild.prerender.config.ts, run at
// build time): the HTML of /blog, /blog/all-posts and every published article, and of its not-found view. The gateway puts it into the
// shell's chrome per request (docs/decisions/0001-prerender-composition.md).
import { publishedPosts } from "@portfolio/content/blog";
import { sectionPrerender } from "@portfolio/router/server";
import { ThemeProvider } from "@portfolio/ui/theme-provider";
import BlogRoutes from "./routes";

export const { renderSection, renderPages } = sectionPrerender({
  base: "blog",
  Section: BlogRoutes,
  Providers: ThemeProvider,
  pages: ["/blog", "/blog/all-posts", ...publishedPosts.map((post) => post.url)],
});
