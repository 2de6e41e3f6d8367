import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";

// The one way the site's forms check their fields (docs/decisions/0021-one-form-approach.md):
// the form's controls are plain, uncontrolled elements that post natively without
// JavaScript; with it, a rules function per form returns every field's problem at once.

/** A form's values by control name, as the browser would post them. */
export type FormValues = Record<string, string>;

/** Each field's problem (the message to show), by field name; a field without one is absent. */
export type Problems<F extends string = string> = Partial<Record<F, string>>;

export interface UseFormOptions<V extends FormValues, F extends string> {
  /** The form's rules: every field's problem at once (an empty object when all is well). */
  validate?: (values: V) => Problems<F>;
  /** Called with the values once the rules pass; the form is pending until it settles. */
  onValid: (values: V) => Promise<void> | void;
  /** Called after a submit the rules refused, with the problems and the first field at fault. */
  onInvalid?: (problems: Problems<F>, first: F) => void;
  /**
   * Turn the browser's own checks off once the script runs (the form shows its own
   * messages then); without JavaScript they still apply. Off: the browser checks
   * `required` and types first, and the rules run only on what passes them.
   */
  noValidate?: boolean;
}

export interface FormApi<V extends FormValues, F extends string> {
  /** Spread on the <form>: its ref, onSubmit and onChange. */
  formProps: {
    ref: (form: HTMLFormElement | null) => void;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onChange: () => void;
  };
  problems: Problems<F>;
  /** True from a valid submit until onValid settles; a submit meanwhile is ignored. */
  pending: boolean;
  /** Shows problems found elsewhere (a server's 400) and focuses the first field at fault. */
  showProblems: (problems: Problems<F>) => void;
  /** Back to the initial values (the controls' default values), with no problems shown. */
  reset: () => void;
  /** The form's current values. */
  values: () => V;
}

/** Moves the keyboard to a field, scrolled to the middle of the screen: at the top it would sit under a toast on a phone. */
export function focusControl(control: Element | null | undefined) {
  if (!(control instanceof HTMLElement)) return;
  control.focus({ preventScroll: true });
  control.scrollIntoView?.({ block: "center" }); // jsdom has none
}

function readValues<V extends FormValues>(form: HTMLFormElement): V {
  const values: FormValues = {};
  for (const [name, value] of new FormData(form))
    values[name] = typeof value === "string" ? value : "";
  return values as V;
}

/**
 * A form's state in a few lines, for forms whose controls are named like its fields:
 * checked on submit, then again on every change; the first field at fault (in the
 * form's order) gets the focus; the values stay in the controls, so a failed send keeps
 * them and reset() brings back the defaults.
 */
export function useForm<V extends FormValues, F extends string = Extract<keyof V, string>>({
  validate,
  onValid,
  onInvalid,
  noValidate = false,
}: UseFormOptions<V, F>): FormApi<V, F> {
  const form = useRef<HTMLFormElement | null>(null);
  const [problems, setProblems] = useState<Problems<F>>({});
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  // Like react-hook-form's onSubmit mode: changes re-check the fields only after a submit.
  const submitted = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const ref = useCallback(
    (element: HTMLFormElement | null) => {
      form.current = element;
      if (element && noValidate) element.noValidate = true;
    },
    [noValidate],
  );

  const values = () => (form.current ? readValues<V>(form.current) : ({} as V));
  const check = (current: V): Problems<F> => validate?.(current) ?? {};

  /** The first field of `found` in the form's order, with its control. */
  const firstOf = (found: Problems<F>): [F, Element] | undefined => {
    for (const control of Array.from(form.current?.elements ?? [])) {
      const name = (control as HTMLInputElement).name as F;
      if (name && found[name]) return [name, control];
    }
    return undefined;
  };

  const showProblems = (found: Problems<F>) => {
    setProblems(found);
    focusControl(firstOf(found)?.[1]);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    submitted.current = true;
    const current = values();
    const found = check(current);
    setProblems(found);
    const first = firstOf(found);
    if (first) {
      focusControl(first[1]);
      onInvalid?.(found, first[0]);
      return;
    }
    busy.current = true;
    setPending(true);
    void Promise.resolve()
      .then(() => onValid(current))
      .finally(() => {
        busy.current = false;
        if (mounted.current) setPending(false);
      });
  };

  const onChange = () => {
    if (submitted.current) setProblems(check(values()));
  };

  const reset = () => {
    form.current?.reset();
    submitted.current = false;
    setProblems({});
  };

  return { formProps: { ref, onSubmit, onChange }, problems, pending, showProblems, reset, values };
}
