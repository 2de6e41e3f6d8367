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

/**
 * Runs `run` once a prerendered page is shown, in a task after the frame that shows it
 * (at the latest 500 ms after, should no frame come): what the page does as it becomes a
 * view (its page view, its vitals' start) no longer runs between a tap and the tapped
 * page on screen (docs/decisions/0062-speculation-rules.md).
 */
export function afterShown(run: () => void, win: Window = window): void {
  win.document.addEventListener(
    "prerenderingchange",
    () => {
      let done = false;
      const go = () => {
        if (done) return;
        done = true;
        run();
      };
      win.requestAnimationFrame(() => win.setTimeout(go, 0));
      win.setTimeout(go, 500);
    },
    { once: true },
  );
}
