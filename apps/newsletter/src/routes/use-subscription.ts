import {
  fieldProblemOf,
  type SubscriptionField,
  subscribe,
  subscriptionFields,
} from "@portfolio/api-client/newsletter";
import type { NewsletterPage } from "@portfolio/content/newsletter";
import { useForm } from "@portfolio/ui/use-form";
import { useToast } from "@portfolio/ui/use-toast";
import { useEffect, useRef } from "react";
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
  const { toast } = useToast();
  const request = useRef<AbortController | null>(null);
  useEffect(() => () => request.current?.abort(), []);

  const subscription = useForm<SubscriptionValues, SubscriptionField>({
    // The browser's own checks stand in for the rules until the script runs (and on a
    // page without it); from then on the form shows its own messages under the fields.
    noValidate: true,
    validate: (values) => subscriptionProblems(values, validation),
    onValid: async (values) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        await subscribe(
          {
            email: values.email.trim(),
            name: values.name.trim(),
            website: values.website,
            page: window.location.pathname,
          },
          { signal: controller.signal },
        );
      } catch (error) {
        if (controller.signal.aborted) return; // the page was left
        const refused = fieldProblemOf(error, subscriptionFields);
        if (refused) {
          subscription.showProblems({ [refused.field]: refused.message });
          return;
        }
        console.error("Newsletter: the subscription failed.", error);
        toast({
          variant: "destructive",
          title: toasts.failure.title,
          description: toasts.failure.description,
        });
        return;
      }
      onSubscribed();
      toast({ title: toasts.success.title, description: toasts.success.description });
    },
  });
  return subscription;
}
