// How a page's entry script arrives (docs/decisions/0067-entry-after-first-paint.md).
// The page is whole when it arrives, prerendered; the entry only makes the chrome and
// the islands work. Loaded from the page's end by a small inline script once the first
// paint is on screen, it no longer stands between a visitor and the page's largest
// paint: nothing but the stylesheet is fetched or run before it. A page prerendered
// (hidden) loads it at once, so it is ready when shown.
//
// The same script marks <html data-painted> once the page is painted: the gateway's
// speculation rules wait for it, so the pages links may open are not fetched and
// rendered while this one still is (also after a prerendered page is shown).
//
// The theme and menu buttons do nothing until the entry has run: a tap on one in that
// moment is kept by the inline script and replayed by the entry (takeEarlyClicks). The
// page's uncaught errors before the entry (a section's script that throws as it runs)
// are counted by it too, for the entry's report (takeEarlyErrors, lib/vitals.ts): a
// canary that throws is seen (docs/decisions/0059-canary-releases.md).

/** The window property where the inline script keeps the buttons tapped before the entry ran. */
export const EARLY_CLICKS = "__portfolioEarlyClicks";

/** The window property where the inline script counts the errors before the entry ran. */
export const EARLY_ERRORS = "__portfolioEarlyErrors";

/** The buttons whose taps are kept: the header's theme control and menu button. */
export const EARLY_CLICK_TARGETS = "[data-menu-open],[data-theme-toggle]";

/** The attribute <html> gets once the page is painted (the speculation rules' condition). */
export const PAINTED_ATTRIBUTE = "data-painted";

/** A page on screen counts as painted this long after its end at the latest (a paint never reported). */
const PAINTED_AT_THE_LATEST_MS = 3000;

/**
 * The inline script that loads the entry at `src` (the gateway allows it by the hash of
 * its bytes, so it is built from constants and the build's file name only).
 */
export function entryLoaderScript(src: string): string {
  return (
    `(function(){var w=window,d=document,q=w.${EARLY_CLICKS}=[],n=w.${EARLY_ERRORS}=[0],l=0;` +
    `function err(e){if(w.${EARLY_ERRORS}===n&&(e.type!=="error"||e instanceof ErrorEvent))n[0]++}` +
    `w.addEventListener("error",err);w.addEventListener("unhandledrejection",err);` +
    `d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest(${JSON.stringify(EARLY_CLICK_TARGETS)});` +
    `if(b&&w.${EARLY_CLICKS}===q)q.push(b)},true);` +
    `function load(){if(l)return;l=1;var s=d.createElement("script");s.src=${JSON.stringify(src)};d.head.appendChild(s)}` +
    `function painted(){d.documentElement.setAttribute("${PAINTED_ATTRIBUTE}","");load()}` +
    `var P=w.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return painted();` +
    `if(d.visibilityState!=="visible")load();` +
    `new P(function(e,o){if(e.getEntriesByName("first-contentful-paint").length){o.disconnect();painted()}})` +
    `.observe({type:"paint",buffered:true});` +
    `setTimeout(function(){d.visibilityState==="visible"?painted():load()},${PAINTED_AT_THE_LATEST_MS})})()`
  );
}

type EarlyWindow = Window & { [EARLY_CLICKS]?: Element[]; [EARLY_ERRORS]?: [number] };

/**
 * The buttons tapped before the entry ran, in order, once: from then on the inline
 * script keeps no more (the entry's own listeners answer).
 */
export function takeEarlyClicks(win: Window = window): HTMLElement[] {
  const w = win as EarlyWindow;
  const kept = w[EARLY_CLICKS] ?? [];
  w[EARLY_CLICKS] = undefined;
  return kept.filter((e): e is HTMLElement => e instanceof HTMLElement);
}

/**
 * The uncaught errors (and unhandled rejections) the page had before the entry ran, once:
 * from then on the inline script counts no more (the entry's own listeners do).
 */
export function takeEarlyErrors(win: Window = window): number {
  const w = win as EarlyWindow;
  const counted = w[EARLY_ERRORS]?.[0] ?? 0;
  w[EARLY_ERRORS] = undefined;
  return counted;
}
