// The contact form's call: POST /api/contact (docs/openapi.yaml). Imported as
// "@portfolio/api-client/contact" by the contact page's own chunk only.
import type { ContactSubjectValue } from "@portfolio/content/contact";
import type { AnswerOf, Schemas } from "./contract";
import { type RequestOptions, request } from "./request";

export {
  ApiError,
  fieldProblemOf,
  NETWORK_ERROR,
  type RequestOptions,
  request,
} from "./request";

export const CONTACT_URL = "/api/contact";

/** The gateway's subject values: content's list (content/schema/contact.schema.json), their one source. */
export type ContactSubject = ContactSubjectValue;

/** The fields of a 400 `invalid` answer, in the form's order. */
export const contactFields = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof contactFields)[number];

/** The contract's message (docs/openapi.yaml), its subject one of content's values. */
export type ContactMessage = Omit<Schemas["ContactMessage"], "subject"> & {
  subject: ContactSubject;
};

/** The 202 answer: the message is stored and both emails are queued. */
export type ContactAccepted = AnswerOf<"submitContact", 202>;

/**
 * Sends a contact message. Resolves once the gateway has stored it (202); throws an
 * ApiError otherwise: 400 `invalid` with the field and the visitor-facing message
 * (`apiMessage`), 403, 413, 415, 429 (with retryAfter), 503, or status 0 without a network.
 */
export function submitContact(
  message: ContactMessage,
  options?: Omit<RequestOptions, "method" | "body">,
): Promise<ContactAccepted> {
  const { name, email, subject, message: text, website = "" } = message;
  return request<ContactAccepted>(CONTACT_URL, {
    ...options,
    method: "POST",
    body: { name, email, subject, message: text, website } satisfies Schemas["ContactMessage"],
  });
}
