import { afterEach, describe, expect, it, vi } from "vitest";
import { pageVersions, reportVitals, VITALS_URL } from "../src/lib/vitals";

type Callback = (metric: { value: number }) => void;

/** A stand-in for web-vitals: each on*() keeps its callback, for the test to call. */
function fakeVitals() {
  const callbacks: Record<string, Callback> = {};
  const on = (name: string) => (cb: Callback) => {
    callbacks[name] = cb;
  };
  const lib = { onLCP: on("lcp"), onINP: on("inp"), onCLS: on("cls"), onTTFB: on("ttfb") };
  return { callbacks, load: () => Promise.resolve(lib as unknown as typeof import("web-vitals")) };
}

function stubBeacon() {
  const beacon = vi.fn(() => true);
  Object.defineProperty(navigator, "sendBeacon", {
    value: beacon,
    configurable: true,
    writable: true,
  });
  return beacon;
}

/**
 * The browser's paint timing, held back until the test calls the function it returns:
 * the first contentful paint, reported to every observer of paints.
 */
function stubPaint(): () => void {
  const observers: PerformanceObserverCallback[] = [];
  class PaintObserver {
    constructor(callback: PerformanceObserverCallback) {
      observers.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  Object.defineProperty(window, "PerformanceObserver", {
    value: PaintObserver,
    configurable: true,
    writable: true,
  });
  const fcp = {
    getEntriesByName: (name: string) => (name === "first-contentful-paint" ? [{}] : []),
  } as unknown as PerformanceObserverEntryList;
  return () => {
    for (const observer of observers) observer(fcp, {} as PerformanceObserver);
  };
}

function setHead(html: string) {
  document.head.innerHTML = html;
}

function hide() {
  Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

afterEach(() => {
  Object.defineProperty(document, "visibilityState", { value: "visible", configurable: true });
  document.head.innerHTML = "";
});

describe("pageVersions", () => {
  it("reads every section's version from the page's meta", () => {
    setHead(
      '<meta name="portfolio:versions" content="admin=shipped blog=1.2.0-abc newsletter=shipped">',
    );
    expect(pageVersions(document)).toEqual({
      admin: "shipped",
      blog: "1.2.0-abc",
      newsletter: "shipped",
    });
  });
  it("is empty without the meta", () => {
    expect(pageVersions(document)).toEqual({});
  });
});

describe("reportVitals", () => {
  it("sends one report when the page is hidden: the path, the versions, the vitals and the errors", async () => {
    setHead('<meta name="portfolio:versions" content="blog=2.0.0-b">');
    const beacon = stubBeacon();
    const vitals = fakeVitals();
    const win = window as Window & { requestIdleCallback?: (cb: () => void) => number };
    const idle = vi.fn((cb: () => void) => {
      cb();
      return 1;
    });
    win.requestIdleCallback = idle;
    const paint = stubPaint();
    reportVitals(window, vitals.load);
    // Not before the page's first paint: the library would compete with it.
    expect(idle).not.toHaveBeenCalled();
    paint();
    await Promise.resolve();
    await Promise.resolve();
    expect(idle).toHaveBeenCalled();
    vitals.callbacks.lcp?.({ value: 1234.5678 });
    vitals.callbacks.cls?.({ value: 0.0213 });
    expect(document.documentElement.dataset.vitals).toBe("cls lcp");
    window.dispatchEvent(new ErrorEvent("error", { message: "boom" }));
    window.dispatchEvent(new Event("unhandledrejection"));
    hide();
    hide();
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe(VITALS_URL);
    expect(JSON.parse(body)).toEqual({
      path: window.location.pathname,
      versions: { blog: "2.0.0-b" },
      metrics: { lcp: 1234.568, cls: 0.021 },
      errors: 2,
    });
  });

  it("counts the errors the page had before the entry ran (the inline script's count), once", () => {
    const beacon = stubBeacon();
    stubPaint();
    const early = window as Window & { __portfolioEarlyErrors?: [number] };
    early.__portfolioEarlyErrors = [2];
    reportVitals(window, fakeVitals().load);
    expect(early.__portfolioEarlyErrors).toBeUndefined();
    window.dispatchEvent(new ErrorEvent("error", { message: "after the entry" }));
    hide();
    expect(JSON.parse((beacon.mock.calls[0] as unknown as [string, string])[1]).errors).toBe(3);
  });

  it("reports nothing from a prerendered page until it is shown, and starts after the frame that shows it", async () => {
    const beacon = stubBeacon();
    Object.defineProperty(document, "prerendering", { value: true, configurable: true });
    try {
      reportVitals(window, fakeVitals().load);
      window.dispatchEvent(new Event("pagehide"));
      expect(beacon).not.toHaveBeenCalled();

      Object.defineProperty(document, "prerendering", { value: false, configurable: true });
      document.dispatchEvent(new Event("prerenderingchange"));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      hide();
      expect(beacon).toHaveBeenCalledTimes(1);
      const [url] = beacon.mock.calls[0] as unknown as [string];
      expect(url).toBe(VITALS_URL);
    } finally {
      Reflect.deleteProperty(document, "prerendering");
    }
  });

  it("reports nothing from a preview's page", () => {
    setHead('<meta name="portfolio:preview" content="blog 2.0.0-b">');
    const beacon = stubBeacon();
    reportVitals(window, fakeVitals().load);
    hide();
    expect(beacon).not.toHaveBeenCalled();
  });
});
