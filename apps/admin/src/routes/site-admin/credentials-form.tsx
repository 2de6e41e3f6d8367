import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { fieldErrorClasses } from "@portfolio/ui/form";
import type { FormApi, FormValues } from "@portfolio/ui/use-form";
import type { ReactNode } from "react";

/**
 * The card of the admin's two forms of credentials, sign-in and setup: its title
 * (the form's name), a line on what it is for, the fields, the submit button (its
 * `pending` words while the form sends), and the alert under the form for a problem
 * that is no one field's. `id` prefixes the heading's and the alert's ids.
 */
export function CredentialsForm({
  id,
  title,
  description,
  form,
  submit,
  pending,
  problem,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  form: Pick<FormApi<FormValues, string>, "formProps" | "pending">;
  submit: string;
  pending: string;
  problem: string | null;
  children: ReactNode;
}) {
  return (
    <Card className="mt-10 max-w-md">
      <CardHeader>
        <CardTitle id={`${id}-heading`}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {/* POST: a submit the page's script has not caught yet (the form is in the served
            HTML before it hydrates) must not put the password in the URL. */}
        <form
          method="post"
          aria-labelledby={`${id}-heading`}
          className="flex flex-col gap-5"
          {...form.formProps}
        >
          {children}
          <div>
            <Button type="submit" disabled={form.pending} className="w-full sm:w-auto">
              {form.pending ? pending : submit}
            </Button>
          </div>
          {/* Kept in the page (empty) so screen readers announce the text when it appears. */}
          <div
            role="alert"
            id={`${id}-problem`}
            className={cn(fieldErrorClasses, !problem && "sr-only")}
          >
            {problem}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
