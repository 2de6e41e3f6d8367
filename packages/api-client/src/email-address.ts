// What the gateway takes for an email address (the contact form and the newsletter both
// send one): checked in the browser first, so a visitor sees the field's message before
// anything is sent. Imported as "@portfolio/api-client/email-address";
// services/mail/testdata/addresses.json is run by both sides (mail.ValidPlainAddress).

import { codePoints } from "./names";

/**
 * A plain address a reply can go to, about as strict as the browser's own email check
 * plus the gateway's: a dot-atom local part of at most 64 characters, and a domain of
 * two or more labels (letters, digits, inner hyphens), the last with a letter. ASCII
 * only: no address literals (`a@[127.0.0.1]`, `a@127.0.0.1`); an internationalised
 * domain in its `xn--` form, which the browser's email field sends for one typed in
 * Unicode.
 */
export const emailAddressPattern =
  /^(?!.*\.[0-9-]+$)(?=[^@]{1,64}@)[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The longest address the gateway accepts (RFC 5321's path limit less the brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** An email field's limit and messages, as content's form-fields.json gives them to every form. */
export interface EmailRules {
  emailMaxLength: number;
  emailTooLong: string;
  invalidEmail: string;
}

/** The first rule `address` (trimmed) breaks, as its message, in the gateway's order. */
export function emailProblem(address: string, rules: EmailRules): string | undefined {
  if (codePoints(address) > rules.emailMaxLength) return rules.emailTooLong;
  if (!emailAddressPattern.test(address)) return rules.invalidEmail;
  return undefined;
}
