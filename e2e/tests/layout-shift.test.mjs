// A first visit must not make the page jump: while a route's code (or a remote) loads,
// nothing already painted (the footer, the header) may be pushed around when the page
// content arrives. Cumulative layout shift of the first load at most 0.1 ("good" in
// Core Web Vitals), on a phone-sized screen, cold cache, one route of each kind (shell
// pages, a project, each remote, an article) to keep the suite fast.
import assert from "node:assert/strict";
import { routeByUrl } from "../lib/content.mjs";
import { goto, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const LIMIT = 0.1;
const PATHS = [
  "/",
  "/skills",
  "/projects/1",
  "/contact",
  "/blog",
  "/blog/kubernetes-security",
  "/newsletter",
  "/admin/newsletter",
];

function recordLayoutShifts() {
  window.__e2eShifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__e2eShifts.push({
        value: e.value,
        at: Math.round(e.startTime),
        moved: e.sources.map((s) => {
          const n = s.node;
          const name = n
            ? `<${n.nodeName.toLowerCase()}${n.id ? `#${n.id}` : ""}>`
            : "(removed node)";
          const to =
            s.currentRect.height === 0 ? "out of view" : `y ${Math.round(s.currentRect.y)}`;
          return `${name} from y ${Math.round(s.previousRect.y)} to ${to}`;
        }),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

e2eTest(
  `first load at 412×823 of ${PATHS.join(", ")}: cumulative layout shift ≤ ${LIMIT}`,
  { timeout: 180_000 },
  async ({ suite }) => {
    const report = [];
    for (const route of PATHS.map(routeByUrl)) {
      const context = await suite.browser.newContext({
        baseURL: suite.url,
        viewport: { width: 412, height: 823 },
      });
      try {
        await context.addInitScript(recordLayoutShifts);
        const page = await context.newPage();
        await goto(page, route.url);
        await waitForPage(page);
        // Let late images and fonts land, then flush the observer.
        await page.waitForTimeout(300);
        await page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        const shifts = await page.evaluate(() => window.__e2eShifts);
        const cls = shifts.reduce((a, s) => a + s.value, 0);
        if (cls > LIMIT) {
          report.push(
            `${route.url}: CLS ${cls.toFixed(3)}\n${shifts.map((s) => `    ${s.value.toFixed(3)} at ${s.at} ms: ${s.moved.join(", ")}`).join("\n")}`,
          );
        }
      } finally {
        await context.close();
      }
    }
    assert.ok(report.length === 0, `layout shifts on first load:\n${report.join("\n")}`);
  },
);
