// First-load JavaScript budgets, in gzip bytes of what the build serves: a cold load of
// each public route, every JS file it fetches until the network is idle, each gzipped at
// level 9 (lib/assets.mjs, the same count as make bench). Bytes, not timings: the
// figures follow from the build alone. Before islands (docs/decisions/0040-islands.md) a
// page loaded 81.7-128 kB; since, a public page loads only the entry until a visitor
// acts, and ≤ 15 kB is the budget for what a page runs unasked. The admin, hydrated
// whole, keeps the route budget of 130 kB.
import assert from "node:assert/strict";
import { recordAssets, settlePage, sum } from "../lib/assets.mjs";
import { routes } from "../lib/content.mjs";
import { e2eTest } from "../lib/suite.mjs";

const KB = 1024;
const ROUTE_BUDGET = 130 * KB;
const PUBLIC_PAGE_BUDGET = 15 * KB;

e2eTest(
  `first-load JS (gzip): every public page ≤ ${PUBLIC_PAGE_BUDGET / KB} kB, the admin ≤ ${ROUTE_BUDGET / KB} kB with its section`,
  {
    timeout: 300_000,
  },
  async ({ suite }) => {
    const over = [];
    const report = [];
    for (const route of routes) {
      const context = await suite.browser.newContext({ baseURL: suite.url }); // cold cache
      try {
        const page = await context.newPage();
        // A section that fails to load weighs less: a page measured broken is not measured.
        page.on("console", (m) => {
          if (m.type() === "error") over.push(`${route.url}: ${m.text().split("\n")[0]}`);
        });
        // The admin's page is on its own origin, its files too.
        const rec = recordAssets(page, suite.url, suite.gateway.adminUrl);
        await page.goto(route.url);
        await settlePage(page, route);
        await rec.settle();
        const js = sum(rec.files, "js").gzip;
        const budget = route.url.startsWith("/admin/") ? ROUTE_BUDGET : PUBLIC_PAGE_BUDGET;
        report.push(`${route.url}: ${(js / KB).toFixed(1)} kB`);
        // Every page runs the entry at least: nothing measured is a page not measured.
        if (js === 0) over.push(`${route.url}: no JavaScript measured`);
        if (js > budget)
          over.push(
            `${route.url}: ${(js / KB).toFixed(1)} kB > ${budget / KB} kB (${rec.files
              .filter((f) => f.kind === "js")
              .map((f) => `${f.path} ${(f.gzip / KB).toFixed(1)}`)
              .join(", ")})`,
          );
      } finally {
        await context.close();
      }
    }
    console.log(`first-load JS gzip: ${report.join("; ")}`);
    assert.deepEqual(over, []);
  },
);
