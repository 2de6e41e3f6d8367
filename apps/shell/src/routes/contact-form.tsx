import { zodResolver } from "@hookform/resolvers/zod";
import { ApiError, submitContact } from "@portfolio/api-client/contact";
import type { Contact } from "@portfolio/content/contact";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import {
  controlClasses as control,
  Honeypot,
  labelClasses as labelClass,
} from "@portfolio/ui/form";
import { useToast } from "@portfolio/ui/use-toast";
import { useMemo } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { SendIcon } from "./contact-icons";
import {
  type ContactFieldName,
  type ContactFormValues,
  contactSchema,
  firstProblem,
  isContactField,
} from "./contact-schema";

/**
 * 'Send a Message': the browser checks `required` and the email type first, then the
 * schema runs on submit and the first failing field's message goes in a toast. The
 * message goes to POST /api/contact; a 400 naming a field is shown like a failed check,
 * anything else that fails is the destructive 'Failed to send message' toast. Without
 * JavaScript the same form posts natively to the gateway (see the <form> below).
 */
export function ContactForm({ copy }: { copy: Pick<Contact, "form" | "validation" | "toasts"> }) {
  const { form, validation, toasts } = copy;
  const { fields } = form;
  const { toast } = useToast();
  const schema = useMemo(() => contactSchema(copy), [copy]);
  const defaultValues: ContactFormValues = {
    name: "",
    email: "",
    subject: form.defaultSubject,
    message: "",
    website: "",
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(schema),
    defaultValues,
    shouldFocusError: false,
  });

  // Focus the field to fix, scrolled to the middle of the screen: at the top it would
  // sit under the toast on a phone.
  const focusField = (field: ContactFieldName) => {
    const input = document.getElementById(`contact-${field}`);
    input?.focus({ preventScroll: true });
    input?.scrollIntoView?.({ block: "center" }); // jsdom has none
  };

  const onInvalid = (problems: FieldErrors<ContactFormValues>) => {
    const first = firstProblem(problems);
    if (!first) return;
    toast({ title: validation.title, description: first.message });
    focusField(first.field);
  };

  const onValid = async (values: ContactFormValues) => {
    try {
      await submitContact(values);
    } catch (error) {
      if (
        error instanceof ApiError &&
        error.status === 400 &&
        isContactField(error.field) &&
        error.apiMessage
      ) {
        toast({ title: validation.title, description: error.apiMessage });
        setError(error.field, { type: "server", message: error.apiMessage });
        focusField(error.field);
        return;
      }
      console.error("Contact form: the message could not be sent.", error);
      toast({
        variant: "destructive",
        title: toasts.failure.title,
        description: toasts.failure.description,
      });
      return;
    }
    toast({ title: toasts.success.title, description: toasts.success.description });
    reset();
  };

  const invalid = (field: keyof ContactFormValues) => (errors[field] ? true : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle id="contact-form-heading">{form.heading}</CardTitle>
      </CardHeader>
      <CardContent>
        {/* Without JavaScript the browser posts the form itself, form-urlencoded, to the
            gateway's POST / (form-name=contact), which answers with a page; with it,
            handleSubmit prevents that and sends the JSON above. */}
        <form
          method="post"
          action="/"
          aria-labelledby="contact-form-heading"
          className="relative flex flex-col gap-5"
          onSubmit={handleSubmit(onValid, onInvalid)}
        >
          <input type="hidden" name="form-name" value="contact" />
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <label htmlFor="contact-name" className={labelClass}>
                {fields.name.label}
              </label>
              <input
                id="contact-name"
                type="text"
                autoComplete="name"
                required
                placeholder={fields.name.placeholder}
                aria-invalid={invalid("name")}
                className={cn(control, "h-10")}
                {...register("name")}
              />
            </div>
            <div className="flex flex-col gap-2">
              <label htmlFor="contact-email" className={labelClass}>
                {fields.email.label}
              </label>
              <input
                id="contact-email"
                type="email"
                autoComplete="email"
                required
                placeholder={fields.email.placeholder}
                aria-invalid={invalid("email")}
                className={cn(control, "h-10")}
                {...register("email")}
              />
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <label htmlFor="contact-subject" className={labelClass}>
              {fields.subject.label}
            </label>
            <select
              id="contact-subject"
              required
              // In the HTML too (RHF sets values only once mounted): a server-rendered
              // page must not show the first subject until the script runs.
              defaultValue={defaultValues.subject}
              aria-invalid={invalid("subject")}
              className={cn(control, "h-10 py-0")}
              {...register("subject")}
            >
              {form.subjects.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-2">
            <label htmlFor="contact-message" className={labelClass}>
              {fields.message.label}
            </label>
            <textarea
              id="contact-message"
              rows={validation.messageRows}
              required
              placeholder={fields.message.placeholder}
              aria-invalid={invalid("message")}
              className={cn(control, "min-h-24 resize-y")}
              {...register("message")}
            />
          </div>
          <Honeypot id="contact-website" label={form.honeypotLabel} {...register("website")} />
          <div>
            <Button type="submit" size="lg" disabled={isSubmitting} className="w-full sm:w-auto">
              <SendIcon />
              {isSubmitting ? form.pendingLabel : form.submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
