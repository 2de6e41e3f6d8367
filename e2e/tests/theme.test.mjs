// Theme: default 'system' (follows the OS live), the button cycles light → dark → system
// on a dark OS (from system the theme the OS is not, first: docs/decisions/0055),
// the choice is kept in localStorage['vite-ui-theme'] and applied before first paint.
import assert from "node:assert/strict";
import { axeViolations } from "../lib/axe.mjs";
import { eventually, goto, themeButton, themeState, waitForPage } from "../lib/page.mjs";
import { e2eTest } from "../lib/suite.mjs";

async function expectTheme(page, { resolved, choice, stored }, when) {
  await eventually(
    async () => {
      const s = await themeState(page);
      assert.equal(s.resolved, resolved, `${when}: <html> class should be "${resolved}"`);
      assert.equal(s.choice, choice, `${when}: <html data-theme-choice> should be "${choice}"`);
      if (stored !== undefined) {
        if (Array.isArray(stored))
          assert.ok(
            stored.includes(s.stored),
            `${when}: localStorage['vite-ui-theme'] is ${JSON.stringify(s.stored)}, expected one of ${JSON.stringify(stored)}`,
          );
        else assert.equal(s.stored, stored, `${when}: localStorage['vite-ui-theme']`);
      }
    },
    { timeout: 3000 },
  );
}

async function expectButtonSays(page, choice) {
  const name = await themeButton(page).evaluate(
    (el) => el.getAttribute("aria-label") ?? el.textContent,
  );
  assert.match(name, new RegExp(`^Theme: ${choice}\\b`), `theme button's name: "${name}"`);
}

e2eTest(
  'with no stored choice the theme is "system" and follows the OS scheme live',
  { context: { colorScheme: "dark" } },
  async ({ page }) => {
    await goto(page, "/");
    await waitForPage(page);
    await expectTheme(
      page,
      { resolved: "dark", choice: "system", stored: [null, "system"] },
      "first visit, OS dark",
    );
    await expectButtonSays(page, "system");

    await page.emulateMedia({ colorScheme: "light" });
    await expectTheme(page, { resolved: "light", choice: "system" }, "OS switched to light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectTheme(page, { resolved: "dark", choice: "system" }, "OS switched back to dark");
  },
);

e2eTest(
  "the theme button cycles light → dark → system → light, updating <html> and localStorage",
  { context: { colorScheme: "dark" } },
  async ({ page }) => {
    await goto(page, "/");
    await waitForPage(page);
    await expectTheme(page, { resolved: "dark", choice: "system" }, "start");

    await themeButton(page).click();
    await expectTheme(page, { resolved: "light", choice: "light", stored: "light" }, "1st press");
    await expectButtonSays(page, "light");

    await themeButton(page).click();
    await expectTheme(page, { resolved: "dark", choice: "dark", stored: "dark" }, "2nd press");
    await expectButtonSays(page, "dark");

    await themeButton(page).click();
    await expectTheme(
      page,
      { resolved: "dark", choice: "system", stored: "system" },
      "3rd press (OS dark)",
    );
    await expectButtonSays(page, "system");
    await page.emulateMedia({ colorScheme: "light" });
    await expectTheme(
      page,
      { resolved: "light", choice: "system", stored: "system" },
      "3rd press, then OS light",
    );
    await page.emulateMedia({ colorScheme: "dark" });

    await themeButton(page).click();
    await expectTheme(page, { resolved: "light", choice: "light", stored: "light" }, "4th press");
    await expectButtonSays(page, "light");
  },
);

/** Records <html>'s theme the moment <body> exists: before anything can be painted. */
function recordThemeAtBody() {
  const take = () => {
    if (window.__e2eThemeAtBody || !document.body) return;
    window.__e2eThemeAtBody = {
      className: document.documentElement.className,
      choice: document.documentElement.getAttribute("data-theme-choice"),
    };
  };
  new MutationObserver(take).observe(document, { childList: true, subtree: true });
}

/** Scripts allowed to run before first paint: classic, parser-blocking <script src> in <head>. */
async function prePaintScripts(baseURL) {
  const html = await (await fetch(`${baseURL}/`)).text();
  const head = html.split(/<body[\s>]/i)[0];
  const allowed = new Set();
  for (const [, attrs] of head.matchAll(/<script\b([^>]*)>/gi)) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (!src) continue;
    if (/\b(async|defer)\b/i.test(attrs) || /type\s*=\s*["']?module/i.test(attrs)) continue;
    allowed.add(new URL(src, `${baseURL}/`).pathname);
  }
  return allowed;
}

e2eTest(
  "the choice survives a reload and is on <html> before any app script runs (no flash)",
  {
    context: { colorScheme: "light" },
    // The app bundles are blocked on purpose in the second half.
    allowConsoleErrors: [
      /ERR_BLOCKED_BY_CLIENT|Failed to load resource|Loading chunk|RUNTIME-|module federation/i,
    ],
    allowPageErrors: [() => true],
  },
  async ({ page, context, baseURL }) => {
    await context.addInitScript(recordThemeAtBody);
    await goto(page, "/");
    await waitForPage(page);
    await themeButton(page).click(); // on a light OS, system → dark (docs/decisions/0055)
    await expectTheme(page, { resolved: "dark", choice: "dark", stored: "dark" }, "chosen dark");

    await page.reload();
    await waitForPage(page);
    await expectTheme(page, { resolved: "dark", choice: "dark", stored: "dark" }, "after reload");
    await expectButtonSays(page, "dark");
    const atBody = await page.evaluate(() => window.__e2eThemeAtBody);
    assert.ok(atBody, "did not observe <body> being created");
    assert.match(
      atBody.className,
      /\bdark\b/,
      `when <body> was created <html class> was "${atBody.className}" (flash of the wrong theme)`,
    );

    // Now with every app script blocked: only the pre-paint theme script (inline, or a
    // classic script in <head>) may run.
    const allowed = await prePaintScripts(baseURL);
    const blocked = [];
    await page.route("**/*", (route) => {
      const req = route.request();
      const { pathname } = new URL(req.url());
      if (req.resourceType() === "script" && !allowed.has(pathname)) {
        blocked.push(pathname);
        return route.abort("blockedbyclient");
      }
      return route.continue();
    });

    const cases = [
      { choice: "dark", os: "light", resolved: "dark" },
      { choice: "light", os: "dark", resolved: "light" },
      { choice: "system", os: "dark", resolved: "dark" },
      { choice: "system", os: "light", resolved: "light" },
    ];
    for (const c of cases) {
      await page.evaluate((v) => localStorage.setItem("vite-ui-theme", v), c.choice);
      await page.emulateMedia({ colorScheme: c.os });
      blocked.length = 0;
      await page.reload({ waitUntil: "load" });
      // The entry is asked for once the page is painted (docs/decisions/0067), maybe after
      // its load event.
      await eventually(() =>
        assert.ok(
          blocked.length > 0,
          "no app script was blocked: the test could not isolate the pre-paint script",
        ),
      );
      const s = await themeState(page);
      assert.equal(
        s.resolved,
        c.resolved,
        `choice ${c.choice}, OS ${c.os}, app scripts blocked (${blocked.join(", ")}): <html> class should be "${c.resolved}" from the pre-paint script`,
      );
      assert.equal(
        s.choice,
        c.choice,
        `choice ${c.choice}, OS ${c.os}, app scripts blocked: data-theme-choice`,
      );
    }
    await page.unroute("**/*");
  },
);

e2eTest(
  "the dark theme is for the screen: printed, a dark page has the light tokens (white paper)",
  { context: { colorScheme: "dark" } },
  async ({ page }) => {
    await goto(page, "/contact");
    await waitForPage(page);
    await expectTheme(page, { resolved: "dark", choice: "system" }, "OS dark");
    const colors = () =>
      page.evaluate(() => {
        const body = getComputedStyle(document.body);
        const input = document.querySelector("main input[name=name]");
        return {
          background: body.backgroundColor,
          text: body.color,
          input: input && getComputedStyle(input).borderTopColor,
        };
      });
    // The tokens: dark #09090b, #fafafa, input #3f3f46; light #ffffff, #0a0a0b, #d4d4d8.
    assert.deepEqual(await colors(), {
      background: "rgb(9, 9, 11)",
      text: "rgb(250, 250, 250)",
      input: "rgb(63, 63, 70)",
    });
    await page.emulateMedia({ media: "print" });
    // Eventually: the field's border colour has a transition.
    await eventually(async () =>
      assert.deepEqual(await colors(), {
        background: "rgb(255, 255, 255)",
        text: "rgb(10, 10, 11)",
        input: "rgb(212, 212, 216)",
      }),
    );
  },
);

// Without JavaScript no script puts the theme on <html>: the CSS follows the OS's scheme
// itself, on the shell's pages and the sections' alike, code blocks
// included, and axe finds nothing in either scheme. (axe is a script, and a page without
// JavaScript runs no timer: it checks a copy of each page served without its scripts.)
for (const scheme of ["dark", "light"]) {
  e2eTest(
    `without JavaScript on a ${scheme} OS the pages are ${scheme}, and axe finds nothing`,
    { timeout: 120_000, context: { javaScriptEnabled: false, colorScheme: scheme } },
    async ({ page, suite }) => {
      const want =
        scheme === "dark"
          ? {
              body: "rgb(9, 9, 11)",
              text: "rgb(250, 250, 250)",
              code: "rgb(13, 17, 23)",
              scheme: "dark",
            }
          : {
              body: "rgb(255, 255, 255)",
              text: "rgb(10, 10, 11)",
              code: "rgb(255, 255, 255)",
              scheme: "light",
            };
      const colours = (p) =>
        p.evaluate(() => {
          const pre = document.querySelector("#main pre");
          return {
            theme: document.documentElement.className,
            body: getComputedStyle(document.body).backgroundColor,
            text: getComputedStyle(document.body).color,
            code: pre ? getComputedStyle(pre).backgroundColor : null,
            scheme: getComputedStyle(document.documentElement).colorScheme,
          };
        });
      const scriptless = await suite.browser.newContext({
        baseURL: suite.url,
        colorScheme: scheme,
      });
      try {
        const copy = await scriptless.newPage();
        await copy.route("**/*", async (route) => {
          if (route.request().resourceType() !== "document") return route.continue();
          const res = await route.fetch();
          const body = (await res.text()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
          return route.fulfill({ response: res, body });
        });
        for (const path of [
          "/",
          "/contact",
          "/blog/kubernetes-security",
          "/newsletter/2",
          "/newsletter",
        ]) {
          await goto(page, path);
          const seen = await colours(page);
          assert.deepEqual(
            seen,
            { theme: "", ...want, code: seen.code === null ? null : want.code },
            `${path} without JavaScript, OS ${scheme}`,
          );
          await goto(copy, path);
          assert.deepEqual(await colours(copy), seen, `${path} without its scripts, OS ${scheme}`);
          assert.deepEqual(await axeViolations(copy, `${path}, OS ${scheme}, no JavaScript`), []);
        }
      } finally {
        await scriptless.close();
      }
    },
  );
}

// The first tap must change what is shown: from 'system' the button
// goes to the theme the OS is not (docs/decisions/0055-theme-cycle-from-what-is-shown.md).
for (const os of ["light", "dark"]) {
  const other = os === "light" ? "dark" : "light";
  e2eTest(
    `on a ${os} OS the first tap shows the ${other} theme, and the cycle still reaches every choice`,
    { context: { colorScheme: os } },
    async ({ page }) => {
      await goto(page, "/");
      await waitForPage(page);
      const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const before = await background();
      await expectTheme(page, { resolved: os, choice: "system" }, "start");
      await expectButtonSays(page, "system");
      assert.match(
        await themeButton(page).getAttribute("aria-label"),
        new RegExp(`^Theme: system\\. Switch to ${other}$`),
      );

      await themeButton(page).click();
      await expectTheme(page, { resolved: other, choice: other, stored: other }, "1st tap");
      await eventually(async () => assert.notEqual(await background(), before, "1st tap"));
      await themeButton(page).click();
      await expectTheme(page, { resolved: os, choice: os, stored: os }, "2nd tap");
      await eventually(async () => assert.equal(await background(), before, "2nd tap"));
      await themeButton(page).click();
      await expectTheme(page, { resolved: os, choice: "system", stored: "system" }, "3rd tap");
    },
  );
}
