// Without JavaScript the prerendered pages are the site: on a phone the menu still opens
// and its links lead on, every skill's achievements can be read, and the admin (which
// cannot work without it) says so.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { routeByUrl, site } from "../lib/content.mjs";
import { eventually, expectH1, goto, mainNav } from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

const skills = JSON.parse(readFileSync(join(REPO_ROOT, "content", "skills.json"), "utf8")).skills;
const NO_JS_PHONE = { javaScriptEnabled: false, viewport: { width: 375, height: 812 } };

e2eTest(
  "375 px without JavaScript: 'Open menu' shows the nav links, and one leads to its page",
  { context: NO_JS_PHONE },
  async ({ page }) => {
    await goto(page, "/");
    const nav = mainNav(page);
    for (const item of site.navigation)
      assert.equal(
        await nav.getByRole("link", { name: item.label, exact: true }).isVisible(),
        false,
        `"${item.label}" is in sight before the menu is opened`,
      );

    const open = page.getByRole("banner").getByRole("link", { name: "Open menu", exact: true });
    assert.ok(await open.isVisible(), "no visible 'Open menu' in the header");
    // The app's button does nothing without JavaScript: it is not shown.
    assert.equal(
      await page.getByRole("button", { name: "Open menu", exact: true }).count(),
      0,
      "the app's 'Open menu' button is offered without JavaScript",
    );
    await open.click();

    for (const item of site.navigation) {
      const link = nav.getByRole("link", { name: item.label, exact: true });
      assert.ok(await link.isVisible(), `"${item.label}" not visible in the opened menu`);
      const box = await link.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 375, `"${item.label}" is off screen`);
    }
    // The links are not hidden under the page: the topmost element at the link is the link.
    const projects = nav.getByRole("link", { name: "Projects", exact: true });
    assert.ok(
      await projects.evaluate((a) => {
        const r = a.getBoundingClientRect();
        return a.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      }),
      "the Projects link is covered",
    );

    await projects.click();
    await page.waitForURL((u) => u.pathname === "/projects");
    await expectH1(page, routeByUrl("/projects").h1);

    // The menu is reached by keyboard too.
    await page.keyboard.press("Tab"); // skip link
    await page.keyboard.press("Tab"); // the site's name
    let reached = false;
    for (let i = 0; i < 5 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(
        () => document.activeElement?.getAttribute("aria-label") === "Open menu",
      );
    }
    assert.ok(reached, "'Open menu' is not in the tab order");
    await page.keyboard.press("Enter");
    await eventually(async () =>
      assert.ok(await nav.getByRole("link", { name: "Talks", exact: true }).isVisible()),
    );
  },
);

e2eTest(
  "/skills without JavaScript: a skill opens in place and its achievements can be read",
  { context: NO_JS_PHONE },
  async ({ page }) => {
    await goto(page, "/skills");
    await expectH1(page, routeByUrl("/skills").h1);
    const main = page.locator("main");
    const skill = skills.find((s) => s.name === "Terraform");
    const first = skill.achievements[0];
    assert.equal(
      await main.getByText(first, { exact: true }).isVisible(),
      false,
      "achievements are in sight before the skill is opened",
    );
    // Each skill is still one tile, named by the skill.
    const tiles = main.getByText(skill.name, { exact: true }).filter({ visible: true });
    assert.equal(await tiles.count(), 1, `one visible ${skill.name} tile`);
    await tiles.click();

    assert.ok(
      await main.getByText(skill.description, { exact: true }).isVisible(),
      "the description is not shown",
    );
    assert.ok(
      await main.getByRole("heading", { name: "Professional Achievements" }).first().isVisible(),
    );
    for (const achievement of skill.achievements)
      assert.ok(
        await main.getByText(achievement, { exact: true }).isVisible(),
        `achievement not shown: ${achievement}`,
      );
    const box = await main.getByText(first, { exact: true }).boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, "the achievements run off screen");
  },
);

e2eTest(
  "/admin/newsletter without JavaScript says the admin needs it, instead of checking the session forever",
  { context: NO_JS_PHONE },
  async ({ page }) => {
    await goto(page, "/admin/newsletter");
    await expectH1(page, routeByUrl("/admin/newsletter").h1);
    const main = page.locator("main");
    assert.ok(
      await main.getByText(/The admin needs JavaScript/).isVisible(),
      "no word that the admin needs JavaScript",
    );
    assert.equal(
      await main.getByText("Checking your session…").isVisible(),
      false,
      "'Checking your session…' shown without JavaScript",
    );
  },
);

e2eTest(
  "with JavaScript the no-script stand-ins are out of sight and out of the accessibility tree",
  { context: { viewport: { width: 375, height: 812 } } },
  async ({ page }) => {
    await goto(page, "/skills");
    await expectH1(page, routeByUrl("/skills").h1);
    assert.equal(await page.getByRole("link", { name: "Open menu" }).count(), 0);
    assert.equal(await page.getByRole("button", { name: "Open menu", exact: true }).count(), 1);
    assert.equal(await page.locator("main details").count(), 0);
    assert.equal(await page.locator("main ul > li button").count(), skills.length);
  },
);
