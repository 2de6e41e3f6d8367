// The feeds a reader subscribes to carry each article's text alone
// (docs/decisions/0056-feed-entries-carry-the-text.md): an entry of /atom.xml, /feed.json
// or /newsletter/feed.xml is the article's or edition's body as the content build
// rendered it, none of the page around it (the way back, the category, a second title,
// the date row and tags, the tables of contents, the '#' after each heading, the links
// to the next article).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

const readJSON = (...path) => JSON.parse(readFileSync(join(REPO_ROOT, ...path), "utf8"));
const blogIndex = readJSON("content", "dist", "blog-index.json").posts;
const published = blogIndex.filter((p) => p.status === "published");
const editions = readJSON("content", "dist", "newsletter.json").editions;

/** The article's body as the content build rendered it (what its page shows inside the chrome). */
const articleHtml = (slug) => readJSON("content", "dist", "articles", `${slug}.json`).html;

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decode = (s) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name) => {
    if (name[0] === "#")
      return String.fromCodePoint(
        name[1].toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? entity;
  });

/** HTML as the words a reader reads: tags gone, the headings' '#' links gone, spaces collapsed. */
const textOf = (html) =>
  decode(
    html
      .replace(/<a class="heading-anchor"[^>]*>#<\/a>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();

/** What no entry may hold: the page around the text. */
const CHROME = [
  "Back to Blog",
  "Back to Newsletter",
  "On this page",
  "Previous:",
  "Next:",
  "min read",
  "Link to this section",
  "Subscribe to DevOps Digest",
];

function checkEntry(what, html, body) {
  for (const chrome of CHROME) assert.ok(!html.includes(chrome), `${what} has '${chrome}'`);
  assert.ok(!/<h1[\s>]/.test(html), `${what} has an <h1>, a second title`);
  assert.ok(!/>#<\/a>/.test(html), `${what} has a '#' link after a heading`);
  assert.equal(textOf(html), textOf(body), `${what} is not the text alone`);
}

/** The HTML of each entry of an Atom feed, by its link. */
function atomEntries(xml) {
  const entries = new Map();
  for (const [, entry] of xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)) {
    const link = /<link href="([^"]+)"/.exec(entry)?.[1];
    const content = /<content type="html">([\s\S]*?)<\/content>/.exec(entry)?.[1];
    assert.ok(link && content, `an entry without link or html content: ${entry.slice(0, 200)}`);
    entries.set(new URL(decode(link)).pathname, decode(content));
  }
  return entries;
}

e2eTest("/atom.xml and /feed.json: each article's entry is its text alone", async ({ page }) => {
  const atom = atomEntries(await (await page.request.get("/atom.xml")).text());
  const json = await (await page.request.get("/feed.json")).json();
  assert.deepEqual(
    [...atom.keys()],
    published.map((p) => p.url),
  );
  assert.deepEqual(
    json.items.map((i) => new URL(i.url).pathname),
    published.map((p) => p.url),
  );
  for (const post of published) {
    checkEntry(`/atom.xml ${post.slug}`, atom.get(post.url), articleHtml(post.slug));
    const item = json.items.find((i) => new URL(i.url).pathname === post.url);
    checkEntry(`/feed.json ${post.slug}`, item.content_html, articleHtml(post.slug));
  }
});

e2eTest("/newsletter/feed.xml: each edition's entry is its text alone", async ({ page }) => {
  const atom = atomEntries(await (await page.request.get("/newsletter/feed.xml")).text());
  assert.equal(atom.size, editions.length);
  for (const e of editions) checkEntry(`edition ${e.id}`, atom.get(`/newsletter/${e.id}`), e.html);
});
