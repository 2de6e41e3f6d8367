// What looked like bugs: the contact page's location reads as a
// placeholder the README's first-run checklist names (no "{personal}" with its braces);
// the footer's year is the year it is now on every kind of page (the shell's own, a
// section's, the admin's, a notice the gateway renders, after a client-side navigation),
// not the year the site was built; /terms-of-service leads to /terms-of-use.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { site } from "../lib/content.mjs";
import { goto, waitForPage } from "../lib/page.mjs";
import { REPO_ROOT } from "../lib/paths.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** The README's first-run checklist: its section's text. */
function firstRunChecklist() {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const at = readme.indexOf("\n## First run");
  assert.ok(at >= 0, "README.md has no '## First run' section");
  const end = readme.indexOf("\n## ", at + 1);
  return readme.slice(at, end < 0 ? undefined : end);
}

for (const javaScriptEnabled of [false, true]) {
  e2eTest(
    `the contact page's location is a placeholder the README names, without braces (JavaScript ${javaScriptEnabled ? "on" : "off"})`,
    { context: { javaScriptEnabled, viewport: { width: 375, height: 812 } } },
    async ({ page }) => {
      await goto(page, "/contact");
      await waitForPage(page);
      const main = await page.locator("main").innerText();
      assert.doesNotMatch(main, /[{}]/, "the contact page shows a brace");
      const item = page
        .locator("main")
        .getByText(/^Location/)
        .locator("..");
      const location = (await item.innerText()).replace(/^Location\s*/, "").trim();
      assert.equal(location, site.owner.location);
      assert.match(location, /^[A-Z][\w .-]*, [A-Z][\w .-]*$/, "reads as 'City, Country'");
      const checklist = firstRunChecklist();
      for (const value of [site.owner.name, site.owner.email, site.owner.phone, location])
        assert.ok(checklist.includes(`'${value}'`), `the first-run checklist names '${value}'`);
    },
  );
}

/** The footer's copyright line, e.g. "© 2026 Your Name. All rights reserved." */
const copyright = (page) =>
  page
    .getByRole("contentinfo")
    .getByText(/^©/)
    .innerText()
    .then((t) => t.trim());
const expected = () => `© ${new Date().getUTCFullYear()} ${site.owner.name}. All rights reserved.`;

e2eTest(
  "the footer says this year on the shell's pages, a section's, the 404 page and a notice, without JavaScript",
  {
    context: { javaScriptEnabled: false },
    // Chromium logs the notice's status (400: the link's token is not one).
    allowConsoleErrors: [/status of 400/],
  },
  async ({ page }) => {
    for (const [path, status] of [
      ["/", 200],
      ["/contact", 200],
      ["/blog/kubernetes-security", 200],
      ["/newsletter/1", 200],
      ["/no-such-page", 404],
      ["/newsletter/confirm?token=not-a-token", 400],
    ]) {
      const res = await page.goto(path);
      assert.equal(res.status(), status, `GET ${path}`);
      assert.equal(await copyright(page), expected(), `the footer of ${path}`);
    }
  },
);

e2eTest(
  "the footer says this year after a client-side navigation, and on the admin's page (hydrated)",
  async ({ page, adminURL }) => {
    await goto(page, "/");
    await waitForPage(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .click();
    await page.waitForURL("**/blog");
    await waitForPage(page);
    assert.equal(await copyright(page), expected());
    await goto(page, `${adminURL}/admin/newsletter`);
    await waitForPage(page);
    assert.equal(await copyright(page), expected());
  },
);

e2eTest("/terms-of-service is a permanent redirect to /terms-of-use", async ({ page, baseURL }) => {
  for (const path of ["/terms-of-service", "/terms-of-service/", "/terms-of-service?ref=x"]) {
    const res = await fetch(`${baseURL}${path}`, { redirect: "manual" });
    assert.equal(res.status, 301, `GET ${path}`);
    const to = new URL(res.headers.get("location"), baseURL);
    assert.equal(to.pathname, "/terms-of-use", `GET ${path}: Location`);
    assert.equal(to.search, new URL(path, baseURL).search, `GET ${path}: the query is kept`);
  }
  await goto(page, "/terms-of-service");
  assert.equal(new URL(page.url()).pathname, "/terms-of-use");
  await waitForPage(page);
  assert.match(await page.locator("h1").innerText(), /terms of use/i);
});
