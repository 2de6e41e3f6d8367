// The current section's link in the main navigation carries aria-current="page", and
// only that one; sub-routes highlight their section.
import assert from "node:assert/strict";
import { navSectionFor } from "../lib/content.mjs";
import { eventually, expectH1, goto, mainNav, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const currentLinks = (page) =>
  mainNav(page)
    .locator('[aria-current="page"]')
    .evaluateAll((els) =>
      els.map((e) => ({
        text: e.textContent.trim(),
        href: e.getAttribute("href"),
        tag: e.tagName,
      })),
    );

async function expectCurrent(page, path) {
  const section = navSectionFor(path);
  await eventually(
    async () => {
      const current = await currentLinks(page);
      assert.deepEqual(
        current,
        [{ text: section.label, href: section.path, tag: "A" }],
        `${path}: expected only the "${section.label}" link to have aria-current="page"`,
      );
    },
    { timeout: 3000 },
  );
}

const cases = [
  "/",
  "/skills",
  "/projects",
  "/projects/1",
  "/blog",
  "/blog/all-posts",
  "/blog/kubernetes-security",
  "/newsletter",
  "/contact",
];

e2eTest(`aria-current marks the current section on ${cases.join(", ")}`, async ({ page }) => {
  for (const path of cases) {
    await goto(page, path);
    await waitForPage(page);
    await expectCurrent(page, path);
  }
});

e2eTest("the highlight follows client-side navigation", async ({ page }) => {
  await goto(page, "/");
  await waitForPage(page);
  await expectCurrent(page, "/");
  for (const label of ["Skills", "Blog", "Home"]) {
    const link = mainNav(page).getByRole("link", { name: label, exact: true });
    const href = await link.getAttribute("href");
    await link.click();
    await page.waitForURL((u) => u.pathname === href);
    await waitForPage(page);
    await expectCurrent(page, href);
  }
});

e2eTest("no nav link is marked current on the 404 page", async ({ page }) => {
  await goto(page, "/no-such-page", { status: 404 });
  await expectH1(page, /404 Page Not Found/);
  assert.deepEqual(
    await currentLinks(page),
    [],
    "a nav link claims to be the current page on the 404 page",
  );
});
