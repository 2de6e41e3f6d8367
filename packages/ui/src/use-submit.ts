import { useEffect, useRef } from "react";
import {
  type FormApi,
  type FormValues,
  type Problems,
  type UseFormOptions,
  useForm,
} from "./use-form";
import { useToast } from "./use-toast";

/** A toast's words, as the content writes them. */
interface ToastCopy {
  title: string;
  description: string;
}

export interface UseSubmitOptions<V extends FormValues, F extends string>
  extends Omit<UseFormOptions<V, F>, "onValid"> {
  /** Sends the checked values; `signal` aborts when the form leaves the page (with `cancelOnLeave`). */
  send: (values: V, signal: AbortSignal) => Promise<unknown>;
  /** The field a refusal names, with the server's message (the api-client's fieldProblemOf); else undefined. */
  refusal: (error: unknown) => { field: F; message: string } | undefined;
  /** After a refusal is shown under its field. */
  onRefused?: (field: F, message: string) => void;
  /** After a send that succeeded, before its toast. */
  onSent?: (form: FormApi<V, F>) => void;
  toasts: { success: ToastCopy; failure: ToastCopy };
  /** Logged with the error of a failed send: which form failed. */
  failure: string;
  /** Abort the send when the form unmounts (the visitor left the page), and say nothing. */
  cancelOnLeave?: boolean;
}

/**
 * The one way a form of the site sends (docs/decisions/0021-one-form-approach.md):
 * useForm's rules first, then `send`; a refusal naming a field shows under that field,
 * any other failure is the destructive failure toast with the values kept, success the
 * success toast.
 */
export function useSubmit<V extends FormValues, F extends string>({
  send,
  refusal,
  onRefused,
  onSent,
  toasts,
  failure,
  cancelOnLeave = false,
  ...formOptions
}: UseSubmitOptions<V, F>): FormApi<V, F> {
  const { toast } = useToast();
  const request = useRef<AbortController | null>(null);
  useEffect(() => () => (cancelOnLeave ? request.current?.abort() : undefined), [cancelOnLeave]);

  const form = useForm<V, F>({
    ...formOptions,
    onValid: async (values) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        await send(values, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return; // the page was left
        const refused = refusal(error);
        if (refused) {
          onRefused?.(refused.field, refused.message);
          form.showProblems({ [refused.field]: refused.message } as Problems<F>);
          return;
        }
        console.error(failure, error);
        toast({
          variant: "destructive",
          title: toasts.failure.title,
          description: toasts.failure.description,
        });
        return;
      }
      onSent?.(form);
      toast({ title: toasts.success.title, description: toasts.success.description });
    },
  });
  return form;
}
