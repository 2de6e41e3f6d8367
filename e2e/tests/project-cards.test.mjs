// /projects at 1280 px: a card with a Demo link and one without have their footers on
// one line across a row, with 'View Details →' at the same place in each.
import assert from "node:assert/strict";
import { goto, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

e2eTest("the project cards' footers line up across each row at 1280 px", async ({ page }) => {
  await goto(page, "/projects");
  await waitForPage(page);
  const cards = await page.locator("main article, main [data-project-card]").count();
  const details = page.getByRole("link", { name: "View Details →" });
  const n = await details.count();
  assert.ok(n >= 3, `${n} 'View Details' links (cards: ${cards})`);
  const boxes = [];
  for (let i = 0; i < n; i++) {
    const link = details.nth(i);
    const demo = await link.locator("xpath=../..").getByRole("link", { name: /Demo/ }).count();
    boxes.push({ ...(await link.boundingBox()), demo });
  }
  // Cards in one row share their top edge; their 'View Details' links must share theirs.
  const rows = Map.groupBy(boxes, (b) => Math.round(b.y / 10));
  assert.ok(
    boxes.some((b) => b.demo) && boxes.some((b) => !b.demo),
    "the page has cards with and without a Demo link",
  );
  const mixedRow = [...rows.values()].some(
    (row) => row.some((b) => b.demo) && row.some((b) => !b.demo),
  );
  const byColumn = Map.groupBy(boxes, (b) => Math.round(b.x / 50));
  for (const [, column] of byColumn) {
    const right = column.map((b) => Math.round(b.x + b.width));
    assert.ok(
      Math.max(...right) - Math.min(...right) <= 2,
      `'View Details' right edges in a column: ${right}`,
    );
  }
  // Every row of three has its links at one height (a card with a Demo link no longer
  // drops its 'View Details' lower than one without).
  const ys = boxes.map((b) => Math.round(b.y));
  const rowsOfThree = [];
  for (let i = 0; i + 2 < ys.length; i += 3) rowsOfThree.push(ys.slice(i, i + 3));
  for (const row of rowsOfThree) {
    assert.ok(
      Math.max(...row) - Math.min(...row) <= 2,
      `'View Details' heights in a row: ${row} (a row mixes Demo and no Demo: ${mixedRow})`,
    );
  }
});
