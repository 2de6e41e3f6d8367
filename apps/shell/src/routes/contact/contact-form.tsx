import { type Contact, contact } from "@portfolio/content/contact";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { controlClasses as control, Field, Honeypot } from "@portfolio/ui/form";
import { SendIcon } from "./contact-icons";
import { useContactForm } from "./use-contact-form";

/** The two fields side by side; each one's name is also its autocomplete token. */
const oneLineFields = [
  { name: "name", type: "text" },
  { name: "email", type: "email" },
] as const;

/** The contact page's form as an island: its copy from content, no props to carry. */
export function ContactFormIsland() {
  return <ContactForm copy={contact} />;
}

/**
 * 'Send a Message': the browser checks `required` and the email type first, then the
 * form's own rules and the send (useContactForm). Without JavaScript the same form posts
 * natively to the gateway (see the <form> below).
 */
export function ContactForm({ copy }: { copy: Pick<Contact, "form" | "validation" | "toasts"> }) {
  const { form, validation } = copy;
  const { fields } = form;
  const { contact, onInput } = useContactForm(copy);
  const { problems, pending } = contact;

  return (
    <Card>
      <CardHeader>
        <CardTitle id="contact-form-heading">{form.heading}</CardTitle>
      </CardHeader>
      <CardContent>
        {/* Without JavaScript the browser posts the form itself, form-urlencoded, to the
            gateway's POST / (form-name=contact), which answers with a page; with it,
            the submit handler prevents that and sends JSON (useContactForm). */}
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
