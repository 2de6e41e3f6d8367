// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  EARLY_CLICKS,
  entryLoaderScript,
  PAINTED_ATTRIBUTE,
  takeEarlyClicks,
  takeEarlyErrors,
} from "../src/document/entry-loader";

const SRC = "/static/js/index.0123456789.js";

/** A paint observer the test reports to, as the browser does once the page is painted. */
function fakePaintObserver() {
  const observers: { cb: PerformanceObserverCallback; self: { disconnect: () => void } }[] = [];
  class FakeObserver {
    static supportedEntryTypes = ["paint"];
    disconnect = vi.fn();
    constructor(private cb: PerformanceObserverCallback) {}
    observe() {
      observers.push({ cb: this.cb, self: this });
    }
  }
  const paint = (name: string) => {
    for (const o of observers)
      o.cb(
        { getEntriesByName: (n: string) => (n === name ? [{ name }] : []) } as never,
        o.self as never,
      );
  };
  return { FakeObserver, paint };
}

const painted = () => document.documentElement.hasAttribute(PAINTED_ATTRIBUTE);
const entryScripts = () =>
  [...document.head.querySelectorAll("script[src]")].map((s) => s.getAttribute("src"));

/** Runs the inline script as the browser would, in this document. */
const runLoader = () => new Function(entryLoaderScript(SRC))();

describe("the inline script that loads the entry", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    takeEarlyClicks();
    takeEarlyErrors();
    document.head.innerHTML = "";
    document.body.innerHTML = "";
    document.documentElement.removeAttribute(PAINTED_ATTRIBUTE);
  });

  it("loads the entry and marks the page painted once the first contentful paint is reported, not before, and once", () => {
    vi.useFakeTimers();
    const { FakeObserver, paint } = fakePaintObserver();
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    runLoader();
    expect([entryScripts(), painted()]).toEqual([[], false]);
    paint("first-paint");
    expect([entryScripts(), painted()]).toEqual([[], false]);
    paint("first-contentful-paint");
    expect([entryScripts(), painted()]).toEqual([[SRC], true]);
    vi.advanceTimersByTime(5000); // the fallback finds it loaded
    expect(entryScripts()).toEqual([SRC]);
  });

  it("does both after 3 s at the latest when no paint is reported", () => {
    vi.useFakeTimers();
    vi.stubGlobal("PerformanceObserver", fakePaintObserver().FakeObserver);
    runLoader();
    vi.advanceTimersByTime(2999);
    expect([entryScripts(), painted()]).toEqual([[], false]);
    vi.advanceTimersByTime(1);
    expect([entryScripts(), painted()]).toEqual([[SRC], true]);
  });

  it("loads it at once in a hidden page (a prerender), which counts as painted only once shown and painted", () => {
    vi.useFakeTimers();
    const { FakeObserver, paint } = fakePaintObserver();
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    runLoader();
    expect([entryScripts(), painted()]).toEqual([[SRC], false]);
    vi.advanceTimersByTime(5000);
    expect(painted()).toBe(false);
    visibility.mockReturnValue("visible");
    paint("first-contentful-paint");
    expect([entryScripts(), painted()]).toEqual([[SRC], true]);
  });

  it("loads it at once, painted or not, where the browser reports no paints", () => {
    class WithoutPaints {
      static supportedEntryTypes = ["navigation", "resource"];
      observe() {
        throw new Error("observed a type the browser does not have");
      }
    }
    vi.stubGlobal("PerformanceObserver", WithoutPaints);
    runLoader();
    expect([entryScripts(), painted()]).toEqual([[SRC], true]);
  });

  it("counts the page's uncaught errors and unhandled rejections until the entry takes them", () => {
    vi.stubGlobal("PerformanceObserver", fakePaintObserver().FakeObserver);
    runLoader();
    window.dispatchEvent(new ErrorEvent("error", { message: "a section's script threw" }));
    window.dispatchEvent(new Event("unhandledrejection"));
    window.dispatchEvent(new Event("error")); // a resource that failed: no ErrorEvent
    expect(takeEarlyErrors()).toBe(2);
    window.dispatchEvent(
      new ErrorEvent("error", { message: "the entry's own listeners count this" }),
    );
    expect(takeEarlyErrors()).toBe(0);
  });

  it("keeps taps on the theme and menu buttons until the entry takes them, then no more", () => {
    vi.stubGlobal("PerformanceObserver", fakePaintObserver().FakeObserver);
    document.body.innerHTML = `
      <button data-theme-toggle><svg><path></path></svg></button>
      <button data-menu-open>Menu</button>
      <button id="other">Other</button>`;
    runLoader();
    const theme = document.querySelector<HTMLElement>("[data-theme-toggle]");
    const menu = document.querySelector<HTMLElement>("[data-menu-open]");
    document.querySelector("path")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    menu?.click();
    document.querySelector<HTMLElement>("#other")?.click();
    expect(takeEarlyClicks()).toEqual([theme, menu]);
    expect((window as unknown as Record<string, unknown>)[EARLY_CLICKS]).toBeUndefined();
    theme?.click();
    expect(takeEarlyClicks()).toEqual([]);
  });
});
