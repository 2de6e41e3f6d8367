// This section's prerender (bundled for Node by rsbuild.prerender.config.ts, run at
// build time): the HTML of /blog, /blog/all-posts, every published article, /blog/tags and
// every tag's page (the routes release.Describe gives the gateway), and of its not-found
// view. The gateway puts it into the shell's chrome per request
// (docs/decisions/0001-prerender-composition.md).
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
