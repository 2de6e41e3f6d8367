import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_BEACON_BYTES, PAGE_VIEWS_URL, sendPageView } from "../src/lib/page-beacon";

const original = navigator.sendBeacon;

function stubBeacon(impl: (url: string, body: string) => boolean = () => true) {
  const beacon = vi.fn(impl);
  Object.defineProperty(navigator, "sendBeacon", {
    value: beacon,
    configurable: true,
    writable: true,
  });
  return beacon;
}

afterEach(() => {
  Object.defineProperty(navigator, "sendBeacon", {
    value: original,
    configurable: true,
    writable: true,
  });
});

describe("sendPageView", () => {
  it("posts the path and the referrer's origin only, as a string of at most 1 kB", () => {
    const beacon = stubBeacon();
    sendPageView(
      "/blog/kubernetes-security?utm_source=x#top",
      "https://news.ycombinator.com/item?id=42",
    );
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as [string, string];
    expect(url).toBe(PAGE_VIEWS_URL);
    expect(typeof body).toBe("string"); // text/plain: no CORS preflight
    expect(JSON.parse(body)).toEqual({
      path: "/blog/kubernetes-security",
      referrer: "https://news.ycombinator.com",
    });
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(MAX_BEACON_BYTES);
  });

  it("sends an empty referrer for none, or one that is not a URL", () => {
    const beacon = stubBeacon();
    sendPageView("/skills", "");
    sendPageView("/skills", "not a url");
    for (const [, body] of beacon.mock.calls as [string, string][]) {
      expect(JSON.parse(body)).toEqual({ path: "/skills", referrer: "" });
    }
  });

  it("sends nothing that would pass 1 kB", () => {
    const beacon = stubBeacon();
    sendPageView(`/${"a".repeat(MAX_BEACON_BYTES)}`, "");
    expect(beacon).not.toHaveBeenCalled();
  });

  it("does nothing without sendBeacon, and never throws", () => {
    Object.defineProperty(navigator, "sendBeacon", {
      value: undefined,
      configurable: true,
      writable: true,
    });
    expect(() => sendPageView("/skills", "")).not.toThrow();
    stubBeacon(() => {
      throw new TypeError("beacon refused");
    });
    expect(() => sendPageView("/skills", "")).not.toThrow();
  });
});
