#!/usr/bin/env node
// make bench: what the browser downloads on first load of every route (JS and CSS:
// count, raw bytes, gzip bytes, bytes on the wire), the extra bytes each remote section
// costs beyond the shell; on an emulated phone with 4× CPU throttling, the first tap's
// time to screen (menu, theme, link; at load and 3 s later) and the JavaScript run in
// the first 5 s (bench/interaction.mjs); and Lighthouse (median of 3 runs, mobile and
// desktop) for every route and for its no-JavaScript copy, with LCP(page) / LCP(copy).
// It reports numbers and never fails on timings. Builds nothing itself.
//
//   node bench/run.mjs [--no-lighthouse] [--lighthouse-only] [--no-taps] [--taps-only]
//                      [--lh-routes=/,/blog] [--tap-routes=/,/resume] [--runs=3]
//                      [--modes=mobile] [--tap-phases]
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { recordAssets, settlePage, sum } from "../lib/assets.mjs";
import { CHROMIUM_FLAGS, launchBrowser } from "../lib/browser.mjs";
import { routes } from "../lib/content.mjs";
import { passwordHash, startGateway } from "../lib/gateway.mjs";
import { assertBuilt, CHROMIUM_PATH, E2E_DIR } from "../lib/paths.mjs";
import {
  AFTER_LOAD_MS,
  CPU_SLOWDOWN,
  JS_WINDOW_MS,
  KINDS,
  launchTapBrowser,
  MOBILE_NETWORK,
  measureScripts,
  measureTaps,
  NO_RESPONSE_MS,
  PHONE,
  STATIC_JS_TARGET_BYTES,
  TAP_TARGET_MS,
  WHEN,
} from "./interaction.mjs";
import { startNoJsCopies } from "./nojs-copy.mjs";
import { measureTakeover } from "./takeover.mjs";
import { MILESTONES } from "./tap-phases.mjs";

const args = new Set(process.argv.slice(2).filter((a) => !a.includes("=")));
const opt = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((a) => a.includes("="))
    .map((a) => a.replace(/^--/, "").split("=")),
);
// Every route (routes.json with /projects/1, and each published article) unless
// --lh-routes names some; --runs=N runs per route, mode and variant (median reported).
// Besides the table's routes, a page of each kind made from content: a tag's page and an
// edition's page.
const CONTENT_PAGES = ["/blog/tags/kubernetes", "/newsletter/1"];
const LH_ROUTES = opt["lh-routes"]
  ? opt["lh-routes"].split(",")
  : [...routes.map((r) => r.url), ...CONTENT_PAGES];
const RUNS = Number(opt.runs ?? 3);
// --modes=mobile runs Lighthouse's mobile configuration only (both by default).
const MODES = opt.modes ? opt.modes.split(",") : ["mobile", "desktop"];
// The taps and the first 5 s of JavaScript: every route and the content pages above
// unless --tap-routes names some.
const contentRoute = (url) => ({ url, path: url, section: url.split("/")[1], h1: /\S/ });
const TAP_ROUTE_LIST = [...routes, ...CONTENT_PAGES.map(contentRoute)];
const TAP_ROUTES = opt["tap-routes"]
  ? opt["tap-routes"].split(",").map((u) => {
      const r = TAP_ROUTE_LIST.find((x) => x.url === u);
      if (!r)
        throw new Error(
          `--tap-routes: no route ${u} (routes: ${TAP_ROUTE_LIST.map((x) => x.url)})`,
        );
      return r;
    })
  : TAP_ROUTE_LIST;
// The three cases of first taps (--tap-cases=speculation,network,fallback, all by
// default): the site as served, with speculation rules; the same over Lighthouse's
// simulated mobile network; and a browser without speculation rules (the gateway sends
// none, so the page's entry starts the app for the first link, as it does in a browser
// that has no such API).
const TAP_CASES = (opt["tap-cases"] ?? "speculation,network,fallback").split(",");
// --tap-kinds=link measures only some of the taps (menu, theme, link: all by default).
const TAP_KINDS = opt["tap-kinds"] ? opt["tap-kinds"].split(",") : KINDS;
// --tap-phases traces every link tap and adds where its time went (bench/tap-phases.mjs).
const TAP_PHASES = args.has("--tap-phases");
// --lh-without-speculation runs Lighthouse against the gateway that sends no rules.
const LH_WITHOUT_SPECULATION = args.has("--lh-without-speculation");
const ONLY_TAPS = args.has("--taps-only");
const RUN_ASSETS = !ONLY_TAPS && !args.has("--lighthouse-only");
const RUN_TAPS = !args.has("--no-taps") && !args.has("--lighthouse-only");
const RUN_LIGHTHOUSE = !ONLY_TAPS && !args.has("--no-lighthouse");

const kB = (n) => (n / 1024).toFixed(1);
const pad = (s, n, right = false) => (right ? String(s).padEnd(n) : String(s).padStart(n));

function table(headers, rows, leftCols = 1) {
  const widths = headers.map((h, i) =>
    Math.max(String(h).length, ...rows.map((r) => String(r[i]).length)),
  );
  const line = (cells) => cells.map((c, i) => pad(c, widths[i], i < leftCols)).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

async function measureAssets(browser, baseURL, adminURL) {
  const perRoute = [];
  for (const route of routes) {
    const context = await browser.newContext({ baseURL }); // cold cache every time
    const page = await context.newPage();
    const rec = recordAssets(page, baseURL, adminURL); // the admin is on its own origin
    const res = await page.goto(route.url);
    await settlePage(page, route);
    await rec.settle();
    perRoute.push({
      route: route.url,
      section: route.section,
      status: res?.status() ?? null,
      files: rec.files,
      js: sum(rec.files, "js"),
      css: sum(rec.files, "css"),
    });
    await context.close();
  }

  // Extra cost of each remote section beyond the shell: land on /, then open the
  // section's first route in the app (client-side navigation) and count what is new.
  const sections = [];
  const firstRouteOf = new Map();
  for (const r of routes)
    if (r.section !== "shell" && !firstRouteOf.has(r.section)) firstRouteOf.set(r.section, r);
  for (const [section, route] of firstRouteOf) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto("/");
    await settlePage(page, routes[0]);
    const rec = recordAssets(page, baseURL);
    const link = page.locator(`nav[aria-label="Main"] a[href="${route.url}"]`).first();
    if (await link.isVisible().catch(() => false)) await link.click();
    else
      await page.evaluate((u) => {
        history.pushState({}, "", u);
        dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
      }, route.url);
    await settlePage(page, route);
    await rec.settle();
    const direct = perRoute.find((p) => p.route === route.url);
    const home = perRoute.find((p) => p.route === "/");
    const homePaths = new Set(home.files.map((f) => f.path));
    const notOnHome = direct.files.filter((f) => !homePaths.has(f.path));
    sections.push({
      section,
      route: route.url,
      viaNavigation: {
        js: sum(rec.files, "js"),
        css: sum(rec.files, "css"),
        files: rec.files.map((f) => f.path),
      },
      directLoadBeyondHome: { js: sum(notOnHome, "js"), css: sum(notOnHome, "css") },
    });
    await context.close();
  }
  return { perRoute, sections };
}

function printAssets({ perRoute, sections }) {
  console.log(
    "\nFirst load per route (cold cache): JS and CSS downloaded. kB = 1024 bytes; gzip = node:zlib level 9 of the body; wire = encoded body bytes on the network",
  );
  console.log(
    table(
      [
        "route",
        "HTTP",
        "JS n",
        "JS raw",
        "JS gzip",
        "JS wire",
        "CSS n",
        "CSS raw",
        "CSS gzip",
        "CSS wire",
      ],
      perRoute.map((r) => [
        r.route,
        r.status,
        r.js.count,
        kB(r.js.raw),
        kB(r.js.gzip),
        kB(r.js.transfer),
        r.css.count,
        kB(r.css.raw),
        kB(r.css.gzip),
        kB(r.css.transfer),
      ]),
    ),
  );
  const home = perRoute.find((r) => r.route === "/");
  console.log(
    `\nFirst load of /: JS ${home.js.count} files, ${kB(home.js.raw)} kB raw, ${kB(home.js.gzip)} kB gzip, ${kB(home.js.transfer)} kB on the wire; CSS ${home.css.count} files, ${kB(home.css.raw)} kB raw, ${kB(home.css.gzip)} kB gzip, ${kB(home.css.transfer)} kB on the wire`,
  );
  console.log("\nLargest files on first load of /:");
  console.log(
    table(
      ["file", "raw kB", "gzip kB", "wire kB", "encoding"],
      [...home.files]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 12)
        .map((f) => [f.path, kB(f.raw), kB(f.gzip), kB(f.transferBody ?? 0), f.encoding]),
    ),
  );
  console.log(
    "\nExtra bytes of each remote section beyond the shell (from / then navigate in the app; and direct load minus the files / loaded):",
  );
  console.log(
    table(
      [
        "section",
        "route",
        "nav JS n",
        "nav JS gzip",
        "nav CSS gzip",
        "nav wire",
        "direct extra JS gzip",
        "direct extra CSS gzip",
      ],
      sections.map((s) => [
        s.section,
        s.route,
        s.viaNavigation.js.count,
        kB(s.viaNavigation.js.gzip),
        kB(s.viaNavigation.css.gzip),
        kB(s.viaNavigation.js.transfer + s.viaNavigation.css.transfer),
        kB(s.directLoadBeyondHome.js.gzip),
        kB(s.directLoadBeyondHome.css.gzip),
      ]),
      2,
    ),
  );
}

const PHONE_SETUP = `${PHONE.viewport.width}×${PHONE.viewport.height}, DPR ${PHONE.deviceScaleFactor}, Lighthouse's mobile user agent, touch (Lighthouse's mobile screen emulation); CPU ${CPU_SLOWDOWN}× slower (Emulation.setCPUThrottlingRate); no network throttling: the gateway is on loopback and Lighthouse's simulated slow 4G is not applied. Every load in a fresh context (cold cache). On a shared 2-core machine these times are noisy`;

/** The machine's 1-minute load average over its cores: how much else was running. */
const machineLoad = () =>
  `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`;

const CASE_TITLES = {
  speculation: "the site as served (speculation rules: the pages links open are prerendered)",
  network: `the same over Lighthouse's simulated mobile network (DevTools throttling: ${Math.round(MOBILE_NETWORK.latency)} ms latency, ${Math.round((MOBILE_NETWORK.download * 8) / 1024)} kbit/s down)`,
  fallback:
    "a browser without speculation rules (the gateway sends none: the page's entry starts the app for the first link)",
};

function printTaps(rows, loadBefore, tapCase) {
  console.log(
    `\nFirst tap to screen, ${CASE_TITLES[tapCase]} (ms, median of ${RUNS} runs): ${PHONE_SETUP} (${loadBefore} before, ${machineLoad()} after).`,
  );
  console.log(
    `A tap (Input.dispatchTouchEvent) at the load event ("@load", on its own load; at its first paint if that comes later) or ${AFTER_LOAD_MS / 1000} s after it ("@+3s"), timed in the page from the input's event.timeStamp (queueing behind a long task counts) to the task after the first animation frame that shows the change: menu = the header's "Open menu" button until the Menu dialog has a pixel on screen; theme = the theme button until <html>'s class, data-theme-choice or color-scheme changes; link = the header's site-name link (on /, the first link in <main> to another page) until the new page's <h1> is on screen. Link runs: c = client-side navigation (the app), p = the prerendered page shown (activated; the time runs to its <h1> on screen), d = full document load (the time runs to the new document's <h1> paint), - = no new <h1> within 10 s. "none" = nothing changed within ${NO_RESPONSE_MS / 1000} s (until the entry has run, the buttons do nothing); where runs disagree the cell says so ("1/3 none"; "none 1/3: 732" = one run of three responded, in 732 ms). x = a run left out (the tap landed beside the element, or an error; listed below the table).\n`,
  );
  const cell = (c, kind) => {
    const valid = c.runs.filter((r) => !r.error);
    const ms = c.medianMs != null ? String(Math.round(c.medianMs)) : valid.length ? "none" : "x";
    const notes = [];
    if (kind === "link") {
      notes.push(
        c.runs
          .map((r) =>
            r.error ? "x" : ({ client: "c", document: "d", prerendered: "p" }[r.how] ?? "-"),
          )
          .join(""),
      );
    } else {
      const responded = valid.filter((r) => r.ms != null).map((r) => Math.round(r.ms));
      const none = valid.length - responded.length;
      if (none && responded.length)
        notes.push(
          c.medianMs == null
            ? `${responded.length}/${valid.length}: ${responded.join(",")}`
            : `${none}/${valid.length} none`,
        );
      const left = c.runs.length - valid.length;
      if (left) notes.push(`${left}x`);
    }
    return [ms, ...notes].join(" ");
  };
  const head = [
    "route",
    ...TAP_KINDS.flatMap((k) => WHEN.map((w) => `${k}@${w}`)),
    "link to",
    "target",
  ];
  const body = rows.map((r) => [
    r.route,
    ...TAP_KINDS.flatMap((k) => WHEN.map((w) => cell(r.cells[`${k}@${w}`], k))),
    r.targets?.link?.href ?? "–",
    `${TAP_TARGET_MS}`,
  ]);
  console.log(`| ${head.join(" | ")} |`);
  console.log(
    `|${head.map((_, i) => (i === 0 || i === 1 + 2 * TAP_KINDS.length ? " --- " : " ---: ")).join("|")}|`,
  );
  for (const row of body) console.log(`| ${row.join(" | ")} |`);

  const over = rows.flatMap((r) =>
    TAP_KINDS.flatMap((k) =>
      WHEN.filter((w) => !(r.cells[`${k}@${w}`].medianMs <= TAP_TARGET_MS)).map(
        (w) => `${r.route} ${k}@${w}`,
      ),
    ),
  );
  console.log(
    over.length
      ? `\nOver ${TAP_TARGET_MS} ms (or no response): ${over.join(", ")}.`
      : `\nEvery first tap within ${TAP_TARGET_MS} ms.`,
  );
  const atLoad = rows.flatMap((r) => TAP_KINDS.flatMap((k) => r.cells[`${k}@load`].runs));
  const hydrated = atLoad.filter((r) => r.hydratedAtTap).length;
  const late = median(atLoad.map((r) => r.afterLoadMs));
  console.log(
    `\nAt load: the page's entry had run (<html data-js="ready">: chrome, islands, links) at ${hydrated} of ${atLoad.length} taps; the tap came a median ${late == null ? "–" : Math.round(late)} ms after the load event started.`,
  );
  const errors = rows.flatMap((r) =>
    Object.entries(r.cells).flatMap(([k, c]) =>
      c.runs.filter((x) => x.error).map((x) => `${r.route} ${k} run ${x.run + 1}: ${x.error}`),
    ),
  );
  if (errors.length) {
    console.log("Runs left out:");
    for (const e of errors) console.log(`  ${e.slice(0, 200)}`);
  }
  if (TAP_PHASES) printTapPhases(rows);
}

/** The traced link taps' milestones (bench/tap-phases.mjs), median of the runs. */
function printTapPhases(rows) {
  console.log(
    `\nWhere the link taps' time went (traced, so each a little slower than above): ms after the tap's pointerdown at which ${MILESTONES.join(", ")} came (bench/tap-phases.mjs says what each is), median of the runs that had it.\n`,
  );
  const head = ["route", "when", ...MILESTONES];
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map((_, i) => (i < 2 ? " --- " : " ---: ")).join("|")}|`);
  for (const r of rows)
    for (const when of WHEN) {
      const m = r.cells[`link@${when}`]?.milestones;
      if (!m) continue;
      const cells = MILESTONES.map((k) => (m[k] == null ? "–" : String(Math.round(m[k]))));
      console.log(`| ${[r.route, when, ...cells].join(" | ")} |`);
    }
}

function printScripts(rows) {
  console.log(
    `\nJavaScript executed in the first ${JS_WINDOW_MS / 1000} s, no interaction (gzip = node:zlib level 9 of each script's source; kB = 1024 bytes): ${PHONE_SETUP}.`,
  );
  console.log(
    `Every script the page's main world compiled within ${JS_WINDOW_MS / 1000} s of the navigation's start (Debugger.scriptParsed): files (first-party, federation remotes, any other origin) and inline <script>s apart. The run with the median total of ${RUNS} is shown; "runs" lists every run's total. Target for the static pages (the résumé, articles, legal pages): ≤ ${STATIC_JS_TARGET_BYTES / 1024} kB.\n`,
  );
  const head = [
    "route",
    "files",
    "files gzip kB",
    "inline gzip kB",
    "total gzip kB",
    "runs kB",
    "target kB",
    "",
  ];
  const body = rows.map((r) => {
    const m = r.median;
    return [
      r.route,
      m ? m.files.length : "error",
      m ? kB(m.filesGzip) : "–",
      m ? kB(m.inlineGzip) : "–",
      m ? kB(m.gzip) : "–",
      r.totals.map((t) => (t == null ? "error" : kB(t))).join(" / "),
      r.target ? `≤ ${r.target / 1024}` : "–",
      r.target && m ? (m.gzip <= r.target ? "within" : `over by ${kB(m.gzip - r.target)}`) : "",
    ];
  });
  console.log(table(head, body));
  const errors = rows.flatMap((r) => r.errors.map((e) => `${r.route}: ${e}`));
  if (errors.length) {
    console.log("Errors:");
    for (const e of errors) console.log(`  ${e.slice(0, 200)}`);
  }
  const sample = rows.find((r) => r.static && r.median) ?? rows.find((r) => r.median);
  if (sample) {
    console.log(`\nScripts run in the first ${JS_WINDOW_MS / 1000} s of ${sample.route}:`);
    console.log(
      table(
        ["file", "raw kB", "gzip kB", "parsed at ms"],
        [...sample.median.files, ...sample.median.inline].map((f) => [
          f.path,
          kB(f.raw),
          kB(f.gzip),
          f.atMs,
        ]),
      ),
    );
  }
}

const LH_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** One Lighthouse run of url in mode ('mobile' = default config, 'desktop' = desktop-config). */
async function lighthouseRun(lighthouse, desktopConfig, port, url, mode, extraFlags = {}) {
  const started = Date.now();
  try {
    const runner = await lighthouse(
      url,
      { port, output: "json", logLevel: "error", onlyCategories: LH_CATEGORIES, ...extraFlags },
      mode === "desktop" ? desktopConfig : undefined,
    );
    const lhr = runner.lhr;
    const score = (id) =>
      lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    const failing = Object.values(lhr.categories).flatMap((c) =>
      c.id === "performance"
        ? []
        : c.auditRefs
            .filter(
              (r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1,
            )
            .map((r) => `${c.id}:${r.id}`),
    );
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      fcpMs: metric("first-contentful-paint"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      siMs: metric("speed-index"),
      failingAudits: failing,
      runtimeError: lhr.runtimeError
        ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
        : null,
      wallMs: Date.now() - started,
    };
  } catch (err) {
    return { error: String(err?.message ?? err), wallMs: Date.now() - started };
  }
}

const median = (xs) => {
  const v = xs.filter((x) => typeof x === "number" && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/** Each figure's median over runs; audits failing in any run; errors kept. */
function summarize(runs) {
  const ok = runs.filter((r) => !r.error && !r.runtimeError);
  const out = { runs: runs.length, okRuns: ok.length };
  for (const k of [
    "performance",
    "accessibility",
    "bestPractices",
    "seo",
    "fcpMs",
    "lcpMs",
    "tbtMs",
    "cls",
    "siMs",
  ])
    out[k] = median(ok.map((r) => r[k]));
  out.failingAudits = [...new Set(ok.flatMap((r) => r.failingAudits))];
  out.errors = [...new Set(runs.map((r) => r.error ?? r.runtimeError).filter(Boolean))];
  return out;
}

/**
 * Lighthouse for every route in LH_ROUTES, mobile and desktop, RUNS runs each, and in
 * the same loop the route's no-JavaScript copy (bench/nojs-copy.mjs): run i of the
 * page and run i of its copy follow each other, so both see the same machine load.
 */
async function runLighthouse(gateway) {
  const baseURL = gateway.url;
  // The admin's pages on the admin's own origin, where the owner opens them; the public
  // origin only redirects there (docs/decisions/0047).
  const pageURL = (path) => `${path.startsWith("/admin/") ? gateway.adminUrl : baseURL}${path}`;
  const { default: lighthouse } = await import("lighthouse");
  const { default: desktopConfig } = await import("lighthouse/core/config/desktop-config.js");
  // chrome-launcher is lighthouse's own dependency; resolve it from there.
  const requireFromLh = createRequire(import.meta.resolve("lighthouse"));
  const chromeLauncher = await import(pathToFileURL(requireFromLh.resolve("chrome-launcher")).href);

  const copies = await startNoJsCopies(baseURL);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
    logLevel: "silent",
  });
  const results = [];
  try {
    for (const path of LH_ROUTES) {
      const copy = await copies.add(path);
      for (const mode of MODES) {
        const page = [];
        const nojs = [];
        let copyPaints = true;
        for (let i = 0; i < RUNS; i++) {
          page.push(
            await lighthouseRun(lighthouse, desktopConfig, chrome.port, pageURL(path), mode),
          );
          if (copyPaints) {
            // A copy that paints nothing (an empty app root) paints nothing every time:
            // one run says so, and waiting 10 s for a first paint is plenty on loopback.
            const r = await lighthouseRun(
              lighthouse,
              desktopConfig,
              chrome.port,
              `${copies.url}${path}`,
              mode,
              { maxWaitForFcp: 10_000 },
            );
            nojs.push(r);
            if (/NO_FCP|NO_LCP/.test(r.runtimeError ?? r.error ?? "")) copyPaints = false;
          }
        }
        const row = {
          route: path,
          mode,
          page: summarize(page),
          nojs: summarize(nojs),
          nojsScriptsRemoved: copy.scripts,
          pageRuns: page,
          nojsRuns: nojs,
        };
        row.lcpRatio =
          row.page.lcpMs != null && row.nojs.lcpMs ? row.page.lcpMs / row.nojs.lcpMs : null;
        results.push(row);
        const wall = [...page, ...nojs].reduce((a, r) => a + r.wallMs, 0);
        process.stderr.write(
          `  lighthouse ${mode} ${path}: ${page.length} + ${nojs.length} runs in ${(wall / 1000).toFixed(1)} s\n`,
        );
      }
    }
  } finally {
    chrome.kill();
    await copies.close();
  }
  return results;
}

function printLighthouse(results) {
  const ms = (n) => (n == null ? "–" : String(Math.round(n)));
  const num = (n) => (n == null ? "–" : String(Math.round(n))); // a median of 2 (a run failed) can end in .5
  const cls = (n) => (n == null ? "–" : n.toFixed(3));
  console.log(
    `\nLighthouse 12.8.2, median of ${RUNS} runs (mobile = default config, simulated throttling; desktop = desktop-config).`,
  );
  console.log(
    '"no-JS copy" = the gateway\'s HTML for the route with its <script> elements (and script preloads) removed, served from 127.0.0.1 with the same CSS and images; ratio = LCP(page) / LCP(no-JS copy). "no paint" = the copy shows nothing (Lighthouse NO_FCP).\n',
  );
  const head = [
    "route",
    "mode",
    "perf",
    "a11y",
    "best-pr",
    "SEO",
    "FCP ms",
    "LCP ms",
    "TBT ms",
    "CLS",
    "no-JS perf",
    "no-JS FCP ms",
    "no-JS LCP ms",
    "LCP ratio",
  ];
  const rows = results.map((r) => {
    const p = r.page;
    const n = r.nojs;
    const nojsDark =
      n.okRuns === 0 ? (n.errors.some((e) => /NO_FCP/.test(e)) ? "no paint" : "error") : null;
    return [
      r.route,
      r.mode,
      p.okRuns ? num(p.performance) : "error",
      num(p.accessibility),
      num(p.bestPractices),
      num(p.seo),
      ms(p.fcpMs),
      ms(p.lcpMs),
      ms(p.tbtMs),
      cls(p.cls),
      nojsDark ?? num(n.performance),
      nojsDark ? "–" : ms(n.fcpMs),
      nojsDark ? "–" : ms(n.lcpMs),
      r.lcpRatio == null ? "–" : r.lcpRatio.toFixed(2),
    ];
  });
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map((_, i) => (i < 2 ? " --- " : " ---: ")).join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);

  const failing = new Map();
  for (const r of results)
    for (const a of r.page.failingAudits)
      failing.set(a, [...(failing.get(a) ?? []), `${r.route} ${r.mode}`]);
  if (failing.size) {
    console.log("\nNon-performance audits that did not pass (in any run of the page):");
    for (const [a, where] of failing) console.log(`  ${a}: ${where.join(", ")}`);
  }
  const errors = results.flatMap((r) => [
    ...r.page.errors.map((e) => `${r.route} ${r.mode} page: ${e}`),
    ...r.nojs.errors
      .filter((e) => !/NO_FCP/.test(e))
      .map((e) => `${r.route} ${r.mode} no-JS copy: ${e}`),
  ]);
  if (errors.length) {
    console.log("\nLighthouse errors:");
    for (const e of errors) console.log(`  ${e.slice(0, 200)}`);
  }
}

// puppeteer swaps its page object's frames when a prerendered page is activated; when
// the tap's context closes meanwhile, it throws from an event handler, out of reach of
// any await: that run is already recorded (or left out), so the bench goes on.
process.on("uncaughtException", (err) => {
  if (/detached Frame/.test(String(err?.message))) return;
  console.error(err);
  process.exit(1);
});

async function main() {
  assertBuilt();
  // The site as served (speculation rules on, as by default), and beside it the same site
  // without them: what a browser without the API gets.
  // With an admin, as the owner's site has one: /admin/newsletter is then the page served
  // signed out (docs/decisions/0068), not the first run's notice.
  const admin = {
    PORTFOLIO_ADMIN_USER: "owner",
    PORTFOLIO_ADMIN_PASSWORD_HASH: passwordHash("bench admin password, never used"),
  };
  const gateway = await startGateway({
    env: { PORTFOLIO_SPECULATION_RULES: "true", ...admin },
  });
  const fallback = await startGateway({
    env: { PORTFOLIO_SPECULATION_RULES: "false", ...admin },
  });
  const out = {
    date: new Date().toISOString(),
    gateway: gateway.url,
    routes: routes.map((r) => r.url),
  };
  let browser;
  try {
    if (RUN_ASSETS || RUN_TAPS) {
      browser = await launchBrowser();
      out.chromium = browser.version();
    }
    if (RUN_ASSETS) {
      const assets = await measureAssets(browser, gateway.url, gateway.adminUrl);
      out.assets = assets;
      const home = assets.perRoute.find((r) => r.route === "/");
      out.firstLoadHome = { js: home.js, css: home.css };
      printAssets(assets);
    }
    if (RUN_TAPS) {
      const log = (line) => process.stderr.write(`${line}\n`);
      const setup = { routeList: TAP_ROUTES, runs: RUNS, log };
      out.phone = { ...PHONE, cpuSlowdown: CPU_SLOWDOWN, mobileNetwork: MOBILE_NETWORK };
      out.taps = {};
      const ppt = await launchTapBrowser();
      try {
        for (const tapCase of TAP_CASES) {
          const on = tapCase === "fallback" ? fallback : gateway;
          const loadBefore = machineLoad();
          log(`taps: ${CASE_TITLES[tapCase]}`);
          out.taps[tapCase] = await measureTaps(browser, ppt, on.url, {
            ...setup,
            network: tapCase === "network" ? MOBILE_NETWORK : null,
            kinds: TAP_KINDS,
            phases: TAP_PHASES,
          });
          printTaps(out.taps[tapCase], loadBefore, tapCase);
        }
      } finally {
        await ppt.close().catch(() => {});
      }
      out.takeover = await measureTakeover(browser, fallback.url);
      console.log(
        `\nThe app's code the first click loads where it takes the page over (${out.takeover.from} to ${out.takeover.to}, no speculation rules): ${out.takeover.js.count} JS files, ${kB(out.takeover.js.raw)} kB raw, ${kB(out.takeover.js.gzip)} kB gzip (${out.takeover.files
          .map((f) => `${f.path.split("/").pop()} ${kB(f.gzip)}`)
          .join(", ")}).`,
      );
      out.scriptsFirst5s = await measureScripts(browser, gateway.url, setup);
      printScripts(out.scriptsFirst5s);
    }
    if (browser) {
      await browser.close();
      browser = null;
    }
    if (RUN_LIGHTHOUSE) {
      out.lighthouse = await runLighthouse(LH_WITHOUT_SPECULATION ? fallback : gateway);
      printLighthouse(out.lighthouse);
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    await gateway.stop();
    await fallback.stop();
  }
  const dir = join(E2E_DIR, "bench", "results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "latest.json"), `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${join(dir, "latest.json")}`);
}

main().catch((err) => {
  console.error(
    `bench failed: ${/make build|Chromium not found/.test(String(err?.message)) ? err.message : (err?.stack ?? err)}`,
  );
  process.exitCode = 1;
});
