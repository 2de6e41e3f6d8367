// The browser owns the scroll position of a document load: a reader who scrolls before
// the app has hydrated, and a reload, keep their place (as they do without JavaScript).
// Only a client-side navigation starts the new page at the top.
import assert from "node:assert/strict";
import { routeByUrl } from "../lib/content.mjs";
import {
  eventually,
  expectH1,
  goto,
  holdRequests,
  mainNav,
  pageSettled,
  waitForPage,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const Y = 1200;
// Every script but the entry: the shell's chunks (its bootstrap among them) and the remotes'.
const APP_CODE = /\/(static\/js\/async|mf)\/.+\.js(\?|$)/;

const scrollY = (page) => page.evaluate(() => Math.round(window.scrollY));

async function expectScrollNear(page, y, what) {
  // Anything that would move the page (a late effect, an image or font laid out) has
  // run and been rendered.
  await pageSettled(page);
  const at = await scrollY(page);
  assert.ok(Math.abs(at - y) <= 2, `${what}: scrollY is ${at}, expected ~${y}`);
}

for (const path of ["/blog/terraform-guide", "/projects/1"]) {
  e2eTest(
    `${path} on a phone: scrolling to ${Y} px before hydration finishes keeps the reader there`,
    { context: PHONE },
    async ({ page }) => {
      const route = routeByUrl(path);
      const release = await holdRequests(page, APP_CODE);
      // The entry script is deferred; "commit" does not wait for the chunks it imports.
      await goto(page, path, { waitUntil: "commit" });
      await expectH1Text(page, route);
      await page.evaluate((y) => window.scrollTo(0, y), Y);
      assert.equal(await scrollY(page), Y, "the page is too short to scroll that far");

      release();
      await waitForPage(page);
      await expectScrollNear(page, Y, "after hydration");
    },
  );
}

e2eTest(
  "a reload of a long page keeps the scroll position",
  { context: PHONE },
  async ({ page }) => {
    await goto(page, "/blog/terraform-guide");
    await waitForPage(page);
    await page.evaluate((y) => window.scrollTo(0, y), Y);
    assert.equal(await scrollY(page), Y);

    await page.reload({ waitUntil: "load" });
    await waitForPage(page);
    await expectScrollNear(page, Y, "after the reload");
  },
);

e2eTest(
  "a client-side navigation still starts the new page at the top",
  { context: { viewport: { width: 1280, height: 800 } } },
  async ({ page }) => {
    await goto(page, "/blog/terraform-guide");
    await waitForPage(page);
    await page.evaluate((y) => window.scrollTo(0, y), Y);
    await mainNav(page).getByRole("link", { name: "Projects", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/projects");
    await expectH1(page, routeByUrl("/projects").h1);
    await eventually(async () => assert.equal(await scrollY(page), 0));
  },
);

/** The prerendered <h1> is in the document (nothing has run yet: no waiting for hydration). */
async function expectH1Text(page, route) {
  await page.locator("h1").first().waitFor({ state: "attached" });
  const h1 = await page.locator("h1").first().textContent();
  assert.match(h1, route.h1 ?? /./, `${route.url}: unexpected <h1> ${JSON.stringify(h1)}`);
}

e2eTest(
  "Back and Forward between /newsletter and another page return to where the reader was",
  { context: { viewport: { width: 1280, height: 800 } } },
  async ({ page }) => {
    const AT = 1400;
    await goto(page, "/newsletter");
    await waitForPage(page);
    await page.evaluate((y) => window.scrollTo(0, y), AT);
    assert.equal(await scrollY(page), AT, "the page is too short to scroll that far");

    // The first click starts the app; Back returns to the document's own entry.
    await mainNav(page).getByRole("link", { name: "Contact", exact: true }).click();
    await expectH1(page, routeByUrl("/contact").h1);
    await eventually(async () => assert.equal(await scrollY(page), 0));
    await page.goBack();
    await expectH1(page, routeByUrl("/newsletter").h1);
    await expectScrollNear(page, AT, "Back to the page the document loaded");

    // Between entries the app made.
    await page.evaluate(() => window.scrollTo(0, 900));
    await mainNav(page).getByRole("link", { name: "Talks", exact: true }).click();
    await expectH1(page, routeByUrl("/talks").h1);
    await page.goBack();
    await expectH1(page, routeByUrl("/newsletter").h1);
    await expectScrollNear(page, 900, "Back to an entry the app made");
    await page.goForward();
    await expectH1(page, routeByUrl("/talks").h1);
    await expectScrollNear(page, 0, "Forward to a page left at the top");
  },
);
