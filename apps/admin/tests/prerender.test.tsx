// @vitest-environment node
// The admin's build prerenders the frame of /admin/newsletter shown while the session
// probe runs, and the same page served signed out (src/prerender.tsx). No DOM, as at
// build time.
import { describe, expect, it } from "vitest";
import { renderPages, renderSection, renderSignedOut } from "../src/prerender";

describe("admin prerender", () => {
  it("emits /admin/newsletter, its signed-out variant and the not-found view", async () => {
    expect((await renderPages()).map((p) => p.key).sort()).toEqual([
      "/admin/newsletter",
      "/admin/newsletter@signed-out",
      "404",
    ]);
  });

  it("renders the signed-out variant: the sign-in form, the state in the island's props, a word for no JavaScript", async () => {
    const html = await renderSignedOut();
    expect(html).toContain("Newsletter Admin</h1>");
    expect(html).toContain("Admin sign in");
    // POST: sent before the page's script catches it, the password stays out of the URL.
    expect(html).toMatch(/<form aria-labelledby="admin-login-heading"[^>]*method="post"/);
    expect(html).toMatch(/<input id="admin-user"[^>]*autocomplete="username"/i);
    expect(html).toMatch(/<input[^>]*type="password"/);
    expect(html).not.toContain("Checking your session…");
    expect(html).toContain(
      `data-props="${JSON.stringify({ session: { authenticated: false, configured: true } }).replaceAll('"', "&quot;")}"`,
    );
    // Without JavaScript the form could not be sent: it is hidden, and a <noscript> says why.
    expect(html).toMatch(/<div class="noscript:hidden"><div[^>]*><div[^>]*>.*Admin sign in/s);
    expect(html).toMatch(/<noscript><p[^>]*>The admin needs JavaScript\./);
    expect(html).not.toMatch(/<!--\$[?!]-->|<script/);
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
