// Small screens: the links move into a slide-in drawer (300 px wide, 400 px from 640 px)
// that closes once a link is chosen.
import assert from "node:assert/strict";
import { routeByUrl, site } from "../lib/content.mjs";
import {
  countDocumentLoads,
  eventually,
  expectH1,
  expectMarker,
  goto,
  mainNav,
  setMarker,
  waitForPage,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

async function openDrawer(page, viewportWidth, expectedWidth) {
  await goto(page, "/");
  await waitForPage(page);

  const barLinks = mainNav(page).getByRole("link");
  const visible = [];
  for (const link of await barLinks.all())
    if (await link.isVisible()) visible.push(await link.textContent());
  assert.deepEqual(visible, [], `at ${viewportWidth} px the bar's nav links must be hidden`);

  const open = page.getByRole("button", { name: "Open menu", exact: true });
  assert.ok(await open.isVisible(), `at ${viewportWidth} px an 'Open menu' button must be visible`);
  await open.click();

  const dialog = page.getByRole("dialog", { name: "Menu", exact: true });
  await dialog.waitFor({ state: "visible" });
  // Wait for the slide-in to finish: fully inside the viewport, at its final width.
  await eventually(
    async () => {
      const box = await dialog.boundingBox();
      assert.ok(box, "the Menu dialog has no box");
      assert.ok(
        Math.abs(box.width - expectedWidth) <= 0.5,
        `Menu dialog is ${box.width} px wide, expected ${expectedWidth} px`,
      );
      assert.ok(
        box.x >= -0.5 && box.x + box.width <= viewportWidth + 0.5,
        `Menu dialog not fully on screen: x=${box.x}, width=${box.width}`,
      );
      const again = await dialog.boundingBox();
      assert.equal(again.x, box.x, "still sliding");
    },
    { timeout: 3000 },
  );

  for (const item of site.navigation) {
    assert.equal(
      await dialog.getByRole("link", { name: item.label, exact: true }).count(),
      1,
      `the Menu dialog must hold the "${item.label}" link`,
    );
  }
  return dialog;
}

e2eTest(
  '375×812: links hidden, "Open menu" opens a 300 px "Menu" dialog; choosing a link navigates and closes it',
  { context: { viewport: { width: 375, height: 812 } } },
  async ({ page }) => {
    const dialog = await openDrawer(page, 375, 300);
    const marker = await setMarker(page);
    const loads = countDocumentLoads(page);

    await dialog.getByRole("link", { name: "Projects", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/projects");
    await expectH1(page, routeByUrl("/projects").h1);
    await eventually(
      async () =>
        assert.equal(
          await page.getByRole("dialog").count(),
          0,
          "the Menu dialog is still open after choosing a link",
        ),
      { timeout: 3000 },
    );
    await expectMarker(page, marker, "choosing a link in the drawer");
    assert.equal(loads.count, 0);

    // It opens again, and Escape closes it.
    await page.getByRole("button", { name: "Open menu", exact: true }).click();
    await page.getByRole("dialog", { name: "Menu", exact: true }).waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await eventually(
      async () =>
        assert.equal(
          await page.getByRole("dialog").count(),
          0,
          "Escape did not close the Menu dialog",
        ),
      { timeout: 3000 },
    );
  },
);

e2eTest(
  "700 px wide (sm breakpoint, below 768): the drawer is 400 px wide",
  { context: { viewport: { width: 700, height: 900 } } },
  async ({ page }) => {
    const dialog = await openDrawer(page, 700, 400);
    await dialog.getByRole("link", { name: "Skills", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/skills");
    await expectH1(page, routeByUrl("/skills").h1);
    await eventually(async () => assert.equal(await page.getByRole("dialog").count(), 0), {
      timeout: 3000,
    });
  },
);

// Every section, remotes included: a remote's stylesheet once re-declared utilities after
// the shell's and brought the menu button back on wide screens.
for (const path of [
  "/",
  "/blog",
  "/blog/kubernetes-security",
  "/newsletter",
  "/admin/newsletter",
]) {
  e2eTest(
    `${path} from 768 px: the links sit in the bar and there is no menu button`,
    { context: { viewport: { width: 768, height: 900 } } },
    async ({ page }) => {
      await goto(page, path);
      await waitForPage(page);
      for (const item of site.navigation) {
        assert.ok(
          await mainNav(page).getByRole("link", { name: item.label, exact: true }).isVisible(),
          `"${item.label}" not visible in the bar at 768 px`,
        );
      }
      assert.equal(
        await page.getByRole("button", { name: "Open menu", exact: true }).isVisible(),
        false,
        "'Open menu' visible at 768 px",
      );
    },
  );
}
