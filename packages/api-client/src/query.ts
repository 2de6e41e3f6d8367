// The generic data fetching of spec section 7, on TanStack Query. A query is a GET of the
// path in the first element of its key; a mutation calls apiRequest. Imported as
// "@portfolio/api-client/query" by the chunks that use it (the admin section): neither
// this module nor @tanstack/react-query is a shared singleton or in the shell's first
// load. (The root export's getJSON is the dependency-free GET the shell starts with.)
import { QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import {
  ApiRequestError,
  INVALID_RESPONSE,
  isAbort,
  NETWORK_ERROR,
  parseErrorBody,
  retryAfterOf,
} from "./post";

export { ApiRequestError, INVALID_RESPONSE, NETWORK_ERROR } from "./post";

/**
 * A non-2xx answer. `message` is "<status>: <body text>" (the status text when the body
 * is empty), as spec section 8 says; `code`, `field` and `apiMessage` come from the API's
 * error JSON when the body is one (`code` is `http_<status>` otherwise).
 */
export class ApiResponseError extends ApiRequestError {
  /** The response body as text ('' when empty). */
  readonly body: string;
  /** The API's own message, written to be shown to people; undefined for a body that is not the API's error JSON. */
  readonly apiMessage: string | undefined;

  constructor(response: Response, body: string) {
    const error = parseErrorBody(body);
    super({
      status: response.status,
      code: error?.code ?? `http_${response.status}`,
      message: `${response.status}: ${body || response.statusText}`,
      field: error?.field || undefined,
      retryAfter: retryAfterOf(response),
    });
    this.name = "ApiResponseError";
    this.body = body;
    this.apiMessage = error?.message;
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequestOptions {
  signal?: AbortSignal;
  headers?: HeadersInit;
}

/**
 * Calls the gateway's API with the session cookie: `body`, when given, is sent as JSON.
 * Resolves to the parsed JSON answer, undefined for an empty one (204). Throws an
 * ApiResponseError for a non-2xx status, an ApiRequestError with status 0 and code
 * NETWORK_ERROR when no answer arrived (INVALID_RESPONSE for a 2xx that is not JSON);
 * an aborted request rejects with its AbortError.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  { signal, headers }: ApiRequestOptions = {},
): Promise<T> {
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has("Accept")) requestHeaders.set("Accept", "application/json");
  if (body !== undefined) requestHeaders.set("Content-Type", "application/json");

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: requestHeaders,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiRequestError({
      status: 0,
      code: NETWORK_ERROR,
      message: "The request did not reach the server",
      cause: error,
    });
  }

  const text = await response.text().catch(() => "");
  if (!response.ok) throw new ApiResponseError(response, text);
  if (text.trim() === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiRequestError({
      status: response.status,
      code: INVALID_RESPONSE,
      message: `${response.status}: the answer is not JSON`,
      cause,
    });
  }
}

/** Query-string values a key may carry in its second element; empty ones are left out. */
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

function isQueryParams(value: unknown): value is QueryParams {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The URL a query key stands for: its first element is the path; a second element that
 * is an object adds its non-empty entries as the query string, so that
 * `["/api/admin/subscribers", { page: 2, state: "confirmed" }]` GETs
 * `/api/admin/subscribers?page=2&state=confirmed`, and every page shares the prefix
 * `["/api/admin/subscribers"]` for invalidation.
 */
export function queryUrl(queryKey: QueryKey): string {
  const [path, params] = queryKey;
  if (typeof path !== "string" || path === "") {
    throw new TypeError(
      `The first element of a query key must be the API path, got ${JSON.stringify(path)}`,
    );
  }
  if (!isQueryParams(params)) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const query = search.toString();
  if (query === "") return path;
  return `${path}${path.includes("?") ? "&" : "?"}${query}`;
}

/** What a query does with a 401: throw its ApiResponseError (the default), or resolve to null ("not signed in"). */
export type On401 = "throw" | "returnNull";

export interface QueryFnOptions {
  on401?: On401;
}

/** The default query function: GET queryUrl(queryKey) with credentials, read the JSON. */
export function getQueryFn<T>(options: { on401: "returnNull" }): QueryFunction<T | null>;
export function getQueryFn<T>(options?: QueryFnOptions): QueryFunction<T>;
export function getQueryFn<T>({ on401 = "throw" }: QueryFnOptions = {}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      // An empty 2xx is null: TanStack Query does not keep undefined as data.
      return (
        (await apiRequest<T | undefined>("GET", queryUrl(queryKey), undefined, { signal })) ?? null
      );
    } catch (error) {
      if (on401 === "returnNull" && isUnauthorized(error)) return null;
      throw error;
    }
  };
}

/**
 * A QueryClient with spec section 7's defaults: the query function above (401 throws),
 * no retries for queries or mutations, data never stale, no refetch on window focus,
 * no polling. Create one per app (in state, not at module scope: a server render
 * must not share a cache between requests).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

/** True for the error of a call the server refused for want of a session. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}
