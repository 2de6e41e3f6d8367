// The contact form's call: POST /api/contact (services/gateway/README.md). Imported as
// "@portfolio/api-client/contact" by the contact page's own chunk only.
import { type PostJSONOptions, postJSON } from "./post";

export { ApiRequestError, NETWORK_ERROR, type PostJSONOptions, postJSON } from "./post";

export const CONTACT_URL = "/api/contact";

/** The gateway's subject values (content's ContactSubjectValue must stay assignable). */
export type ContactSubject = "collaboration" | "job" | "consulting" | "speaking" | "other";

/** The fields of a 400 `invalid` answer. */
export type ContactField = "name" | "email" | "subject" | "message";

export interface ContactMessage {
  name: string;
  email: string;
  subject: ContactSubject;
  message: string;
  /** The honeypot: people leave it empty; a filled one is accepted and dropped. */
  website?: string;
}

/** The 202 answer: the message is stored and both emails are queued. */
export interface ContactAccepted {
  status: "accepted";
}

/**
 * Sends a contact message. Resolves once the gateway has stored it (202); throws an
 * ApiRequestError otherwise: 400 `invalid` with the field and the visitor-facing
 * message, 403, 413, 415, 429 (with retryAfter), 503, or status 0 without a network.
 */
export function submitContact(
  message: ContactMessage,
  options?: PostJSONOptions,
): Promise<ContactAccepted> {
  const { name, email, subject, message: text, website = "" } = message;
  return postJSON<ContactAccepted>(
    CONTACT_URL,
    { name, email, subject, message: text, website },
    options,
  );
}
