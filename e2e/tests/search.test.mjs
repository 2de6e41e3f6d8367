// Site search (docs/decisions/0042-search.md): the palette from the header, `/` and
// Ctrl/⌘-K, driven by the keyboard alone and announced; the results page the gateway
// renders without JavaScript from the same documents. Projects and talks are found too,
// and a typo is forgiven alike with and without JavaScript (0054).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { axeViolations } from "../lib/axe.mjs";
import { articles } from "../lib/content.mjs";
import {
  countDocumentLoads,
  eventually,
  expectH1,
  expectMarker,
  goto,
  setMarker,
  useTheme,
  waitForPage,
} from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

const TERRAFORM = articles.find((a) => a.slug === "terraform-guide");
const readJSON = (...path) => JSON.parse(readFileSync(join(REPO_ROOT, ...path), "utf8"));
const projects = readJSON("content", "projects.json").projects;
const talks = readJSON("content", "talks.json").talks;
const projectTitle = (id) => projects.find((p) => p.id === id).title;

/** Opens the palette on `page` (at /), types `query` and returns its options' titles. */
async function paletteResults(page, query) {
  await goto(page, "/");
  await waitForPage(page);
  await page.keyboard.press("Control+k");
  const palette = page.getByRole("dialog", { name: "Search" });
  await palette.waitFor({ state: "visible" });
  await page.keyboard.type(query);
  const status = palette.getByRole("status");
  await eventually(async () =>
    assert.match(await status.textContent(), /^(\d+ results?|No results for .*)$/),
  );
  return palette.locator("[role=option] .block").allTextContents();
}

/** The titles the results page lists for `query`, as a browser without JavaScript gets it. */
async function pageResults(suite, query) {
  const context = await suite.browser.newContext({ baseURL: suite.url, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await goto(page, `/search?q=${encodeURIComponent(query)}`);
    return {
      heading: (await page.locator("#search-results-heading").textContent()).trim(),
      titles: await page.locator("main ol h3 a").allTextContents(),
      sections: await page.locator("main ol li > p:first-child").allTextContents(),
    };
  } finally {
    await context.close();
  }
}

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
        const box = palette.getByRole("combobox", { name: "Search the site" });
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
    await page.getByRole("searchbox", { name: "Search the site" }).fill("terraform");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(
      (u) => u.pathname === "/search" && u.searchParams.get("q") === "terraform",
    );
    const heading = page.getByRole("heading", { level: 2, name: /results? for “terraform”/ });
    await heading.waitFor();
    const titles = await page.locator("main ol h3 a").allTextContents();
    assert.ok(titles.includes(TERRAFORM.title), `results: ${titles}`);
    assert.equal(
      await page.getByRole("searchbox", { name: "Search the site" }).inputValue(),
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
    const box = palette.getByRole("combobox", { name: "Search the site" });
    await eventually(async () => assert.equal(await box.inputValue(), "kubernetes"));
    await eventually(async () => assert.ok((await palette.getByRole("option").count()) >= 1));
  },
);

e2eTest(
  "projects and talks are found: 'argo', 'helm' and 'kubernetes', in the palette and without JavaScript",
  async ({ page, suite }) => {
    const argoTalk = talks.find((t) => t.tags.includes("Argo CD")).title;
    const expected = {
      // Argo CD runs the platform and the pipeline, and is the GitOps talk's subject.
      argo: [projectTitle(1), projectTitle(2), argoTalk],
      helm: [projectTitle(2)],
      // Both Kubernetes projects, by their titles.
      kubernetes: [projectTitle(1), projectTitle(8)],
    };
    assert.match(projectTitle(1), /Kubernetes/);
    assert.match(projectTitle(8), /Kubernetes/);
    for (const [query, titles] of Object.entries(expected)) {
      const shown = await paletteResults(page, query);
      const missing = titles.filter((t) => !shown.includes(t));
      assert.deepEqual(missing, [], `the palette's results for '${query}': ${shown.join(" | ")}`);
      const served = await pageResults(suite, query);
      const absent = titles.filter((t) => !served.titles.includes(t));
      assert.deepEqual(absent, [], `/search?q=${query}: ${served.titles.join(" | ")}`);
      assert.ok(served.sections.includes("Projects"), `/search?q=${query}: ${served.sections}`);
      if (query === "argo") assert.ok(served.sections.includes("Talks"), `${served.sections}`);
    }
  },
);

e2eTest(
  "375 px: a talk's result leads to its card on /talks, scrolled into view",
  { context: { viewport: { width: 375, height: 800 } } },
  async ({ page }) => {
    // The last card: far below the fold of a phone.
    const talk = talks.at(-1);
    await paletteResults(page, "alert fatigue");
    const palette = page.getByRole("dialog", { name: "Search" });
    await palette.getByRole("option").filter({ hasText: talk.title }).click();
    await expectH1(page, /^Talks & Events$/);
    const card = page.getByRole("heading", { level: 2, name: talk.title });
    await eventually(async () => {
      const box = await card.boundingBox();
      assert.ok(
        box && box.y >= 0 && box.y + box.height <= 800,
        `the talk's title is not on screen: ${JSON.stringify(box)}`,
      );
    });
    assert.ok(await page.evaluate(() => scrollY > 400), "the page did not scroll to the card");
  },
);

for (const [typo, word] of [
  ["kuberntes", "kubernetes"],
  ["terrafrom", "terraform"],
  ["promethues", "prometheus"],
])
  e2eTest(
    `a typo is forgiven alike with and without JavaScript: '${typo}' finds what '${word}' finds`,
    async ({ page, suite }) => {
      const served = await pageResults(suite, typo);
      const right = await pageResults(suite, word);
      assert.ok(right.titles.length > 0, `nothing for '${word}'`);
      assert.deepEqual(served.titles, right.titles, `/search?q=${typo}`);
      assert.match(served.heading, new RegExp(`^${served.titles.length} results? for “${typo}”$`));
      // The palette shows the best 8 of the same results.
      const shown = await paletteResults(page, typo);
      assert.equal(
        shown.length,
        Math.min(8, served.titles.length),
        `palette: ${shown.join(" | ")}`,
      );
      const strays = shown.filter((t) => !served.titles.includes(t));
      assert.deepEqual(strays, [], "the palette found what the page does not");
      const marked = await page
        .getByRole("dialog", { name: "Search" })
        .locator("[role=option] mark")
        .first()
        .textContent();
      assert.equal(marked.toLowerCase(), word, "the word the typo was taken for is marked");
    },
  );

for (const width of [375, 1280])
  for (const theme of ["light", "dark"])
    e2eTest(
      `${width} px, ${theme}: when nothing matches, the palette says so where the results would be; axe finds nothing`,
      { context: { viewport: { width, height: 800 }, colorScheme: theme } },
      async ({ page, context }) => {
        await useTheme(context, theme);
        assert.deepEqual(await paletteResults(page, "zzzqqq"), []);
        const palette = page.getByRole("dialog", { name: "Search" });
        const message = palette.getByText("No results for “zzzqqq”", { exact: true });
        await message.waitFor();
        // Seen, not only announced: laid out at its full size inside the palette.
        const box = await message.boundingBox();
        const frame = await palette.boundingBox();
        assert.ok(
          box && box.width > 100 && box.height >= 16,
          `the message's box: ${JSON.stringify(box)}`,
        );
        assert.ok(
          box.y >= frame.y && box.y + box.height <= frame.y + frame.height,
          `the message lies outside the palette: ${JSON.stringify({ box, frame })}`,
        );
        assert.equal(
          await message.evaluate((el) => getComputedStyle(el).clipPath),
          "none",
          "the message is clipped away",
        );
        assert.equal(await message.getAttribute("role"), "status", "and announced");
        assert.deepEqual(await axeViolations(page, "no results"), []);
      },
    );
