// What an HTML checker (html-validate's recommended rules) found wrong in the site's
// pages, as checks of our own run on the browser's parse of each page: ids that start
// with a digit (no CSS selector without escaping) or repeat, a class listed twice in one
// attribute, and landmarks of one kind repeated on a page without a name of their own
// (a screen reader's list of landmarks could not tell them apart).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "./paths.mjs";

/** Every prerendered page of the build: apps/<app>/dist/prerender/**.html. */
export function prerenderedPages() {
  const pages = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".html"))
        pages.push({ name: relative(REPO_ROOT, path), html: readFileSync(path, "utf8") });
    }
  };
  for (const app of readdirSync(join(REPO_ROOT, "apps"))) {
    const dir = join(REPO_ROOT, "apps", app, "dist", "prerender");
    try {
      walk(dir);
    } catch (err) {
      if (err?.code !== "ENOENT") throw err; // an app that prerenders nothing
    }
  }
  return pages;
}

/**
 * The problems of each page ({ name, html }: a whole document or a fragment), one line
 * each, parsed by `page`'s browser (DOMParser: nothing of the page runs or loads).
 */
export function htmlProblems(page, pages) {
  return page.evaluate((pages) => {
    const problems = [];
    const parser = new DOMParser();
    // Landmarks that a page may hold several of, each with a name to tell it by.
    const landmarks = {
      article: "article",
      navigation: "nav",
      complementary: "aside",
      region: "section[aria-label], section[aria-labelledby]",
      form: "form[aria-label], form[aria-labelledby]",
    };
    for (const { name, html } of pages) {
      const doc = parser.parseFromString(html, "text/html");
      const nameOf = (el) => {
        const label = el.getAttribute("aria-label");
        const by = el.getAttribute("aria-labelledby");
        const text = label
          ? label
          : (by ?? "")
              .split(/\s+/)
              .map((id) => (id ? (doc.getElementById(id)?.textContent ?? "") : ""))
              .join(" ");
        return text.replace(/\s+/g, " ").trim();
      };

      const ids = new Set();
      for (const el of doc.querySelectorAll("[id]")) {
        if (!/^[A-Za-z][\w-]*$/.test(el.id))
          problems.push(
            `${name}: id "${el.id}" must start with a letter (then letters, digits, - or _)`,
          );
        if (ids.has(el.id)) problems.push(`${name}: id "${el.id}" is given twice`);
        ids.add(el.id);
      }

      for (const el of doc.querySelectorAll("[class]")) {
        const tokens = el.getAttribute("class").split(/\s+/).filter(Boolean);
        const twice = [...new Set(tokens.filter((t, i) => tokens.indexOf(t) !== i))];
        if (twice.length)
          problems.push(`${name}: a <${el.localName}>'s class lists ${twice.join(", ")} twice`);
      }

      for (const [role, selector] of Object.entries(landmarks)) {
        const found = [...doc.querySelectorAll(selector)];
        if (found.length < 2) continue;
        const names = found.map(nameOf);
        const unnamed = names.filter((n) => !n).length;
        if (unnamed)
          problems.push(`${name}: ${unnamed} of ${found.length} ${role} landmarks have no name`);
        const repeated = [...new Set(names.filter((n, i) => n && names.indexOf(n) !== i))];
        for (const n of repeated)
          problems.push(`${name}: several ${role} landmarks are named "${n}"`);
      }
    }
    return problems;
  }, pages);
}
