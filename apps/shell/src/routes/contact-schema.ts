// The contact form's rules (spec section 5 plus maximum lengths), built from content's
// contact.json so that the page says exactly what the gateway says (its
// internal/contact checks the same rules, in the same order, with the same words).

import { emailAddressPattern } from "@portfolio/api-client/email-address";
import type { Contact, ContactSubjectValue } from "@portfolio/content/contact";
import { z } from "zod/mini";

/** The form's fields in display order: the first failing one is reported. */
export const contactFields = ["name", "email", "subject", "message"] as const;
export type ContactFieldName = (typeof contactFields)[number];

export interface ContactFormValues {
  name: string;
  email: string;
  subject: ContactSubjectValue;
  message: string;
  /** The honeypot: left empty by people. */
  website: string;
}

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

/** The schema the form validates with on submit; values come out trimmed. */
export function contactSchema({ validation: v, form }: Pick<Contact, "validation" | "form">) {
  const subjects = form.subjects.map((s) => s.value) as [
    ContactSubjectValue,
    ...ContactSubjectValue[],
  ];
  return z.object({
    name: z.string().check(
      z.trim(),
      z.refine((s) => visibleChars(s) >= v.nameMinLength, { error: v.nameTooShort }),
      z.refine((s) => chars(s) <= v.nameMaxLength, { error: v.nameTooLong }),
      z.refine((s) => !breaksLine.test(s), { error: v.nameNotOneLine }),
      z.refine((s) => !directionControl.test(s), { error: v.nameDirection }),
    ),
    email: z.string().check(
      z.trim(),
      z.refine((s) => chars(s) <= v.emailMaxLength, { error: v.emailTooLong, abort: true }),
      z.regex(emailAddressPattern, { error: v.invalidEmail }),
    ),
    subject: z.enum(subjects, { error: v.invalidSubject }),
    message: z.string().check(
      z.overwrite((s) => s.replace(/\r\n/g, "\n")),
      z.trim(),
      z.refine((s) => chars(s) >= v.messageMinLength, { error: v.messageTooShort }),
      z.refine((s) => chars(s) <= v.messageMaxLength, { error: v.messageTooLong }),
    ),
    website: z.string(),
  });
}

/** The first failing field in form order, with its message, among RHF's errors. */
export function firstProblem(
  errors: Partial<Record<string, { message?: string } | undefined>>,
): { field: ContactFieldName; message: string } | undefined {
  for (const field of contactFields) {
    const message = errors[field]?.message;
    if (message) return { field, message };
  }
  return undefined;
}

export const isContactField = (field: string | undefined): field is ContactFieldName =>
  (contactFields as readonly string[]).includes(field ?? "");
