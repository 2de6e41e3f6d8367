// Code blocks on every article and edition page: with
// JavaScript each has a 'Copy' button, and at 375 px (and 1280 px) the button never
// covers the code: its rectangle intersects none of the code text's line boxes, at the
// block's first scroll position and scrolled to its right end. The button copies that
// block's code.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { axeViolations } from "../lib/axe.mjs";
import { articles } from "../lib/content.mjs";
import { eventually, goto, nextFrames, waitForPage } from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

const editions = JSON.parse(
  readFileSync(join(REPO_ROOT, "content", "dist", "newsletter.json"), "utf8"),
).editions;
const withCode = (html) => (html.match(/<pre[\s>]/g) ?? []).length;

const pages = [
  ...articles.map((a) => ({ url: `/blog/${a.slug}`, blocks: null })),
  ...editions.map((e) => ({ url: `/newsletter/${e.id}`, blocks: withCode(e.html) })),
];
assert.ok(
  editions.some((e) => withCode(e.html) > 0),
  "no edition has code: the edition half of this test would check nothing",
);

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const WIDE = { viewport: { width: 1280, height: 800 } };

/**
 * Each code block of the page's main: its Copy button (null without one) and the
 * line boxes of its code that the button's rectangle intersects, with the <pre> scrolled
 * to `scrollLeft` ('end': its right end).
 */
function overlaps(scroll) {
  const hit = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  return [...document.querySelectorAll("#main pre")].map((pre, i) => {
    pre.scrollLeft = scroll === "end" ? pre.scrollWidth : 0;
    const button = pre.parentElement?.querySelector(":scope > button");
    const out = { block: i, button: button?.textContent ?? null, covered: [] };
    if (!button) return out;
    const b = button.getBoundingClientRect();
    const visible = pre.getBoundingClientRect();
    const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        // Only what shows: text scrolled out of the <pre>'s box is not covered.
        const shown = {
          left: Math.max(r.left, visible.left),
          right: Math.min(r.right, visible.right),
          top: Math.max(r.top, visible.top),
          bottom: Math.min(r.bottom, visible.bottom),
        };
        if (shown.left >= shown.right || shown.top >= shown.bottom) continue;
        if (hit(b, shown)) out.covered.push(n.textContent.trim().slice(0, 40));
      }
    }
    pre.scrollLeft = 0;
    return out;
  });
}

for (const [size, context] of [
  ["375", PHONE],
  ["1280", WIDE],
]) {
  e2eTest(
    `${size} px: every code block on every article and edition page has a Copy button that covers none of its code`,
    { timeout: 180_000, context },
    async ({ page }) => {
      const problems = [];
      let blocks = 0;
      for (const p of pages) {
        await goto(page, p.url);
        await waitForPage(page);
        if (p.blocks !== null)
          assert.equal(await page.locator("#main pre").count(), p.blocks, `${p.url}: code blocks`);
        // The buttons are added once the page's script runs.
        const missing = await eventually(
          async () => {
            const pres = await page.locator("#main pre").count();
            assert.equal(await page.locator("#main pre + button").count(), pres);
          },
          { timeout: 3000 },
        ).then(
          () => null,
          (err) => `${p.url}: a Copy button per code block: ${err.message}`,
        );
        if (missing) problems.push(missing);
        for (const scroll of [0, "end"]) {
          for (const r of await page.evaluate(overlaps, scroll)) {
            if (scroll === 0) blocks++;
            if (r.button !== "Copy") {
              if (!missing) problems.push(`${p.url} block ${r.block}: button ${r.button}`);
            } else if (r.covered.length)
              problems.push(
                `${p.url} block ${r.block} (scrolled ${scroll}): the Copy button covers ${JSON.stringify(r.covered)}`,
              );
          }
        }
      }
      assert.ok(blocks >= 25, `only ${blocks} code blocks seen`);
      assert.deepEqual(problems, [], `${problems.length} problem(s) in ${blocks} code blocks`);
    },
  );
}

for (const theme of ["light", "dark"]) {
  e2eTest(
    `375 px, ${theme}: an edition's Copy button copies its block's code and says so; axe finds nothing`,
    { context: { ...PHONE, colorScheme: theme } },
    async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const e = editions.find((x) => withCode(x.html) > 0);
      await goto(page, `/newsletter/${e.id}`);
      await waitForPage(page);
      const button = page.locator("#main pre + button").first();
      await eventually(async () => assert.equal(await button.innerText(), "Copy"));
      assert.deepEqual(await axeViolations(page, `/newsletter/${e.id}, ${theme}`), []);
      await button.click();
      await eventually(async () => assert.equal(await button.innerText(), "Copied"));
      assert.equal(
        await page.evaluate(() => navigator.clipboard.readText()),
        await page
          .locator("#main pre")
          .first()
          .evaluate((p) => p.textContent),
      );
      assert.equal(await page.getByRole("status").filter({ hasText: "Copied" }).count(), 1);
    },
  );
}

e2eTest(
  "375 px: code blocks off screen are laid out only as they near it, and the article keeps its height: a link to its last section lands on the heading and stays",
  { context: PHONE },
  async ({ page }) => {
    const article = "/blog/kubernetes-security";
    await goto(page, article);
    await waitForPage(page);
    const last = await page.locator("#main .article-body h2").last().getAttribute("id");
    // The blocks whose code the browser has laid out, by index; the others are skipped
    // (docs/decisions/0070-what-a-tap-restyles.md).
    const laidOut = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("#main pre code")].flatMap((c, i) =>
          c.checkVisibility({ contentVisibilityAuto: true }) ? [i] : [],
        ),
      );
    const blocks = await page.locator("#main pre code").count();
    assert.ok(blocks - (await laidOut()).length >= 3, "the blocks below the first screen wait");
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const before = await height();

    // A reader scrolls to the end: each block is laid out as it nears the screen, and the
    // page's height is what it said it was (each block waited at the height of its lines).
    const seen = new Set();
    for (let y = 0; y < before; y += 300) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await nextFrames(page);
      for (const i of await laidOut()) seen.add(i);
    }
    assert.equal(seen.size, blocks, "every block was laid out on the way down");
    assert.ok(Math.abs((await height()) - before) <= 2, `height ${before} → ${await height()}`);

    // A fresh load at the last section: the heading is where the jump put it (5rem below
    // the top, its scroll margin under the sticky header) and stays there while the
    // blocks above are laid out.
    await page.goto("about:blank");
    await goto(page, `${article}#${last}`);
    await waitForPage(page);
    await nextFrames(page);
    const top = () =>
      page.evaluate((id) => document.getElementById(id).getBoundingClientRect().top, last);
    const landed = await top();
    assert.ok(Math.abs(landed - 80) <= 2, `the heading is at ${landed} px, not 80`);
    await page.evaluate(() => window.scrollBy(0, -300));
    await nextFrames(page);
    await nextFrames(page);
    assert.ok(Math.abs((await top()) - (landed + 300)) <= 2, "the blocks above did not move it");
  },
);
