// External links open in a new tab with no opener relationship; the owner's social
// links from content/site.json are there.
import assert from "node:assert/strict";
import { site } from "../lib/content.mjs";
import { externalLinks, goto, isSafeExternal, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

// Every route's external links are checked in routes.test.mjs; here the ones the owner
// configured must exist.
e2eTest(
  "the owner's social links from site.json are on Home and Contact, opening a new tab without opener",
  async ({ page }) => {
    const missing = [];
    for (const path of ["/", "/contact"]) {
      await goto(page, path);
      await waitForPage(page);
      const links = await externalLinks(page);
      for (const s of site.social) {
        const found = links.filter((a) => a.href.replace(/\/$/, "") === s.url.replace(/\/$/, ""));
        if (!found.length) missing.push(`${path}: no link to ${s.label} (${s.url})`);
        for (const a of found)
          if (!isSafeExternal(a))
            missing.push(
              `${path}: ${s.label} link has target=${JSON.stringify(a.target)} rel=${JSON.stringify(a.rel)}`,
            );
      }
    }
    assert.ok(missing.length === 0, missing.join("\n"));
  },
);

e2eTest(
  "the footer has site.json's footer links (RSS Feed → /rss.xml) and '© <this year>'",
  async ({ page }) => {
    await goto(page, "/");
    await waitForPage(page);
    const footer = page.getByRole("contentinfo");
    for (const l of site.footer.links) {
      const link = footer.getByRole("link", { name: l.label, exact: true });
      assert.equal(await link.count(), 1, `footer link "${l.label}" missing`);
      assert.equal(
        new URL(await link.getAttribute("href"), "http://x").pathname,
        l.path,
        `footer link "${l.label}"`,
      );
    }
    const year = new Date().getUTCFullYear();
    assert.match(
      await footer.innerText(),
      new RegExp(`©\\s*${year}`),
      `footer must show '© ${year}'`,
    );
  },
);
