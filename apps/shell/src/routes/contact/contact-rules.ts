// The contact form's rules (content/contact.json's validation, plus maximum lengths), with the messages of
// content's contact.json and its subject list, so that the page says exactly what the
// gateway says (its internal/contact checks the same rules, in the same order, with the
// same words).

import type { ContactField, ContactMessage } from "@portfolio/api-client/contact";
import { emailAddressPattern } from "@portfolio/api-client/email-address";
import {
  type Contact,
  type ContactSubjectValue,
  contactSubjects,
} from "@portfolio/content/contact";
import type { Problems } from "@portfolio/ui/use-form";

/** The form's controls by name, as the browser posts them. */
export type ContactFormValues = Record<ContactField | "website", string>;

/** Characters as the gateway counts them: Unicode code points, not UTF-16 units. */
const chars = (s: string) => [...s].length;

/** A line break or any other control character (Go's unicode.IsControl, Zl, Zp). */
const breaksLine = /[\p{Cc}\u2028\u2029]/u;

/**
 * Characters that do not show (the gateway's mail.VisibleLength): spaces, format
 * characters, variation selectors and other default-ignorables, the blank braille cell.
 */
const invisible =
  /[\s\u0085\u2800\p{Zs}\p{Zl}\p{Zp}\p{Cf}\p{Variation_Selector}\p{Default_Ignorable_Code_Point}]/gu;
const visibleChars = (s: string) => chars(s.replace(invisible, ""));

/** A bidirectional control: what follows it could show in another order. */
const directionControl = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const isSubject = (value: string): value is ContactSubjectValue =>
  (contactSubjects as readonly string[]).includes(value);

/** The message as it is checked and sent: trimmed, the message's line breaks as \n. */
export function contactMessage(values: ContactFormValues): ContactMessage {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject as ContactSubjectValue,
    message: values.message.replace(/\r\n/g, "\n").trim(),
    website: values.website,
  };
}

/** Every field's problem at once (each field's first failing rule), in the form's order. */
export function contactProblems(
  values: ContactFormValues,
  { validation: v }: Pick<Contact, "validation">,
): Problems<ContactField> {
  const { name, email, subject, message } = contactMessage(values);
  const problems: Problems<ContactField> = {};
  if (visibleChars(name) < v.nameMinLength) problems.name = v.nameTooShort;
  else if (chars(name) > v.nameMaxLength) problems.name = v.nameTooLong;
  else if (breaksLine.test(name)) problems.name = v.nameNotOneLine;
  else if (directionControl.test(name)) problems.name = v.nameDirection;

  if (chars(email) > v.emailMaxLength) problems.email = v.emailTooLong;
  else if (!emailAddressPattern.test(email)) problems.email = v.invalidEmail;

  if (!isSubject(subject)) problems.subject = v.invalidSubject;

  if (chars(message) < v.messageMinLength) problems.message = v.messageTooShort;
  else if (chars(message) > v.messageMaxLength) problems.message = v.messageTooLong;
  return problems;
}
