// @vitest-environment node
// The newsletter's build prerenders /newsletter (src/prerender.tsx). No DOM, as at build time.
import { describe, expect, it } from "vitest";
import { renderPages, renderSection } from "../src/prerender";

describe("newsletter prerender", () => {
  it("emits /newsletter and the not-found view", async () => {
    expect((await renderPages()).map((p) => p.key).sort()).toEqual(["/newsletter", "404"]);
  });

  it("renders the page with its subscribe form", async () => {
    const html = await renderSection("/newsletter");
    expect(html).toMatch(/<h1[^>]*>DevOps Digest<\/h1>/);
    expect(html).toContain('name="email"');
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
  });
});
