// Small assertion helpers on top of playwright-core (which has no `expect`).
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";

/** Retries `fn` until it stops throwing; rethrows its last error after `timeout` ms. */
export async function eventually(fn, { timeout = 10_000, interval = 50 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    await sleep(interval);
  }
}

export const pathOf = (page) => new URL(page.url()).pathname;

/** Navigates and asserts the document's HTTP status. */
export async function goto(page, url, { status = 200, waitUntil = "load" } = {}) {
  const res = await page.goto(url, { waitUntil });
  assert.ok(res, `no response for ${url}`);
  assert.equal(res.status(), status, `GET ${url}: expected HTTP ${status}, got ${res.status()}`);
  return res;
}

export async function h1Texts(page) {
  return page
    .locator("h1")
    .evaluateAll((els) => els.map((e) => e.textContent.replace(/\s+/g, " ").trim()));
}

/** What the page shows instead, for failure messages. */
async function describePage(page) {
  return page
    .evaluate(() => ({
      url: location.pathname,
      h1: [...document.querySelectorAll("h1")].map((e) => e.textContent.trim()),
      alerts: [...document.querySelectorAll("[role=alert]")]
        .map((e) => e.textContent.trim())
        .filter(Boolean),
      status: [...document.querySelectorAll("[role=status]")]
        .map((e) => e.textContent.trim())
        .filter(Boolean),
      main: (document.querySelector("main")?.innerText ?? "<no <main>>").slice(0, 200),
    }))
    .catch((e) => ({ error: String(e) }));
}

/**
 * Waits until the page's scripts have started (<html data-js="ready">): the chrome
 * answers, islands hydrate on first use and hold a click until they do, links navigate
 * in the app, the admin has hydrated (docs/decisions/0040-islands.md). A page whose
 * scripts do not run (no theme choice on <html>: the inline script did not run) has
 * nothing to wait for.
 */
export async function waitForHydration(page, { timeout = 10_000 } = {}) {
  await page.waitForFunction(
    () =>
      !document.documentElement.dataset.themeChoice ||
      document.documentElement.dataset.js === "ready",
    undefined,
    { timeout },
  );
}

/**
 * Hydrates every island of a page that arrived prerendered (as a pointer passing over
 * each would) and waits until all are (`data-hydrated`), or, on the admin, until React
 * has hydrated the whole page: what tests of hydration itself need.
 */
export async function hydrateIslands(page, { timeout = 10_000 } = {}) {
  await waitForHydration(page, { timeout });
  await page.evaluate(() => {
    for (const island of document.querySelectorAll("[data-island]"))
      island.firstElementChild?.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
  });
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll("[data-island]")].every((el) => "hydrated" in el.dataset) ||
      Object.keys(document.getElementById("main") ?? {}).some((k) => k.startsWith("__react")),
    undefined,
    { timeout },
  );
}

/** Waits until the page has exactly one <h1> and its text matches `re`. */
export async function expectH1(page, re, { timeout = 10_000 } = {}) {
  try {
    await eventually(
      async () => {
        const h = await h1Texts(page);
        assert.equal(
          h.length,
          1,
          `expected exactly one <h1>, found ${h.length}: ${JSON.stringify(h)}`,
        );
        assert.match(h[0], re);
      },
      { timeout },
    );
    await waitForHydration(page, { timeout });
  } catch (err) {
    throw withContext(
      err,
      `${pathOf(page)}: expected one <h1> matching ${re}; the page shows ${JSON.stringify(await describePage(page))}`,
    );
  }
}

/**
 * Waits until the page has rendered: exactly one <h1> and no 'Loading…' status. For
 * tests whose subject is not the heading's wording (that is the route tests' job).
 */
export async function waitForPage(page, { timeout = 10_000 } = {}) {
  try {
    await eventually(
      async () => {
        const state = await page.evaluate(() => ({
          h1: document.querySelectorAll("h1").length,
          loading: [...document.querySelectorAll("[role=status]")].some((e) =>
            /Loading/.test(e.textContent),
          ),
        }));
        assert.equal(state.h1, 1, `expected exactly one <h1>, found ${state.h1}`);
        assert.equal(state.loading, false, "still 'Loading…'");
      },
      { timeout },
    );
    await waitForHydration(page, { timeout });
  } catch (err) {
    throw withContext(
      err,
      `${pathOf(page)}: the page did not finish rendering; it shows ${JSON.stringify(await describePage(page))}`,
    );
  }
}

/** A new error whose message (and printed stack) starts with `context`. */
export function withContext(err, context) {
  const wrapped = new Error(`${context}\n${err?.message ?? err}`);
  wrapped.stack = `${wrapped.message}\n${String(err?.stack ?? "")
    .split("\n")
    .filter((l) => /^\s+at /.test(l))
    .join("\n")}`;
  return wrapped;
}

/** Header (banner), <main id="main"> and footer (contentinfo): one each, h1 inside main. */
export async function expectPageFrame(page) {
  const where = pathOf(page);
  assert.equal(
    await page.getByRole("banner").count(),
    1,
    `${where}: expected one banner (<header>)`,
  );
  assert.equal(
    await page.locator("main#main").count(),
    1,
    `${where}: expected one <main id="main">`,
  );
  assert.equal(await page.getByRole("main").count(), 1, `${where}: expected one main landmark`);
  assert.equal(
    await page.getByRole("contentinfo").count(),
    1,
    `${where}: expected one contentinfo (<footer>)`,
  );
  assert.equal(
    await page.locator("main#main h1").count(),
    1,
    `${where}: the <h1> must be inside <main>`,
  );
  assert.equal(
    await page.locator('header nav[aria-label="Main"]').count(),
    1,
    `${where}: expected nav[aria-label="Main"] in the header`,
  );
  assert.ok(await page.getByRole("banner").isVisible(), `${where}: header not visible`);
  assert.ok(await page.getByRole("contentinfo").isVisible(), `${where}: footer not visible`);
}

/** Puts a marker on `window`; a full document load would wipe it. */
export async function setMarker(page) {
  const marker = `e2e-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((m) => {
    window.__e2eMarker = m;
  }, marker);
  return marker;
}

export async function expectMarker(page, marker, what = "navigation") {
  const seen = await page.evaluate(() => window.__e2eMarker ?? null);
  assert.equal(
    seen,
    marker,
    `${what} reloaded the document (window marker lost) at ${pathOf(page)}`,
  );
}

/** Counts main-frame document requests from now on. */
export function countDocumentLoads(page) {
  const state = { count: 0, urls: [] };
  page.on("request", (req) => {
    if (req.isNavigationRequest() && req.frame() === page.mainFrame()) {
      state.count++;
      state.urls.push(req.url());
    }
  });
  return state;
}

export const mainNav = (page) => page.locator('nav[aria-label="Main"]');

export const themeButton = (page) => page.getByRole("button", { name: /^Theme:/ });

/** <html> class (light|dark), data-theme-choice and the stored choice. */
export async function themeState(page) {
  return page.evaluate(() => {
    const cl = document.documentElement.classList;
    let stored = null;
    try {
      stored = localStorage.getItem("vite-ui-theme");
    } catch {
      /* opaque origin */
    }
    return {
      resolved:
        cl.contains("dark") && !cl.contains("light")
          ? "dark"
          : cl.contains("light") && !cl.contains("dark")
            ? "light"
            : `ambiguous: "${document.documentElement.className}"`,
      choice: document.documentElement.dataset.themeChoice ?? null,
      stored,
    };
  });
}

/** CSP violations recorded by the suite's init script on the current document. */
export const cspViolations = (page) => page.evaluate(() => window.__e2eCsp ?? []);

/** Links to another origin (http/https), with what a reviewer needs to see. */
export const externalLinks = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("a[href]")]
      .map((a) => ({
        href: a.href,
        text: (a.getAttribute("aria-label") || a.textContent).trim(),
        target: a.getAttribute("target"),
        rel: a.getAttribute("rel"),
        inFooter: !!a.closest("footer"),
      }))
      .filter((a) => /^https?:/.test(a.href) && new URL(a.href).origin !== location.origin),
  );

export function isSafeExternal(a) {
  const rel = new Set((a.rel ?? "").toLowerCase().split(/\s+/).filter(Boolean));
  return a.target === "_blank" && rel.has("noopener") && rel.has("noreferrer");
}

/** Starts every page of the context in the given theme (light, dark or system). */
export async function useTheme(context, theme) {
  await context.addInitScript((t) => {
    try {
      localStorage.setItem("vite-ui-theme", t);
    } catch {
      /* opaque origin */
    }
  }, theme);
}

/** The toasts in the host's 'Notifications (F8)' region: Radix renders each as an <li>. */
export const toasts = (page) =>
  page.getByRole("region", { name: "Notifications (F8)" }).locator("li");

/** Waits for exactly one toast with this title and description, and checks its variant. */
export async function expectToast(page, title, description, variant = "default") {
  const toast = toasts(page);
  await eventually(async () => {
    assert.equal(await toast.count(), 1, "expected exactly one toast");
    const text = (await toast.innerText()).replace(/\s+/g, " ");
    assert.ok(
      text.includes(title),
      `toast says ${JSON.stringify(text)}, expected the title ${JSON.stringify(title)}`,
    );
    assert.ok(
      text.includes(description),
      `toast says ${JSON.stringify(text)}, expected ${JSON.stringify(description)}`,
    );
  });
  assert.equal(await toast.getAttribute("data-variant"), variant);
}

/** The methods of the page's requests to `pathname` from now on (a live array). */
export function requestsTo(page, pathname) {
  const seen = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === pathname) seen.push(req.method());
  });
  return seen;
}

/**
 * Holds the page's requests to `url` (a page.route pattern) until the returned release()
 * lets them through to the server: a pending state stays on screen long enough to check.
 */
export async function holdRequests(page, url) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Resolves after the page has rendered two more frames: an update its last event or
 * task caused has been laid out and painted (and a layout shift of it measured).
 */
export const nextFrames = (page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Waits until what a page does after its scripts have started has happened and been
 * reported: the fonts and the images on screen have loaded, two frames have been rendered
 * since (laid out, painted, a layout shift measured), and a console marker logged now
 * has arrived here, after every console message the page logged before it (the protocol
 * keeps their order). A check that nothing happened (no warning, no removal, no shift,
 * no jump) may rely on it.
 */
export async function pageSettled(page, { timeout = 10_000 } = {}) {
  await page.waitForFunction(
    () =>
      document.fonts.status === "loaded" &&
      [...document.images]
        .filter((img) => img.loading !== "lazy" || img.getBoundingClientRect().top < innerHeight)
        .every((img) => img.complete),
    undefined,
    { timeout },
  );
  await nextFrames(page);
  const marker = `e2e-settled-${Math.random().toString(36).slice(2)}`;
  await Promise.all([
    page.waitForEvent("console", { predicate: (m) => m.text() === marker, timeout }),
    page.evaluate((m) => console.debug(m), marker),
  ]);
}
