// The HTML of every page, as the build prerenders it and as the gateway serves it
// composed: no id that starts with a digit or repeats, no class listed twice in one
// attribute, and no two landmarks of a kind (articles, navs, regions…) that a screen
// reader's list could not tell apart (lib/html-checks.mjs).
import assert from "node:assert/strict";
import { htmlProblems, prerenderedPages } from "../lib/html-checks.mjs";
import { e2eTest } from "../lib/suite.mjs";

/** At most this many problems are listed in a failure; the count says the rest. */
const SHOWN = 40;

function assertNone(problems, what) {
  assert.equal(
    problems.length,
    0,
    `${problems.length} problem(s) in ${what}:\n${problems.slice(0, SHOWN).join("\n")}${
      problems.length > SHOWN ? `\n… and ${problems.length - SHOWN} more` : ""
    }`,
  );
}

e2eTest("every prerendered page of the build is valid HTML in these ways", async ({ page }) => {
  const pages = prerenderedPages();
  // The shell's pages, an article, the editions and the 404s: the build made them.
  assert.ok(pages.length >= 40, `only ${pages.length} prerendered pages`);
  assertNone(await htmlProblems(page, pages), "apps/*/dist/prerender");
});

e2eTest(
  "every page the gateway serves, composed, is valid HTML in these ways",
  { timeout: 120_000 },
  async ({ page, suite }) => {
    const sitemap = await (await fetch(new URL("/sitemap.xml", suite.url))).text();
    const paths = [
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname),
      "/search",
      "/admin/newsletter",
      "/no-such-page",
      "/blog/no-such-post",
      "/projects/99",
      "/newsletter/99",
    ];
    const pages = [];
    for (const path of new Set(paths)) {
      const res = await fetch(new URL(path, suite.url));
      assert.ok([200, 404].includes(res.status), `GET ${path}: ${res.status}`);
      pages.push({ name: path, html: await res.text() });
    }
    assert.ok(pages.length >= 46, `only ${pages.length} pages`);
    assertNone(await htmlProblems(page, pages), "the gateway's pages");
  },
);
