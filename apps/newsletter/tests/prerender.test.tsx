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
    expect(await renderSection("/newsletter/99")).toContain("404 Page Not Found");
  });

  it("renders the page with its subscribe form", async () => {
    const html = await renderSection("/newsletter");
    expect(html).toMatch(/<h1[^>]*>DevOps Digest<\/h1>/);
    expect(html).toContain('name="email"');
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
  });
});
