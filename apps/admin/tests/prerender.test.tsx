// @vitest-environment node
// The admin's build prerenders the frame of /admin/newsletter shown while the session
// probe runs (src/prerender.tsx). No DOM, as at build time.
import { describe, expect, it } from "vitest";
import { renderPages, renderSection } from "../src/prerender";

describe("admin prerender", () => {
  it("emits /admin/newsletter and the not-found view", async () => {
    expect((await renderPages()).map((p) => p.key).sort()).toEqual(["/admin/newsletter", "404"]);
  });

  it("renders the signed-out frame: heading and the session check, no data", async () => {
    const html = await renderSection("/admin/newsletter");
    expect(html).toContain("Newsletter Admin</h1>");
    expect(html).toContain("Checking your session…");
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
  });
});
