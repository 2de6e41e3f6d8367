// The newsletter form's call: POST /api/newsletter/subscriptions (docs/api.md). Imported
// as "@portfolio/api-client/newsletter" by the newsletter remote only.
import { type RequestOptions, request } from "./request";

export { ApiError, fieldProblemOf, NETWORK_ERROR, type RequestOptions } from "./request";

export const SUBSCRIPTIONS_URL = "/api/newsletter/subscriptions";

/** The fields of a 400 `invalid` answer, in the form's order. */
export const subscriptionFields = ["name", "email"] as const;
export type SubscriptionField = (typeof subscriptionFields)[number];

export interface Subscription {
  email: string;
  /** Optional: empty, or at least 2 characters. */
  name?: string;
  /** The honeypot: people leave it empty; a filled one is answered 202 and dropped. */
  website?: string;
  /** The path of the page the form is on: the owner's sign-ups per page count it. */
  page?: string;
}

/** The 202 answer: the address is stored (or already known) and a confirmation email is queued. */
export interface SubscriptionAccepted {
  status: "accepted";
}

/**
 * Subscribes an address to DevOps Digest (double opt-in: the gateway emails a
 * confirmation link). Resolves on 202, which a known address and a filled honeypot get
 * too; throws an ApiError otherwise: 400 `invalid` with the field (`email` or `name`)
 * and the visitor-facing message (`apiMessage`), 403, 413, 415, 429 (with retryAfter),
 * 503, or status 0 without a network. An aborted request rejects with the AbortError.
 */
export function subscribe(
  subscription: Subscription,
  options?: Omit<RequestOptions, "method" | "body">,
): Promise<SubscriptionAccepted> {
  const { email, name = "", website = "", page = "" } = subscription;
  return request<SubscriptionAccepted>(SUBSCRIPTIONS_URL, {
    ...options,
    method: "POST",
    body: { email, name, website, page },
  });
}
