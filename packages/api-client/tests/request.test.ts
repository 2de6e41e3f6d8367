import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  fieldProblemOf,
  INVALID_RESPONSE,
  isUnauthorized,
  NETWORK_ERROR,
  request,
} from "../src/index";
import { apiError, caught, json, stubFetch } from "./fetch-stub";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("request: GET", () => {
  it("GETs with credentials and returns the parsed body", async () => {
    const fetchMock = stubFetch(async () => json({ subscribers: 35 }));
    await expect(request("/api/newsletter/stats")).resolves.toEqual({ subscribers: 35 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/newsletter/stats");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBeUndefined();
  });

  it("throws '<status>: <body>' for a non-OK response", async () => {
    stubFetch(
      async () => new Response("edition not found", { status: 404, statusText: "Not Found" }),
    );
    const error = await caught(request("/api/x"));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("404: edition not found");
    expect((error as ApiError).status).toBe(404);
  });

  it("falls back to the status text when the body is empty", async () => {
    stubFetch(async () => new Response(null, { status: 503, statusText: "Service Unavailable" }));
    await expect(request("/api/x")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("request: POST with a body", () => {
  it("POSTs the body as JSON and resolves to the parsed answer", async () => {
    const fetchMock = stubFetch(async () => json({ status: "accepted" }, { status: 202 }));
    await expect(
      request("/api/thing", { method: "POST", body: { a: 1, b: "two" } }),
    ).resolves.toEqual({
      status: "accepted",
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/thing");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe('{"a":1,"b":"two"}');
    const headers = new Headers(init?.headers);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Accept")).toBe("application/json");
  });

  it("resolves to undefined for an empty answer", async () => {
    stubFetch(async () => new Response(null, { status: 204 }));
    await expect(request("/api/thing", { method: "POST", body: {} })).resolves.toBeUndefined();
  });

  it("keeps the caller's headers but always sends JSON", async () => {
    const fetchMock = stubFetch(async () => json({}));
    await request("/api/thing", {
      method: "POST",
      body: {},
      headers: { "X-Trace": "1", "Content-Type": "text/plain" },
    });
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get("X-Trace")).toBe("1");
    expect(headers.get("Content-Type")).toBe("application/json");
  });

  it("throws the API's error with its status, code, field and message", async () => {
    stubFetch(async () => apiError(400, "invalid", "Name must be at least 2 characters", "name"));
    const error = await caught(request("/api/contact", { method: "POST", body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: "ApiError",
      status: 400,
      code: "invalid",
      field: "name",
      apiMessage: "Name must be at least 2 characters",
      retryAfter: undefined,
    });
  });

  it.each([
    [403, "forbidden"],
    [413, "too_large"],
    [415, "unsupported_media_type"],
    [503, "unavailable"],
  ])("throws %i %s without a field", async (status, code) => {
    stubFetch(async () => apiError(status, code, "Something went wrong"));
    const error = await caught(request("/api/contact", { method: "POST", body: {} }));
    expect(error).toMatchObject({
      status,
      code,
      field: undefined,
      apiMessage: "Something went wrong",
    });
  });

  it("reads Retry-After of a 429 as seconds", async () => {
    stubFetch(async () =>
      apiError(429, "rate_limited", "Too many requests", undefined, { "Retry-After": "42" }),
    );
    expect(await caught(request("/api/contact", { method: "POST", body: {} }))).toMatchObject({
      status: 429,
      code: "rate_limited",
      retryAfter: 42,
    });
  });

  it("reads an HTTP-date Retry-After", async () => {
    const when = new Date(Date.now() + 90_000).toUTCString();
    stubFetch(async () =>
      apiError(503, "unavailable", "Try later", undefined, { "Retry-After": when }),
    );
    const error = (await caught(request("/api/contact", { method: "POST", body: {} }))) as ApiError;
    expect(error.retryAfter).toBeGreaterThanOrEqual(88);
    expect(error.retryAfter).toBeLessThanOrEqual(90);
  });

  it("falls back to the status when the error body is not the API's JSON", async () => {
    stubFetch(
      async () =>
        new Response("<html>Bad Gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    expect(await caught(request("/api/contact", { method: "POST", body: {} }))).toMatchObject({
      status: 502,
      code: "http_502",
      field: undefined,
      apiMessage: undefined,
      message: "502: <html>Bad Gateway</html>",
      body: "<html>Bad Gateway</html>",
    });
  });

  it("throws status 0 and network_error when the request does not get through", async () => {
    const cause = new TypeError("Failed to fetch");
    stubFetch(async () => {
      throw cause;
    });
    const error = await caught(request("/api/contact", { method: "POST", body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR, cause });
  });

  it("rejects with the AbortError itself when aborted", async () => {
    stubFetch(async (_url, init) => {
      init?.signal?.throwIfAborted();
      return json({});
    });
    const controller = new AbortController();
    controller.abort();
    const error = await caught(
      request("/api/contact", { method: "POST", body: {}, signal: controller.signal }),
    );
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("throws invalid_response for a 2xx answer that is not JSON", async () => {
    stubFetch(async () => new Response("accepted", { status: 202 }));
    expect(await caught(request("/api/contact", { method: "POST", body: {} }))).toMatchObject({
      status: 202,
      code: INVALID_RESPONSE,
    });
  });
});

describe("request", () => {
  it("sends JSON with credentials and resolves to the JSON answer", async () => {
    const fetchMock = stubFetch(async () => json({ sent: 3, title: "#1 Hello" }));
    await expect(request("/api/thing", { method: "POST", body: { a: 1 } })).resolves.toEqual({
      sent: 3,
      title: "#1 Hello",
    });
    const [url, { headers, ...init } = {}] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/thing");
    expect(init).toMatchObject({ method: "POST", credentials: "same-origin", body: '{"a":1}' });
    expect(Object.fromEntries(new Headers(headers))).toEqual({
      accept: "application/json",
      "content-type": "application/json",
    });
  });

  it("sends no body and no Content-Type without a body, and resolves to undefined for 204", async () => {
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
    await expect(request("/api/thing", { method: "DELETE" })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has("Content-Type")).toBe(false);
  });

  it("throws the site's message and keeps the API's code, message, field and Retry-After", async () => {
    const body = { error: { code: "rate_limited", message: "Too many attempts.", field: "user" } };
    stubFetch(async () => json(body, { status: 429, headers: { "Retry-After": "42" } }));
    const error = await caught(
      request("/api/admin/session", { method: "POST", body: { user: "a", password: "b" } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: `429: ${JSON.stringify(body)}`,
      status: 429,
      code: "rate_limited",
      apiMessage: "Too many attempts.",
      field: "user",
      retryAfter: 42,
    });
  });

  it("says INVALID_RESPONSE for a 2xx that is not JSON", async () => {
    stubFetch(async () => new Response("<html>", { status: 200 }));
    await expect(caught(request("/api/x"))).resolves.toMatchObject({
      code: INVALID_RESPONSE,
      status: 200,
    });
  });

  it("passes an abort through as the AbortError", async () => {
    stubFetch(async () => {
      throw new DOMException("The operation was aborted.", "AbortError");
    });
    await expect(caught(request("/api/x"))).resolves.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("isUnauthorized", () => {
  it("is true only for an ApiError of status 401", async () => {
    stubFetch(async () => apiError(401, "unauthorized", "Sign in to continue."));
    expect(isUnauthorized(await caught(request("/api/admin/stats")))).toBe(true);
    stubFetch(async () => apiError(403, "forbidden", "Cross-site request"));
    expect(isUnauthorized(await caught(request("/api/admin/stats")))).toBe(false);
    expect(isUnauthorized(new Error("401: sign in"))).toBe(false);
  });
});

describe("fieldProblemOf", () => {
  it("gives the field and the API's message of a 400 naming one of the form's fields", async () => {
    stubFetch(async () => apiError(400, "invalid", "Please enter a valid email address", "email"));
    const error = await caught(request("/api/contact", { method: "POST", body: {} }));
    expect(fieldProblemOf(error, ["name", "email"])).toEqual({
      field: "email",
      message: "Please enter a valid email address",
    });
    expect(fieldProblemOf(error, ["name"])).toBeUndefined();
  });

  it("is undefined for a 400 without a field, another status or another error", async () => {
    stubFetch(async () => apiError(400, "invalid", "Request body must be one JSON object"));
    expect(fieldProblemOf(await caught(request("/api/x")), ["name"])).toBeUndefined();
    stubFetch(async () => apiError(409, "conflict", "Taken", "name"));
    expect(fieldProblemOf(await caught(request("/api/x")), ["name"])).toBeUndefined();
    expect(fieldProblemOf(new Error("400: name"), ["name"])).toBeUndefined();
  });
});
