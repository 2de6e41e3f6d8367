// The subscribe form's rules, the gateway's (services/newsletter Parse): the name is
// optional, and when given follows the name rule the contact form follows too; the email
// is a plain address. The limits and messages are every form's, content's
// form-fields.json (the page's `validation`), so the page says what the gateway says; services/newsletter/testdata/signups.json is run by
// both sides.
import { emailProblem } from "@portfolio/api-client/email-address";
import { nameProblem } from "@portfolio/api-client/names";
import type { SubscriptionField } from "@portfolio/api-client/newsletter";
import type { NewsletterPage } from "@portfolio/content/newsletter";
import type { Problems } from "@portfolio/ui/use-form";

/** The form's controls by name, as the browser posts them (`website` is the honeypot). */
export type SubscriptionValues = Record<SubscriptionField | "website", string>;

/** Every field's problem at once (each field's first); values are checked trimmed, as they are sent. */
export function subscriptionProblems(
  values: SubscriptionValues,
  rules: NewsletterPage["validation"],
): Problems<SubscriptionField> {
  const problems: Problems<SubscriptionField> = {};
  const name = values.name.trim();
  // An empty name is fine: the greeting then has none.
  const nameWrong = name === "" ? undefined : nameProblem(name, rules);
  if (nameWrong) problems.name = nameWrong;
  const emailWrong = emailProblem(values.email.trim(), rules);
  if (emailWrong) problems.email = emailWrong;
  return problems;
}
