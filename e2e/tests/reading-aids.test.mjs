// Reading aids on an article, at 375 and 1280 px in both themes: every h2/h3 has an id
// and a '#' anchor link in the prerendered HTML; the table of contents 'On this page' is
// a closed <details> on a phone (it opens without JavaScript) and a sticky column at
// 1280 px, with the section being read marked aria-current="location"; a 'Copy' button
// on each code block (only with JavaScript) copies the code; links to the previous and
// next article; the 'Updated' date; axe finds nothing. The suite fails a test on any
// console error, so a hydration mismatch fails it too.
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { articles } from "../lib/content.mjs";
import { eventually, expectH1, goto, themeState, useTheme, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

// The published posts by date, newest first (as the blog orders them).
const byDate = [...articles].sort((a, b) =>
  String(b.date) < String(a.date) ? -1 : String(b.date) > String(a.date) ? 1 : 0,
);
const [newest, middle, oldest] = byDate;
const updated = articles.find((a) => a.updated);
assert.ok(byDate.length >= 3 && updated, "needs 3 published posts, one with an updated date");

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const WIDE = { viewport: { width: 1280, height: 800 } };
const sizes = [
  ["375", PHONE],
  ["1280", WIDE],
];

/** Every h2/h3 of the body: its id and its anchor link's href, label and text. */
const headingAnchors = (page) =>
  page.locator(".article-body :is(h2, h3)").evaluateAll((hs) =>
    hs.map((h) => {
      const a = h.querySelector(":scope > a.heading-anchor");
      return {
        id: h.id,
        text: [...h.childNodes]
          .filter((n) => n !== a)
          .map((n) => n.textContent)
          .join("")
          .trim(),
        href: a?.getAttribute("href"),
        label: a?.getAttribute("aria-label"),
        anchorText: a?.textContent,
      };
    }),
  );

function assertAnchors(list) {
  assert.ok(list.length >= 3, `only ${list.length} h2/h3 in the article`);
  assert.equal(new Set(list.map((h) => h.id)).size, list.length, "heading ids repeat");
  for (const h of list) {
    assert.match(h.id, /^[a-z0-9][a-z0-9_-]*$/, `heading "${h.text}" has no id`);
    assert.equal(h.href, `#${h.id}`, `heading "${h.text}": anchor`);
    assert.equal(h.label, `Link to this section: ${h.text}`);
    assert.equal(h.anchorText, "#");
  }
}

/** The 'On this page' nav (of its two lists, the one for this width is shown). */
const visibleToc = (page) =>
  page.locator('nav[aria-label="On this page"]').filter({ visible: true });

for (const [size, viewport] of sizes) {
  e2eTest(
    `${size} px without JavaScript: anchors with ids, the table of contents, prev/next and the updated date are in the HTML`,
    { context: { ...viewport, javaScriptEnabled: false } },
    async ({ page }) => {
      await goto(page, `/blog/${updated.slug}`);
      assertAnchors(await headingAnchors(page));
      const toc = visibleToc(page);
      assert.equal(await toc.count(), 1, "one visible 'On this page' nav");
      const tocLinks = toc.getByRole("link");
      if (size === "375") {
        const details = toc.locator("details");
        assert.equal(await details.getAttribute("open"), null, "the TOC starts closed");
        assert.equal(await tocLinks.first().isVisible(), false);
        await toc.locator("summary", { hasText: "On this page" }).click();
        assert.notEqual(await details.getAttribute("open"), null, "the summary opens it");
      }
      assert.ok(await tocLinks.first().isVisible(), "the TOC's links are not shown");
      const ids = (await headingAnchors(page)).map((h) => `#${h.id}`);
      const hrefs = await tocLinks.evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      assert.deepEqual(hrefs, ids, "the TOC lists every h2/h3 in order");
      assert.equal(
        await page.getByRole("button", { name: "Copy" }).count(),
        0,
        "a Copy button without JavaScript",
      );
      const header = await page.getByRole("article").locator("header").innerText();
      assert.match(header, /Updated [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    },
  );
}

for (const [size, viewport] of sizes) {
  for (const theme of ["light", "dark"]) {
    e2eTest(
      `${size} px, ${theme}: anchors, table of contents with the current section, copy buttons, prev/next, updated date, axe clean`,
      {
        timeout: 120_000,
        context: { ...viewport, colorScheme: theme, reducedMotion: "reduce" },
      },
      async ({ page, context }) => {
        await useTheme(context, theme);
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        await goto(page, `/blog/${middle.slug}`);
        await expectH1(
          page,
          new RegExp(middle.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
        );
        await waitForPage(page);
        assert.equal((await themeState(page)).resolved, theme);
        const anchors = await headingAnchors(page);
        assertAnchors(anchors);

        // The anchor shows on hover (a phone: always).
        const first = page.locator(".article-body h2").first();
        const anchor = first.locator("a.heading-anchor");
        const opacity = () => anchor.evaluate((a) => getComputedStyle(a).opacity);
        if (size === "375") {
          assert.equal(await opacity(), "1", "the anchor is hidden on a touch screen");
        } else {
          await page.mouse.move(0, 0);
          assert.equal(await opacity(), "0");
          await first.hover();
          await eventually(async () => assert.equal(await opacity(), "1"));
          await anchor.focus();
          await eventually(async () => assert.equal(await opacity(), "1"));
        }

        // The table of contents: a closed details on a phone, a sticky column at 1280.
        const toc = visibleToc(page);
        assert.equal(await toc.count(), 1);
        if (size === "375") {
          const details = toc.locator("details");
          assert.equal(await details.getAttribute("open"), null);
          await toc.locator("summary").click();
          assert.notEqual(await details.getAttribute("open"), null);
        } else {
          const box = await toc.boundingBox();
          const body = await page.locator(".article-body").boundingBox();
          assert.ok(box.x >= body.x + body.width, "the TOC column is not beside the article");
          assert.ok(box.x + box.width <= 1280, "the TOC column overflows the window");
          assert.equal(
            await toc
              .locator("div")
              .first()
              .evaluate((d) => getComputedStyle(d).position),
            "sticky",
          );
        }
        const links = toc.getByRole("link");
        assert.deepEqual(
          await links.evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
          anchors.map((h) => `#${h.id}`),
        );

        // Axe, with the TOC open (and before any scrolling).
        const { violations } = await new AxeBuilder({ page })
          .setLegacyMode()
          .options({ resultTypes: ["violations"] })
          .analyze();
        assert.deepEqual(
          violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")}`),
          [],
        );

        // Scrolling to a heading marks its link as the current section.
        const current = () =>
          toc
            .locator('a[aria-current="location"]')
            .filter({ visible: true })
            .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
        for (const h of [anchors[2], anchors[anchors.length - 2]]) {
          await page.evaluate((id) => {
            const el = document.getElementById(id);
            window.scrollTo(0, window.scrollY + el.getBoundingClientRect().top - 100);
          }, h.id);
          await eventually(async () => assert.deepEqual(await current(), [`#${h.id}`]));
          if (size === "1280") {
            const box = await toc.locator("div").first().boundingBox();
            assert.ok(box.y >= 0 && box.y < 200, `the TOC did not stay in sight: y=${box.y}`);
          }
        }
        // A TOC link goes to its section, which becomes the current one.
        const target = anchors[1];
        await toc.locator(`a[href="#${target.id}"]`).filter({ visible: true }).click();
        await eventually(async () => {
          assert.equal(new URL(page.url()).hash, `#${target.id}`);
          assert.deepEqual(await current(), [`#${target.id}`]);
        });

        // Copy buttons: one per code block, copying its code.
        const pres = page.locator(".article-body pre");
        const buttons = page.locator(".article-body .code-block > button");
        assert.ok((await pres.count()) >= 1);
        assert.equal(await buttons.count(), await pres.count(), "a Copy button per code block");
        const button = buttons.first();
        await button.scrollIntoViewIfNeeded();
        assert.equal(await button.innerText(), "Copy");
        await button.click();
        await eventually(async () => assert.equal(await button.innerText(), "Copied"));
        assert.equal(
          await page.evaluate(() => navigator.clipboard.readText()),
          await pres.first().evaluate((p) => p.textContent),
        );
        assert.equal(
          await page.getByRole("status").filter({ hasText: "Copied" }).count(),
          1,
          "the copy is not announced",
        );
        await eventually(async () => assert.equal(await button.innerText(), "Copy"), {
          timeout: 4000,
        });

        // Previous and next, with their titles.
        const more = page.getByRole("navigation", { name: "More articles" });
        assert.deepEqual(
          await more
            .getByRole("link")
            .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")])),
          [
            [`← Previous: ${oldest.title}`, `/blog/${oldest.slug}`],
            [`Next: ${newest.title} →`, `/blog/${newest.slug}`],
          ],
        );
        await more.getByRole("link", { name: `Next: ${newest.title}` }).click();
        // The page being left stays on screen until the next one renders: wait for it.
        await expectH1(
          page,
          new RegExp(`^${newest.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
        );
        assert.equal(new URL(page.url()).pathname, `/blog/${newest.slug}`);
        await waitForPage(page);
        // The newest has no next; the updated date shows when the post has one.
        assert.deepEqual(
          await page
            .getByRole("navigation", { name: "More articles" })
            .getByRole("link")
            .evaluateAll((as) => as.map((a) => a.textContent)),
          [`← Previous: ${middle.title}`],
        );
        if (newest.slug === updated.slug) {
          const header = page.getByRole("article").locator("header");
          assert.equal(await header.locator(`time[datetime="${updated.updated}"]`).count(), 1);
          assert.match(await header.innerText(), /Updated [A-Z][a-z]{2} \d{1,2}, \d{4}/);
        }
      },
    );
  }
}

e2eTest(
  "the oldest article has no 'Next' beyond the newest and no 'Previous'",
  async ({ page }) => {
    await goto(page, `/blog/${oldest.slug}`);
    await waitForPage(page);
    assert.deepEqual(
      await page
        .getByRole("navigation", { name: "More articles" })
        .getByRole("link")
        .evaluateAll((as) => as.map((a) => a.textContent)),
      [`Next: ${middle.title} →`],
    );
    assert.equal(await page.getByRole("article").locator("header").getByText("Updated").count(), 0);
  },
);
