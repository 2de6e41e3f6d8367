/** A non-OK response. `message` is "<status>: <body text or status text>" (spec section 8). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

export type ApiFetchOptions = RequestInit;

/**
 * fetch with the site's defaults: cookies included (same-origin gateway), and any
 * non-OK status thrown as an ApiError.
 */
export async function apiFetch(url: string, init: ApiFetchOptions = {}): Promise<Response> {
  const response = await fetch(url, { credentials: "include", ...init });
  if (!response.ok) {
    const body = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, body);
  }
  return response;
}

export interface GetJSONOptions {
  /** What a 401 means for this call: throw (default), or resolve to null. */
  on401?: "throw" | "returnNull";
  signal?: AbortSignal;
  headers?: HeadersInit;
}

/** The generic query behaviour (spec section 7): GET with credentials, JSON body. */
export async function getJSON<T>(
  url: string,
  options: GetJSONOptions & { on401: "returnNull" },
): Promise<T | null>;
export async function getJSON<T>(url: string, options?: GetJSONOptions): Promise<T>;
export async function getJSON<T>(
  url: string,
  { on401 = "throw", signal, headers }: GetJSONOptions = {},
) {
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has("Accept")) requestHeaders.set("Accept", "application/json");
  try {
    const response = await apiFetch(url, { method: "GET", headers: requestHeaders, signal });
    return (await response.json()) as T;
  } catch (error) {
    if (on401 === "returnNull" && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
