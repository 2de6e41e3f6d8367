/**
 * Runs `run` once the page's first contentful paint is on screen (at once on a hidden
 * page, or where the browser cannot tell; the timer covers one that never reports it).
 * What the page loads before then competes with what it shows: the vitals' library, which
 * a browser idle before that paint fetched while the page's largest paint was still to
 * come (the entry itself is loaded after it: docs/decisions/0067-entry-after-first-paint.md).
 */
export function afterFirstPaint(run: () => void, win: Window = window): void {
  const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver })
    .PerformanceObserver;
  if (win.document.visibilityState === "hidden" || typeof Observer === "undefined") {
    run();
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    run();
  };
  const observer = new Observer((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length > 0) start();
  });
  observer.observe({ type: "paint", buffered: true });
  win.setTimeout(start, 1000);
}
