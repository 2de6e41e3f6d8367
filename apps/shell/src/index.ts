// The stylesheet is part of the initial chunk, so index.html links it in <head>.
import "./styles.css";

// The page arrives prerendered: let the browser show it before React's code is even
// requested. Loaded from this entry, React would run before the first frame reaches the
// screen and hold the page's content back behind it (Lighthouse counts it into LCP).
// The paint entry is reported once that frame is presented; the timer covers a browser
// that never reports it.
function afterFirstPaint(run: () => void) {
  if (document.visibilityState === "hidden" || typeof PerformanceObserver === "undefined") {
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
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length > 0) start();
  });
  observer.observe({ type: "paint", buffered: true });
  setTimeout(start, 1000);
}

afterFirstPaint(() => void import("./bootstrap"));
