// The first visit into a section on a slow link: the page being left stays on screen,
// with a progress cue, until the section can render, instead of a 'Loading…' that
// had replaced it while the URL, title and highlighted link had already moved on.
import assert from "node:assert/strict";
import { routeByUrl } from "../lib/content.mjs";
import { expectH1, goto, holdRequests, mainNav, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

e2eTest(
  "entering the blog on a slow link keeps the old page, with a progress cue, until the blog renders",
  async ({ page }) => {
    // The blog's files are held until the page being left has been looked at: a link as
    // slow as that.
    const release = await holdRequests(page, "**/mf/blog/**");
    await goto(page, "/");
    await waitForPage(page);
    const home = routeByUrl("/").h1;
    await expectH1(page, home);

    const asked = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/mf/blog/"));
    await mainNav(page).getByRole("link", { name: "Blog", exact: true }).click();
    await page.locator("[data-navigating]").waitFor({ state: "attached", timeout: 5_000 });
    await asked; // the app waits for the blog now
    assert.equal(
      await page.getByRole("status").filter({ hasText: "Loading…" }).count(),
      0,
      "a 'Loading…' replaced the page",
    );
    assert.match(
      (await page.locator("main h1").first().innerText()).trim(),
      new RegExp(home.source ?? home),
    );
    assert.equal(await page.locator("main").getAttribute("aria-busy"), "true");

    release();
    await expectH1(page, routeByUrl("/blog").h1);
    await page.locator("[data-navigating]").waitFor({ state: "detached" });
    assert.equal(await page.locator("main").getAttribute("aria-busy"), null);
  },
);
