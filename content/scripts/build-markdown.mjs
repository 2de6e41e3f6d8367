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
// Usage: `node scripts/build-markdown.mjs` (the package's "build" script), or import
// buildMarkdown() and call it with other directories (the tests do).

import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Ajv2020 from "ajv/dist/2020.js";
import { Marked } from "marked";
import { bundledLanguages, createHighlighter } from "shiki";
import { parseDocument } from "yaml";
import { displayDate, monthText } from "../src/dates.mjs";
import { tagProblems } from "../src/tags.mjs";

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The two Shiki themes, emitted as `--shiki-light*` and `--shiki-dark*` CSS variables.
 * Chosen because every token colour of both keeps a contrast of at least 4.5:1 against
 * its background (WCAG AA; github-light and github-dark do not: their comments and
 * some keywords fall to about 3:1). tests/markdown.test.ts checks this on the output.
 */
export const codeThemes = Object.freeze({
  light: "github-light-default",
  dark: "github-dark-default",
});

/** Languages Shiki renders without a grammar (plain text). */
const plainLanguages = new Set(["text", "txt", "plain", "plaintext"]);

/** Thrown when content is invalid; `problems` has one "file: field: message" per line. */
export class ContentError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(
      `invalid content (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n${problems.join("\n")}`,
    );
    this.name = "ContentError";
    this.problems = problems;
  }
}

/**
 * Reads, validates and renders the Markdown content of contentDir and writes
 * outDir/blog.json, outDir/blog-index.json, outDir/articles/<slug>.json,
 * outDir/newsletter.json and outDir/newsletter-index.json. Throws a ContentError
 * naming every bad file and field; nothing is written then.
 *
 * @param {{ contentDir?: string, outDir?: string, label?: string }} [options]
 *   contentDir: the directory holding blog/ and newsletter/ (default: this package);
 *   outDir: where the JSON goes (default: contentDir/dist);
 *   label: how contentDir is named in messages (default: its base name, "content").
 */
export async function buildMarkdown(options = {}) {
  const contentDir = path.resolve(options.contentDir ?? packageDir);
  const outDir = path.resolve(options.outDir ?? path.join(contentDir, "dist"));
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

  const highlighted = [...languages].filter((lang) => Object.hasOwn(bundledLanguages, lang)).sort();
  const highlighter = await createHighlighter({
    themes: [codeThemes.light, codeThemes.dark],
    langs: highlighted,
  });
  let outPosts;
  let outEditions;
  try {
    outPosts = posts
      .map((doc) => {
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
        const { html, headings } = render(lexed.get(doc), highlighter, { article: true });
        return { ...base, url: `/blog/${doc.data.slug}`, headings, html };
      })
      .sort((a, b) => compare(b.date, a.date) || compare(a.slug, b.slug));
    outEditions = editions
      .map((doc) => ({
        id: doc.data.id,
        title: doc.data.title,
        date: doc.data.date,
        month: monthText(doc.data.date),
        excerpt: doc.data.excerpt,
        readTime: doc.data.readTime,
        tags: doc.data.tags,
        text: doc.body.trim(),
        html: render(lexed.get(doc), highlighter).html,
      }))
      .sort((a, b) => a.id - b.id);
  } finally {
    highlighter.dispose();
  }

  // articles/ holds exactly the published articles: a removed or unpublished post's
  // file must not linger where the blog could still load it.
  const articlesDir = path.join(outDir, "articles");
  await rm(articlesDir, { recursive: true, force: true });
  await mkdir(articlesDir, { recursive: true });
  await Promise.all([
    ...outPosts
      .filter((p) => p.status === "published")
      .map((p) =>
        writeJson(path.join(articlesDir, `${p.slug}.json`), {
          slug: p.slug,
          headings: p.headings,
          html: p.html,
        }),
      ),
    writeJson(path.join(outDir, "blog.json"), { posts: outPosts }),
    writeJson(path.join(outDir, "blog-index.json"), {
      posts: outPosts.map(({ html: _html, headings: _headings, ...meta }) => meta),
    }),
    writeJson(path.join(outDir, "newsletter.json"), { editions: outEditions }),
    writeJson(path.join(outDir, "newsletter-index.json"), {
      editions: outEditions.map(({ text: _text, html: _html, ...summary }) => summary),
    }),
  ]);
  return {
    posts: outPosts,
    editions: outEditions,
    highlighted,
    plain: [...languages].filter((lang) => !highlighted.includes(lang)).sort(),
    ms: Math.round(performance.now() - started),
  };
}

// ---------------------------------------------------------------------------------
// Reading and validating

/**
 * @typedef {{ file: string, name: string, frontMatter: unknown, body: string, bodyLine: number }} SourceFile
 * @typedef {{ kind: "post" | "edition", file: string, name: string, data: any, body: string }} Doc
 */

/** Reads every dir/*.md and splits it into front matter and body. */
async function readMarkdownDir(contentDir, dir, label) {
  let names;
  try {
    names = (await readdir(path.join(contentDir, dir))).filter((n) => n.endsWith(".md")).sort();
  } catch (err) {
    if (err.code === "ENOENT") return [];
    throw err;
  }
  return Promise.all(
    names.map(async (name) => {
      const src = await readFile(path.join(contentDir, dir, name), "utf8");
      return { file: `${label}/${dir}/${name}`, name, ...splitFrontMatter(src) };
    }),
  );
}

const frontMatterRe = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;

/** Splits "---\nyaml\n---\nbody"; frontMatter is undefined when there is none. */
export function splitFrontMatter(src) {
  const text = src.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const m = frontMatterRe.exec(text);
  if (!m) return { frontMatter: undefined, body: text };
  return { frontMatter: m[1] ?? "", body: text.slice(m[0].length) };
}

/** Parses the YAML front matter of f; a problem and undefined when it is not a mapping. */
function parseFrontMatter(f, problems) {
  if (f.frontMatter === undefined) {
    problems.push(
      `${f.file}: front matter: missing (the file must start with a '---' line, then YAML, then '---')`,
    );
    return undefined;
  }
  const doc = parseDocument(f.frontMatter, { uniqueKeys: true, strict: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    for (const e of doc.errors) {
      // "... at line 3, column 4:" counts in the front matter, which starts on line 2.
      const msg = e.message
        .split("\n")[0]
        .replace(
          / at line (\d+), column (\d+):$/,
          (_, line, col) => ` (line ${Number(line) + 1}, column ${col})`,
        );
      problems.push(`${f.file}: front matter: ${msg}`);
    }
    return undefined;
  }
  const data = doc.toJS() ?? {}; // an empty front matter is a mapping with no fields
  if (typeof data !== "object" || Array.isArray(data)) {
    problems.push(`${f.file}: front matter: must be a YAML mapping of fields`);
    return undefined;
  }
  return data;
}

/** Package tooling at the content root, not content: no schema. */
const toolingFiles = new Set(["package.json", "tsconfig.json"]);

/**
 * Ajv for the content schemas: strict draft 2020-12 (an unknown keyword or format is an
 * error), every error at once, the failing value kept for messages, and "format":
 * "date" as a real calendar date (as the Go loaders assert it).
 */
export function newAjv() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, verbose: true });
  ajv.addFormat("date", { type: "string", validate: isCalendarDate });
  return ajv;
}

/** Compiles every schema/*.schema.json once; schema(name) returns its validator. */
async function compileSchemas() {
  const ajv = newAjv();
  const dir = path.join(packageDir, "schema");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".schema.json"));
  const compiled = new Map(
    await Promise.all(
      names.map(async (name) => [
        name,
        ajv.compile(JSON.parse(await readFile(path.join(dir, name), "utf8"))),
      ]),
    ),
  );
  return {
    schema(name) {
      const v = compiled.get(name);
      if (!v) throw new Error(`schema/${name} is missing`);
      return v;
    },
  };
}

/** Checks every <name>.json of contentDir against schema/<name>.schema.json. */
async function checkJsonFiles(contentDir, label, validate) {
  const names = (await readdir(contentDir))
    .filter((n) => n.endsWith(".json") && !toolingFiles.has(n))
    .sort();
  const out = [];
  for (const name of names) {
    const file = `${label}/${name}`;
    let data;
    try {
      data = JSON.parse(await readFile(path.join(contentDir, name), "utf8"));
    } catch (err) {
      out.push(`${file}: (root): ${err.message}`);
      continue;
    }
    out.push(
      ...schemaProblems(file, validate.schema(name.replace(/\.json$/, ".schema.json")), data),
    );
  }
  return out;
}

/** The JSON pointer of a value, e.g. "/tags/0"; "(root)" for the whole document. */
function pointer(instancePath, property) {
  const p =
    property === undefined
      ? instancePath
      : `${instancePath}/${property.replace(/~/g, "~0").replace(/\//g, "~1")}`;
  return p || "(root)";
}

/** Validates data with an Ajv validator; one "file: pointer: message" per schema error. */
export function schemaProblems(file, validate, data) {
  if (validate(data)) return [];
  const out = [];
  for (const e of validate.errors ?? []) {
    const value = JSON.stringify(e.data);
    switch (e.keyword) {
      case "required":
        out.push(`${file}: ${pointer(e.instancePath, e.params.missingProperty)}: is required`);
        break;
      case "additionalProperties":
        out.push(
          `${file}: ${pointer(e.instancePath, e.params.additionalProperty)}: is not a known field`,
        );
        break;
      case "pattern":
        // "\\S" is the schemas' "has a non-space character" rule.
        out.push(
          `${file}: ${pointer(e.instancePath)}: ${e.params.pattern === "\\S" ? "must not be blank" : `${value} ${e.message}`}`,
        );
        break;
      case "format":
        out.push(`${file}: ${pointer(e.instancePath)}: ${value} ${e.message}`);
        break;
      case "enum":
        out.push(
          `${file}: ${pointer(e.instancePath)}: ${value} must be one of ${e.params.allowedValues.join(", ")}`,
        );
        break;
      default:
        out.push(`${file}: ${pointer(e.instancePath)}: ${e.message}`);
    }
  }
  return [...new Set(out)];
}

/** True when s (YYYY-MM-DD) is a real calendar date. */
function isCalendarDate(s) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** @returns {Doc[]} the posts whose front matter is valid. */
function checkPosts(files, validate, problems) {
  const docs = [];
  const slugs = new Map();
  const tagSlugs = new Map();
  for (const f of files) {
    const data = parseFrontMatter(f, problems);
    if (data === undefined) continue;
    const errs = schemaProblems(f.file, validate, data);
    if (errs.length > 0) {
      problems.push(...errs);
      continue;
    }
    const base = f.name.slice(0, -".md".length);
    const before = problems.length;
    if (data.slug !== base) {
      problems.push(
        `${f.file}: /slug: "${data.slug}" must equal the file name without .md ("${base}")`,
      );
    }
    if (slugs.has(data.slug)) {
      problems.push(`${f.file}: /slug: "${data.slug}" is also the slug of ${slugs.get(data.slug)}`);
    }
    slugs.set(data.slug, f.file);
    problems.push(...tagProblems(f.file, data.tags, tagSlugs));
    if (data.updated !== undefined && data.updated < data.date) {
      problems.push(
        `${f.file}: /updated: ${data.updated} must not be before the publication date (${data.date})`,
      );
    }
    if (data.status === "published" && f.body.trim() === "") {
      problems.push(
        `${f.file}: body: a published post needs its article text after the front matter`,
      );
    }
    if (problems.length === before)
      docs.push({ kind: "post", file: f.file, name: f.name, data, body: f.body });
  }
  return docs;
}

const editionNameRe = /^(\d+)-[a-z0-9-]+\.md$/;

/** @returns {Doc[]} the editions whose front matter is valid. */
function checkEditions(files, validate, problems) {
  const problemsBefore = problems.length;
  const docs = [];
  const ids = new Map();
  for (const f of files) {
    const data = parseFrontMatter(f, problems);
    if (data === undefined) continue;
    const errs = schemaProblems(f.file, validate, data);
    if (errs.length > 0) {
      problems.push(...errs);
      continue;
    }
    const before = problems.length;
    const m = editionNameRe.exec(f.name);
    if (!m) {
      problems.push(`${f.file}: file name: must be <id>-<slug>.md, e.g. 0${data.id}-my-topic.md`);
    } else if (Number(m[1]) !== data.id) {
      problems.push(`${f.file}: /id: ${data.id} does not match the file name prefix "${m[1]}"`);
    }
    const titleNumber = Number(/^#(\d+) /.exec(data.title)?.[1]);
    if (titleNumber !== data.id) {
      problems.push(`${f.file}: /title: must start with "#${data.id} " (the edition's id)`);
    }
    if (ids.has(data.id)) {
      problems.push(`${f.file}: /id: ${data.id} is also the id of ${ids.get(data.id)}`);
    }
    ids.set(data.id, f.file);
    if (f.body.trim() === "") {
      problems.push(`${f.file}: body: the edition's text is missing after the front matter`);
    }
    if (problems.length === before)
      docs.push({ kind: "edition", file: f.file, name: f.name, data, body: f.body });
  }
  if (problems.length > problemsBefore) return docs;
  // Ids run 1..n without gaps, and a later edition is of a later month.
  const sorted = [...docs].sort((a, b) => a.data.id - b.data.id);
  sorted.forEach((doc, i) => {
    if (doc.data.id !== i + 1) {
      problems.push(
        `${doc.file}: /id: editions must be numbered 1, 2, 3, ... without gaps; expected ${i + 1}, got ${doc.data.id}`,
      );
    } else if (i > 0 && doc.data.date <= sorted[i - 1].data.date) {
      problems.push(
        `${doc.file}: /date: ${doc.data.date} must be after the date of edition ${i} (${sorted[i - 1].data.date})`,
      );
    }
  });
  return docs;
}

// ---------------------------------------------------------------------------------
// Rendering

const allowedLink = /^(?:https?:|mailto:|#|\/(?!\/)|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i;

/** Lexes doc's body, collecting code languages, and problems for raw HTML or unsafe links. */
function lexBody(doc, languages, problems) {
  const marked = new Marked({ gfm: true });
  const tokens = marked.lexer(doc.body);
  marked.walkTokens(tokens, (t) => {
    switch (t.type) {
      case "code":
        languages.add(codeLanguage(t.lang));
        break;
      case "html":
        problems.push(
          `${doc.file}: body: raw HTML is not allowed in Markdown: ${JSON.stringify(t.raw.trim().slice(0, 60))}`,
        );
        break;
      case "link":
      case "image":
        if (!allowedLink.test(t.href.trim())) {
          problems.push(
            `${doc.file}: body: link ${JSON.stringify(t.href)} must be http(s), mailto, a path or an #anchor`,
          );
        }
        break;
    }
  });
  return tokens;
}

/** The language of a fence's info string ("yaml title=x" → "yaml"), lower case; "text" if none. */
function codeLanguage(info) {
  const lang = (info ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  return lang === "" ? "text" : lang;
}

const escapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => escapes[c]);

const entities = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };
/** The text of an inline HTML fragment: tags dropped, the common entities decoded. */
function htmlToText(html) {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e) => entities[e])
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)));
}

/** GitHub-style heading id: lower case, punctuation dropped, spaces → "-". */
export function slugify(text) {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/**
 * Heading ids: the slug of the heading's text, unique within one document (a repeat
 * gets "-2", then "-3", ...; "section" when the text has no letter or digit).
 */
export function headingIds() {
  const used = new Set();
  return (text) => {
    const base = slugify(text) || "section";
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

/** The headings an article's table of contents lists, and that get an anchor link. */
const tocDepths = new Set([2, 3]);

/**
 * Renders lexed Markdown to HTML: heading ids, highlighted code, external links in a
 * new tab without opener. With `article`, as an article page shows it: every h2/h3
 * ends with an anchor link to itself ("#") and is listed in `headings` (the table of
 * contents, in document order), and every code block is wrapped in a
 * `<div class="code-block">` (the page puts its copy button there, outside the
 * scrolling <pre>). Without it (newsletter editions) `headings` is every heading.
 */
function render(tokens, highlighter, { article = false } = {}) {
  const headings = [];
  const idOf = headingIds();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens: inline, depth }) {
        const inner = this.parser.parseInline(inline);
        const text = htmlToText(inner).trim();
        const id = idOf(text);
        if (!article) {
          headings.push({ depth, id, text });
          return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
        }
        if (!tocDepths.has(depth)) return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
        headings.push({ depth, id, text });
        const anchor = `<a class="heading-anchor" href="#${id}" aria-label="Link to this section: ${escapeHtml(text)}">#</a>`;
        return `<h${depth} id="${id}">${inner}${anchor}</h${depth}>\n`;
      },
      code({ text, lang }) {
        const pre = highlight(highlighter, text, codeLanguage(lang), article);
        return article ? `<div class="code-block">${pre}</div>\n` : `${pre}\n`;
      },
      link({ href, title, tokens: inline }) {
        const inner = this.parser.parseInline(inline);
        const attrs = [`href="${escapeHtml(href)}"`];
        if (title) attrs.push(`title="${escapeHtml(title)}"`);
        if (/^https?:/i.test(href)) attrs.push('target="_blank"', 'rel="noopener noreferrer"');
        return `<a ${attrs.join(" ")}>${inner}</a>`;
      },
      image({ href, title, text }) {
        const attrs = [`src="${escapeHtml(href)}"`, `alt="${escapeHtml(text)}"`];
        if (title) attrs.push(`title="${escapeHtml(title)}"`);
        attrs.push('loading="lazy"', 'decoding="async"');
        return `<img ${attrs.join(" ")}>`;
      },
      html({ text }) {
        return escapeHtml(text); // unreachable: lexBody rejects raw HTML
      },
    },
  });
  return { html: marked.parser(tokens), headings };
}

/**
 * Shiki HTML for one code block; a language Shiki lacks is rendered as plain text.
 * `compact` (articles: an article's chunk counts in its page's first-load JavaScript
 * budget) drops markup that changes nothing on screen: the `<span class="line">` per
 * line (nothing styles it; the "\n" between lines stays) and the spans of tokens in the
 * block's default colours (their text inherits the same colours from the <pre>).
 */
function highlight(highlighter, code, lang, compact = false) {
  const known = highlighter.getLoadedLanguages().includes(lang);
  return highlighter.codeToHtml(code.replace(/\n$/, ""), {
    lang: known && !plainLanguages.has(lang) ? lang : "text",
    themes: codeThemes,
    defaultColor: false,
    transformers: [
      {
        pre(node) {
          node.properties["data-language"] = lang;
          if (!compact) return;
          const style = String(node.properties.style ?? "").toLowerCase();
          const fg = (theme) => new RegExp(`--shiki-${theme}:(#[0-9a-f]+)`).exec(style)?.[1];
          const plain = `--shiki-light:${fg("light")};--shiki-dark:${fg("dark")}`;
          const flat = (children) =>
            children.flatMap((c) =>
              c.type === "element" &&
              c.tagName === "span" &&
              (String(c.properties.class) === "line" ||
                String(c.properties.style ?? "").toLowerCase() === plain)
                ? flat(c.children)
                : [c],
            );
          for (const c of node.children) if (c.type === "element") c.children = flat(c.children);
        },
      },
    ],
  });
}

// ---------------------------------------------------------------------------------
// Output

/** Code-point order, the same as Go's (no locale). */
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** Writes JSON through a temporary file, so a reader never sees half a file. */
async function writeJson(file, value) {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value)}\n`);
  await rename(tmp, file);
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
