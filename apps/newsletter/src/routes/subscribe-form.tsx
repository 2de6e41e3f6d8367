import { type NewsletterPage, newsletterPage } from "@portfolio/content/newsletter";
import { Island } from "@portfolio/router";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, Field, Honeypot } from "@portfolio/ui/form";
import { MailIcon } from "@portfolio/ui/icons";
import { useState } from "react";
import { useSubscription } from "./use-subscription";
import { WelcomeCard } from "./welcome-card";

/** Where 'Subscribe Now' takes the keyboard: the email field (the welcome card's WELCOME_ID once subscribed). */
export const EMAIL_FIELD_ID = "newsletter-email";
export { WELCOME_ID } from "./welcome-card";

type Copy = Pick<NewsletterPage, "form" | "validation" | "welcome" | "toasts">;

/** The newsletter page's form as an island: its copy from content, no props to carry. */
export function SubscribeFormIsland() {
  return <SubscribeForm copy={newsletterPage} />;
}

/**
 * The subscribe form where a page shows it (/newsletter, an edition's page): prerendered,
 * posting without JavaScript, hydrated on its first use (docs/decisions/0040-islands.md).
 */
export function SubscribeIsland() {
  return (
    <Island
      name="newsletter:subscribe"
      hydrate="interaction"
      component={SubscribeFormIsland}
      props={{}}
    />
  );
}

/**
 * The subscribe card. A real form (POST / with form-name=newsletter, the gateway's
 * no-JavaScript path, checked by the browser); once the script runs it checks itself on
 * submit, then on every change, shows each problem under its field, focuses the first,
 * and POSTs JSON to /api/newsletter/subscriptions. Success replaces it with the welcome
 * card (for this visit only: nothing is stored); a failure keeps the values.
 */
export function SubscribeForm({ copy }: { copy: Copy }) {
  const { form, welcome } = copy;
  const [subscribed, setSubscribed] = useState(false);
  const subscription = useSubscription(copy, () => setSubscribed(true));
  const { problems, pending } = subscription;
  if (subscribed) return <WelcomeCard welcome={welcome} />;

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
