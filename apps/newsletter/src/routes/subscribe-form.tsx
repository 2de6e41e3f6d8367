import { ApiError, isSubscriptionField, subscribe } from "@portfolio/api-client/newsletter";
import type { NewsletterPage } from "@portfolio/content/newsletter";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, fieldErrorClasses, Honeypot, labelClasses } from "@portfolio/ui/form";
import { CheckIcon, MailIcon } from "@portfolio/ui/icons";
import { useToast } from "@portfolio/ui/use-toast";
import {
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type Ref,
  useEffect,
  useRef,
  useState,
} from "react";
import {
  firstProblemField,
  type Problems,
  problemOf,
  problemsOf,
  type SubscriptionFieldName,
  type SubscriptionValues,
} from "./subscription-rules";

/** Where 'Subscribe Now' takes the keyboard: the email field, or the welcome card once subscribed. */
export const EMAIL_FIELD_ID = "newsletter-email";
export const WELCOME_ID = "newsletter-welcome";

const empty: SubscriptionValues = { name: "", email: "", website: "" };

type Copy = Pick<NewsletterPage, "form" | "validation" | "welcome" | "toasts">;

/**
 * The subscribe card. A real form (POST / with form-name=newsletter, the gateway's
 * no-JavaScript path, checked by the browser); once the script runs it checks itself on
 * submit, then on every change, shows each problem under its field, focuses the first,
 * and POSTs JSON to /api/newsletter/subscriptions. Success replaces it with the welcome
 * card (for this visit only: nothing is stored); a failure keeps the values.
 */
export function SubscribeForm({ copy }: { copy: Copy }) {
  const { form, validation, welcome, toasts } = copy;
  const { toast } = useToast();
  const [values, setValues] = useState(empty);
  const [problems, setProblems] = useState<Problems>({});
  // Like react-hook-form's onSubmit mode: fields are checked on change only after a submit.
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [subscribed, setSubscribed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const welcomeRef = useRef<HTMLHeadingElement>(null);
  const request = useRef<AbortController | null>(null);

  // The browser's own checks stand in for the script's until it runs (and on a page
  // without it); from here on the form shows its own messages under the fields.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);
  useEffect(() => () => request.current?.abort(), []);
  // The form the focus was in is gone: take it to the card that replaced it.
  useEffect(() => {
    if (subscribed) welcomeRef.current?.focus();
  }, [subscribed]);

  const focusField = (field: SubscriptionFieldName) =>
    (field === "name" ? nameRef : emailRef).current?.focus();

  const change = (field: keyof SubscriptionValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted && field !== "website")
      setProblems((current) => ({ ...current, [field]: problemOf(field, next, validation) }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    const found = problemsOf(values, validation);
    setProblems(found);
    const first = firstProblemField(found);
    if (first) {
      focusField(first);
      return;
    }

    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setPending(true);
    try {
      await subscribe(
        { email: values.email.trim(), name: values.name.trim(), website: values.website },
        { signal: controller.signal },
      );
    } catch (error) {
      if (controller.signal.aborted) return; // the page was left
      setPending(false);
      if (
        error instanceof ApiError &&
        error.status === 400 &&
        isSubscriptionField(error.field) &&
        error.apiMessage
      ) {
        setProblems({ [error.field]: error.apiMessage });
        focusField(error.field);
        return;
      }
      console.error("Newsletter: the subscription failed.", error);
      toast({
        variant: "destructive",
        title: toasts.failure.title,
        description: toasts.failure.description,
      });
      return;
    }
    setPending(false);
    setValues(empty);
    setProblems({});
    setSubmitted(false);
    setSubscribed(true);
    toast({ title: toasts.success.title, description: toasts.success.description });
  };

  if (subscribed) {
    return (
      <div className="rounded-lg border border-success/50 bg-success/10 p-6 shadow-sm dark:bg-success/20">
        <div className="flex items-start gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success text-success-foreground [&_svg]:size-5">
            <CheckIcon />
          </span>
          <div>
            <h2
              id={WELCOME_ID}
              ref={welcomeRef}
              tabIndex={-1}
              className="text-xl font-semibold leading-tight outline-none"
            >
              {welcome.heading}
            </h2>
            <p className="mt-2 leading-relaxed">{welcome.text}</p>
          </div>
        </div>
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id="newsletter-form-heading">{form.heading}</CardTitle>
        <CardDescription>{form.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          method="post"
          action="/"
          aria-labelledby="newsletter-form-heading"
          className="flex flex-col gap-5"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="form-name" value="newsletter" />
          <TextField
            id="newsletter-name"
            inputRef={nameRef}
            name="name"
            type="text"
            autoComplete="name"
            label={form.fields.name.label}
            hint={form.optionalLabel}
            placeholder={form.fields.name.placeholder}
            problem={problems.name}
            value={values.name}
            onChange={change("name")}
          />
          <TextField
            id={EMAIL_FIELD_ID}
            inputRef={emailRef}
            name="email"
            type="email"
            autoComplete="email"
            required
            label={form.fields.email.label}
            placeholder={form.fields.email.placeholder}
            problem={problems.email}
            value={values.email}
            onChange={change("email")}
          />
          <Honeypot
            id="newsletter-website"
            name="bot-field"
            label={form.honeypotLabel}
            value={values.website}
            onChange={change("website")}
          />
          <Button type="submit" size="lg" disabled={pending} className="w-full">
            <MailIcon />
            {pending ? form.pendingLabel : form.submitLabel}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  /** Shown after the label, e.g. '(optional)'. */
  hint?: string;
  /** The field's problem, shown under it and named by aria-describedby. */
  problem?: string;
  inputRef: Ref<HTMLInputElement>;
}

function TextField({ id, label, hint, problem, inputRef, ...input }: TextFieldProps) {
  const problemId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className={labelClasses}>
        {label}
        {hint ? " " : null}
        {hint ? <span className="font-normal text-muted-foreground">{hint}</span> : null}
      </label>
      <input
        id={id}
        ref={inputRef}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className={cn(controlClasses, "h-10")}
        {...input}
      />
      {problem ? (
        <p id={problemId} className={fieldErrorClasses}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}
