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

  it("renders the page as one island that takes no router, hydrated at once, which the section exposes", async () => {
    const html = await renderSection("/admin/newsletter");
    const islands = [
      ...html.matchAll(/data-island="([^"]+)" data-hydrate="([^"]+)"( data-router="none")?/g),
    ];
    expect(islands.map(([, name, hydrate, router]) => [name, hydrate, Boolean(router)])).toEqual([
      ["admin:site-admin", "load", true],
    ]);
    const { islands: exposed } = await import("../src/islands");
    expect(typeof (await exposed["site-admin"]!())).toBe("function");
  });
});
