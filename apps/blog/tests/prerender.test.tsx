// @vitest-environment node
// The blog's build prerenders its pages (src/prerender.tsx): the HTML the gateway puts
// into the shell's chrome. No DOM here, as at build time.
import { publishedPosts, tags } from "@portfolio/content/blog";
import { describe, expect, it } from "vitest";
import { renderPages, renderSection } from "../src/prerender";

describe("blog prerender", () => {
  it("emits /blog, /blog/all-posts, every published article, the tag pages and the not-found view", async () => {
    const keys = (await renderPages()).map((p) => p.key).sort();
    expect(keys).toEqual(
      [
        "/blog",
        "/blog/all-posts",
        ...publishedPosts.map((p) => p.url),
        "/blog/tags",
        ...tags.map((t) => `/blog/tags/${t.slug}`),
        "404",
      ].sort(),
    );
  });

  it("renders /blog/tags and a tag's page as links and cards, and an unknown tag as 404", async () => {
    const index = await renderSection("/blog/tags");
    for (const tag of tags) expect(index).toContain(`href="/blog/tags/${tag.slug}"`);
    const cicd = await renderSection("/blog/tags/ci-cd");
    expect(cicd).toContain("Posts tagged “CI/CD”</h1>");
    expect(cicd).toContain('href="/blog/terraform-guide"');
    expect(cicd).not.toContain('href="/blog/kubernetes-security"');
    expect(await renderSection("/blog/tags/nope")).toContain("404 Page Not Found</h1>");
  });

  it("renders an article whole, with no boundary left to the client", async () => {
    const html = await renderSection("/blog/terraform-guide");
    expect(html).toContain("Infrastructure as Code with Terraform: A Production Playbook</h1>");
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
    // The body (loaded lazily in the browser) is there: its headings and code.
    expect(html.match(/<h2[\s>]/g)?.length ?? 0).toBeGreaterThan(2);
    expect(html).toContain("<pre");
  });

  it("has an article's reading aids in its HTML: anchors, the table of contents, prev/next", async () => {
    const html = await renderSection("/blog/terraform-guide");
    expect(html).toMatch(
      /<h2 id="([a-z0-9-]+)">[^<]*<a class="heading-anchor" href="#\1" aria-label="Link to this section: [^"]+">#<\/a><\/h2>/,
    );
    // One nav of that name (its two presentations inside, one shown at any width).
    expect(html.match(/<nav aria-label="On this page"/g)).toHaveLength(1);
    expect(html.match(/class="toc-(compact|side)"/g)).toHaveLength(2);
    expect(html).toContain("<summary");
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).not.toContain('aria-current="location"'); // set by the script, after mount
    expect(html).toMatch(/← <\/span>Previous: /);
    expect(html).toMatch(/Next: .*<span aria-hidden="true"> →/);
    // The copy buttons come with the script.
    expect(html).toContain('<div class="code-block">');
    expect(html).not.toContain("<button");
  });

  it("lists every published post on /blog/all-posts and says 404 for an unknown slug", async () => {
    const all = await renderSection("/blog/all-posts");
    for (const post of publishedPosts) expect(all).toContain(`href="${post.url}"`);
    expect(await renderSection("/blog/no-such-post")).toContain("404 Page Not Found</h1>");
  });
});
