// Pages the browser prepared ahead (docs/decisions/0062-speculation-rules.md): the
// gateway sends every public page with the Speculation-Rules header, and says so in a
// Server-Timing entry (a page cannot read its response's headers).
import { afterShown } from "../lib/first-paint";
import { sendPageView } from "../lib/page-beacon";

/**
 * Whether links are the browser's to follow: it supports speculation rules and the
 * gateway sent this page with them, so the page a link opens has been prerendered (or
 * is on its way). Elsewhere the app takes the page over for the first click
 * (docs/decisions/0040-islands.md).
 */
export function browserNavigates(): boolean {
  if (typeof HTMLScriptElement === "undefined" || !HTMLScriptElement.supports?.("speculationrules"))
    return false;
  const nav = performance.getEntriesByType?.("navigation")[0] as
    | PerformanceNavigationTiming
    | undefined;
  return nav?.serverTiming?.some((entry) => entry.name === "speculation") ?? false;
}

/**
 * Counts this page's view when a visitor sees it (docs/decisions/0039): the gateway
 * counted it as it served it, unless the browser fetched it ahead (Sec-Purpose:
 * prefetch), as it does for a page it prerenders or prefetches. Such a page is counted
 * here, by its beacon: a prerendered one once it is shown (activated), never if it is
 * not; a prefetched one as it loads, which it only does when opened.
 */
export function countWhenShown(): void {
  const count = () => sendPageView(window.location.pathname, document.referrer);
  // Not in TypeScript's DOM types yet (the Speculation Rules API's document.prerendering).
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    afterShown(count);
    return;
  }
  const nav = performance.getEntriesByType?.("navigation")[0] as
    | (PerformanceNavigationTiming & { deliveryType?: string })
    | undefined;
  if (nav?.deliveryType === "navigational-prefetch") count();
}
