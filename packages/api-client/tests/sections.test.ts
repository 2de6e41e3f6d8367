import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ADMIN_API,
  ApiError,
  addSectionKey,
  isUnauthorized,
  NETWORK_ERROR,
  promoteSection,
  promoteSectionPath,
  removeSectionKey,
  rollbackSection,
  rollbackSectionPath,
  type SectionList,
} from "../src/admin";
import { createQueryClient } from "../src/query";
import { apiError, caught, json, stubFetch } from "./fetch-stub";

afterEach(() => {
  vi.unstubAllGlobals();
});

const refusal =
  "release: shared module react: the release needs ^20.0.0, the running shell provides 19.3.1";

describe("the sections list", () => {
  it("is a query on GET /api/admin/sections, with credentials", async () => {
    const list: SectionList = {
      sections: [
        {
          name: "blog",
          serving: "",
          releases: [
            {
              section: "blog",
              version: "0.0.0-3f2a9c1b7d0e",
              digest: "sha256:ab",
              size: 506535,
              publishedAt: "2026-11-25T18:11:24Z",
              publishedBy: "cli:ci",
              signedBy: "",
              check: "",
            },
          ],
          history: [],
          keys: [],
        },
      ],
    };
    const fetchMock = stubFetch(async () => json(list));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: [ADMIN_API.sections] })).resolves.toEqual(list);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/admin/sections");
    expect(init?.method).toBe("GET");
    expect(init?.credentials).toBe("same-origin");
  });
});

describe("promoteSection", () => {
  it("POSTs the version as JSON and resolves to what the section serves", async () => {
    const fetchMock = stubFetch(async () =>
      json({ section: "blog", serving: "0.0.0-3f2a9c1b7d0e" }),
    );
    await expect(promoteSection("blog", "0.0.0-3f2a9c1b7d0e")).resolves.toEqual({
      section: "blog",
      serving: "0.0.0-3f2a9c1b7d0e",
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/admin/sections/blog/promote");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({ version: "0.0.0-3f2a9c1b7d0e" });
  });

  it("keeps a section name inside its path segment", () => {
    expect(promoteSectionPath("a/b")).toBe("/api/admin/sections/a%2Fb/promote");
    expect(rollbackSectionPath("a b")).toBe("/api/admin/sections/a%20b/rollback");
  });

  it("throws the check's refusal of a 409 as the API's message, to be shown", async () => {
    stubFetch(async () => apiError(409, "conflict", refusal));
    const error = await caught(promoteSection("blog", "0.0.0-3f2a9c1b7d0e"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "conflict", apiMessage: refusal });
  });

  it("throws a 404 for an unknown section or version", async () => {
    stubFetch(async () => apiError(404, "not_found", "no such release: blog 9.9.9"));
    expect(await caught(promoteSection("blog", "9.9.9"))).toMatchObject({
      status: 404,
      code: "not_found",
      apiMessage: "no such release: blog 9.9.9",
    });
  });

  it("throws a 401 the admin treats as the end of the session", async () => {
    stubFetch(async () => apiError(401, "unauthorized", "Sign in to continue."));
    expect(isUnauthorized(await caught(promoteSection("blog", "1.0.0")))).toBe(true);
  });

  it("throws status 0 and network_error when the request does not get through", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await caught(promoteSection("blog", "1.0.0"))).toMatchObject({
      status: 0,
      code: NETWORK_ERROR,
    });
  });
});

describe("rollbackSection", () => {
  it("POSTs without a body and resolves to what the section serves ('' the shipped build)", async () => {
    const fetchMock = stubFetch(async () => json({ section: "newsletter", serving: "" }));
    await expect(rollbackSection("newsletter")).resolves.toEqual({
      section: "newsletter",
      serving: "",
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/admin/sections/newsletter/rollback");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBeUndefined();
  });

  it("throws a 409 when there is nothing to roll back", async () => {
    stubFetch(async () => apiError(409, "conflict", "nothing to roll back: blog"));
    expect(await caught(rollbackSection("blog"))).toMatchObject({
      status: 409,
      code: "conflict",
      apiMessage: "nothing to roll back: blog",
    });
  });
});

describe("a section's keys", () => {
  // A real fingerprint's base64 holds '/' and '+': it travels as a query parameter.
  const fingerprint = "SHA256:t92IuP6MRoqRLUAE54Hs4vRrMqMuVGm7zGy/dQa+uTk";

  it("adds one: POSTs the public key as JSON and resolves to the key", async () => {
    const key = {
      section: "blog",
      fingerprint,
      type: "ssh-ed25519",
      publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI",
      comment: "blog-ci",
      addedAt: "2026-11-27T12:00:00Z",
      addedBy: "admin:owner",
    };
    const fetchMock = stubFetch(async () => json(key, { status: 201 }));
    await expect(
      addSectionKey("blog", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI blog-ci"),
    ).resolves.toEqual(key);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/admin/sections/blog/keys");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("same-origin");
    expect(JSON.parse(String(init?.body))).toEqual({
      publicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI blog-ci",
    });
  });

  it("throws the server's refusal of a key with its field", async () => {
    stubFetch(async () =>
      apiError(
        400,
        "invalid",
        "This is a private key: paste the public one (the .pub file), and keep the private key secret.",
        "publicKey",
      ),
    );
    expect(
      await caught(addSectionKey("blog", "-----BEGIN OPENSSH PRIVATE KEY-----")),
    ).toMatchObject({
      status: 400,
      field: "publicKey",
      apiMessage:
        "This is a private key: paste the public one (the .pub file), and keep the private key secret.",
    });
  });

  it("removes one: DELETE with the fingerprint encoded in the query, resolving to nothing", async () => {
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }));
    await expect(removeSectionKey("blog", fingerprint)).resolves.toBeUndefined();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(
      "/api/admin/sections/blog/keys?fingerprint=SHA256%3At92IuP6MRoqRLUAE54Hs4vRrMqMuVGm7zGy%2FdQa%2BuTk",
    );
    expect(new URL(String(url), "http://x").searchParams.get("fingerprint")).toBe(fingerprint);
    expect(init?.method).toBe("DELETE");
    expect(init?.body).toBeUndefined();
  });
});
