// @vitest-environment node
// The newsletter's build prerenders /newsletter (src/prerender.tsx). No DOM, as at build time.
import { editions, loadEditions } from "@portfolio/content/newsletter";
import { describe, expect, it } from "vitest";
import { renderPages, renderSection } from "../src/prerender";

describe("newsletter prerender", () => {
  it("emits /newsletter, every edition's page and the not-found view", async () => {
    expect((await renderPages()).map((p) => p.key).sort()).toEqual(
      ["/newsletter", ...editions.map((e) => `/newsletter/${e.id}`), "404"].sort(),
    );
  });

  it("renders an edition's page whole, its text included, with nothing left to the client", async () => {
    const edition = (await loadEditions()).find((e) => e.id === 1)!;
    const html = await renderSection("/newsletter/1");
    expect(html).toMatch(/<h1[^>]*>#1 [^<]*<\/h1>/);
    expect(html).toContain(edition.html);
    expect(html).toMatch(
      new RegExp(`<time[^>]* datetime="${edition.date}"[^>]*>${edition.month}</time>`, "i"),
    );
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
    // The ways on: the next edition, and the subscribe form that posts without JavaScript.
    expect(html).toMatch(/<nav aria-label="More editions"[^>]*><a [^>]*href="\/newsletter\/2"/);
    expect(html).toContain('<input type="hidden" name="form-name" value="newsletter"/>');
    expect(await renderSection("/newsletter/99")).toContain("404 Page Not Found");
  });

  it("renders the page with its subscribe form, and the editions' excerpts, not their texts", async () => {
    const html = await renderSection("/newsletter");
    expect(html).toMatch(/<h1[^>]*>DevOps Digest<\/h1>/);
    expect(html).toContain('name="email"');
    for (const e of await loadEditions()) {
      expect(html).toContain(`href="/newsletter/${e.id}"`);
      expect(html).not.toContain(e.html.slice(0, 200));
    }
    expect(html).not.toContain("<pre");
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
  });
});
