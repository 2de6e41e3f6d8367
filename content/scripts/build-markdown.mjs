// Build step of @portfolio/content: turns the Markdown content into JSON the pages
// import, so no Markdown parser, highlighter or YAML reader ever reaches the browser
// (no Markdown or highlighting library is shipped to the browser).
//
//   content/blog/<slug>.md           → dist/blog.json        { posts: [...] }, newest first,
//                                      with the article HTML of published posts
//                                    → dist/blog-index.json  the same posts without HTML,
//                                      for list pages (a few kB instead of ~22 kB gzip)
//                                    → dist/articles/<slug>.json  each published article's
//                                      slug, headings and HTML, so an article page loads
//                                      only its own (loadArticle in src/blog.ts adds the
//                                      metadata the index already has)
//   content/newsletter/<NN>-<x>.md   → dist/newsletter.json  { editions: [...] }, by id,
//                                      with each edition's text and HTML
//                                    → dist/newsletter-index.json  the same editions
//                                      without text and HTML, for the first render of a
//                                      page (loadEditions in src/newsletter.ts fetches
//                                      the rest when it is needed)
//                                    → rendered/editions.json  each edition's id, text
//                                      and HTML, for the Go module's embed (the edition
//                                      emails show the HTML the web page shows)
//
// Every content file is validated against its schema first, with Ajv: each <name>.json
// against schema/<name>.schema.json, and the YAML front matter of the Markdown against
// schema/blog-post.schema.json and schema/newsletter-edition.schema.json (the same
// files the Go loaders validate with), plus the rules across fields a schema cannot
// state. Every problem names the file and the JSON pointer, all of them at once:
//
//   content/blog/foo.md: /readTime: must be integer
//
// Code blocks are highlighted here by Shiki with a light and a dark theme as CSS
// variables (src/code-theme.css picks one by the page's `.dark` class). A language
// Shiki does not know (promql, rego, ...) is rendered as escaped plain code.
//
// The steps are modules of their own: scripts/markdown/validate.mjs (reading and
// validating), render.mjs (Markdown to HTML, code highlighted), write.mjs (dist/).
//
// Usage: `node scripts/build-markdown.mjs` (the package's "build" script), or import
// buildMarkdown() and call it with other directories (the tests do).

import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { displayDate, monthText } from "../src/dates.mjs";
import { codeHighlighter, lexBody, render } from "./markdown/render.mjs";
import {
  ContentError,
  checkEditions,
  checkJsonFiles,
  checkPosts,
  compileSchemas,
  readMarkdownDir,
} from "./markdown/validate.mjs";
import { compare, writeOutput, writeRenderedEditions } from "./markdown/write.mjs";

export { codeThemes, headingIds, slugify } from "./markdown/render.mjs";
export { ContentError, newAjv, schemaProblems, splitFrontMatter } from "./markdown/validate.mjs";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Reads, validates and renders the Markdown content of contentDir and writes
 * outDir/blog.json, outDir/blog-index.json, outDir/articles/<slug>.json,
 * outDir/newsletter.json, outDir/newsletter-index.json and renderedDir/editions.json. Throws a ContentError
 * naming every bad file and field; nothing is written then.
 *
 * @param {{ contentDir?: string, outDir?: string, renderedDir?: string, label?: string }} [options]
 *   contentDir: the directory holding blog/ and newsletter/ (default: this package);
 *   outDir: where the JSON goes (default: contentDir/dist);
 *   renderedDir: where editions.json for the Go module goes (default: contentDir/rendered);
 *   label: how contentDir is named in messages (default: its base name, "content").
 */
export async function buildMarkdown(options = {}) {
  const contentDir = path.resolve(options.contentDir ?? packageDir);
  const outDir = path.resolve(options.outDir ?? path.join(contentDir, "dist"));
  const renderedDir = path.resolve(options.renderedDir ?? path.join(contentDir, "rendered"));
  const label = options.label ?? path.basename(contentDir);
  const started = performance.now();

  const [postFiles, editionFiles] = await Promise.all([
    readMarkdownDir(contentDir, "blog", label),
    readMarkdownDir(contentDir, "newsletter", label),
  ]);
  const problems = [];
  const validate = await compileSchemas();
  problems.push(...(await checkJsonFiles(contentDir, label, validate)));

  const posts = checkPosts(postFiles, validate.schema("blog-post.schema.json"), problems);
  const editions = checkEditions(
    editionFiles,
    validate.schema("newsletter-edition.schema.json"),
    problems,
  );

  // Lex every body first: the lexer finds what the renderer must not meet (raw HTML,
  // unsafe links) and the code languages to load into the one highlighter.
  const languages = new Set();
  const lexed = new Map();
  for (const doc of [...posts, ...editions]) {
    if (doc.kind === "post" && doc.data.status !== "published") continue;
    const tokens = lexBody(doc, languages, problems);
    lexed.set(doc, tokens);
  }
  if (problems.length > 0) throw new ContentError(problems);

  const { highlighter, highlighted } = await codeHighlighter(languages);
  let outPosts;
  let outEditions;
  try {
    outPosts = posts
      .map((doc) => postOut(doc, lexed.get(doc), highlighter))
      .sort((a, b) => compare(b.date, a.date) || compare(a.slug, b.slug));
    outEditions = editions
      .map((doc) => editionOut(doc, lexed.get(doc), highlighter))
      .sort((a, b) => a.id - b.id);
  } finally {
    highlighter.dispose();
  }
  await writeOutput(outDir, outPosts, outEditions);
  await writeRenderedEditions(renderedDir, outEditions);
  return {
    posts: outPosts,
    editions: outEditions,
    highlighted,
    plain: [...languages].filter((lang) => !highlighted.includes(lang)).sort(),
    ms: Math.round(performance.now() - started),
  };
}

/** A post as blog.json has it: its metadata, and a published one's headings and HTML. */
function postOut(doc, tokens, highlighter) {
  const base = {
    slug: doc.data.slug,
    title: doc.data.title,
    excerpt: doc.data.excerpt,
    date: doc.data.date,
    displayDate: displayDate(doc.data.date),
    ...(doc.data.updated === undefined
      ? {}
      : { updated: doc.data.updated, displayUpdated: displayDate(doc.data.updated) }),
    readTime: doc.data.readTime,
    category: doc.data.category,
    tags: doc.data.tags,
    status: doc.data.status,
  };
  if (doc.data.status !== "published") return base;
  const { html, headings } = render(tokens, highlighter, { article: true });
  return { ...base, url: `/blog/${doc.data.slug}`, headings, html };
}

/** An edition as newsletter.json has it, with its text and HTML. */
function editionOut(doc, tokens, highlighter) {
  return {
    id: doc.data.id,
    title: doc.data.title,
    date: doc.data.date,
    month: monthText(doc.data.date),
    excerpt: doc.data.excerpt,
    readTime: doc.data.readTime,
    tags: doc.data.tags,
    text: doc.body.trim(),
    html: render(tokens, highlighter).html,
  };
}

// ---------------------------------------------------------------------------------
// Command line

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const r = await buildMarkdown();
    const published = r.posts.filter((p) => p.status === "published").length;
    console.log(
      `content: ${r.posts.length} posts (${published} published) and ${r.editions.length} editions → dist/ in ${r.ms} ms` +
        ` (code highlighted: ${r.highlighted.join(", ")}; plain: ${r.plain.join(", ")})`,
    );
  } catch (err) {
    if (err instanceof ContentError) {
      console.error(`content: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}
