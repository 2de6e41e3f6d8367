import type { InputHTMLAttributes, Ref } from "react";

// What the site's forms (contact, newsletter, admin sign-in) share: the look of a text
// control and its label, and the hidden field that catches form-filling bots.

/** A text input, select or textarea: add a height (`h-10`) or `min-h-*` with cn(). */
export const controlClasses =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base shadow-sm transition-colors md:text-sm " +
  "placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring " +
  "focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-[invalid=true]:border-destructive";

export const labelClasses = "text-sm font-medium";

/** A field's own error message under it (point the control's aria-describedby at its id). */
export const fieldErrorClasses = "text-sm font-medium text-destructive dark:text-red-400";

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
