// What a page downloads on its first load: every JS and CSS response with its raw and
// gzip bytes (node:zlib level 9 of the body, so the figure depends on the build only).
// Shared by make bench (bench/run.mjs) and the byte budgets (tests/budgets.test.mjs).

import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync, constants as zc } from "node:zlib";
import { waitForHydration } from "./page.mjs";

const QUIET_MS = 1500;

const kindOf = (res) => {
  const type = res.request().resourceType();
  const ct = res.headers()["content-type"] ?? "";
  const path = new URL(res.url()).pathname;
  if (type === "script" || /javascript/.test(ct) || /\.m?js$/.test(path)) return "js";
  if (type === "stylesheet" || /text\/css/.test(ct) || /\.css$/.test(path)) return "css";
  return null;
};

/**
 * Records every JS/CSS response of a page from now on, from the site's origins: the
 * public one and, where given, the admin's own (docs/decisions/0047).
 */
export function recordAssets(page, ...origins) {
  const files = [];
  const pending = [];
  let lastResponse = Date.now();
  page.on("response", (res) => {
    const kind = kindOf(res);
    if (!kind || !origins.some((origin) => res.url().startsWith(origin))) return;
    lastResponse = Date.now();
    pending.push(
      (async () => {
        const body = await res.body().catch(() => null);
        if (!body) return;
        await res.finished().catch(() => {});
        const sizes = await res
          .request()
          .sizes()
          .catch(() => null);
        files.push({
          kind,
          path: new URL(res.url()).pathname,
          status: res.status(),
          encoding: res.headers()["content-encoding"] ?? "identity",
          raw: body.length,
          gzip: gzipSync(body, { level: zc.Z_BEST_COMPRESSION }).length,
          transfer: sizes ? sizes.responseBodySize + sizes.responseHeadersSize : null,
          transferBody: sizes ? sizes.responseBodySize : null,
        });
      })(),
    );
  });
  // Settled once no script or stylesheet has arrived for QUIET_MS: hydration fetches
  // some (a Suspense boundary's lazy chunk) after the network was idle for a moment.
  const settle = async () => {
    while (Date.now() - lastResponse < QUIET_MS) await sleep(QUIET_MS / 4);
    await Promise.all(pending);
  };
  return { files, settle };
}

export const sum = (files, kind) => {
  const f = files.filter((x) => !kind || x.kind === kind);
  return {
    count: f.length,
    raw: f.reduce((a, x) => a + x.raw, 0),
    gzip: f.reduce((a, x) => a + x.gzip, 0),
    transfer: f.reduce((a, x) => a + (x.transferBody ?? 0), 0),
  };
};

export async function settlePage(page, route) {
  await page.waitForLoadState("load");
  if (route?.h1) {
    await page
      .waitForFunction(
        (src) =>
          [...document.querySelectorAll("h1")].some((h) =>
            new RegExp(src.source, src.flags).test(h.textContent),
          ),
        { source: route.h1.source, flags: route.h1.flags },
        { timeout: 15_000 },
      )
      .catch(() => console.warn(`  ! ${route.url}: expected <h1> did not appear`));
  }
  // React is requested only after the first paint (docs/decisions/0029): the network can
  // be idle before that, so wait until the page has hydrated, then for what it fetched.
  await waitForHydration(page, { timeout: 15_000 }).catch(() =>
    console.warn(`  ! ${page.url()}: did not hydrate`),
  );
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
}
