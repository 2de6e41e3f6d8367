// The shared harness for every browser test: one gateway and one browser for the whole
// run (lazily started by the first test, torn down by a root-level `after`), a fresh
// browser context per test, and a test fails on any uncaught page error or console error
// unless the test declares it expected.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { launchBrowser } from "./browser.mjs";
import { startGateway } from "./gateway.mjs";
import { assertBuilt } from "./paths.mjs";

// Fail fast, once, with the fix in the message, instead of every test failing alike.
try {
  assertBuilt();
} catch (err) {
  process.stderr.write(`\n@portfolio/e2e: cannot run the browser suite.\n${err.message}\n\n`);
  process.exit(1);
}

let suitePromise = null;

/** @returns {Promise<{ url: string, gateway: Awaited<ReturnType<typeof startGateway>>, browser: import('playwright-core').Browser }>} */
export function getSuite() {
  suitePromise ??= (async () => {
    const gateway = await startGateway(); // throws "run make build" when nothing is built
    try {
      const browser = await launchBrowser();
      return { url: gateway.url, gateway, browser };
    } catch (err) {
      await gateway.stop();
      throw err;
    }
  })();
  // A start-up failure is reported by the first test; the others say so briefly.
  suitePromise.catch(() => {});
  return suitePromise;
}

// Registered at module evaluation (top level of the first test file that imports this),
// so it belongs to the root and runs once after every test of every file.
after(async () => {
  if (!suitePromise) return;
  const s = await suitePromise.catch(() => null);
  if (!s) return;
  await s.browser.close().catch(() => {});
  await s.gateway.stop();
});

/** Records CSP violations the page sees (runs before any page script). */
function recordCspViolations() {
  window.__e2eCsp = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__e2eCsp.push({
      directive: e.effectiveDirective || e.violatedDirective,
      blocked: e.blockedURI,
      source: e.sourceFile,
      line: e.lineNumber,
      sample: e.sample,
    });
  });
}

const matches = (rule, problem) =>
  typeof rule === "function" ? rule(problem) : rule.test(`${problem.text} @ ${problem.url}`);

const formatProblems = (list) =>
  list
    .map((p) => `  - [${p.kind}] ${p.text}${p.url ? ` (at ${p.url})` : ""} on page ${p.page}`)
    .join("\n");

/**
 * Declares a browser test.
 * @param {string} name
 * @param {{
 *   context?: import('playwright-core').BrowserContextOptions,
 *   allowConsoleErrors?: (RegExp | ((p: {kind:string,text:string,url:string}) => boolean))[],
 *   allowPageErrors?: (RegExp | ((p: {kind:string,text:string,url:string}) => boolean))[],
 *   timeout?: number, skip?: boolean|string, only?: boolean, todo?: boolean|string,
 * } | Function} opts
 * @param {(f: { t: import('node:test').TestContext, page: import('playwright-core').Page,
 *   context: import('playwright-core').BrowserContext, baseURL: string, adminURL: string,
 *   problems: {kind:string,text:string,url:string,page:string}[],
 *   suite: Awaited<ReturnType<typeof getSuite>> }) => Promise<void>} [fn]
 */
export function e2eTest(name, opts, fn) {
  if (typeof opts === "function") [fn, opts] = [opts, {}];
  const {
    context: contextOptions = {},
    allowConsoleErrors = [],
    allowPageErrors = [],
    timeout = 60_000,
    ...testOptions
  } = opts;

  test(name, { timeout, ...testOptions }, async (t) => {
    const suite = await getSuite();
    const context = await suite.browser.newContext({
      baseURL: suite.url,
      viewport: { width: 1280, height: 800 },
      ...contextOptions,
    });
    context.setDefaultTimeout(10_000);
    context.setDefaultNavigationTimeout(15_000);
    await context.addInitScript(recordCspViolations);

    const problems = [];
    const watch = (page) => {
      page.on("pageerror", (err) =>
        problems.push({
          kind: "pageerror",
          text: String(err?.stack || err),
          url: "",
          page: page.url(),
        }),
      );
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        problems.push({
          kind: "console.error",
          text: msg.text(),
          url: msg.location()?.url ?? "",
          page: page.url(),
        });
      });
    };
    context.on("page", watch);
    const page = await context.newPage();

    let failure = null;
    try {
      await fn({
        t,
        page,
        context,
        baseURL: suite.url,
        adminURL: suite.gateway.adminUrl, // the admin's own origin (docs/decisions/0047)
        problems,
        suite,
      });
    } catch (err) {
      failure = err;
    } finally {
      await context.close().catch(() => {});
    }

    const unexpected = problems.filter(
      (p) =>
        // Chromium logs a document answered 404 as a console error; tests assert statuses themselves.
        !(p.kind === "console.error" && /status of 404/.test(p.text) && p.url === p.page) &&
        // A page still open when its test has stopped its own gateway sends its vitals
        // (docs/decisions/0059) as the context closes, to nobody: not the page's error.
        !(
          p.kind === "console.error" &&
          /ERR_CONNECTION_REFUSED/.test(p.text) &&
          new URL(p.url || "about:blank", "http://x").pathname === "/api/vitals"
        ) &&
        (p.kind === "pageerror"
          ? !allowPageErrors.some((r) => matches(r, p))
          : !allowConsoleErrors.some((r) => matches(r, p))),
    );
    if (failure) {
      if (unexpected.length) {
        const wrapped = new Error(
          `${failure?.message ?? failure}\n\nBrowser errors seen during this test:\n${formatProblems(unexpected)}`,
        );
        wrapped.stack = `${wrapped.message}\n${String(failure?.stack ?? "")
          .split("\n")
          .filter((l) => /^\s+at /.test(l))
          .join("\n")}`;
        throw wrapped;
      }
      throw failure;
    }
    assert.equal(
      unexpected.length,
      0,
      `the page reported ${unexpected.length} error(s):\n${formatProblems(unexpected)}`,
    );
  });
}
