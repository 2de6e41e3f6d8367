import { afterEach, describe, expect, it, vi } from "vitest";
import { ADMIN_API, importSubscribers, publishEdition, signIn, signOut } from "../src/admin";
import {
  ApiError,
  createQueryClient,
  getQueryFn,
  NETWORK_ERROR,
  queryUrl,
  request,
} from "../src/query";
import { caught, json, stubFetch } from "./fetch-stub";

const unauthorized = { error: { code: "unauthorized", message: "Sign in to continue." } };

/** Runs a query through a real client with the library's defaults. */
function query<T>(queryKey: readonly unknown[], on401?: "throw" | "returnNull") {
  const client = createQueryClient();
  return client.fetchQuery<T>({
    queryKey,
    ...(on401 ? { queryFn: getQueryFn<T>({ on401: on401 as "throw" }) } : {}),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the default query function", () => {
  it("GETs the key's first element with credentials and reads the JSON", async () => {
    const fetchMock = stubFetch(async () =>
      json({ user: "admin", expiresAt: "2025-06-01T12:00:00Z" }),
    );
    await expect(query([ADMIN_API.session])).resolves.toEqual({
      user: "admin",
      expiresAt: "2025-06-01T12:00:00Z",
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/admin/session");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).get("Accept")).toBe("application/json");
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("adds a second element's non-empty entries as the query string", async () => {
    const fetchMock = stubFetch(async () => json({ items: [], page: 2, perPage: 20, total: 0 }));
    await query([ADMIN_API.subscribers, { page: 2, perPage: 20, state: undefined, q: "" }]);
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/admin/subscribers?page=2&perPage=20");
  });

  it("throws '<status>: <body>' for a non-OK answer", async () => {
    stubFetch(
      async () => new Response("boom", { status: 500, statusText: "Internal Server Error" }),
    );
    const error = await caught(query(["/api/admin/stats"]));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "500: boom",
      status: 500,
      body: "boom",
      code: "http_500",
    });
  });

  it("throws '<status>: <status text>' when the body is empty", async () => {
    stubFetch(async () => new Response(null, { status: 502, statusText: "Bad Gateway" }));
    await expect(query(["/api/admin/stats"])).rejects.toThrow(/^502: Bad Gateway$/);
  });

  it("throws on 401 by default, with the body in the message and the API's code at hand", async () => {
    stubFetch(async () => json(unauthorized, { status: 401 }));
    const error = await caught(query([ADMIN_API.stats]));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe(`401: ${JSON.stringify(unauthorized)}`);
    expect(error).toMatchObject({
      status: 401,
      code: "unauthorized",
      apiMessage: "Sign in to continue.",
    });
  });

  it("throws on 401 when asked to", async () => {
    stubFetch(async () => json(unauthorized, { status: 401 }));
    await expect(query([ADMIN_API.session], "throw")).rejects.toThrow(/^401: \{"error":/);
  });

  it("resolves to null on 401 when configured to", async () => {
    stubFetch(async () => json(unauthorized, { status: 401 }));
    await expect(query([ADMIN_API.session], "returnNull")).resolves.toBeNull();
  });

  it("still throws other statuses when 401 returns null", async () => {
    stubFetch(async () =>
      json(
        { error: { code: "not_configured", message: "The admin is not configured." } },
        { status: 503 },
      ),
    );
    const error = await caught(query([ADMIN_API.session], "returnNull"));
    expect(error).toMatchObject({
      status: 503,
      code: "not_configured",
      apiMessage: "The admin is not configured.",
    });
  });

  it("is an ApiError with status 0 when the network fails", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    const error = await caught(query(["/api/admin/stats"]));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it("refuses a key whose first element is not a path", () => {
    expect(() => queryUrl([42])).toThrow(TypeError);
  });
});

describe("createQueryClient", () => {
  it("never retries, never goes stale, never refetches on focus or by interval", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    });
    expect(typeof queries?.queryFn).toBe("function");
    expect(mutations).toMatchObject({ retry: false });
  });

  it("asks once for a failing query and does not ask again while data is cached", async () => {
    const fetchMock = stubFetch(async () => new Response("boom", { status: 500 }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/x"] })).rejects.toThrow("500: boom");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () => json({ ok: true }));
    await client.fetchQuery({ queryKey: ["/api/y"] });
    await client.fetchQuery({ queryKey: ["/api/y"] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("runs a failing mutation once", async () => {
    const fetchMock = stubFetch(async () => new Response("boom", { status: 500 }));
    const client = createQueryClient();
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => request("/api/x", { method: "POST", body: {} }) });
    await expect(mutation.execute(undefined)).rejects.toThrow("500: boom");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("the admin calls", () => {
  it("sign in, sign out and publish hit the documented endpoints", async () => {
    const fetchMock = stubFetch(async (url) =>
      url.endsWith("/publish")
        ? json({ sent: 12, title: "#2 Pipelines" })
        : new Response(null, { status: 204 }),
    );
    await signIn({ user: "admin", password: "secret" });
    await signOut();
    await expect(publishEdition(2)).resolves.toEqual({ sent: 12, title: "#2 Pipelines" });
    expect(
      fetchMock.mock.calls.map(([url, init]) =>
        `${init?.method} ${url} ${init?.body ?? ""}`.trim(),
      ),
    ).toEqual([
      'POST /api/admin/session {"user":"admin","password":"secret"}',
      "DELETE /api/admin/session",
      "POST /api/admin/editions/2/publish",
    ]);
  });

  it("importSubscribers sends the file as it is, as text/csv, whatever its own type", async () => {
    const answer = {
      format: "plain",
      rows: 1,
      added: 1,
      confirmed: 0,
      unconfirmed: 1,
      unsubscribed: 0,
      refused: [],
    };
    const fetchMock = stubFetch(async () => json(answer));
    const file = new File(["email\nann@example.org\n"], "list.csv", {
      type: "application/vnd.ms-excel",
    });
    await expect(importSubscribers(file)).resolves.toEqual(answer);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(`${init?.method} ${url}`).toBe("POST /api/admin/subscribers/import");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("text/csv");
    expect(await (init!.body as Blob).text()).toBe("email\nann@example.org\n");
  });
});
