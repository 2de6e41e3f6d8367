// An allow-list HTML sanitizer for the project pages' rich text (architecture,
// challenges). Content is trusted and already limited by its schema and the Go loader,
// but what reaches innerHTML is decided here, so no markup in content can ever run.
//
// It is a string transform, not a DOM walk: it works the same in the browser, in tests
// and under react-dom/server, and needs no DOMParser. Safety does not depend on parsing
// the input the way a browser would: the output is built only from bare allowed tags
// (no attributes, ever) and escaped text, balanced, so whatever the input was, the
// browser can read the output only one way.

/** The only elements kept, always without attributes. */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([
  "p",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "code",
  "h3",
]);

/** Elements dropped together with everything up to their end tag (code, styles, frames, foreign content). */
const DROPPED_WITH_CONTENT = new Set([
  "script",
  "style",
  "template",
  "textarea",
  "title",
  "iframe",
  "noscript",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "object",
  "select",
  "svg",
  "math",
]);

/** An open tag of one of these closes an open element of the same name first, as in HTML. */
const SELF_CLOSING_SIBLINGS = new Set(["p", "li"]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code =
      ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : "\ufffd";
  });
}

function escapeText(text: string): string {
  return decodeEntities(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Index just past the `>` that ends the tag whose attributes start at `from` (quotes respected), or the input's end. */
function tagEnd(input: string, from: number): number {
  let quote = "";
  for (let j = from; j < input.length; j++) {
    const ch = input[j];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === ">") {
      return j + 1;
    }
  }
  return input.length;
}

const TAG_NAME = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/y;

/**
 * Keeps only `p, ul, ol, li, strong, em, code, h3` (without any attribute) and text;
 * drops every other tag, comment and declaration, and `script`, `style`, `svg`… with
 * their content. The result is balanced and its text escaped.
 */
export function sanitizeHtml(input: string): string {
  let out = "";
  const open: string[] = [];
  const lower = input.toLowerCase();
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    if (lt === -1) {
      out += escapeText(input.slice(i));
      break;
    }
    out += escapeText(input.slice(i, lt));
    i = lt;

    if (input.startsWith("<!--", i)) {
      const end = input.indexOf("-->", i + 4);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    if (input[i + 1] === "!" || input[i + 1] === "?") {
      i = tagEnd(input, i + 2); // <!doctype …>, <![CDATA[…]]>, <?…>: dropped
      continue;
    }
    TAG_NAME.lastIndex = i;
    const match = TAG_NAME.exec(input);
    if (!match) {
      out += "&lt;"; // a "<" that starts no tag is text
      i++;
      continue;
    }
    const closing = match[1] === "/";
    const name = (match[2] ?? "").toLowerCase();
    i = tagEnd(input, i + match[0].length);

    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const endTag = lower.indexOf(`</${name}`, i);
      i = endTag === -1 ? input.length : tagEnd(input, endTag + 2 + name.length);
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue;

    if (closing) {
      const at = open.lastIndexOf(name);
      if (at !== -1) while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (SELF_CLOSING_SIBLINGS.has(name) && open[open.length - 1] === name)
      out += `</${open.pop()}>`;
    out += `<${name}>`;
    open.push(name);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
