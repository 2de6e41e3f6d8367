import type { AdminCredentials } from "@portfolio/api-client/admin";
import { ApiError, isUnauthorized } from "@portfolio/api-client/admin";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, Field } from "@portfolio/ui/form";
import { useForm } from "@portfolio/ui/use-form";
import { useEffect, useRef, useState } from "react";
import { CredentialsForm } from "./credentials-form";
import { count } from "./format";
import { apiMessageOf, describeProblem } from "./load-problem";
import { isNotConfigured, useSignIn } from "./session";

/** What the alert under the form says for a failed sign-in. */
function signInProblem(error: unknown): string {
  if (isUnauthorized(error)) return apiMessageOf(error) ?? "Wrong user name or password.";
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.retryAfter ? count(error.retryAfter, "second") : "a few minutes";
    return `Too many sign-in attempts. Wait ${wait} and try again.`;
  }
  if (isNotConfigured(error))
    return "The admin is not set up on this server: reload the page for how to set it up.";
  return `Could not sign in. ${describeProblem(error)}`;
}

/**
 * 'Admin sign in': user name and password to POST /api/admin/session. The browser checks
 * that both are filled; the server decides the rest, and its answer shows in an alert
 * under the form (after a wrong password, the password field is emptied and focused).
 */
export function LoginForm({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const signIn = useSignIn();
  const [problem, setProblem] = useState<string | null>(null);
  const userInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) userInput.current?.focus();
  }, [focusOnMount]);

  // No rules of its own: the browser checks that both are filled, the server the rest.
  const login = useForm<Record<keyof AdminCredentials, string>>({
    onValid: async (credentials) => {
      setProblem(null);
      try {
        await signIn.mutateAsync(credentials);
      } catch (error) {
        setProblem(signInProblem(error));
        const password = passwordInput.current;
        if (isUnauthorized(error) && password) {
          password.value = "";
          password.focus();
        }
      }
    },
  });

  return (
    <CredentialsForm
      id="admin-login"
      title="Admin sign in"
      description="Sign in to see subscribers and messages and to send editions."
      form={login}
      submit="Sign in"
      pending="Signing in..."
      problem={problem}
    >
      <Field id="admin-user" label="User name">
        {(props) => (
          <input
            {...props}
            ref={userInput}
            name="user"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            className={cn(controlClasses, "h-10")}
          />
        )}
      </Field>
      <Field id="admin-password" label="Password">
        {(props) => (
          <input
            {...props}
            ref={passwordInput}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            // The problem is the form's (under it, announced): it concerns the password too.
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "admin-login-problem" : undefined}
            className={cn(controlClasses, "h-10")}
          />
        )}
      </Field>
    </CredentialsForm>
  );
}
