// axe-core finds no violations on any route, in the light and the dark theme.
import assert from "node:assert/strict";
import { AxeBuilder } from "@axe-core/playwright";
import { routes } from "../lib/content.mjs";
import { goto, themeState, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

function formatViolations(path, violations) {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `      ${n.target.join(" ")}\n        ${n.html.replace(/\s+/g, " ").slice(0, 160)}\n        ${(n.failureSummary ?? "").replace(/\n\s*/g, " | ")}`,
        )
        .join("\n");
      const more = v.nodes.length > 5 ? `\n      …and ${v.nodes.length - 5} more` : "";
      return `  ${path} [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join("\n");
}

for (const theme of ["light", "dark"]) {
  e2eTest(
    `axe: no violations on any route in the ${theme} theme`,
    {
      timeout: 300_000, // ~1-2 s per route and theme when the machine is idle; far more when it is not
      context: { colorScheme: theme, reducedMotion: "reduce" },
    },
    async ({ page, context }) => {
      await context.addInitScript((t) => {
        try {
          localStorage.setItem("vite-ui-theme", t);
        } catch {
          /* ignore */
        }
      }, theme);
      const report = [];
      for (const route of [...routes, { url: "/no-such-page", status: 404 }]) {
        await goto(page, route.url, { status: route.status ?? 200 });
        await waitForPage(page);
        await page.evaluate(() => document.fonts?.ready);
        const s = await themeState(page);
        assert.equal(s.resolved, theme, `${route.url}: expected the ${theme} theme on <html>`);
        // Speed, same findings: legacy mode runs axe.run() in the page itself (the site has
        // no iframes) instead of opening an extra blank page for finishRun, and
        // resultTypes limits the detail collected for passing/incomplete rules.
        const { violations } = await new AxeBuilder({ page })
          .setLegacyMode()
          .options({ resultTypes: ["violations"] })
          .analyze();
        if (violations.length) report.push(formatViolations(route.url, violations));
      }
      assert.equal(report.length, 0, `axe violations in the ${theme} theme:\n${report.join("\n")}`);
    },
  );
}
