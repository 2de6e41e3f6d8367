// Tag slugs and the tag index of @portfolio/content/blog. testdata/tag-slugs.json is the
// table content/tags_test.go runs through Go's TagSlug: both sides give every tag of the
// content (the table must list each) the same slug, so the blog's links and prerendered
// pages are the gateway's routes.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type BlogPost,
  getTag,
  posts,
  publishedPosts,
  TAGS_PATH,
  tagIndex,
  tagSlug,
  tags,
  tagTitle,
  tagUrl,
} from "../src/blog";

const table = JSON.parse(
  await readFile(path.resolve(import.meta.dirname, "../testdata/tag-slugs.json"), "utf8"),
) as { cases: { tag: string; slug: string }[] };

describe("tagSlug", () => {
  it.each(table.cases.map((c) => [c.tag, c.slug]))("%j → %j", (tag, slug) => {
    expect(tagSlug(tag)).toBe(slug);
  });

  it("is given for every tag of the content in the shared table", () => {
    const listed = new Set(table.cases.map((c) => c.tag));
    const missing = posts.flatMap((p) => p.tags).filter((t) => !listed.has(t));
    expect(missing).toEqual([]);
  });

  it("makes the slugs the tag pages are linked by", () => {
    expect(tagSlug("CI/CD")).toBe("ci-cd");
    expect(tagSlug("Cost Optimization")).toBe("cost-optimization");
    expect(tagUrl("CI/CD")).toBe(`${TAGS_PATH}/ci-cd`);
    expect(tagTitle("Kubernetes")).toBe("Posts tagged “Kubernetes”");
  });
});

describe("tagIndex", () => {
  const post = (slug: string, status: "published" | "coming-soon", ...t: string[]) =>
    ({ slug, title: slug.toUpperCase(), status, tags: t, url: `/blog/${slug}` }) as BlogPost;
  const index = tagIndex([
    post("c", "published", "Kubernetes", "CI/CD"),
    post("soon", "coming-soon", "Kubernetes", "FinOps"),
    post("b", "published", "AWS", "Kubernetes"),
    post("a", "published", "CI/CD", "Terraform", "Kubernetes"),
  ]);

  it("counts the published posts of each tag, most used first, then by slug (as Go's TagsOf)", () => {
    expect(index.map((t) => [t.name, t.slug, t.posts.map((p) => p.slug)])).toEqual([
      ["Kubernetes", "kubernetes", ["c", "b", "a"]],
      ["CI/CD", "ci-cd", ["c", "a"]],
      ["AWS", "aws", ["b"]],
      ["Terraform", "terraform", ["a"]],
    ]);
  });

  it("gives each tag its page and title", () => {
    expect(index[1]).toMatchObject({ url: "/blog/tags/ci-cd", title: "Posts tagged “CI/CD”" });
  });
});

describe("tags of the content", () => {
  it("are every tag of the published posts, each once, with its posts newest first", () => {
    const expected = new Set(publishedPosts.flatMap((p) => p.tags.map(tagSlug)));
    expect(tags.map((t) => t.slug).sort()).toEqual([...expected].sort());
    for (const tag of tags) {
      expect(tag.posts).toEqual(publishedPosts.filter((p) => p.tags.includes(tag.name)));
      expect(getTag(tag.slug)).toBe(tag);
    }
    const counts = tags.map((t) => t.posts.length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("leave out the tags only coming-soon posts have, and unknown slugs", () => {
    expect(getTag("finops")).toBeUndefined();
    expect(getTag("nope")).toBeUndefined();
    expect(getTag("Kubernetes")).toBeUndefined();
    expect(getTag("kubernetes")?.name).toBe("Kubernetes");
  });
});
