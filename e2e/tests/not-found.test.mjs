// Paths outside the route table answer 404 and show the 404 page inside the chrome.
import assert from "node:assert/strict";
import { NOT_FOUND_H1, routeByUrl } from "../lib/content.mjs";
import {
  countDocumentLoads,
  cspViolations,
  expectH1,
  expectMarker,
  expectPageFrame,
  goto,
  mainNav,
  setMarker,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

for (const path of ["/no-such-page", "/blog/no-such-post", "/projects/1/extra"]) {
  e2eTest(
    `unknown path ${path} answers 404 and shows '404 Page Not Found' in the page frame`,
    async ({ page }) => {
      await goto(page, path, { status: 404 });
      await expectH1(page, NOT_FOUND_H1);
      await expectPageFrame(page);
      assert.deepEqual(await cspViolations(page), [], "CSP violations on the 404 page");
    },
  );
}

e2eTest("from the 404 page the nav still works without a reload", async ({ page }) => {
  await goto(page, "/no-such-page", { status: 404 });
  await expectH1(page, NOT_FOUND_H1);
  const marker = await setMarker(page);
  const loads = countDocumentLoads(page);
  await mainNav(page).getByRole("link", { name: "Home", exact: true }).click();
  await page.waitForURL((u) => u.pathname === "/");
  await expectH1(page, routeByUrl("/").h1);
  await expectMarker(page, marker);
  assert.equal(loads.count, 0);
});
