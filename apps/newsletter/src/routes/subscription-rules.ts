// The subscribe form's rules (content/newsletter-page.json's validation: an empty name is valid, a non-empty one needs 2 characters), with the messages
// of content's newsletter-page.json so that the page says what the gateway says.
import { isEmailAddress } from "@portfolio/api-client/email-address";
import type { SubscriptionField } from "@portfolio/api-client/newsletter";
import type { NewsletterPage } from "@portfolio/content/newsletter";
import type { Problems } from "@portfolio/ui/use-form";

/** The form's controls by name, as the browser posts them (`website` is the honeypot). */
export type SubscriptionValues = Record<SubscriptionField | "website", string>;

/** Characters as the gateway counts them: Unicode code points, not UTF-16 units. */
const chars = (s: string) => [...s].length;

/** Every field's problem at once; values are checked trimmed, as they are sent. */
export function subscriptionProblems(
  values: SubscriptionValues,
  rules: NewsletterPage["validation"],
): Problems<SubscriptionField> {
  const problems: Problems<SubscriptionField> = {};
  const name = values.name.trim();
  // The name is optional (an empty one is fine); a given one needs the minimum length.
  if (name !== "" && chars(name) < rules.nameMinLength) problems.name = rules.nameTooShort;
  if (!isEmailAddress(values.email.trim())) problems.email = rules.invalidEmail;
  return problems;
}
