import {
  fieldProblemOf,
  type SubscriptionField,
  subscribe,
  subscriptionFields,
} from "@portfolio/api-client/newsletter";
import { type NewsletterPage, newsletterPage } from "@portfolio/content/newsletter";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, Field, Honeypot } from "@portfolio/ui/form";
import { CheckIcon, MailIcon } from "@portfolio/ui/icons";
import { useForm } from "@portfolio/ui/use-form";
import { useToast } from "@portfolio/ui/use-toast";
import { useEffect, useRef, useState } from "react";
import { type SubscriptionValues, subscriptionProblems } from "./subscription-rules";

/** Where 'Subscribe Now' takes the keyboard: the email field, or the welcome card once subscribed. */
export const EMAIL_FIELD_ID = "newsletter-email";
export const WELCOME_ID = "newsletter-welcome";

type Copy = Pick<NewsletterPage, "form" | "validation" | "welcome" | "toasts">;

/**
 * The subscribe card. A real form (POST / with form-name=newsletter, the gateway's
 * no-JavaScript path, checked by the browser); once the script runs it checks itself on
 * submit, then on every change, shows each problem under its field, focuses the first,
 * and POSTs JSON to /api/newsletter/subscriptions. Success replaces it with the welcome
 * card (for this visit only: nothing is stored); a failure keeps the values.
 */
/** The newsletter page's form as an island: its copy from content, no props to carry. */
export function SubscribeFormIsland() {
  return <SubscribeForm copy={newsletterPage} />;
}

export function SubscribeForm({ copy }: { copy: Copy }) {
  const { form, validation, welcome, toasts } = copy;
  const { toast } = useToast();
  const [subscribed, setSubscribed] = useState(false);
  const welcomeRef = useRef<HTMLHeadingElement>(null);
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);
  // The form the focus was in is gone: take it to the card that replaced it.
  useEffect(() => {
    if (subscribed) welcomeRef.current?.focus();
  }, [subscribed]);

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
      setSubscribed(true);
      toast({ title: toasts.success.title, description: toasts.success.description });
    },
  });
  const { problems, pending } = subscription;

  if (subscribed) {
    return (
      <div className="rounded-lg border border-success/50 bg-success/10 p-6 shadow-sm dark:bg-success/20">
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success text-success-foreground [&_svg]:size-5">
            <CheckIcon />
          </span>
          <div>
            <h2
              id={WELCOME_ID}
              ref={welcomeRef}
              tabIndex={-1}
              className="text-xl font-semibold leading-tight outline-none"
            >
              {welcome.heading}
            </h2>
            <p className="mt-2 leading-relaxed">{welcome.text}</p>
          </div>
        </div>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id="newsletter-form-heading">{form.heading}</CardTitle>
        <CardDescription>{form.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          method="post"
          action="/"
          aria-labelledby="newsletter-form-heading"
          className="flex flex-col gap-5"
          {...subscription.formProps}
        >
          <input type="hidden" name="form-name" value="newsletter" />
          <Field
            id="newsletter-name"
            label={form.fields.name.label}
            hint={form.optionalLabel}
            error={problems.name}
          >
            {(props) => (
              <input
                {...props}
                name="name"
                type="text"
                autoComplete="name"
                placeholder={form.fields.name.placeholder}
                className={cn(controlClasses, "h-10")}
              />
            )}
          </Field>
          <Field id={EMAIL_FIELD_ID} label={form.fields.email.label} error={problems.email}>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                autoComplete="email"
                required
                placeholder={form.fields.email.placeholder}
                className={cn(controlClasses, "h-10")}
              />
            )}
          </Field>
          <Honeypot id="newsletter-website" name="website" label={form.honeypotLabel} />
          <Button type="submit" size="lg" disabled={pending} className="w-full">
            <MailIcon />
            {pending ? form.pendingLabel : form.submitLabel}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
