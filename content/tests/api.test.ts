// The package's shape: a small root export (site, routes) and one subpath per page's
// data; /blog, /blog/articles and /newsletter are read from the build output (turbo runs
// `build` before `test`).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "../package.json";
import {
  blogCategories,
  categories,
  getPost,
  isPublished,
  posts,
  publishedPosts,
} from "../src/blog";
import { articles, getArticle } from "../src/blog-articles";
import * as root from "../src/index";
import { editionPath, editions, getEdition, loadEditions } from "../src/newsletter";

const pkgDir = path.resolve(import.meta.dirname, "..");

describe("@portfolio/content/blog", () => {
  it("lists the 8 posts newest first and the 3 published ones", () => {
    expect(posts).toHaveLength(8);
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(publishedPosts.map((p) => [p.slug, p.url, p.displayDate, p.readTime])).toEqual([
      ["kubernetes-security", "/blog/kubernetes-security", "Dec 15, 2023", 5],
      ["terraform-guide", "/blog/terraform-guide", "Dec 8, 2023", 7],
      ["microservices-monitoring", "/blog/microservices-monitoring", "Nov 30, 2023", 6],
    ]);
    expect(posts.filter((p) => !isPublished(p))).toHaveLength(5);
  });

  it("carries no article HTML", () => {
    for (const p of posts) {
      expect(p).not.toHaveProperty("html");
      expect(p).not.toHaveProperty("headings");
    }
  });

  it("derives the site's 8 categories in a stable order", () => {
    expect(categories).toEqual([
      "Security",
      "Infrastructure",
      "Monitoring",
      "Containers",
      "CI/CD",
      "Cloud",
      "Networking",
      "Database",
    ]);
    expect(categories).toEqual(blogCategories.filter((c) => posts.some((p) => p.category === c)));
  });

  it("finds a post by slug, and nothing for other strings", () => {
    expect(getPost("terraform-guide")?.readTime).toBe(7);
    expect(getPost("docker-multi-stage-builds")?.status).toBe("coming-soon");
    for (const slug of ["", "nope", "#", "toString", "__proto__", "Terraform-Guide"]) {
      expect(getPost(slug)).toBeUndefined();
    }
  });

  it("is read-only", () => {
    expect(Object.isFrozen(posts)).toBe(true);
    expect(Object.isFrozen(posts[0]!.tags)).toBe(true);
    expect(Object.isFrozen(categories)).toBe(true);
  });
});

describe("@portfolio/content/blog/articles", () => {
  it("has the published posts with headings and highlighted HTML", () => {
    expect(articles.map((a) => a.slug)).toEqual(publishedPosts.map((p) => p.slug));
    for (const a of articles) {
      const { html, headings, ...meta } = a;
      expect(meta).toEqual(getPost(a.slug));
      expect(html).toContain('<pre class="shiki');
      expect(headings.length).toBeGreaterThan(0);
      expect(html).not.toMatch(/<script/i);
    }
    expect(getArticle("kubernetes-security")?.html).toContain(
      '<h2 id="section-1-rbac-least-privilege-for-people-and-workloads">',
    );
  });

  it("has no article for a coming-soon or unknown slug", () => {
    expect(getArticle("docker-multi-stage-builds")).toBeUndefined();
    expect(getArticle("nope")).toBeUndefined();
  });
});

describe("@portfolio/content/newsletter", () => {
  it("has editions #1 to #6 from December 2024 to June 2025", () => {
    expect(editions.map((e) => e.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(editions.map((e) => e.month)).toEqual([
      "December 2024",
      "January 2025",
      "February 2025",
      "March 2025",
      "May 2025",
      "June 2025",
    ]);
    for (const e of editions) {
      expect(e.title.startsWith(`#${e.id} `)).toBe(true);
      expect(e.tags.length).toBeGreaterThan(0);
      // The list is light: the text comes with loadEditions.
      expect(Object.keys(e).sort()).toEqual([
        "date",
        "excerpt",
        "id",
        "month",
        "readTime",
        "tags",
        "title",
      ]);
    }
  });

  it("loads every edition with its text and HTML, the list's fields unchanged, frozen", async () => {
    const full = await loadEditions();
    expect(full.map(({ text: _t, html: _h, ...summary }) => summary)).toEqual(editions);
    for (const e of full) {
      expect(e.text.split("\n\n").length).toBeGreaterThan(5);
      expect(e.html).toContain("<p>");
      expect(e.html).not.toMatch(/<script|<iframe|\son\w+=/i);
    }
    expect(Object.isFrozen(full)).toBe(true);
    expect(Object.isFrozen(full[0])).toBe(true);
  });

  it("imports only the list and the page's copy up front; the text is a dynamic import", async () => {
    const src = await readFile(path.join(pkgDir, "src/newsletter.ts"), "utf8");
    const staticJson = [...src.matchAll(/from "\.\.\/([^"]+\.json)"/g)].map((m) => m[1]);
    expect(staticJson.sort()).toEqual(["dist/newsletter-index.json", "newsletter-page.json"]);
    const fieldsSrc = await readFile(path.join(pkgDir, "src/form-fields.ts"), "utf8");
    expect([...fieldsSrc.matchAll(/from "\.\.\/([^"]+\.json)"/g)].map((m) => m[1])).toEqual([
      "form-fields.json",
    ]);
    expect(src).toMatch(/await import\("\.\.\/dist\/newsletter\.json"\)/);
  });

  it("finds an edition by id", () => {
    expect(getEdition(1)?.title).toMatch(/^#1 /);
    expect(getEdition(6)?.month).toBe("June 2025");
    for (const id of [0, 7, 1.5, Number.NaN]) expect(getEdition(id)).toBeUndefined();
  });

  it("puts each edition's page at /newsletter/<id>, as the gateway does", () => {
    expect(editions.map(editionPath)).toEqual(editions.map((e) => `/newsletter/${e.id}`));
    expect(editionPath({ id: 6 })).toBe("/newsletter/6");
  });
});

describe("package shape", () => {
  it("exports the subpaths and the code theme", () => {
    expect(pkg.exports).toMatchObject({
      ".": "./src/index.ts",
      "./home": "./src/home.ts",
      "./skills": "./src/skills.ts",
      "./resume": "./src/resume.ts",
      "./projects": "./src/projects.ts",
      "./talks": "./src/talks.ts",
      "./legal": "./src/legal.ts",
      "./contact": "./src/contact.ts",
      "./blog": "./src/blog.ts",
      "./blog/articles": "./src/blog-articles.ts",
      "./newsletter": "./src/newsletter.ts",
      "./code-theme.css": "./src/code-theme.css",
    });
    // A CSS import must survive tree shaking.
    expect(pkg.sideEffects).toEqual(["*.css"]);
  });

  it("exports only site and routes at the root: page data is not on every first load", async () => {
    expect(Object.keys(root).sort()).toEqual(["routes", "site"]);
    const index = await readFile(path.join(pkgDir, "src/index.ts"), "utf8");
    const jsonImports = [...index.matchAll(/from "\.\.\/([^"]+\.json)"/g)].map((m) => m[1]);
    expect(jsonImports.sort()).toEqual(["routes.json", "site.json"]);
  });

  it.each(["home", "skills", "resume", "projects", "talks", "legal", "contact"])(
    "subpath ./%s is a module of its own that exports its page's data",
    async (name) => {
      const mod = (await import(`../src/${name}.ts`)) as Record<string, unknown>;
      expect(Object.keys(mod)).toContain(name);
      expect(mod).not.toHaveProperty("site");
    },
  );

  it("keeps posts and editions out of the root export (the shell must not pull them)", async () => {
    expect(Object.keys(root)).not.toEqual(expect.arrayContaining(["posts"]));
    for (const key of [
      "posts",
      "publishedPosts",
      "articles",
      "editions",
      "getPost",
      "getEdition",
    ]) {
      expect(root).not.toHaveProperty(key);
    }
    const index = await readFile(path.join(pkgDir, "src/index.ts"), "utf8");
    expect(index).not.toMatch(/dist\/|\.\/blog|\.\/newsletter|\.\/blog-articles/);
  });

  it("ships the code theme CSS for both themes", async () => {
    const css = await readFile(path.join(pkgDir, "src/code-theme.css"), "utf8");
    expect(css).toContain("var(--shiki-light)");
    expect(css).toContain(".dark .shiki");
    expect(css).toContain("var(--shiki-dark-bg)");
  });
});
