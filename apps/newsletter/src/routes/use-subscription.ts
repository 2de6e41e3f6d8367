import {
  fieldProblemOf,
  type SubscriptionField,
  subscribe,
  subscriptionFields,
} from "@portfolio/api-client/newsletter";
import type { NewsletterPage } from "@portfolio/content/newsletter";
import { useSubmit } from "@portfolio/ui/use-submit";
import { type SubscriptionValues, subscriptionProblems } from "./subscription-rules";

/**
 * The subscribe form's behaviour: it checks itself on submit, then on every change, and
 * POSTs JSON to /api/newsletter/subscriptions. A field the gateway refuses shows its
 * message under the field; any other failure a toast, the values kept; success a toast
 * and `onSubscribed`. Leaving the page cancels the request.
 */
export function useSubscription(
  { validation, toasts }: Pick<NewsletterPage, "validation" | "toasts">,
  onSubscribed: () => void,
) {
  return useSubmit<SubscriptionValues, SubscriptionField>({
    // The browser's own checks stand in for the rules until the script runs (and on a
    // page without it); from then on the form shows its own messages under the fields.
    noValidate: true,
    validate: (values) => subscriptionProblems(values, validation),
    send: (values, signal) =>
      subscribe(
        {
          email: values.email.trim(),
          name: values.name.trim(),
          website: values.website,
          page: window.location.pathname,
        },
        { signal },
      ),
    refusal: (error) => fieldProblemOf(error, subscriptionFields),
    onSent: onSubscribed,
    toasts,
    failure: "Newsletter: the subscription failed.",
    cancelOnLeave: true,
  });
}
