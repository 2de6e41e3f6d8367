// The contact form's rules: the name's and the email's of every form (content's
// form-fields.json) and the message's and the subject's (contact.json's validation and
// its subject list), as `contact.validation` gives them, so that the page says exactly
// what the gateway says (its internal/contact checks the same rules, in the same order, with the
// same words).

import type { ContactField, ContactMessage } from "@portfolio/api-client/contact";
import { emailProblem } from "@portfolio/api-client/email-address";
import { codePoints, nameProblem } from "@portfolio/api-client/names";
import {
  type Contact,
  type ContactSubjectValue,
  contactSubjects,
} from "@portfolio/content/contact";
import type { Problems } from "@portfolio/ui/use-form";

/** The form's controls by name, as the browser posts them. */
export type ContactFormValues = Record<ContactField | "website", string>;

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
  const nameWrong = nameProblem(name, v);
  if (nameWrong) problems.name = nameWrong;
  const emailWrong = emailProblem(email, v);
  if (emailWrong) problems.email = emailWrong;

  if (!isSubject(subject)) problems.subject = v.invalidSubject;

  if (codePoints(message) < v.messageMinLength) problems.message = v.messageTooShort;
  else if (codePoints(message) > v.messageMaxLength) problems.message = v.messageTooLong;
  return problems;
}
