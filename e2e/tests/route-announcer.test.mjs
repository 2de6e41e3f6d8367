// A client-side navigation swaps the page without a document load, which a screen
// reader does not notice: a polite live region (outside <main>) then says the new
// page's heading. A document load says nothing there (the browser announces the page).
import assert from "node:assert/strict";
import { routeByUrl } from "../lib/content.mjs";
import { eventually, expectH1, goto, mainNav, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** The live region: polite, read whole, not inside <main> (whose content it describes). */
async function announcer(page) {
  const regions = page.locator('[aria-live="polite"][aria-atomic="true"]:not(main *)');
  await eventually(async () => assert.equal(await regions.count(), 1, "one route announcer"));
  return regions;
}

const said = async (region) => (await region.textContent()).replace(/\s+/g, " ").trim();

e2eTest(
  "after a client-side navigation a live region says the new page's heading",
  async ({ page }) => {
    await goto(page, "/");
    await waitForPage(page);
    const region = await announcer(page);
    assert.equal(await said(region), "", "a document load is announced by the browser, not here");

    for (const [label, path] of [
      ["Skills", "/skills"],
      ["Blog", "/blog"], // a remote section, loaded on the way
      ["Projects", "/projects"],
    ]) {
      await mainNav(page).getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
      await expectH1(page, routeByUrl(path).h1);
      const h1 = (await page.locator("main h1").textContent()).replace(/\s+/g, " ").trim();
      await eventually(async () => assert.equal(await said(region), h1, `after going to ${path}`));
    }

    // Back is a client-side navigation too.
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/blog");
    await eventually(async () => assert.equal(await said(region), "Latest Blog Posts"));
  },
);

e2eTest("two pages with the same heading in a row are both announced", async ({ page }) => {
  await goto(page, "/no-such-page", { status: 404 });
  await waitForPage(page);
  const region = await announcer(page);
  const go = (path) =>
    page.evaluate((p) => {
      history.pushState(null, "", p);
      dispatchEvent(new PopStateEvent("popstate"));
    }, path);
  await go("/still-no-page");
  await eventually(async () => assert.equal(await said(region), "404 Page Not Found"));
  const before = await region.textContent();
  await go("/nor-this-one");
  await eventually(async () =>
    assert.notEqual(await region.textContent(), before, "the region's text did not change"),
  );
  assert.equal(await said(region), "404 Page Not Found");
});
