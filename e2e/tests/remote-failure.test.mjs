// A remote that cannot be loaded must not take the site down: a page of it loaded
// directly stays readable as the gateway prerendered it, with a small notice that its
// interactive parts are unavailable; reached from elsewhere, its section shows the
// contract's fallback inside the page frame; everything else keeps working, and
// 'Try again' loads the section once it is back, without a full reload.
import assert from "node:assert/strict";
import { routeByUrl } from "../lib/content.mjs";
import {
  countDocumentLoads,
  eventually,
  expectH1,
  expectMarker,
  goto,
  mainNav,
  pathOf,
  setMarker,
  waitForPage,
} from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

const BLOG = "**/mf/blog/**";

async function expectFallback(page) {
  const alert = page.getByRole("alert").filter({ hasText: "This section could not be loaded" });
  try {
    await alert.waitFor({ state: "visible", timeout: 10_000 });
  } catch (err) {
    const shown = await page.evaluate(() => ({
      h1: [...document.querySelectorAll("h1")].map((e) => e.textContent),
      main: document.querySelector("main")?.innerText.slice(0, 300),
    }));
    err.message = `${pathOf(page)}: expected role=alert 'This section could not be loaded'; page shows ${JSON.stringify(shown)}\n${err.message}`;
    throw err;
  }
  assert.ok(
    await alert.getByRole("button", { name: "Try again", exact: true }).isVisible(),
    "the fallback has no visible 'Try again' button",
  );
  // Inside the page frame.
  assert.equal(
    await page
      .locator("main#main [role=alert]")
      .filter({ hasText: "This section could not be loaded" })
      .count(),
    1,
    'the fallback must sit inside <main id="main">',
  );
  assert.equal(await page.getByRole("banner").count(), 1, "header missing next to the fallback");
  assert.equal(
    await page.getByRole("contentinfo").count(),
    1,
    "footer missing next to the fallback",
  );
  assert.ok(await mainNav(page).isVisible(), "the main nav must stay usable next to the fallback");
  return alert;
}

/** The page as prerendered, kept, with the notice and its 'Try again'. */
async function expectKept(page, path) {
  const notice = page
    .getByRole("status")
    .filter({ hasText: "Interactive parts of this page are unavailable right now." });
  await notice.waitFor({ state: "visible", timeout: 10_000 });
  await expectH1(page, routeByUrl(path).h1);
  assert.equal(
    await page.getByRole("alert").filter({ hasText: "This section could not be loaded" }).count(),
    0,
    "the readable page was replaced by the fallback",
  );
  assert.ok(await mainNav(page).isVisible(), "the main nav must stay usable");
  return notice;
}

async function clickNav(page, label, path) {
  await mainNav(page).getByRole("link", { name: label, exact: true }).click();
  await page.waitForURL((u) => u.pathname === path);
  await expectH1(page, routeByUrl(path).h1);
}

// Loading a remote that is down is logged to the console by the browser, the MF runtime
// and React's error boundary: expected here. Uncaught exceptions are still failures.
const expectedNoise = { allowConsoleErrors: [() => true] };

for (const [how, block] of [
  ["aborted", (route) => route.abort("failed")],
  [
    "answered 500",
    (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
  ],
]) {
  e2eTest(
    `blog remote ${how}: /blog stays readable with a notice, the rest of the site works, 'Try again' recovers without reload`,
    expectedNoise,
    async ({ page, context }) => {
      await context.route(BLOG, block);

      // Loaded directly, /blog is its prerendered HTML and needs none of the blog's code
      // (it has no islands): readable, nothing to say is missing.
      const scripts = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
      await goto(page, "/blog", { status: 200 });
      await expectH1(page, routeByUrl("/blog").h1);
      assert.deepEqual(
        scripts.filter((u) => u.includes("/mf/")),
        [],
        "a static page of a remote section loaded federation code",
      );
      assert.equal(await page.getByText("Interactive parts of this page").count(), 0);
      const marker = await setMarker(page);
      const loads = countDocumentLoads(page);

      // The nav still works, to shell pages and to another remote.
      await clickNav(page, "Home", "/");
      await clickNav(page, "Newsletter", "/newsletter");
      await expectMarker(page, marker, "navigating away from the fallback");

      // Back to the broken section by the nav: the app now needs the blog's code, which
      // fails; the page the document was loaded on is kept, with the notice.
      await mainNav(page).getByRole("link", { name: "Blog", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/blog");
      const notice = await expectKept(page, "/blog");

      // The remote comes back; 'Try again' loads it in place.
      await context.unroute(BLOG);
      await notice.getByRole("button", { name: "Try again", exact: true }).click();
      await expectH1(page, routeByUrl("/blog").h1);
      await eventually(async () =>
        assert.equal(
          await page
            .getByRole("alert")
            .filter({ hasText: "This section could not be loaded" })
            .count(),
          0,
          "the fallback is still shown after a successful retry",
        ),
      );
      await eventually(async () =>
        assert.equal(
          await page.getByText("Interactive parts of this page are unavailable right now.").count(),
          0,
          "the notice is still shown after a successful retry",
        ),
      );
      await expectMarker(page, marker, "'Try again'");
      assert.equal(loads.count, 0, `the document was reloaded: ${loads.urls.join(", ")}`);
    },
  );

  e2eTest(
    `blog remote ${how}: fresh loads of /, /newsletter and /talks still render`,
    expectedNoise,
    async ({ page, context }) => {
      await context.route(BLOG, block);
      for (const path of ["/", "/newsletter", "/talks"]) {
        await goto(page, path, { status: 200 });
        await expectH1(page, routeByUrl(path).h1);
      }
      // Reaching the broken section from a working page shows the fallback, not a blank page.
      await mainNav(page).getByRole("link", { name: "Blog", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/blog");
      await expectFallback(page);
      await clickNav(page, "Talks", "/talks");
    },
  );
}

e2eTest(
  "newsletter remote down: /newsletter stays readable; using its form says its interactive parts are unavailable, 'Try again' hydrates it",
  expectedNoise,
  async ({ page, context }) => {
    await context.route("**/mf/newsletter/**", (route) => route.abort("failed"));
    await goto(page, "/newsletter", { status: 200 });
    await waitForPage(page);
    await expectH1(page, routeByUrl("/newsletter").h1);
    // The form's island hydrates when the visitor starts on it: its code cannot load.
    await page.getByRole("textbox", { name: /email/i }).click();
    const notice = await expectKept(page, "/newsletter");
    await context.unroute("**/mf/newsletter/**");
    await notice.getByRole("button", { name: "Try again", exact: true }).click();
    await page.locator('[data-island="newsletter:subscribe"][data-hydrated]').waitFor();
    assert.equal(await page.getByText("Interactive parts of this page are unavailable").count(), 0);
  },
);
