// Rendering the Markdown (buildMarkdown's second step): lexing each body (refusing raw
// HTML and unsafe links), then HTML with headings' ids, a table of contents for
// articles, and code highlighted by Shiki in a light and a dark theme.

import { Marked } from "marked";
import { bundledLanguages, createHighlighter } from "shiki";

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

/** One highlighter for every language the bodies use that Shiki knows (dispose it after). */
export async function codeHighlighter(languages) {
  const highlighted = [...languages].filter((lang) => Object.hasOwn(bundledLanguages, lang)).sort();
  const highlighter = await createHighlighter({
    themes: [codeThemes.light, codeThemes.dark],
    langs: highlighted,
  });
  return { highlighter, highlighted };
}

const allowedLink = /^(?:https?:|mailto:|#|\/(?!\/)|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i;

/** Lexes doc's body, collecting code languages, and problems for raw HTML or unsafe links. */
export function lexBody(doc, languages, problems) {
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
 * gets "-2", then "-3", ...; "section" when the text has no letter or digit). A slug
 * that does not start with a letter ("3 AM wisdom", "1. RBAC") gets "section-" before
 * it: an id that starts with a digit is no valid CSS identifier (`#3-am-wisdom` is no
 * selector without escaping) and HTML checkers flag it.
 */
export function headingIds() {
  const used = new Set();
  return (text) => {
    const slug = slugify(text);
    const base = !slug ? "section" : /^[a-z]/.test(slug) ? slug : `section-${slug}`;
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
 * contents, in document order). Without it (newsletter editions) `headings` is every
 * heading. Either way every code block is wrapped in a `<div class="code-block">` (the
 * page puts its copy button there, outside the scrolling <pre>; an email drops the
 * wrapper).
 */
export function render(tokens, highlighter, { article = false } = {}) {
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
        return `<div class="code-block">${pre}</div>\n`;
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
  const text = code.replace(/\n$/, "");
  return highlighter.codeToHtml(text, {
    lang: known && !plainLanguages.has(lang) ? lang : "text",
    themes: codeThemes,
    defaultColor: false,
    transformers: [
      {
        pre(node) {
          node.properties["data-language"] = lang;
          // The height a block off screen keeps until it is laid out (code-theme.css).
          node.properties.style = `${node.properties.style ?? ""};--code-lines:${text.split("\n").length}`;
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
