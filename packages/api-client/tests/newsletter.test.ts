import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  fieldProblemOf,
  NETWORK_ERROR,
  SUBSCRIPTIONS_URL,
  type Subscription,
  subscribe,
  subscriptionFields,
} from "../src/newsletter";
import { apiError, caught, json, stubFetch } from "./fetch-stub";

const accepted = () => json({ status: "accepted" }, { status: 202 });

const sentBody = (fetchMock: ReturnType<typeof stubFetch>, call = 0) =>
  JSON.parse(String(fetchMock.mock.calls[call]![1]?.body)) as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("subscribe", () => {
  const jane: Subscription = { email: "jane@example.org", name: "Jane" };

  it("POSTs email, name and the empty honeypot as JSON and resolves to the 202 answer", async () => {
    const fetchMock = stubFetch(async () => accepted());
    await expect(subscribe(jane)).resolves.toEqual({ status: "accepted" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(SUBSCRIPTIONS_URL);
    expect(url).toBe("/api/newsletter/subscriptions");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(sentBody(fetchMock)).toEqual({
      email: "jane@example.org",
      name: "Jane",
      website: "",
      page: "",
    });
  });

  it("sends an empty name when none is given, and only the API's fields", async () => {
    const fetchMock = stubFetch(async () => accepted());
    await subscribe({ email: "jane@example.org", extra: "x" } as Subscription);
    expect(sentBody(fetchMock)).toEqual({
      email: "jane@example.org",
      name: "",
      website: "",
      page: "",
    });
    await subscribe({ ...jane, website: "spam.example" });
    expect(Object.keys(sentBody(fetchMock, 1))).toEqual(["email", "name", "website", "page"]);
    expect(sentBody(fetchMock, 1).website).toBe("spam.example");
  });

  it.each([
    ["email", "Please enter a valid email address"],
    ["name", "Name must be at least 2 characters"],
  ])("throws a 400 naming the %s field with the server's message", async (field, message) => {
    stubFetch(async () => apiError(400, "invalid", message, field));
    const error = await caught(subscribe(jane));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "invalid", field, apiMessage: message });
    expect(fieldProblemOf(error, subscriptionFields)).toEqual({ field, message });
  });

  it("throws status 0 and network_error when the request does not get through", async () => {
    const cause = new TypeError("Failed to fetch");
    stubFetch(async () => {
      throw cause;
    });
    const error = await caught(subscribe(jane));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR, field: undefined, cause });
  });

  it("throws a 429 with Retry-After in seconds", async () => {
    stubFetch(async () =>
      apiError(429, "rate_limited", "Too many requests", undefined, { "Retry-After": "30" }),
    );
    expect(await caught(subscribe(jane))).toMatchObject({
      status: 429,
      code: "rate_limited",
      retryAfter: 30,
      field: undefined,
    });
  });

  it.each([
    [403, "forbidden"],
    [413, "too_large"],
    [415, "unsupported_media_type"],
    [503, "unavailable"],
  ])("throws %i %s without a field", async (status, code) => {
    stubFetch(async () => apiError(status, code, "Something went wrong"));
    expect(await caught(subscribe(jane))).toMatchObject({ status, code, field: undefined });
  });

  it("passes the abort signal through and rejects with the AbortError", async () => {
    const fetchMock = stubFetch(async (_url, init) => {
      init?.signal?.throwIfAborted();
      return accepted();
    });
    const controller = new AbortController();
    controller.abort();
    const error = await caught(subscribe(jane, { signal: controller.signal }));
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe("AbortError");
    expect(fetchMock.mock.calls[0]![1]?.signal).toBe(controller.signal);
  });
});
