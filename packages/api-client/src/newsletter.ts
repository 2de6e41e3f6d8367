// The newsletter form's call: POST /api/newsletter/subscriptions (docs/api.md). Imported
// as "@portfolio/api-client/newsletter" by the newsletter remote only.
import { type PostJSONOptions, postJSON } from "./post";

export { ApiRequestError, NETWORK_ERROR, type PostJSONOptions } from "./post";

export const SUBSCRIPTIONS_URL = "/api/newsletter/subscriptions";

/** The fields of a 400 `invalid` answer. */
export type SubscriptionField = "email" | "name";

export interface Subscription {
  email: string;
  /** Optional: empty, or at least 2 characters. */
  name?: string;
  /** The honeypot: people leave it empty; a filled one is answered 202 and dropped. */
  website?: string;
}

/** The 202 answer: the address is stored (or already known) and a confirmation email is queued. */
export interface SubscriptionAccepted {
  status: "accepted";
}

/**
 * Subscribes an address to DevOps Digest (double opt-in: the gateway emails a
 * confirmation link). Resolves on 202, which a known address and a filled honeypot get
 * too; throws an ApiRequestError otherwise: 400 `invalid` with the field (`email` or
 * `name`) and the visitor-facing message, 403, 413, 415, 429 (with retryAfter), 503, or
 * status 0 without a network. An aborted request rejects with the AbortError.
 */
export function subscribe(
  subscription: Subscription,
  options?: PostJSONOptions,
): Promise<SubscriptionAccepted> {
  const { email, name = "", website = "" } = subscription;
  return postJSON<SubscriptionAccepted>(SUBSCRIPTIONS_URL, { email, name, website }, options);
}

export const isSubscriptionField = (field: string | undefined): field is SubscriptionField =>
  field === "email" || field === "name";
