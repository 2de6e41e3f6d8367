// The page-view beacon of a client-side navigation (docs/decisions/0039-first-party-analytics.md):
// the gateway counts the pages it serves itself; a page the app renders without asking it
// is reported here. No cookie, no storage, no identifier: the path and the referrer's
// origin only, since the gateway keeps no more than the referrer's host.

import type { Schemas } from "@portfolio/api-client/contract";

/** Where the beacon goes (the gateway's POST /api/pageviews). */
export const PAGE_VIEWS_URL = "/api/pageviews";

/** The gateway refuses a larger body. */
export const MAX_BEACON_BYTES = 1024;

/** The origin of a referrer URL, or "" for none or one that does not parse. */
function originOf(referrer: string): string {
  if (!referrer) return "";
  try {
    const { origin } = new URL(referrer);
    return origin === "null" ? "" : origin;
  } catch {
    return "";
  }
}

/**
 * Reports that the page at `path` was shown, reached from `referrer` (a URL, or "").
 * Sent with navigator.sendBeacon as a text/plain JSON string (no CORS preflight, and it
 * outlives the page); does nothing where there is no sendBeacon, or when the body would
 * pass 1 kB. Never throws: counting must not break a navigation.
 */
export function sendPageView(path: string, referrer: string): void {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return;
  const beacon: Schemas["PageViewBeacon"] = {
    path: path.split(/[?#]/, 1)[0] ?? "",
    referrer: originOf(referrer),
  };
  const body = JSON.stringify(beacon);
  if (new TextEncoder().encode(body).length > MAX_BEACON_BYTES) return;
  try {
    navigator.sendBeacon(PAGE_VIEWS_URL, body);
  } catch {
    // A browser may refuse a beacon (quota, a closing page): the view goes uncounted.
  }
}
