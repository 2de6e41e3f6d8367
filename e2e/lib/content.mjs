// The site's own content files are the source of truth for routes and labels.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./paths.mjs";

const readJson = (rel) => JSON.parse(readFileSync(join(REPO_ROOT, rel), "utf8"));

export const site = readJson("content/site.json");
/** Every form's name and email rules and messages (form-fields.json), as the pages show them. */
export const { $schema: _schema, ...formFields } = readJson("content/form-fields.json");
/** @type {{ path: string, section: string, title: string, description: string, noindex?: boolean }[]} */
export const routeTable = readJson("content/routes.json").routes;

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const exactly = (s) => new RegExp(`^\\s*${escapeRe(s)}\\s*$`);

/**
 * The `<h1>` a visitor sees on each route, from the content and docs/ui-contract.md.
 * Where neither fixes the wording exactly, the pattern is as loose as the content is.
 */
const H1_BY_PATH = {
  "/": exactly(site.owner.headline), // the site's hero headline
  "/skills": /skills/i,
  "/resume": /resume/i,
  "/projects": exactly("Featured Projects"),
  // /projects/1: the project's own title, anything but the not-found or 404 page.
  "/projects/{id}": /^(?!\s*(Project Not Found|404 Page Not Found)\s*$).+/,
  "/blog": exactly("Latest Blog Posts"),
  "/blog/all-posts": exactly("All Blog Posts"),
  "/talks": exactly("Talks & Events"),
  "/contact": exactly("Get In Touch"),
  "/newsletter": /^\s*DevOps Digest\b/,
  "/privacy-policy": /privacy policy/i,
  "/terms-of-use": /terms of use/i,
  "/admin/newsletter": exactly("Newsletter Admin"),
};

export const NOT_FOUND_H1 = exactly("404 Page Not Found");

/** The section whose nav link should be highlighted for a path (longest prefix). */
export function navSectionFor(path) {
  let best = null;
  for (const item of site.navigation) {
    const p = item.path;
    const match = p === "/" ? path === "/" : path === p || path.startsWith(`${p}/`);
    if (match && (!best || p.length > best.path.length)) best = item;
  }
  return best;
}

/** Front matter fields of content/blog/<slug>.md (flat `key: value` lines only). */
function frontMatter(file) {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(file, "utf8"));
  const out = {};
  for (const line of (m?.[1] ?? "").split(/\r?\n/)) {
    const kv = /^([A-Za-z]\w*):\s*(.*)$/.exec(line);
    if (!kv) continue;
    let v = kv[2].trim();
    if (/^".*"$/.test(v)) v = JSON.parse(v);
    else if (/^'.*'$/.test(v)) v = v.slice(1, -1).replace(/''/g, "'");
    out[kv[1]] = v;
  }
  return out;
}

/** Published blog articles: each is a route /blog/<slug> whose h1 is the post's title. */
const blogDir = join(REPO_ROOT, "content", "blog");
export const articles = existsSync(blogDir)
  ? readdirSync(blogDir)
      .filter((f) => f.endsWith(".md"))
      .map((f) => frontMatter(join(blogDir, f)))
      .filter((fm) => fm.status === "published" && fm.slug)
      .sort((a, b) => a.slug.localeCompare(b.slug))
  : [];

/**
 * Every route of routes.json, plus one per published article, with a concrete URL path
 * and the expected h1.
 */
export const routes = [
  ...routeTable.map((r) => {
    const url = r.path.replace(/\{[^}]+\}/g, "1").replace(/:[a-z]+/gi, "1");
    const h1 = H1_BY_PATH[r.path] ?? H1_BY_PATH[url] ?? exactly(r.title);
    return { ...r, url, h1 };
  }),
  ...articles
    .filter((a) => !routeTable.some((r) => r.path === `/blog/${a.slug}`))
    .map((a) => ({
      path: `/blog/${a.slug}`,
      url: `/blog/${a.slug}`,
      section: "blog",
      title: a.title,
      h1: exactly(a.title),
    })),
];
// Keep the site's order: articles right after the other blog routes.
routes.sort((a, b) => sectionRank(a) - sectionRank(b));
function sectionRank(r) {
  const i = routeTable.findIndex((t) => t.path === r.path);
  if (i >= 0) return i;
  const lastBlog = routeTable.map((t) => t.path.startsWith("/blog")).lastIndexOf(true);
  return lastBlog + 0.5;
}

/** The site's route table; the content must still provide every one. */
export const SPEC_ROUTES = [
  "/",
  "/skills",
  "/resume",
  "/projects",
  "/projects/1",
  "/blog",
  "/blog/all-posts",
  "/blog/kubernetes-security",
  "/blog/terraform-guide",
  "/blog/microservices-monitoring",
  "/talks",
  "/contact",
  "/newsletter",
  "/privacy-policy",
  "/terms-of-use",
  "/admin/newsletter",
];

export function routeByUrl(url) {
  const r = routes.find((x) => x.url === url);
  if (!r) throw new Error(`no route ${url} in content/routes.json`);
  return r;
}

/**
 * An edition's section titles: the text of its Markdown's `## ` lines outside code
 * fences, in order (its page's h2s, its email's h2s and the text part's heading lines).
 */
export function editionSections(markdown) {
  let code = false;
  const titles = [];
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) code = !code;
    else if (!code && line.startsWith("## ")) titles.push(line.slice(3));
  }
  return titles;
}
