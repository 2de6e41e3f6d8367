import {
  type ContactField,
  contactFields,
  fieldProblemOf,
  submitContact,
} from "@portfolio/api-client/contact";
import { type Contact, contact } from "@portfolio/content/contact";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { controlClasses as control, Field, Honeypot } from "@portfolio/ui/form";
import { useForm } from "@portfolio/ui/use-form";
import { useToast } from "@portfolio/ui/use-toast";
import { type FormEvent, useRef } from "react";
import { SendIcon } from "./contact-icons";
import { type ContactFormValues, contactMessage, contactProblems } from "./contact-rules";

/** The two fields side by side; each one's name is also its autocomplete token. */
const oneLineFields = [
  { name: "name", type: "text" },
  { name: "email", type: "email" },
] as const;

/**
 * 'Send a Message': the browser checks `required` and the email type first, then the
 * rules run on submit: each problem shows under its field, the first one also in a toast,
 * and that field gets the focus. The message goes to POST /api/contact; a 400 naming a
 * field is shown like a failed check, anything else that fails is the destructive
 * 'Failed to send message' toast. Without JavaScript the same form posts natively to the
 * gateway (see the <form> below).
 */
/** The contact page's form as an island: its copy from content, no props to carry. */
export function ContactFormIsland() {
  return <ContactForm copy={contact} />;
}

export function ContactForm({ copy }: { copy: Pick<Contact, "form" | "validation" | "toasts"> }) {
  const { form, validation, toasts } = copy;
  const { fields } = form;
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

  const contact = useForm<ContactFormValues, ContactField>({
    validate: (values) => contactProblems(values, copy),
    onInvalid: (problems, first) => showProblem(first, problems[first] ?? ""),
    onValid: async (values) => {
      try {
        await submitContact(contactMessage(values));
      } catch (error) {
        const refused = fieldProblemOf(error, contactFields);
        if (refused) {
          showProblem(refused.field, refused.message);
          contact.showProblems({ [refused.field]: refused.message });
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
      contact.reset();
    },
  });
  const { problems, pending } = contact;

  return (
    <Card>
      <CardHeader>
        <CardTitle id="contact-form-heading">{form.heading}</CardTitle>
      </CardHeader>
      <CardContent>
        {/* Without JavaScript the browser posts the form itself, form-urlencoded, to the
            gateway's POST / (form-name=contact), which answers with a page; with it,
            the submit handler prevents that and sends the JSON above. */}
        <form
          onInput={onInput}
          method="post"
          action="/"
          aria-labelledby="contact-form-heading"
          className="relative flex flex-col gap-5"
          {...contact.formProps}
        >
          <input type="hidden" name="form-name" value="contact" />
          <div className="grid gap-5 sm:grid-cols-2">
            {oneLineFields.map(({ name, type }) => (
              <Field
                key={name}
                id={`contact-${name}`}
                label={fields[name].label}
                error={problems[name]}
              >
                {(props) => (
                  <input
                    {...props}
                    name={name}
                    type={type}
                    autoComplete={name}
                    required
                    placeholder={fields[name].placeholder}
                    className={cn(control, "h-10")}
                  />
                )}
              </Field>
            ))}
          </div>
          <Field id="contact-subject" label={fields.subject.label} error={problems.subject}>
            {(props) => (
              <select
                {...props}
                name="subject"
                required
                defaultValue={form.defaultSubject}
                className={cn(control, "h-10 py-0")}
              >
                {form.subjects.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="contact-message" label={fields.message.label} error={problems.message}>
            {(props) => (
              <textarea
                {...props}
                name="message"
                rows={validation.messageRows}
                required
                placeholder={fields.message.placeholder}
                className={cn(control, "min-h-24 resize-y")}
              />
            )}
          </Field>
          <Honeypot id="contact-website" name="website" label={form.honeypotLabel} />
          <div>
            <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
              <SendIcon />
              {pending ? form.pendingLabel : form.submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
