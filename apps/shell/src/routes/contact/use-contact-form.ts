import {
  type ContactField,
  contactFields,
  fieldProblemOf,
  submitContact,
} from "@portfolio/api-client/contact";
import type { Contact } from "@portfolio/content/contact";
import { useSubmit } from "@portfolio/ui/use-submit";
import { useToast } from "@portfolio/ui/use-toast";
import { type FormEvent, useRef } from "react";
import { type ContactFormValues, contactMessage, contactProblems } from "./contact-rules";

/**
 * The contact form's behaviour: the rules run on submit, each problem shows under its
 * field, the first one also in a toast, and that field gets the focus. The message goes
 * to POST /api/contact; a 400 naming a field is shown like a failed check, anything else
 * that fails is the destructive 'Failed to send message' toast; success a toast and an
 * empty form. `onInput` goes on the <form>.
 */
export function useContactForm(copy: Pick<Contact, "form" | "validation" | "toasts">) {
  const { validation, toasts } = copy;
  const { toast } = useToast();
  // The toast about a field's problem goes as soon as that field is edited: a toast must
  // never contradict the form as it is now (the browser's own check may block the next
  // submit, and no new toast would replace it).
  const problemToast = useRef<{ field: string; dismiss: () => void } | null>(null);
  const showProblem = (field: ContactField, message: string) => {
    problemToast.current = {
      field,
      dismiss: toast({ title: validation.title, description: message }).dismiss,
    };
  };
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const edited = (event.target as HTMLInputElement).name;
    if (problemToast.current?.field === edited) {
      problemToast.current.dismiss();
      problemToast.current = null;
    }
  };

  const contact = useSubmit<ContactFormValues, ContactField>({
    validate: (values) => contactProblems(values, copy),
    onInvalid: (problems, first) => showProblem(first, problems[first] ?? ""),
    send: (values) => submitContact(contactMessage(values)),
    refusal: (error) => fieldProblemOf(error, contactFields),
    onRefused: showProblem,
    onSent: (form) => form.reset(),
    toasts,
    failure: "Contact form: the message could not be sent.",
  });
  return { contact, onInput };
}
