import { ApiError } from "@portfolio/api-client/query";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, fieldErrorClasses, labelClasses } from "@portfolio/ui/form";
import { type FormEvent, useRef, useState } from "react";
import { describeProblem } from "./load-problem";
import { useSetUp } from "./session";

// The gateway's rules (admin.CheckSetup), checked here first so the owner hears at once.
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_BYTES = 72;
const MAX_USER_LENGTH = 100;

type Field = "user" | "password" | "confirm";
type Problems = Partial<Record<Field, string>>;
interface Values {
  user: string;
  password: string;
  confirm: string;
}

/** The first problem of each field, in the form's order; empty when all is well. */
export function checkSetup({ user, password, confirm }: Values): Problems {
  const problems: Problems = {};
  const name = user.trim();
  if (name === "") problems.user = "Enter a user name.";
  else if ([...name].length > MAX_USER_LENGTH)
    problems.user = `The user name must be at most ${MAX_USER_LENGTH} characters.`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  else if (/[\u0000-\u001f\u007f]/.test(name))
    problems.user = "The user name must be one line of printable characters.";
  if (password === "") problems.password = "Enter a password.";
  else if ([...password].length < MIN_PASSWORD_LENGTH)
    problems.password = `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  else if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) {
    problems.password = `The password must be at most ${MAX_PASSWORD_BYTES} bytes (bcrypt ignores the rest).`;
  }
  if (!problems.password && confirm !== password) problems.confirm = "The passwords do not match.";
  return problems;
}

const fields: { name: Field; label: string; type: string; autoComplete: string; hint?: string }[] =
  [
    { name: "user", label: "User name", type: "text", autoComplete: "username" },
    {
      name: "password",
      label: "Password",
      type: "password",
      autoComplete: "new-password",
      hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
    },
    { name: "confirm", label: "Confirm password", type: "password", autoComplete: "new-password" },
  ];

/**
 * 'Set up the admin': the owner, holding the setup link from the gateway's log,
 * chooses the user name and password. Checked on submit, then again on every change;
 * the first field at fault is focused. The server checks the same and signs the new
 * admin in; its refusals show under the field they concern, or under the form.
 */
export function SetupForm({ token, onDone }: { token: string; onDone: () => void }) {
  const setUp = useSetUp();
  const [values, setValues] = useState<Values>({ user: "", password: "", confirm: "" });
  const [problems, setProblems] = useState<Problems>({});
  const [submitted, setSubmitted] = useState(false);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const focusFirst = (found: Problems) => {
    const first = fields.find((f) => found[f.name]);
    if (first) inputs.current[first.name]?.focus();
  };

  const onChange = (name: Field, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setProblems(checkSetup(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setFormProblem(null);
    const found = checkSetup(values);
    setProblems(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setUp.mutate(
      { token, user: values.user.trim(), password: values.password },
      {
        onSuccess: onDone,
        onError: (error) => {
          const field = error instanceof ApiError ? error.field : undefined;
          const message = error instanceof ApiError ? error.apiMessage : undefined;
          if ((field === "user" || field === "password") && message) {
            const found = { [field]: message };
            setProblems(found);
            return focusFirst(found);
          }
          setFormProblem(
            message && error instanceof ApiError && error.status < 500
              ? message
              : `Could not set up the admin. ${describeProblem(error)}`,
          );
        },
      },
    );
  };

  const pending = setUp.isPending;
  return (
    <Card className="mt-10 max-w-md">
      <CardHeader>
        <CardTitle id="admin-setup-heading">Set up the admin</CardTitle>
        <CardDescription>
          Choose the user name and password you will sign in with. This link works once, within an
          hour of the gateway&apos;s start.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-labelledby="admin-setup-heading"
          className="flex flex-col gap-5"
          noValidate
          onSubmit={onSubmit}
        >
          {fields.map((f) => {
            const problem = problems[f.name];
            const described = [
              f.hint && `admin-setup-${f.name}-hint`,
              problem && `admin-setup-${f.name}-problem`,
            ]
              .filter(Boolean)
              .join(" ");
            return (
              <div key={f.name} className="flex flex-col gap-2">
                <label htmlFor={`admin-setup-${f.name}`} className={labelClasses}>
                  {f.label}
                </label>
                <input
                  ref={(el) => {
                    inputs.current[f.name] = el;
                  }}
                  id={`admin-setup-${f.name}`}
                  name={f.name}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  autoCapitalize={f.name === "user" ? "none" : undefined}
                  spellCheck={f.name === "user" ? false : undefined}
                  required
                  minLength={f.name === "user" ? undefined : MIN_PASSWORD_LENGTH}
                  maxLength={f.name === "user" ? MAX_USER_LENGTH : undefined}
                  value={values[f.name]}
                  onChange={(e) => onChange(f.name, e.target.value)}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={described || undefined}
                  className={cn(controlClasses, "h-10")}
                />
                {f.hint && (
                  <p id={`admin-setup-${f.name}-hint`} className="text-sm text-muted-foreground">
                    {f.hint}
                  </p>
                )}
                {problem && (
                  <p id={`admin-setup-${f.name}-problem`} className={fieldErrorClasses}>
                    {problem}
                  </p>
                )}
              </div>
            );
          })}
          <div>
            <Button type="submit" disabled={pending} className="w-full sm:w-auto">
              {pending ? "Setting up..." : "Set up and sign in"}
            </Button>
          </div>
          <div
            role="alert"
            id="admin-setup-problem"
            className={cn(fieldErrorClasses, !formProblem && "sr-only")}
          >
            {formProblem}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
