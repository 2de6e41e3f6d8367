// The page's entry loads after its first paint (docs/decisions/0067-entry-after-first-paint.md):
// nothing but the stylesheet stands between a visitor and the page, and a tap on the
// theme or menu button made while the entry is still on its way is answered when it runs.
import assert from "node:assert/strict";
import {
  eventually,
  goto,
  holdRequests,
  themeButton,
  themeState,
  waitForPage,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const ENTRY = "**/static/js/index.*.js";

for (const url of ["/", "/resume", "/blog/kubernetes-security", "/newsletter/1"]) {
  e2eTest(`${url}: no script is fetched before the first contentful paint`, async ({ page }) => {
    await goto(page, url);
    await waitForPage(page);
    const { fcp, scripts } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((r) => r.initiatorType === "script" || /\.js(\?|$)/.test(r.name))
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
    }));
    assert.ok(fcp != null, "the page reported no first-contentful-paint");
    assert.ok(
      scripts.some((s) => /^\/static\/js\/index\.[0-9a-f]+\.js$/.test(s.path)),
      `the entry was not loaded: ${JSON.stringify(scripts)}`,
    );
    const early = scripts.filter((s) => s.start < fcp);
    assert.deepEqual(early, [], `scripts requested before the first paint (at ${fcp} ms)`);
  });
}

e2eTest(
  "a tap on the theme button before the entry has run changes the theme once it runs",
  { context: { colorScheme: "light" } },
  async ({ page }) => {
    const release = await holdRequests(page, ENTRY);
    // Not to its load event: the held entry keeps it from coming.
    await goto(page, "/", { waitUntil: "domcontentloaded" });
    await themeButton(page).click();
    const before = await themeState(page);
    assert.equal(before.choice, "system", "nothing can answer the tap before the entry runs");
    release();
    await waitForPage(page);
    // On a light system, the first choice is the theme it is not (docs/decisions/0055).
    await eventually(async () => {
      const s = await themeState(page);
      assert.deepEqual([s.resolved, s.choice], ["dark", "dark"]);
    });
    // Answered once: a second tap now cycles on from there.
    await themeButton(page).click();
    await eventually(async () => assert.equal((await themeState(page)).choice, "light"));
  },
);

e2eTest(
  "a tap on the menu button before the entry has run opens the menu once it runs",
  { context: { viewport: { width: 390, height: 844 } } },
  async ({ page }) => {
    const release = await holdRequests(page, ENTRY);
    await goto(page, "/resume", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Open menu", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Menu", exact: true });
    assert.equal(await dialog.isVisible(), false, "the menu opened before the entry ran");
    release();
    await dialog.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await eventually(async () =>
      assert.equal(
        await page
          .getByRole("button", { name: "Open menu", exact: true })
          .evaluate((b) => b === document.activeElement),
        true,
        "the focus goes back to the menu button",
      ),
    );
  },
);
