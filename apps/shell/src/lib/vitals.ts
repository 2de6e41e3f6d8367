// Real-user signals (docs/decisions/0059-canary-releases.md): each page view reports its
// Core Web Vitals (LCP, INP, CLS, TTFB), its uncaught JavaScript errors and the version
// of every section on the page, once, when the page is hidden. Counted by the gateway as
// page views are: no cookie, no storage, no identifier. The measuring library loads once
// the page is idle; the errors are counted from the page's end on (those before the
// entry by the inline script that loads it: document/entry-loader.ts).

import type { Schemas } from "@portfolio/api-client/contract";
import { takeEarlyErrors } from "../document/entry-loader";
import { afterFirstPaint, afterShown } from "./first-paint";

/** Where the report goes (the gateway's POST /api/vitals). */
export const VITALS_URL = "/api/vitals";

/** The gateway refuses a larger body. */
const MAX_BYTES = 1024;

/** What one page view reports: the contract's beacon (docs/openapi.yaml), every part sent. */
export type VitalsReport = Required<Schemas["VitalsBeacon"]>;

/** The versions the page names in its portfolio:versions meta ("blog=1.2.0-abc …"). */
export function pageVersions(doc: Document): Record<string, string> {
  const content = doc.querySelector('meta[name="portfolio:versions"]')?.getAttribute("content");
  const versions: Record<string, string> = {};
  for (const pair of (content ?? "").split(/\s+/)) {
    const [name, version] = pair.split("=");
    if (name && version) versions[name] = version;
  }
  return versions;
}

/**
 * Starts watching the page: counts its uncaught errors now, measures its vitals once it is
 * idle, and sends one report when it is first hidden (or left). Nothing on a preview's page
 * (never counted) or where the browser has no sendBeacon.
 */
export function reportVitals(
  win: Window = window,
  load: () => Promise<typeof import("web-vitals")> = () => import("web-vitals"),
): void {
  const doc = win.document;
  if (doc.querySelector('meta[name="portfolio:preview"]')) return;
  if (typeof win.navigator.sendBeacon !== "function") return;
  // A page the browser prerendered (docs/decisions/0062-speculation-rules.md) is no view
  // until it is shown, and one never shown is dropped with a pagehide: it reports only
  // once shown, like its page view.
  if ((doc as Document & { prerendering?: boolean }).prerendering) {
    afterShown(() => reportVitals(win, load), win);
    return;
  }
  const report: VitalsReport = {
    path: win.location.pathname,
    versions: pageVersions(doc),
    metrics: {},
    errors: takeEarlyErrors(win),
  };
  // An ErrorEvent reaches the window for an uncaught exception; a resource that fails to
  // load does not bubble to it.
  win.addEventListener("error", (event) => {
    if (event instanceof ErrorEvent) report.errors++;
  });
  win.addEventListener("unhandledrejection", () => {
    report.errors++;
  });

  const measure = () => {
    void load().then(
      ({ onCLS, onINP, onLCP, onTTFB }) => {
        const keep = (name: string) => (metric: { value: number }) => {
          report.metrics[name] = Math.round(metric.value * 1000) / 1000;
          // What is measured so far, on <html> (as data-js): the end-to-end suite waits
          // for it before it leaves a page whose report it reads.
          doc.documentElement.dataset.vitals = Object.keys(report.metrics).sort().join(" ");
        };
        const all = { reportAllChanges: true };
        onLCP(keep("lcp"), all);
        onINP(keep("inp"), all);
        onCLS(keep("cls"), all);
        onTTFB(keep("ttfb"), all);
      },
      () => {
        // The library did not load: the errors and the rest still go.
      },
    );
  };
  // Once the page is painted, then idle: a browser can be idle before its first paint,
  // and the library fetched then is one more request ahead of the page's largest paint.
  afterFirstPaint(() => {
    if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(measure);
    else win.setTimeout(measure, 1000);
  }, win);

  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    const body = JSON.stringify(report);
    if (new TextEncoder().encode(body).length > MAX_BYTES) return;
    try {
      win.navigator.sendBeacon(VITALS_URL, body);
    } catch {
      // A browser may refuse a beacon (quota, a closing page): this view goes unreported.
    }
  };
  doc.addEventListener("visibilitychange", () => {
    if (doc.visibilityState === "hidden") send();
  });
  win.addEventListener("pagehide", send);
}
