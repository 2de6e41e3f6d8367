// Navigations animate as the browser's own do (docs/decisions/0062-speculation-rules.md):
// a page a link loads fades in over the one left (a cross-document view transition, the
// shell's stylesheet opts in), and so does a page the app renders (React starts a
// same-document one). A reader who asks for less motion gets neither animation, and no
// navigation shifts the layout. What the browser did is read from the browser: the
// `pagereveal` event's viewTransition, the animations of the ::view-transition
// pseudo-elements, the layout-shift entries.
import assert from "node:assert/strict";
import { routeByUrl } from "../lib/content.mjs";
import { eventually, expectH1, goto, mainNav, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

/**
 * In every document: whether it was revealed by a view transition, each same-document
 * transition started with the number of pseudo-element animations it ran, and the
 * layout shifts not caused by input.
 */
function observeTransitions() {
  window.__vt = { revealedByTransition: null, started: [], shift: 0 };
  addEventListener("pagereveal", (e) => {
    window.__vt.revealedByTransition = !!e.viewTransition;
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (!entry.hadRecentInput) window.__vt.shift += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  const start = document.startViewTransition?.bind(document);
  if (!start) return;
  document.startViewTransition = (...args) => {
    const transition = start(...args);
    const record = { animations: null };
    window.__vt.started.push(record);
    transition.ready
      .then(() => {
        record.animations = document
          .getAnimations()
          .filter((a) => a.effect?.pseudoElement?.startsWith("::view-transition")).length;
      })
      .catch(() => {
        record.animations = 0; // skipped: nothing animated
      });
    return transition;
  };
}

const vt = (page) => page.evaluate(() => window.__vt);

for (const motion of ["no-preference", "reduce"]) {
  const animated = motion === "no-preference";
  e2eTest(
    `prefers-reduced-motion: ${motion}: a document load ${animated ? "and an app navigation fade" : "and an app navigation swap without animating"}, and shift nothing`,
    { context: { reducedMotion: motion } },
    async ({ page }) => {
      await page.addInitScript(observeTransitions);
      await goto(page, "/");
      await waitForPage(page);

      // A document navigation the page starts (as a link the browser follows does).
      await Promise.all([
        page.waitForURL("**/resume"),
        page.evaluate(() => window.location.assign("/resume")),
      ]);
      await expectH1(page, routeByUrl("/resume").h1);
      await waitForPage(page);
      await eventually(async () =>
        assert.equal(
          (await vt(page)).revealedByTransition,
          animated,
          "revealed by a cross-document view transition",
        ),
      );

      // The app: the first click takes the page over, the next is the router's.
      for (const [label, path] of [
        ["Skills", "/skills"],
        ["Talks", "/talks"],
      ]) {
        await mainNav(page).getByRole("link", { name: label, exact: true }).click();
        await expectH1(page, routeByUrl(path).h1);
      }
      const state = await eventually(async () => {
        const s = await vt(page);
        assert.ok(s.started.length > 0, "the app started a view transition");
        assert.ok(
          s.started.every((t) => t.animations !== null),
          "every transition is ready",
        );
        return s;
      });
      const animations = state.started.map((t) => t.animations);
      if (animated)
        assert.ok(
          animations.some((n) => n > 0),
          `the app's navigation animated: ${animations}`,
        );
      else
        assert.deepEqual(
          animations.filter((n) => n > 0),
          [],
          "nothing animated",
        );
      assert.equal(state.shift, 0, "layout shift");
    },
  );
}
