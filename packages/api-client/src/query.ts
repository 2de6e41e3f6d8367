// The admin's generic data fetching, on TanStack Query. A query is a GET of the
// path in the first element of its key; a mutation calls request(). Imported as
// "@portfolio/api-client/query" by the chunks that use it (the admin section): neither
// this module nor @tanstack/react-query is a shared singleton or in the shell's first
// load.
import { QueryClient, type QueryFunction, type QueryKey } from "@tanstack/react-query";
import { isUnauthorized, request } from "./request";

export {
  ApiError,
  fieldProblemOf,
  INVALID_RESPONSE,
  isUnauthorized,
  NETWORK_ERROR,
  type RequestOptions,
  request,
} from "./request";

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

/** What a query does with a 401: throw its ApiError (the default), or resolve to null ("not signed in"). */
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
      return (await request<T | undefined>(queryUrl(queryKey), { signal })) ?? null;
    } catch (error) {
      if (on401 === "returnNull" && isUnauthorized(error)) return null;
      throw error;
    }
  };
}

/**
 * A QueryClient with the admin's defaults: the query function above (401 throws),
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
