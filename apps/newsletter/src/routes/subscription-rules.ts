// The subscribe form's rules (spec section 5, ARCHITECTURE.md §4.10), from content's
// newsletter-page.json so that the page says what the gateway says. Two fields and two
// rules: checked by hand, which keeps the form libraries (18 kB gzip) out of this
// remote's first load.
import { isEmailAddress } from "@portfolio/api-client/email-address";
import type { NewsletterPage } from "@portfolio/content/newsletter";

/** The fields in form order: the first one with a problem gets the focus. */
export const subscriptionFields = ["name", "email"] as const;
export type SubscriptionFieldName = (typeof subscriptionFields)[number];

export interface SubscriptionValues {
  name: string;
  email: string;
  /** The honeypot (`bot-field` in the form): left empty by people. */
  website: string;
}

export type Problems = Partial<Record<SubscriptionFieldName, string>>;

/** Characters as the gateway counts them: Unicode code points, not UTF-16 units. */
const chars = (s: string) => [...s].length;

/** One field's problem, if it has one; values are checked trimmed, as they are sent. */
export function problemOf(
  field: SubscriptionFieldName,
  values: SubscriptionValues,
  rules: NewsletterPage["validation"],
): string | undefined {
  const value = values[field].trim();
  if (field === "email") return isEmailAddress(value) ? undefined : rules.invalidEmail;
  // The name is optional (an empty one is fine); a given one needs the minimum length.
  return value !== "" && chars(value) < rules.nameMinLength ? rules.nameTooShort : undefined;
}

/** Every field's problem, by field. */
export function problemsOf(
  values: SubscriptionValues,
  rules: NewsletterPage["validation"],
): Problems {
  const problems: Problems = {};
  for (const field of subscriptionFields) {
    const problem = problemOf(field, values, rules);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The first field in form order that has a problem. */
export const firstProblemField = (problems: Problems): SubscriptionFieldName | undefined =>
  subscriptionFields.find((field) => problems[field]);
