import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchRemotes } from "../src/index";
import { json, stubFetch } from "./fetch-stub";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("fetchRemotes", () => {
  it("reads /mf/remotes.json", async () => {
    const fetchMock = stubFetch(async () =>
      json({
        remotes: [
          { name: "blog", entry: "/mf/blog/mf-manifest.json" },
          { name: "newsletter", entry: "/mf/newsletter/mf-manifest.json" },
        ],
      }),
    );
    await expect(fetchRemotes()).resolves.toEqual([
      { name: "blog", entry: "/mf/blog/mf-manifest.json" },
      { name: "newsletter", entry: "/mf/newsletter/mf-manifest.json" },
    ]);
    expect(fetchMock.mock.calls[0]![0]).toBe("/mf/remotes.json");
  });

  it("drops malformed entries and tolerates a missing list", async () => {
    stubFetch(async () =>
      json({
        remotes: [
          { name: "blog" },
          { name: "admin", entry: "/mf/admin/mf-manifest.json", extra: 1 },
          null,
        ],
      }),
    );
    await expect(fetchRemotes()).resolves.toEqual([
      { name: "admin", entry: "/mf/admin/mf-manifest.json" },
    ]);
    stubFetch(async () => json({}));
    await expect(fetchRemotes()).resolves.toEqual([]);
  });

  it("rejects when the gateway answers with an error", async () => {
    stubFetch(async () => new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(fetchRemotes()).rejects.toThrow("500: Internal Server Error");
  });
});
