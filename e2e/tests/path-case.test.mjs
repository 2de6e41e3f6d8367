// Paths are case-sensitive on the server and in the browser's router alike: a wrong-case
// page path is redirected (301) to its lower-case page, and one the router meets on a
// client-side navigation, or that is no page at all, is the same 404 view the server sends.
import assert from "node:assert/strict";
import { NOT_FOUND_H1, routeByUrl, site } from "../lib/content.mjs";
import { expectH1, goto, mainNav, pageSettled, pathOf, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** Console lines React's hydration logs (a mismatch, #418, a recoverable error). */
function watchHydration(page) {
  const seen = [];
  page.on("console", (msg) => {
    const text = msg.text();
    if (/hydrat|#418|#423|#425/i.test(text)) seen.push(`[${msg.type()}] ${text}`);
  });
  return seen;
}

const titleOf = (route) => (route.url === "/" ? null : `${route.title} · ${site.siteName}`);

for (const [typed, path] of [
  ["/BLOG", "/blog"],
  ["/Skills", "/skills"],
  ["/PROJECTS/1", "/projects/1"],
  ["/Blog/Terraform-Guide?ref=Mail", "/blog/terraform-guide"],
]) {
  e2eTest(
    `${typed} is redirected to ${path}: its page and title, no hydration error`,
    async ({ page }) => {
      const route = routeByUrl(path);
      const hydration = watchHydration(page);
      await goto(page, typed, { status: 200 });
      const url = new URL(page.url());
      assert.equal(url.pathname, path, "final URL");
      assert.equal(url.search, new URL(typed, "http://x").search, "query string kept");
      await expectH1(page, route.h1);
      await waitForPage(page);
      const title = await page.title();
      assert.doesNotMatch(title, /Page Not Found/, `title of ${path}`);
      if (route.section === "shell" && titleOf(route)) {
        const expected = path.startsWith("/projects/")
          ? new RegExp(`· ${route.title} · `) // "<project> · Project · <site>"
          : new RegExp(`^${titleOf(route).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
        assert.match(title, expected);
      }
      // Any late effect (the router's first render after hydration) has run, and what it
      // logged has arrived.
      await pageSettled(page);
      assert.deepEqual(hydration, [], "hydration problems in the console");
    },
  );
}

e2eTest(
  "/Blog/no-such-post: the server's 404 page hydrates as the same 404 view",
  async ({ page }) => {
    const hydration = watchHydration(page);
    await goto(page, "/Blog/no-such-post", { status: 404 });
    await expectH1(page, NOT_FOUND_H1);
    await waitForPage(page);
    await pageSettled(page);
    assert.match(await page.title(), /^Page Not Found · /);
    assert.equal(
      await mainNav(page).locator("[aria-current]").count(),
      0,
      "a link is marked current on the 404 page",
    );
    assert.deepEqual(hydration, [], "hydration problems in the console");
  },
);

e2eTest(
  "a client-side navigation to /BLOG shows the 404 page, as the server would",
  async ({ page }) => {
    await goto(page, "/");
    await waitForPage(page);
    // What a link to /BLOG in the app does: the router takes the new history entry.
    await page.evaluate(() => {
      history.pushState(null, "", "/BLOG");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expectH1(page, NOT_FOUND_H1);
    assert.equal(pathOf(page), "/BLOG");
    assert.match(await page.title(), /^Page Not Found · /);
    assert.equal(await mainNav(page).locator("[aria-current]").count(), 0);
  },
);
