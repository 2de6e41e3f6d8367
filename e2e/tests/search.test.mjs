// Site search (docs/decisions/0042-search.md): the palette from the header, `/` and
// Ctrl/⌘-K, driven by the keyboard alone and announced; the results page the gateway
// renders without JavaScript from the same documents.
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { articles } from "../lib/content.mjs";
import {
  countDocumentLoads,
  eventually,
  expectH1,
  expectMarker,
  goto,
  setMarker,
  waitForPage,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const TERRAFORM = articles.find((a) => a.slug === "terraform-guide");

for (const width of [375, 1280])
  for (const theme of ["light", "dark"])
    e2eTest(
      `${width} px, ${theme}: '/' opens the search palette; typing, the arrow keys and Enter open an article in the app`,
      { context: { viewport: { width, height: 800 }, colorScheme: theme } },
      async ({ page }) => {
        await goto(page, "/resume");
        await waitForPage(page);
        const marker = await setMarker(page);
        const loads = countDocumentLoads(page);

        await page.keyboard.press("/");
        const palette = page.getByRole("dialog", { name: "Search" });
        await palette.waitFor({ state: "visible" });
        const box = palette.getByRole("combobox", { name: "Search articles and editions" });
        await eventually(async () =>
          assert.equal(await box.evaluate((el) => el === document.activeElement), true),
        );

        await page.keyboard.type("terraform state");
        const status = palette.getByRole("status");
        await eventually(async () => assert.match(await status.textContent(), /^\d+ results?$/));
        const options = palette.getByRole("option");
        assert.ok((await options.count()) >= 1, "no result for 'terraform state'");
        assert.match(await options.first().textContent(), /^(Blog|Newsletter)/);
        assert.ok((await options.first().locator("mark").count()) > 0, "no highlighted match");
        assert.equal(await box.getAttribute("aria-expanded"), "true");

        const { violations } = await new AxeBuilder({ page }).setLegacyMode().analyze();
        assert.deepEqual(
          violations.map((v) => `${v.id}: ${v.help}`),
          [],
          "axe with the palette open",
        );

        await page.keyboard.press("ArrowDown");
        const active = await box.getAttribute("aria-activedescendant");
        assert.ok(active, "no active option after ArrowDown");
        assert.equal(await page.locator(`#${active}`).getAttribute("aria-selected"), "true");
        const chosen = await page.locator(`#${active} .block`).textContent();
        await page.keyboard.press("Enter");
        await expectH1(page, new RegExp(`^${chosen.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
        assert.equal(await palette.isVisible(), false, "the palette stayed open");
        await expectMarker(page, marker, "opening a search result");
        assert.equal(loads.count, 0);
      },
    );

e2eTest("Ctrl-K opens it, Escape closes it; no result is said so", async ({ page }) => {
  await goto(page, "/");
  await waitForPage(page);
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Search" });
  await palette.waitFor({ state: "visible" });
  await page.keyboard.type("zzzqqq");
  await eventually(async () =>
    assert.equal(await palette.getByRole("status").textContent(), "No results for “zzzqqq”"),
  );
  await page.keyboard.press("Escape");
  await palette.waitFor({ state: "hidden" });
});

e2eTest("without JavaScript: the header's search link, and the results page", async ({ suite }) => {
  const context = await suite.browser.newContext({ baseURL: suite.url, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await goto(page, "/");
    assert.equal(
      await page.getByRole("link", { name: "Search", exact: true }).getAttribute("href"),
      "/search",
    );
    await goto(page, "/search");
    await page.getByRole("searchbox", { name: "Search articles and editions" }).fill("terraform");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(
      (u) => u.pathname === "/search" && u.searchParams.get("q") === "terraform",
    );
    const heading = page.getByRole("heading", { level: 2, name: /results? for “terraform”/ });
    await heading.waitFor();
    const titles = await page.locator("main ol h3 a").allTextContents();
    assert.ok(titles.includes(TERRAFORM.title), `results: ${titles}`);
    assert.equal(
      await page.getByRole("searchbox", { name: "Search articles and editions" }).inputValue(),
      "terraform",
    );
  } finally {
    await context.close();
  }
});

e2eTest(
  "375 px: what is typed right after tapping Search, while the palette loads, lands in its field",
  { context: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } },
  async ({ page }) => {
    await goto(page, "/");
    await waitForPage(page);
    await page.getByRole("link", { name: "Search", exact: true }).tap();
    await page.keyboard.type("kubernetes");
    const palette = page.getByRole("dialog", { name: "Search" });
    const box = palette.getByRole("combobox", { name: "Search articles and editions" });
    await eventually(async () => assert.equal(await box.inputValue(), "kubernetes"));
    await eventually(async () => assert.ok((await palette.getByRole("option").count()) >= 1));
  },
);
