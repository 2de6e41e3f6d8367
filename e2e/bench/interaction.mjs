// make bench on a phone: how long the first tap takes to show, and how much JavaScript
// a page runs before anyone touches it. Both under Lighthouse's mobile emulation (Moto G
// Power: 412×823, DPR 1.75, its user agent, touch) and 4× CPU throttling
// (Emulation.setCPUThrottlingRate), without network throttling: the gateway is on
// loopback. Every page load starts in a fresh browser context (cold cache).
//
// First-interaction times: a tap (Input.dispatchTouchEvent) on the header's menu button,
// on the theme button, and on an internal link, dispatched right when the `load` event
// is seen and, on another load, 3 s after it. The time is taken in the page: from the
// tap's event.timeStamp (when the browser created the input, so time spent queued behind
// a long task counts) to the task right after the first animation frame in which the
// change is on screen. A link tapped before the entry has run is a plain link: the
// browser loads the new document, and the time runs until that document's <h1> is
// painted (not earlier than its first-contentful-paint); each run says which it was.
//
// JS executed in the first 5 s: every script V8 compiled in the page's main world
// (Debugger.scriptParsed) within 5 s of the navigation's start, with no interaction;
// each script file's source gzipped (node:zlib level 9, as lib/assets.mjs) and summed,
// inline scripts counted apart.
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync, constants as zc } from "node:zlib";
import {
  screenEmulationMetrics,
  throttling,
  userAgents,
} from "lighthouse/core/config/constants.js";
import { settlePage } from "../lib/assets.mjs";
import { launchSpeculatingBrowser } from "../lib/browser.mjs";
import { articles, routes } from "../lib/content.mjs";
import { MILESTONES, tapMilestones, traceBrowser } from "./tap-phases.mjs";

export const CPU_SLOWDOWN = 4;
export const TAP_TARGET_MS = 200;
/** Scripts run in the first 5 s by a page that is only text: the résumé, articles, legal pages. */
export const STATIC_JS_TARGET_BYTES = 15 * 1024;
export const STATIC_PAGES = new Set([
  "/resume",
  "/privacy-policy",
  "/terms-of-use",
  ...articles.map((a) => `/blog/${a.slug}`),
]);
export const AFTER_LOAD_MS = 3000;
export const JS_WINDOW_MS = 5000;
/** A tap on a button with nothing on screen after this long counts as no response. */
export const NO_RESPONSE_MS = 5000;
/** A link may load a whole document under 4× throttling: it gets longer. */
const LINK_TIMEOUT_MS = 10_000;

const phone = screenEmulationMetrics.mobile;
/** Playwright context options matching Lighthouse's default (mobile) screen emulation. */
export const PHONE = {
  viewport: { width: phone.width, height: phone.height },
  screen: { width: phone.width, height: phone.height },
  deviceScaleFactor: phone.deviceScaleFactor,
  isMobile: phone.mobile,
  hasTouch: true,
  userAgent: userAgents.mobile,
};

export const KINDS = ["menu", "theme", "link"];
export const WHEN = ["load", "+3s"];

const MENU = 'header button[aria-label="Open menu"]';
const THEME = 'header button[aria-label^="Theme:"]';
const BINDING = "__benchReport";

/**
 * Where to tap on a route, from a settled (hydrated) load at the phone's size: the centre
 * of the menu button, of the theme button, and of the link. The link is the first one in
 * the header on screen that leads to another page (at 412 px the nav links are in the
 * drawer, so it is the site name, to /); on / itself the first such link in <main>.
 * Measured apart so that nothing is evaluated in the page between its load and the tap.
 */
async function locateTargets(browser, baseURL, route) {
  const context = await browser.newContext({ baseURL, ...PHONE });
  try {
    const page = await context.newPage();
    await page.goto(route.url);
    await settlePage(page, route);
    return await page.evaluate(
      ([menuSel, themeSel]) => {
        const onScreen = (el) => {
          const r = el?.getBoundingClientRect();
          return !!r && r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight - 1;
        };
        const centre = (el) => {
          if (!onScreen(el)) return null;
          const r = el.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        };
        const elsewhere = (a) =>
          !a.hasAttribute("data-search-open") && // opens the search palette, not a page
          a.getAttribute("href").startsWith("/") &&
          new URL(a.href).origin === location.origin &&
          new URL(a.href).pathname !== location.pathname &&
          onScreen(a);
        const link =
          [...document.querySelectorAll("header a[href]")].find(elsewhere) ??
          [...document.querySelectorAll("main a[href]")].find(elsewhere);
        return {
          menu: centre(document.querySelector(menuSel)),
          theme: centre(document.querySelector(themeSel)),
          link: link ? { ...centre(link), href: link.getAttribute("href") } : null,
        };
      },
      [MENU, THEME],
    );
  } finally {
    await context.close();
  }
}

/**
 * Runs in every document of the measuring context before the page's own scripts.
 * Reports through the CDP binding: `input` when the tap arrives, `done` once the
 * change has been painted. A link's new document (its path is the link's target)
 * reports its own `done`, in wall-clock time, for a document navigation.
 */
function probe(cfg) {
  const report = (msg) => {
    try {
      window[cfg.binding](JSON.stringify(msg));
    } catch {
      /* the binding is not there: nothing to report to */
    }
  };
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    if (r.right < 1 || r.bottom < 1 || r.left > innerWidth - 1 || r.top > innerHeight - 1)
      return false;
    const s = getComputedStyle(el);
    return s.visibility !== "hidden" && Number(s.opacity) > 0;
  };
  const h1 = cfg.h1 ? new RegExp(cfg.h1.source, cfg.h1.flags) : null;
  const h1Shown = () =>
    location.pathname === cfg.target &&
    [...document.querySelectorAll("h1")].some((e) => h1.test(e.textContent) && visible(e));
  // Checked in every animation frame; once it holds, the frame paints it, and a task
  // posted from that frame's callback runs after the frame's rendering.
  const whenPainted = (holds, done) => {
    const frame = () => {
      if (!holds()) {
        requestAnimationFrame(frame);
        return;
      }
      const seen = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(seen, performance.now());
      channel.port2.postMessage(0);
    };
    requestAnimationFrame(frame);
  };

  if (cfg.kind === "link" && location.pathname === cfg.target) {
    // The tap loaded this document.
    whenPainted(h1Shown, (seen, painted) => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const nav = performance.getEntriesByType("navigation")[0];
      report({
        type: "done",
        how: "document",
        // Shown from a prerender (activated) rather than loaded after the tap.
        prerendered: (nav?.activationStart ?? 0) > 0,
        paintedEpoch: performance.timeOrigin + Math.max(painted, fcp),
        seen,
        painted,
        fcp,
      });
    });
    return;
  }

  // The node side taps as soon as it hears of this (nothing is evaluated in the page): at
  // the load event, or at the first paint if the page has not been painted by then (the
  // shell paints a page once it is parsed, docs/decisions/0046): nobody taps a blank
  // screen, and a tap before the first frame is hit-tested at the wrong scale.
  addEventListener("load", () => {
    const painted = () => performance.getEntriesByType("paint").length > 0;
    if (painted()) {
      report({ type: "load" });
      return;
    }
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      report({ type: "load" });
    }).observe({ type: "paint" });
  });

  const themeState = () => {
    const html = document.documentElement;
    return `${html.className}|${html.getAttribute("data-theme-choice")}|${html.style.colorScheme}`;
  };
  let started = false;
  addEventListener(
    "pointerdown",
    (event) => {
      if (started) return;
      started = true;
      // timeStamp: when the browser created the input, so queueing behind a long task counts.
      const start = Math.min(event.timeStamp, performance.now());
      const nav = performance.getEntriesByType("navigation")[0];
      const themeBefore = themeState();
      report({
        type: "input",
        startEpoch: performance.timeOrigin + start,
        afterLoad: nav?.loadEventStart ? start - nav.loadEventStart : null,
        queued: performance.now() - start,
        hit: !!event.target?.closest?.(cfg.selector),
        at: [event.clientX, event.clientY],
        element: `<${event.target?.nodeName?.toLowerCase()}${event.target?.id ? `#${event.target.id}` : ""}> at ${Math.round(event.clientX)},${Math.round(event.clientY)} (scrolled ${scrollX},${scrollY})`,
        // Paint entries so far: 0 = the page had not been presented yet (as far as it knew).
        painted: performance.getEntriesByType("paint").length,
        // The entry had attached the chrome and the links (docs/decisions/0040-islands.md).
        hydrated: document.documentElement.dataset.js === "ready",
      });
      const holds = {
        menu: () => [...document.querySelectorAll('dialog[open], [role="dialog"]')].some(visible),
        theme: () => themeState() !== themeBefore,
        link: h1Shown,
      }[cfg.kind];
      whenPainted(holds, (seen, painted) =>
        report({ type: "done", how: "client", ms: painted - start, seenMs: seen - start }),
      );
    },
    { capture: true },
  );
}

/**
 * The browser the taps are measured in: puppeteer's, not playwright's, under which no
 * speculation rule would ever prerender, and the first tap a visitor of a speculating
 * page makes could not be measured (lib/browser.mjs).
 */
export const launchTapBrowser = () => launchSpeculatingBrowser();

/**
 * Lighthouse's mobile network (its "slow 4G": 150 ms RTT, 1.6 Mbit/s down) in the values
 * Lighthouse gives DevTools throttling for it (its mobileSlow4G: 562.5 ms per request, as
 * one request's latency stands for several round trips; 1.4 Mbit/s down): what the second
 * table of taps runs over.
 */
export const MOBILE_NETWORK = {
  latency: throttling.mobileSlow4G.requestLatencyMs,
  download: (throttling.mobileSlow4G.downloadThroughputKbps * 1024) / 8,
  upload: (throttling.mobileSlow4G.uploadThroughputKbps * 1024) / 8,
};

/**
 * A prerendered page shown by the tap: the browser swapped it in for the page tapped,
 * as a target of its own that the probe (an init script of the page tapped) never ran
 * in. Its paint timing says when it was first painted after its activation (a
 * prerendered page paints nothing before), read through a DevTools session opened once
 * it is shown (a session before would have kept Chromium from prerendering it).
 * Resolves with a `done` report, or never.
 */
async function activatedPaint(context, targetPath, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const shown = context
      .targets()
      .find((t) => t.type() === "page" && new URL(t.url()).pathname === targetPath);
    if (shown) {
      const session = await shown.createCDPSession().catch(() => null);
      const { result } = (await session
        ?.send("Runtime.evaluate", {
          returnByValue: true,
          expression: `(() => {
            const nav = performance.getEntriesByType("navigation")[0];
            const fcp = performance.getEntriesByName("first-contentful-paint")[0];
            return { origin: performance.timeOrigin, activation: nav?.activationStart ?? 0, fcp: fcp?.startTime ?? null };
          })()`,
        })
        .catch(() => ({}))) ?? { result: undefined };
      await session?.detach().catch(() => {});
      const v = result?.value;
      if (v && v.activation > 0 && v.fcp != null)
        return {
          type: "done",
          how: "document",
          prerendered: true,
          paintedEpoch: v.origin + Math.max(v.fcp, v.activation),
          receivedAt: Date.now(),
        };
      if (v && v.activation === 0) return new Promise(() => {}); // a document load: the probe reports it
    }
    await sleep(100);
  }
  return new Promise(() => {});
}

/**
 * One load of `route`, one tap of `kind`, `delayMs` after the load event: over `network`
 * if given, and with `phases` traced, the tap's milestones read from the trace
 * (bench/tap-phases.mjs).
 */
async function tapOnce(ppt, baseURL, route, targets, kind, delayMs, { network, phases }) {
  const at = targets[kind];
  if (!at) return { error: `no ${kind} target on screen` };
  const target = kind === "link" ? new URL(at.href, baseURL).pathname : null;
  const targetRoute = target && routes.find((r) => r.url === target);
  const h1 = targetRoute?.h1 ?? /\S/;
  const cfg = {
    binding: BINDING,
    kind,
    target,
    h1: { source: h1.source, flags: h1.flags },
    selector: { menu: MENU, theme: THEME, link: `a[href="${at.href}"]` }[kind],
  };

  const context = await ppt.createBrowserContext();
  let tracing;
  try {
    const page = await context.newPage();
    const reports = [];
    let wake = () => {};
    const report = async (type, timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (!reports.some((r) => r.type === type) && Date.now() < deadline)
        await Promise.race([new Promise((resolve) => (wake = resolve)), sleep(100)]);
      return reports.find((r) => r.type === type);
    };
    await page.emulate({
      viewport: {
        width: PHONE.viewport.width,
        height: PHONE.viewport.height,
        deviceScaleFactor: PHONE.deviceScaleFactor,
        isMobile: PHONE.isMobile,
        hasTouch: true,
      },
      userAgent: PHONE.userAgent,
    });
    await page.exposeFunction(BINDING, (payload) => {
      reports.push({ ...JSON.parse(payload), receivedAt: Date.now() });
      wake();
    });
    await page.evaluateOnNewDocument(probe, cfg);
    await page.emulateCPUThrottling(CPU_SLOWDOWN);
    if (network) await page.emulateNetworkConditions(network);

    // A tap at load is traced from the start of the page's load, one later from just before.
    if (phases && !delayMs) tracing = await traceBrowser(ppt);
    const loading = page
      .goto(new URL(route.url, baseURL).href, { timeout: 60_000 })
      .catch(() => {});
    if (!(await report("load", 60_000))) return { ms: null, error: "no load event in 60 s" };
    if (delayMs) await sleep(delayMs);
    if (phases && delayMs) tracing = await traceBrowser(ppt);
    // The page's own DevTools session (puppeteer's, with tab-target support): a session of
    // our own would keep Chromium from prerendering. Both touches at once, as a finger's
    // tap: awaiting touchStart's ack first would hold the finger down for as long as the
    // page is busy, and a long press is no tap.
    const client = page._client();
    const touch = (type, touchPoints) =>
      client.send("Input.dispatchTouchEvent", { type, touchPoints });
    await Promise.all([touch("touchStart", [{ x: at.x, y: at.y }]), touch("touchEnd", [])]).catch(
      () => {}, // the page was swapped for the prerendered one while the ack was on its way
    );
    const done =
      kind === "link"
        ? await Promise.race([
            report("done", LINK_TIMEOUT_MS),
            activatedPaint(context, target, LINK_TIMEOUT_MS),
          ])
        : await report("done", NO_RESPONSE_MS);
    const input = reports.find((r) => r.type === "input");
    void loading;
    let milestones;
    if (tracing) {
      // The paint's trace event comes with the frame's presentation, after the page saw it.
      await sleep(300);
      milestones = tapMilestones(await tracing.stop());
      tracing = undefined;
    }
    const base = {
      afterLoadMs: input?.afterLoad ?? null,
      queuedMs: input?.queued ?? null,
      hit: input?.hit ?? false,
      hydratedAtTap: input?.hydrated ?? null,
      tapped: input && { at: input.at, element: input.element, painted: input.painted },
      target: target ?? undefined,
      milestones,
    };
    if (!input) return { ...base, ms: null, error: "the tap never reached the page" };
    // Not a measurement of this element: left out of the median, listed under the table.
    if (!input.hit) return { ...base, ms: null, error: `the tap landed on ${input.element}` };
    if (!done) return { ...base, ms: null, how: "none" };
    const how = done.how === "document" && done.prerendered ? "prerendered" : done.how;
    const ms = done.how === "document" ? done.paintedEpoch - input.startEpoch : done.ms;
    return { ...base, ms, how, wallMs: done.receivedAt - input.receivedAt };
  } catch (err) {
    return { ms: null, error: String(err?.message ?? err).split("\n")[0] };
  } finally {
    await tracing?.stop().catch(() => {});
    await context.close().catch(() => {});
  }
}

/** Median of numbers, a missing one (no response) counting as slower than any; null if that is the median. */
function medianOf(values) {
  const v = values.map((x) => (typeof x === "number" ? x : Number.POSITIVE_INFINITY));
  v.sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  const m = v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
  return Number.isFinite(m) ? m : null;
}

/**
 * Every route × (menu, theme, link) × (at load, 3 s after), `runs` times each; run i of
 * every route comes before run i+1 of any, so a busy moment of the machine spreads.
 */
export async function measureTaps(
  browser,
  ppt,
  baseURL,
  { routeList, runs, network = null, kinds = KINDS, phases = false, log = () => {} },
) {
  const targets = new Map();
  for (const route of routeList)
    targets.set(route.url, await locateTargets(browser, baseURL, route));
  const raw = new Map(routeList.map((r) => [r.url, []]));
  for (let i = 0; i < runs; i++) {
    for (const route of routeList) {
      const started = Date.now();
      for (const kind of kinds)
        for (const when of WHEN) {
          const r = await tapOnce(
            ppt,
            baseURL,
            route,
            targets.get(route.url),
            kind,
            when === "load" ? 0 : AFTER_LOAD_MS,
            { network, phases: phases && kind === "link" },
          );
          raw.get(route.url).push({ run: i, kind, when, ...r });
        }
      log(
        `  taps ${route.url}: run ${i + 1}/${runs} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  }
  return routeList.map((route) => {
    const all = raw.get(route.url);
    const cells = {};
    for (const kind of kinds)
      for (const when of WHEN) {
        const rs = all.filter((r) => r.kind === kind && r.when === when);
        cells[`${kind}@${when}`] = {
          medianMs: medianOf(rs.filter((r) => !r.error).map((r) => r.ms)),
          how: rs.map((r) => r.how ?? "error"),
          hydratedAtTap: rs.filter((r) => r.hydratedAtTap).length,
          missed: rs.filter((r) => r.hit === false).length,
          runs: rs,
        };
        const traced = rs.filter((r) => r.milestones);
        if (traced.length)
          cells[`${kind}@${when}`].milestones = Object.fromEntries(
            MILESTONES.map((m) => [
              m,
              medianOf(traced.map((r) => r.milestones[m]).filter((v) => v != null)),
            ]),
          );
      }
    return { route: route.url, targets: targets.get(route.url), cells };
  });
}

/** One load of `route` with no input: the scripts compiled within JS_WINDOW_MS. */
async function scriptsOnce(browser, baseURL, route) {
  const context = await browser.newContext({ baseURL, ...PHONE });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const parsed = [];
    let t0 = Date.now();
    cdp.on("Debugger.scriptParsed", (s) => parsed.push({ ...s, at: Date.now() - t0 }));
    await cdp.send("Debugger.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    t0 = Date.now();
    await page.goto(route.url, { waitUntil: "commit", timeout: JS_WINDOW_MS });
    await sleep(Math.max(0, JS_WINDOW_MS - (Date.now() - t0)));
    const docURL = new URL(route.url, baseURL).href;
    const seen = new Set();
    const files = [];
    const inline = [];
    for (const s of parsed) {
      // Main world only (not playwright's utility world), scripts with an http(s) address
      // (not eval or new Function, which compile code already counted).
      if (s.at > JS_WINDOW_MS || s.executionContextAuxData?.isDefault === false) continue;
      if (!/^https?:/.test(s.url)) continue;
      const isInline = s.url === docURL;
      if (!isInline && seen.has(s.url)) continue;
      seen.add(s.url);
      const { scriptSource } = await cdp.send("Debugger.getScriptSource", {
        scriptId: s.scriptId,
      });
      const body = Buffer.from(scriptSource);
      const entry = {
        path: isInline ? `${route.url} (inline)` : new URL(s.url).pathname,
        firstParty: new URL(s.url).origin === new URL(baseURL).origin,
        raw: body.length,
        gzip: gzipSync(body, { level: zc.Z_BEST_COMPRESSION }).length,
        atMs: s.at,
      };
      (isInline ? inline : files).push(entry);
    }
    const total = (xs) => xs.reduce((a, x) => a + x.gzip, 0);
    return {
      files,
      inline,
      filesGzip: total(files),
      inlineGzip: total(inline),
      gzip: total(files) + total(inline),
    };
  } catch (err) {
    return { error: String(err?.message ?? err).split("\n")[0] };
  } finally {
    await context.close().catch(() => {});
  }
}

/** JS executed in the first 5 s of every route, `runs` times; the run with the median total is kept. */
export async function measureScripts(browser, baseURL, { routeList, runs, log = () => {} }) {
  const raw = new Map(routeList.map((r) => [r.url, []]));
  for (let i = 0; i < runs; i++)
    for (const route of routeList)
      raw.get(route.url).push(await scriptsOnce(browser, baseURL, route));
  log(`  scripts in the first ${JS_WINDOW_MS / 1000} s: ${routeList.length} routes × ${runs} runs`);
  return routeList.map((route) => {
    const ok = raw
      .get(route.url)
      .filter((r) => !r.error)
      .sort((a, b) => a.gzip - b.gzip);
    const median = ok.length ? ok[Math.floor((ok.length - 1) / 2)] : null;
    return {
      route: route.url,
      static: STATIC_PAGES.has(route.url),
      target: STATIC_PAGES.has(route.url) ? STATIC_JS_TARGET_BYTES : null,
      totals: raw.get(route.url).map((r) => r.gzip ?? null),
      errors: raw.get(route.url).flatMap((r) => (r.error ? [r.error] : [])),
      median,
    };
  });
}
