import { ApiError, fieldProblemOf } from "@portfolio/api-client/admin";
import { breaksLine, hasBidiControl, hasInvisible } from "@portfolio/api-client/names";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, Field } from "@portfolio/ui/form";
import { type Problems, useForm } from "@portfolio/ui/use-form";
import { useState } from "react";
import { CredentialsForm } from "./credentials-form";
import { describeProblem } from "./load-problem";
import { useSetUp } from "./session";

// The gateway's rules (admin.CheckSetup), checked here first so the owner hears at once.
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_BYTES = 72;
const MAX_USER_LENGTH = 100;

type SetupField = "user" | "password" | "confirm";
type SetupValues = Record<SetupField, string>;

/** Every field's problem at once (each field's first), in the form's order; empty when all is well. */
export function checkSetup({ user, password, confirm }: SetupValues): Problems<SetupField> {
  const problems: Problems<SetupField> = {};
  const name = user.trim();
  if (name === "") problems.user = "Enter a user name.";
  else if ([...name].length > MAX_USER_LENGTH)
    problems.user = `The user name must be at most ${MAX_USER_LENGTH} characters.`;
  else if (breaksLine(name) || hasBidiControl(name))
    problems.user = "The user name must be one line of printable characters.";
  else if (hasInvisible(name))
    problems.user = "The user name must not contain invisible characters.";
  if (password === "") problems.password = "Enter a password.";
  else if ([...password].length < MIN_PASSWORD_LENGTH)
    problems.password = `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  else if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) {
    problems.password = `The password must be at most ${MAX_PASSWORD_BYTES} bytes (bcrypt ignores the rest).`;
  }
  if (!problems.password && confirm !== password) problems.confirm = "The passwords do not match.";
  return problems;
}

const fields: {
  name: SetupField;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
}[] = [
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
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const setup = useForm<SetupValues, SetupField>({
    noValidate: true,
    validate: checkSetup,
    onInvalid: () => setFormProblem(null),
    onValid: async (values) => {
      setFormProblem(null);
      try {
        await setUp.mutateAsync({ token, user: values.user.trim(), password: values.password });
      } catch (error) {
        const refused = fieldProblemOf(error, ["user", "password"] as const);
        if (refused) {
          setup.showProblems({ [refused.field]: refused.message });
          return;
        }
        const message = error instanceof ApiError ? error.apiMessage : undefined;
        setFormProblem(
          message && error instanceof ApiError && error.status < 500
            ? message
            : `Could not set up the admin. ${describeProblem(error)}`,
        );
        return;
      }
      onDone();
    },
  });
  const { problems } = setup;

  return (
    <CredentialsForm
      id="admin-setup"
      title="Set up the admin"
      description={
        <>
          Choose the user name and password you will sign in with. This link works once, within an
          hour of the gateway&apos;s start.
        </>
      }
      form={setup}
      submit="Set up and sign in"
      pending="Setting up..."
      problem={formProblem}
    >
      {fields.map((f) => (
        <Field
          key={f.name}
          id={`admin-setup-${f.name}`}
          label={f.label}
          description={f.hint}
          error={problems[f.name]}
        >
          {(props) => (
            <input
              {...props}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              autoCapitalize={f.name === "user" ? "none" : undefined}
              spellCheck={f.name === "user" ? false : undefined}
              required
              minLength={f.name === "user" ? undefined : MIN_PASSWORD_LENGTH}
              maxLength={f.name === "user" ? MAX_USER_LENGTH : undefined}
              className={cn(controlClasses, "h-10")}
            />
          )}
        </Field>
      ))}
    </CredentialsForm>
  );
}
