// Routing parity: the 48 URLs of the comparison our own router was proven
// with (docs/decisions/0020-own-router.md), rendered now by react-router
// (docs/decisions/0061-react-router.md), must show what they showed before the switch:
// fixtures/routing-parity.json, recorded with our router's build. For each URL, the
// document the gateway sends (its status, or where it redirects; the prerender's page)
// and the page the app renders when it navigates there from /: the title, the h1, where
// the page's links lead and which navigation link is current.
//
// ROUTING_PARITY_RECORD=<file> also writes what this build renders to <file>, with each
// page's markup: how the fixture was made (its markup left out), and how the one-off
// comparison of the two routers' markup was run (81 renders, identical but for
// react-router's data-discover on links: docs/decisions/0061-react-router.md).
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { E2E_DIR } from "../lib/paths.mjs";
import { documentOf, ROUTING_URLS, settleAt, summarizePage } from "../lib/routing-cases.mjs";
import { e2eTest } from "../lib/suite.mjs";

const FIXTURE = join(E2E_DIR, "tests", "fixtures", "routing-parity.json");
const RECORD = process.env.ROUTING_PARITY_RECORD;
// Recording the fixture itself compares with nothing; recording elsewhere still compares.
const expected =
  RECORD && resolve(RECORD) === FIXTURE ? null : JSON.parse(readFileSync(FIXTURE, "utf8"));
const observed = { documents: {}, app: {} };

/** What the fixture compares: everything but the markup (kept for the one-off comparison). */
const routing = ({ markup: _markup, ...rest }) => rest;

const record = () => {
  if (RECORD) writeFileSync(RECORD, `${JSON.stringify(observed, null, 2)}\n`);
};

e2eTest(
  "the 48 URLs: the document the gateway sends for each routes as before the switch",
  { timeout: 180_000 },
  async ({ page, baseURL }) => {
    for (const url of ROUTING_URLS) {
      const doc = await documentOf(baseURL, url);
      if (doc.status === 200 || doc.status === 404) {
        await page.goto(url);
        await page.waitForFunction(() => document.documentElement.dataset.js === "ready");
        Object.assign(doc, await page.evaluate(summarizePage));
      }
      observed.documents[url] = doc;
    }
    record();
    if (!expected) return;
    for (const url of ROUTING_URLS)
      assert.deepEqual(
        routing(observed.documents[url]),
        routing(expected.documents[url]),
        `document ${url}`,
      );
  },
);

e2eTest(
  "the 48 URLs: the app navigating to each renders what our router rendered",
  { timeout: 180_000 },
  async ({ page }) => {
    // 48 page views in a minute are more than the gateway counts from one reader (429).
    await page.route("**/api/pageviews", (route) => route.fulfill({ status: 204 }));
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.js === "ready");
    for (const url of ROUTING_URLS) {
      // The admin's pages are another origin (docs/decisions/0047): a document load.
      if (/^\/admin(\/|$)/i.test(url)) continue;
      await page.evaluate((to) => {
        history.pushState(null, "", to);
        dispatchEvent(new PopStateEvent("popstate", { state: null }));
      }, url);
      await settleAt(page, url);
      observed.app[url] = await page.evaluate(summarizePage);
    }
    record();
    if (!expected) return;
    for (const url of Object.keys(observed.app))
      assert.deepEqual(routing(observed.app[url]), routing(expected.app[url]), `app ${url}`);
  },
);
