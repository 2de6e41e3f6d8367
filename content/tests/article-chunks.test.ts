// dist/articles/<slug>.json and loadArticle: one chunk per published article, so an
// article page downloads only its own HTML.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildMarkdown } from "../scripts/build-markdown.mjs";
import { getPost, loadArticle, posts, publishedPosts } from "../src/blog";
import { getArticle } from "../src/blog-articles";

const dist = path.resolve(import.meta.dirname, "..", "dist");

describe("dist/articles", () => {
  it("holds exactly the published articles, each its slug, headings and html as in blog.json", async () => {
    const files = (await readdir(path.join(dist, "articles"))).sort();
    expect(files).toEqual(publishedPosts.map((p) => `${p.slug}.json`).sort());
    for (const p of publishedPosts) {
      const chunk = JSON.parse(
        await readFile(path.join(dist, "articles", `${p.slug}.json`), "utf8"),
      );
      const { slug, headings, html } = getArticle(p.slug)!;
      expect(chunk).toEqual({ slug, headings, html });
    }
  });

  const tmp: string[] = [];
  afterAll(() => Promise.all(tmp.map((d) => rm(d, { recursive: true, force: true }))));

  it("loses the file of a post that is no longer published", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "content-articles-"));
    tmp.push(root);
    const dir = path.join(root, "content");
    await mkdir(path.join(dir, "blog"), { recursive: true });
    await mkdir(path.join(dir, "newsletter"), { recursive: true });
    const post = (slug: string, status: string) =>
      `---\ntitle: "${slug}"\nslug: ${slug}\nexcerpt: "x"\ndate: 2024-05-01\nreadTime: 1\ncategory: Cloud\ntags: [a]\nstatus: ${status}\n---\n\nText.\n`;
    await writeFile(path.join(dir, "blog", "kept.md"), post("kept", "published"));
    await writeFile(path.join(dir, "blog", "later.md"), post("later", "coming-soon"));
    const out = path.join(dir, "dist");
    await mkdir(path.join(out, "articles"), { recursive: true });
    await writeFile(path.join(out, "articles", "removed.json"), "{}\n");
    await buildMarkdown({ contentDir: dir, outDir: out });
    expect(await readdir(path.join(out, "articles"))).toEqual(["kept.json"]);
  });
});

describe("loadArticle", () => {
  it.each(publishedPosts.map((p) => p.slug))("%s: the article, frozen", async (slug) => {
    const article = await loadArticle(slug);
    expect(article).toEqual(getArticle(slug));
    expect(article?.html).toContain("<h2 id=");
    expect(Object.isFrozen(article)).toBe(true);
  });

  it("is undefined for coming-soon and unknown slugs", async () => {
    const soon = posts.filter((p) => p.status === "coming-soon");
    expect(soon.length).toBeGreaterThan(0);
    for (const p of soon) {
      expect(getPost(p.slug)).toBeDefined();
      await expect(loadArticle(p.slug)).resolves.toBeUndefined();
    }
    for (const slug of ["no-such-post", "../blog", "", "kubernetes-security/../../x"]) {
      await expect(loadArticle(slug)).resolves.toBeUndefined();
    }
  });
});
