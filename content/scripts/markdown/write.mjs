// Writing the output (buildMarkdown's last step): dist/'s JSON files, each whole or not
// at all, and articles/ with exactly the published articles; and rendered/editions.json,
// the editions' HTML for the Go module.

import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/** Code-point order, the same as Go's (no locale). */
export const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** Writes JSON through a temporary file, so a reader never sees half a file. */
async function writeJson(file, value) {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value)}\n`);
  await rename(tmp, file);
}

/**
 * outDir/blog.json, blog-index.json (without the articles' HTML), articles/<slug>.json
 * (each published article's own), newsletter.json and newsletter-index.json (without the
 * editions' texts).
 */
export async function writeOutput(outDir, posts, editions) {
  // articles/ holds exactly the published articles: a removed or unpublished post's
  // file must not linger where the blog could still load it.
  const articlesDir = path.join(outDir, "articles");
  await rm(articlesDir, { recursive: true, force: true });
  await mkdir(articlesDir, { recursive: true });
  await Promise.all([
    ...posts
      .filter((p) => p.status === "published")
      .map((p) =>
        writeJson(path.join(articlesDir, `${p.slug}.json`), {
          slug: p.slug,
          headings: p.headings,
          html: p.html,
        }),
      ),
    writeJson(path.join(outDir, "blog.json"), { posts }),
    writeJson(path.join(outDir, "blog-index.json"), {
      posts: posts.map(({ html: _html, headings: _headings, ...meta }) => meta),
    }),
    writeJson(path.join(outDir, "newsletter.json"), { editions }),
    writeJson(path.join(outDir, "newsletter-index.json"), {
      editions: editions.map(({ text: _text, html: _html, ...summary }) => summary),
    }),
  ]);
}

/**
 * renderedDir/editions.json: each edition's id, text (its Markdown body, trimmed) and
 * HTML, for the Go module, which embeds this directory (embed.go) and gives each
 * edition loaded from newsletter/ the HTML rendered from its text (LoadEditions): the
 * emails of an edition show the HTML its web page shows, rendered here once. dist/ is
 * not embedded, because a Go build must not need the npm build to compile; a Go build
 * without this file has editions without HTML.
 */
export async function writeRenderedEditions(renderedDir, editions) {
  await mkdir(renderedDir, { recursive: true });
  await writeJson(path.join(renderedDir, "editions.json"), {
    editions: editions.map(({ id, text, html }) => ({ id, text, html })),
  });
}
