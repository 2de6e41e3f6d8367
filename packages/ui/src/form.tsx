import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { cn } from "./cn";

// What the site's forms (contact, newsletter, admin sign-in and setup) share: a field
// (label, control, description, error message, wired together), the look of a text
// control, and the hidden field that catches form-filling bots. Their state and rules:
// useForm in "@portfolio/ui/use-form".

/** A text input, select or textarea: add a height (`h-10`) or `min-h-*` with cn(). */
export const controlClasses =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm transition-colors md:text-sm " +
  "placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring " +
  "focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-[invalid=true]:border-destructive";

export const labelClasses = "text-sm font-medium";

/** A field's own error message under it (point the control's aria-describedby at its id). */
export const fieldErrorClasses = "text-sm font-medium text-destructive dark:text-red-400";

/** What a field's control takes from <Field>: its id, and the ARIA that ties it to its texts. */
export interface FieldControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FieldProps {
  /** The control's id; its description and error get `${id}-description` and `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Shown after the label, e.g. '(optional)'. */
  hint?: string;
  /** Shown under the control, e.g. a length rule. */
  description?: ReactNode;
  /** The field's problem: shown under it, and the control is marked invalid. */
  error?: string;
  className?: string;
  /** Renders the control (input, select, textarea) with the props given. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: its label, its control, a description and the field's problem, the
 * control pointing at both with aria-describedby and marked aria-invalid while it has a
 * problem.
 */
export function Field({ id, label, hint, description, error, className, children }: FieldProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ");
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <label htmlFor={id} className={labelClasses}>
        {label}
        {hint ? " " : null}
        {hint ? <span className="font-normal text-muted-foreground">{hint}</span> : null}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface HoneypotProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "tabIndex" | "autoComplete"> {
  id: string;
  /** A label for bots to read; people and assistive technology never meet the field. */
  label: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The honeypot: a text field out of sight, out of the tab order and of the accessibility
 * tree. People leave it empty, form-filling bots do not; the gateway accepts and drops
 * what they send.
 */
export function Honeypot({ id, label, ...props }: HoneypotProps) {
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...props} />
    </div>
  );
}
