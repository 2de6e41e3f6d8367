// The newsletter form's call: POST /api/newsletter/subscriptions (docs/openapi.yaml). Imported
// as "@portfolio/api-client/newsletter" by the newsletter remote only.
import type { AnswerOf, Schemas } from "./contract";
import { type RequestOptions, request } from "./request";

export { ApiError, fieldProblemOf, NETWORK_ERROR, type RequestOptions } from "./request";

export const SUBSCRIPTIONS_URL = "/api/newsletter/subscriptions";

/** The fields of a 400 `invalid` answer, in the form's order. */
export const subscriptionFields = ["name", "email"] as const;
export type SubscriptionField = (typeof subscriptionFields)[number];

/** The contract's subscription (docs/openapi.yaml). */
export type Subscription = Schemas["Subscription"];

/** The 202 answer: the address is stored (or already known) and a confirmation email is queued. */
export type SubscriptionAccepted = AnswerOf<"subscribe", 202>;

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
