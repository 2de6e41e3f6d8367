// The one way this package calls the gateway: request() and the one error it throws,
// ApiError. Every call of the package (remotes, contact, newsletter, the admin's queries
// and mutations) goes through it.
import type { Schemas } from "./contract";

/** The gateway's error body, as its contract (docs/openapi.yaml) has it. */
export type ApiErrorBody = Schemas["Error"];

/** The code of an ApiError when no answer arrived (status 0). */
export const NETWORK_ERROR = "network_error";
/** The code of an ApiError for a 2xx answer that is not JSON. */
export const INVALID_RESPONSE = "invalid_response";

export interface ApiErrorInit {
  /** HTTP status; 0 when no response arrived. */
  status: number;
  code: string;
  message: string;
  field?: string;
  retryAfter?: number;
  body?: string;
  apiMessage?: string;
  cause?: unknown;
}

/**
 * A call that did not succeed. For a non-2xx answer, `message` is "<status>: <body
 * text>" (the status text when the body is empty); `code`,
 * `field` and `apiMessage` (the API's own message, written to be shown to people) come
 * from the API's error JSON when the body is one, and `code` is `http_<status>`
 * otherwise. No answer at all: status 0 and code NETWORK_ERROR; a 2xx that is not JSON:
 * code INVALID_RESPONSE.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The API's error code (`invalid`, `rate_limited`, ...), `http_<status>`, NETWORK_ERROR or INVALID_RESPONSE. */
  readonly code: string;
  /** The request field the error is about (a 400 `invalid` names one). */
  readonly field: string | undefined;
  /** Seconds to wait before trying again (`Retry-After` of a 429 or 503). */
  readonly retryAfter: number | undefined;
  /** The response body as text ('' when empty or when no answer arrived). */
  readonly body: string;
  /** The API's message for people; undefined when the body is not the API's error JSON. */
  readonly apiMessage: string | undefined;

  constructor({ status, code, message, field, retryAfter, body, apiMessage, cause }: ApiErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.field = field;
    this.retryAfter = retryAfter;
    this.body = body ?? "";
    this.apiMessage = apiMessage;
  }
}

/** True for the error of a call the server refused for want of a session. */
export const isUnauthorized = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401;

/**
 * The field and the API's message of a refusal that names one of `fields` (a 400
 * `invalid`), for a form to show under that field; undefined for any other error.
 */
export function fieldProblemOf<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.apiMessage) return undefined;
  const field = fields.find((f) => f === error.field);
  return field === undefined ? undefined : { field, message: error.apiMessage };
}

// By name, not `instanceof DOMException`: the error may come from another realm.
function isAbort(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "AbortError"
  );
}

/** The API's `error` object from a response body, if the body is the API's error JSON. */
function parseErrorBody(text: string): ApiErrorBody["error"] | undefined {
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
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get("Retry-After")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions {
  /** GET unless given. */
  method?: HttpMethod;
  /** Sent as JSON when given; a Blob (a file) is sent as it is, typed by its own `type`. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: HeadersInit;
}

/**
 * Calls the gateway (same origin, with its cookies) and resolves to the parsed JSON
 * answer, undefined for an empty one (204). Anything else throws an ApiError (see
 * there); an aborted request rejects with its AbortError.
 */
export async function request<T = unknown>(
  url: string,
  { method = "GET", body, signal, headers }: RequestOptions = {},
): Promise<T> {
  const requestHeaders = new Headers(headers);
  if (!requestHeaders.has("Accept")) requestHeaders.set("Accept", "application/json");
  const raw = typeof Blob !== "undefined" && body instanceof Blob;
  if (body !== undefined && !raw) requestHeaders.set("Content-Type", "application/json");
  if (raw && body.type) requestHeaders.set("Content-Type", body.type);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: requestHeaders,
      body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR,
      message: "The request did not reach the server",
      cause: error,
    });
  }

  const text = await response.text().catch(() => "");
  if (!response.ok) {
    const error = parseErrorBody(text);
    throw new ApiError({
      status: response.status,
      code: error?.code ?? `http_${response.status}`,
      message: `${response.status}: ${text || response.statusText}`,
      field: error?.field || undefined,
      retryAfter: retryAfterOf(response),
      body: text,
      apiMessage: error?.message,
    });
  }
  if (text.trim() === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      code: INVALID_RESPONSE,
      message: `${response.status}: the answer is not JSON`,
      body: text,
      cause,
    });
  }
}
