// POSTing JSON to the gateway's API and reading its errors. Not part of the package's
// root export: @portfolio/api-client is a shared Module Federation singleton in the
// shell's first load, and only the forms need this (import "@portfolio/api-client/post"
// or "@portfolio/api-client/contact", which each bundle it into their own chunk).

/** The gateway's error body (ARCHITECTURE.md section 3). */
export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

/** What kind of failure an ApiRequestError is when the server's body did not say. */
export const NETWORK_ERROR = "network_error";
export const INVALID_RESPONSE = "invalid_response";

export interface ApiRequestErrorInit {
  /** HTTP status; 0 when no response arrived (network failure). */
  status: number;
  /** The API's error code (`invalid`, `rate_limited`, ...), `http_<status>` when the body had none, or NETWORK_ERROR / INVALID_RESPONSE. */
  code: string;
  message: string;
  /** The request field the error is about (a 400 `invalid` names one). */
  field?: string;
  /** Seconds to wait before trying again (`Retry-After` of a 429 or 503). */
  retryAfter?: number;
  cause?: unknown;
}

/** A POST that did not succeed: the server's status, code, field and message. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly retryAfter: number | undefined;

  constructor({ status, code, message, field, retryAfter, cause }: ApiRequestErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
  }
}

export interface PostJSONOptions {
  signal?: AbortSignal;
  headers?: HeadersInit;
}

// By name, not `instanceof DOMException`: the error may come from another realm.
export function isAbort(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "AbortError"
  );
}

/** The API's `error` object from a response body, if the body is the API's error JSON. */
export function parseErrorBody(text: string): ApiErrorBody["error"] | undefined {
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody> | null;
    const error = body?.error;
    if (error && typeof error.code === "string" && typeof error.message === "string") return error;
  } catch {
    /* not JSON: a proxy's error page, say */
  }
  return undefined;
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date), if the response has one. */
export function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get("Retry-After");
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * POSTs `body` as JSON and resolves to the parsed JSON answer (undefined for an empty
 * one, e.g. 204). Anything else throws an ApiRequestError: a non-2xx status with the
 * server's code, message and field when its body is the API's error JSON, status 0
 * for a network failure. An aborted request rejects with the AbortError itself.
 */
export async function postJSON<T>(
  url: string,
  body: unknown,
  { signal, headers }: PostJSONOptions = {},
): Promise<T> {
  const requestHeaders = new Headers(headers);
  requestHeaders.set("Content-Type", "application/json");
  if (!requestHeaders.has("Accept")) requestHeaders.set("Accept", "application/json");

  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: requestHeaders,
      body: JSON.stringify(body),
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
  if (!response.ok) {
    const error = parseErrorBody(text);
    throw new ApiRequestError({
      status: response.status,
      code: error?.code ?? `http_${response.status}`,
      message: error?.message ?? `${response.status}: ${response.statusText || "request failed"}`,
      field: error?.field || undefined,
      retryAfter: retryAfterOf(response),
    });
  }
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
