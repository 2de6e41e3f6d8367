import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, CONTACT_URL, type ContactMessage, submitContact } from "../src/contact";
import { INVALID_RESPONSE, NETWORK_ERROR, postJSON } from "../src/post";
import { caught, json, stubFetch } from "./fetch-stub";

const apiError = (
  status: number,
  code: string,
  message: string,
  field?: string,
  headers: HeadersInit = {},
) => json({ error: { code, message, ...(field ? { field } : {}) } }, { status, headers });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("postJSON", () => {
  it("POSTs the body as JSON and resolves to the parsed answer", async () => {
    const fetchMock = stubFetch(async () => json({ status: "accepted" }, { status: 202 }));
    await expect(postJSON("/api/thing", { a: 1, b: "two" })).resolves.toEqual({
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
    await expect(postJSON("/api/thing", {})).resolves.toBeUndefined();
  });

  it("keeps the caller's headers but always sends JSON", async () => {
    const fetchMock = stubFetch(async () => json({}));
    await postJSON("/api/thing", {}, { headers: { "X-Trace": "1", "Content-Type": "text/plain" } });
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get("X-Trace")).toBe("1");
    expect(headers.get("Content-Type")).toBe("application/json");
  });

  it("throws the API's error with its status, code, field and message", async () => {
    stubFetch(async () => apiError(400, "invalid", "Name must be at least 2 characters", "name"));
    const error = await caught(postJSON("/api/contact", {}));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      name: "ApiRequestError",
      status: 400,
      code: "invalid",
      field: "name",
      message: "Name must be at least 2 characters",
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
    const error = await caught(postJSON("/api/contact", {}));
    expect(error).toMatchObject({
      status,
      code,
      field: undefined,
      message: "Something went wrong",
    });
  });

  it("reads Retry-After of a 429 as seconds", async () => {
    stubFetch(async () =>
      apiError(429, "rate_limited", "Too many requests", undefined, { "Retry-After": "42" }),
    );
    expect(await caught(postJSON("/api/contact", {}))).toMatchObject({
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
    const error = (await caught(postJSON("/api/contact", {}))) as ApiRequestError;
    expect(error.retryAfter).toBeGreaterThanOrEqual(88);
    expect(error.retryAfter).toBeLessThanOrEqual(90);
  });

  it("falls back to the status when the error body is not the API's JSON", async () => {
    stubFetch(
      async () =>
        new Response("<html>Bad Gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    expect(await caught(postJSON("/api/contact", {}))).toMatchObject({
      status: 502,
      code: "http_502",
      field: undefined,
      message: "502: Bad Gateway",
    });
  });

  it("throws status 0 and network_error when the request does not get through", async () => {
    const cause = new TypeError("Failed to fetch");
    stubFetch(async () => {
      throw cause;
    });
    const error = await caught(postJSON("/api/contact", {}));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR, cause });
  });

  it("rejects with the AbortError itself when aborted", async () => {
    stubFetch(async (_url, init) => {
      init?.signal?.throwIfAborted();
      return json({});
    });
    const controller = new AbortController();
    controller.abort();
    const error = await caught(postJSON("/api/contact", {}, { signal: controller.signal }));
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("throws invalid_response for a 2xx answer that is not JSON", async () => {
    stubFetch(async () => new Response("accepted", { status: 202 }));
    expect(await caught(postJSON("/api/contact", {}))).toMatchObject({
      status: 202,
      code: INVALID_RESPONSE,
    });
  });
});

describe("submitContact", () => {
  const message: ContactMessage = {
    name: "Jane Doe",
    email: "jane@example.org",
    subject: "job",
    message: "I have a role you might like.",
  };

  it("POSTs the five fields to /api/contact, the honeypot empty by default", async () => {
    const fetchMock = stubFetch(async () => json({ status: "accepted" }, { status: 202 }));
    await expect(submitContact(message)).resolves.toEqual({ status: "accepted" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(CONTACT_URL);
    expect(url).toBe("/api/contact");
    expect(JSON.parse(String(init?.body))).toEqual({ ...message, website: "" });
  });

  it("sends nothing but the API's fields", async () => {
    const fetchMock = stubFetch(async () => json({ status: "accepted" }, { status: 202 }));
    await submitContact({ ...message, website: "spam.example", extra: "x" } as ContactMessage);
    expect(Object.keys(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)))).toEqual([
      "name",
      "email",
      "subject",
      "message",
      "website",
    ]);
  });

  it("throws the server's field error", async () => {
    stubFetch(async () => apiError(400, "invalid", "Please enter a valid email address", "email"));
    expect(await caught(submitContact(message))).toMatchObject({ status: 400, field: "email" });
  });
});
