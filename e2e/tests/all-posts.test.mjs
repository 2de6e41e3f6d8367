// /blog/all-posts must not look stale or promise what it does not do:
// the published articles first, newest first, then the ones coming, which show no date
// (a planned date in the past reads as a stale post); the categories are not dressed as
// filter controls they are not; a tag chip that is a link looks unlike one that is not;
// /blog and /blog/all-posts both lead to /blog/tags. In both themes, axe finds nothing.
import assert from "node:assert/strict";
import { axeViolations } from "../lib/axe.mjs";
import { goto, useTheme, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const cards = (page) => page.locator("main li:has(h2)");

/** What makes an element look like a control: its box and its text's decoration. */
const looks = (el) => {
  const s = getComputedStyle(el);
  return {
    color: s.color,
    background: s.backgroundColor,
    border: s.borderTopWidth === "0px" ? "none" : `${s.borderTopWidth} ${s.borderTopColor}`,
    decoration: s.textDecorationLine,
    radius: s.borderTopLeftRadius,
  };
};

for (const theme of ["light", "dark"]) {
  e2eTest(
    `/blog/all-posts (${theme}): published newest first, then coming soon without a date; categories that are not fake controls; linked tags look like links; a way to /blog/tags`,
    { timeout: 90_000, context: { colorScheme: theme, viewport: { width: 375, height: 812 } } },
    async ({ page }) => {
      await useTheme(page.context(), theme);
      await goto(page, "/blog/all-posts");
      await waitForPage(page);

      // The order: every card with 'Read Article' before every 'Coming Soon' one; the
      // published cards' dates newest first; the coming ones show none.
      const list = await cards(page).evaluateAll((lis) =>
        lis.map((li) => ({
          title: li.querySelector("h2")?.textContent.trim(),
          soon: !!li.querySelector("button[disabled]"),
          dates: [...li.querySelectorAll("time")].map((t) => t.getAttribute("datetime")),
        })),
      );
      assert.equal(list.length, 8);
      const firstSoon = list.findIndex((c) => c.soon);
      assert.ok(firstSoon > 0, "no published card first");
      assert.ok(
        list.slice(firstSoon).every((c) => c.soon),
        `a published card after a coming-soon one: ${JSON.stringify(list)}`,
      );
      const published = list.slice(0, firstSoon);
      for (const c of published) assert.equal(c.dates.length, 1, `${c.title}: its date`);
      const dates = published.map((c) => c.dates[0]);
      assert.deepEqual(dates, [...dates].sort().reverse(), "published cards newest first");
      for (const c of list.slice(firstSoon))
        assert.deepEqual(c.dates, [], `${c.title}: a coming-soon card shows a date`);

      // The categories: each a link to a page that exists, or plain text, not a pill.
      const categories = page.getByRole("list", { name: "Categories" }).getByRole("listitem");
      assert.ok((await categories.count()) >= 1);
      for (const item of await categories.all()) {
        const link = item.getByRole("link");
        if ((await link.count()) > 0) {
          const href = await link.getAttribute("href");
          const res = await page.request.get(href);
          assert.equal(res.status(), 200, `the category link ${href}`);
          continue;
        }
        const style = await item.evaluate(
          (li, f) => new Function(`return (${f})`)()(li.querySelector("*") ?? li),
          looks.toString(),
        );
        assert.equal(style.border, "none", `category "${await item.innerText()}" has a border`);
        assert.equal(
          style.background,
          "rgba(0, 0, 0, 0)",
          `category "${await item.innerText()}" has a background`,
        );
      }

      // Linked and plain tag chips look different.
      const chips = await page.locator("main ul[aria-label='Tags'] > li").evaluateAll((lis, f) => {
        const look = new Function(`return (${f})`)();
        return lis
          .filter((li) => !li.querySelector("[data-more-tags]"))
          .map((li) => ({
            linked: !!li.querySelector("a"),
            text: li.textContent.trim(),
            look: look(li.querySelector("a > *") ?? li.querySelector("a") ?? li.firstElementChild),
          }));
      }, looks.toString());
      const linked = chips.filter((c) => c.linked);
      const plain = chips.filter((c) => !c.linked);
      assert.ok(linked.length > 0 && plain.length > 0, "the page has linked and plain tags");
      const key = (c) => JSON.stringify(c.look);
      for (const l of new Set(linked.map(key)))
        for (const p of new Set(plain.map(key)))
          assert.notEqual(l, p, "a linked tag chip looks like a plain one");
      assert.ok(
        linked.every((c) => c.look.decoration.includes("underline")),
        `linked tags are not underlined: ${JSON.stringify(linked.slice(0, 2))}`,
      );

      const tagsLink = page.locator("main").getByRole("link", { name: "All Tags" });
      assert.equal(await tagsLink.getAttribute("href"), "/blog/tags");
      assert.deepEqual(await axeViolations(page, `/blog/all-posts, ${theme}`), []);
      await tagsLink.click();
      await page.waitForURL("**/blog/tags");
      await waitForPage(page);
      assert.equal((await page.locator("h1").innerText()).trim(), "Tags");
    },
  );
}

e2eTest("/blog links to /blog/tags", async ({ page }) => {
  await goto(page, "/blog");
  await waitForPage(page);
  const link = page.locator("main").getByRole("link", { name: "All Tags" });
  assert.equal(await link.getAttribute("href"), "/blog/tags");
  assert.ok(await link.isVisible());
});
