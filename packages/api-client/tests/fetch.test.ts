import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, fetchRemotes, getJSON } from "../src/index";

function stubFetch(response: Response | (() => Response)) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
    typeof response === "function" ? response() : response,
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" }, ...init });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("getJSON", () => {
  it("GETs with credentials and returns the parsed body", async () => {
    const fetchMock = stubFetch(json({ subscribers: 35 }));
    await expect(getJSON("/api/newsletter/stats")).resolves.toEqual({ subscribers: 35 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/newsletter/stats");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("include");
  });

  it("throws '<status>: <body>' for a non-OK response", async () => {
    stubFetch(new Response("edition not found", { status: 404, statusText: "Not Found" }));
    const error = await getJSON("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("404: edition not found");
    expect((error as ApiError).status).toBe(404);
  });

  it("falls back to the status text when the body is empty", async () => {
    stubFetch(new Response(null, { status: 503, statusText: "Service Unavailable" }));
    await expect(getJSON("/api/x")).rejects.toThrow("503: Service Unavailable");
  });

  it("throws on 401 by default", async () => {
    stubFetch(new Response("sign in", { status: 401, statusText: "Unauthorized" }));
    await expect(getJSON("/api/admin/editions")).rejects.toThrow("401: sign in");
  });

  it("returns null on 401 when asked to", async () => {
    stubFetch(new Response("sign in", { status: 401, statusText: "Unauthorized" }));
    await expect(getJSON("/api/admin/editions", { on401: "returnNull" })).resolves.toBeNull();
  });

  it("still throws other errors when 401 returns null", async () => {
    stubFetch(new Response("", { status: 403, statusText: "Forbidden" }));
    await expect(getJSON("/api/admin/editions", { on401: "returnNull" })).rejects.toThrow(
      "403: Forbidden",
    );
  });
});

describe("apiFetch", () => {
  it("lets the caller override the method and body but keeps credentials", async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    const res = await apiFetch("/api/contact", { method: "POST", body: "{}" });
    expect(res.status).toBe(204);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      method: "POST",
      body: "{}",
      credentials: "include",
    });
  });
});

describe("fetchRemotes", () => {
  it("reads /mf/remotes.json", async () => {
    const fetchMock = stubFetch(
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
    stubFetch(
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
    stubFetch(json({}));
    await expect(fetchRemotes()).resolves.toEqual([]);
  });

  it("rejects when the gateway answers with an error", async () => {
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(fetchRemotes()).rejects.toThrow("500: Internal Server Error");
  });
});
