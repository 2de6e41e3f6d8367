// What the suites here share: a stubbed global fetch, JSON answers, caught rejections.
import { vi } from "vitest";

export type FetchArgs = [url: string, init?: RequestInit];

/** Replaces the global fetch (undo with vi.unstubAllGlobals()). */
export function stubFetch(impl: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { "Content-Type": "application/json", ...init.headers },
  });

/** The error a promise rejects with; fails the test if it resolves. */
export const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );

/** The gateway's error JSON (docs/api.md) with this status. */
export const apiError = (
  status: number,
  code: string,
  message: string,
  field?: string,
  headers: HeadersInit = {},
) => json({ error: { code, message, ...(field ? { field } : {}) } }, { status, headers });
