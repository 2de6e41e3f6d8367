// @vitest-environment jsdom
// The admin's pages and the rest of the site are two origins
// (docs/decisions/0047-the-admin-on-its-own-origin.md): the history never moves across.
import { afterEach, describe, expect, it } from "vitest";
import { crossesOrigins, pushHistory } from "../src/navigation/history";

afterEach(() => window.history.replaceState(null, "", "/"));

describe("crossesOrigins", () => {
  it.each([
    ["/", "/blog", false],
    ["/blog", "/newsletter/1?x=1#top", false],
    ["/", "/admin/newsletter", true],
    ["/blog", "/admin", true],
    ["/", "/Admin/Newsletter", true],
    ["/", "/administrator", false],
    ["/admin/newsletter", "/admin/newsletter?tab=traffic", false],
    ["/admin/newsletter", "/", true],
    ["/admin/newsletter", "/newsletter/2", true],
  ])("from %s to %s: %s", (from, to, crosses) => {
    window.history.replaceState(null, "", from);
    expect(crossesOrigins(to)).toBe(crosses);
  });
});

describe("pushHistory", () => {
  it("moves within an origin", () => {
    expect(pushHistory("/blog")).toBe(true);
    expect(window.location.pathname).toBe("/blog");
  });

  it("refuses to move across, so that the caller loads the page", () => {
    window.history.replaceState(null, "", "/blog");
    const entries = window.history.length;
    expect(pushHistory("/admin/newsletter")).toBe(false);
    expect(window.location.pathname).toBe("/blog");
    expect(window.history.length).toBe(entries);

    window.history.replaceState(null, "", "/admin/newsletter");
    expect(pushHistory("/newsletter", true)).toBe(false);
    expect(window.location.pathname).toBe("/admin/newsletter");
  });
});
