// The sections of the setup notes (setup-notes.tsx): static text for the owner.
import type { ReactNode } from "react";
import { Code, CodeBlock } from "./code";

function Note({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-3">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

const list = "flex list-disc flex-col gap-2 pl-5";

/** Sending email: SMTP, or .eml files without it. */
export function SmtpNote() {
  return (
    <Note title="Sending email (SMTP)">
      <p>
        Without an SMTP server every email is written as an <Code>.eml</Code> file into{" "}
        <Code>data/maildir/new/</Code> (under <Code>PORTFOLIO_DATA_DIR</Code>) and its path is
        logged: nothing is sent, nothing is lost. To send for real, set:
      </p>
      <ul className={list}>
        <li>
          <Code>PORTFOLIO_SMTP_HOST</Code> and <Code>PORTFOLIO_SMTP_PORT</Code> (587 unless set):
          the mail server.
        </li>
        <li>
          <Code>PORTFOLIO_SMTP_USERNAME</Code> and <Code>PORTFOLIO_SMTP_PASSWORD</Code>: its login
          (the password is never logged).
        </li>
        <li>
          <Code>PORTFOLIO_SMTP_TLS</Code>: <Code>starttls</Code> (the default), <Code>tls</Code> for
          implicit TLS (usually port 465), or <Code>none</Code> for a relay on the same machine.
        </li>
        <li>
          <Code>PORTFOLIO_MAIL_FROM</Code>: the sender of every email, e.g.{" "}
          <Code>DevOps Digest &lt;newsletter@example.com&gt;</Code>.
        </li>
        <li>
          <Code>PORTFOLIO_OWNER_EMAIL</Code>: where contact notifications go (the owner&apos;s
          address in the site content unless set).
        </li>
      </ul>
      <p>
        Emails wait in an outbox in the database and are retried with backoff, so an SMTP outage
        delays mail but loses none.
      </p>
    </Note>
  );
}

/** The emails the gateway sends, and where their templates are. */
export function TemplatesNote() {
  return (
    <Note title="Email templates">
      <p>
        Each email has an HTML and a plain-text template, kept by the part of the site that sends it
        (<Code>services/gateway/internal/contact/emails</Code>,{" "}
        <Code>services/newsletter/emails</Code>) and built into the gateway:
      </p>
      <ul className={list}>
        <li>
          Contact notification: to you, for each contact message, with Reply-To set to the visitor.
        </li>
        <li>
          Contact auto-reply: to the visitor, confirming the message arrived and when to expect an
          answer.
        </li>
        <li>
          Newsletter confirmation: the double opt-in link, valid for 72 hours (
          <Code>PORTFOLIO_NEWSLETTER_CONFIRM_TTL</Code>).
        </li>
        <li>Newsletter welcome: once the address is confirmed.</li>
        <li>
          Newsletter edition: what Publish (or Republish) sends to each confirmed subscriber, with
          an unsubscribe link and one-click <Code>List-Unsubscribe</Code> headers.
        </li>
      </ul>
    </Note>
  );
}

/** SMTP relays that work, with their settings. */
export function ProvidersNote() {
  return (
    <Note title="Email services for production">
      <p>
        Any provider with an SMTP relay works: point the SMTP settings at it, and verify the sending
        domain (SPF, DKIM, DMARC) so that editions do not land in spam.
      </p>
      <ul className={list}>
        <li>
          Amazon SES: <Code>email-smtp.&lt;region&gt;.amazonaws.com</Code>, port 587, SMTP
          credentials from the SES console.
        </li>
        <li>
          Postmark: <Code>smtp.postmarkapp.com</Code>, a server API token as both user name and
          password.
        </li>
        <li>
          Mailgun: <Code>smtp.mailgun.org</Code> (<Code>smtp.eu.mailgun.org</Code> in the EU), the
          domain&apos;s SMTP credentials.
        </li>
        <li>
          SendGrid: <Code>smtp.sendgrid.net</Code>, user name <Code>apikey</Code> and an API key as
          the password.
        </li>
      </ul>
    </Note>
  );
}

/** Storage for more than one gateway. */
export function PostgresNote() {
  return (
    <Note title="Several replicas: PostgreSQL">
      <p>
        By default subscribers, contact messages and the mail outbox live in SQLite under{" "}
        <Code>data/</Code>, which suits one gateway. To run several replicas behind a load balancer,
        point every replica at one PostgreSQL database:
      </p>
      <CodeBlock>
        PORTFOLIO_DATABASE_URL=postgres://user:password@db:5432/portfolio?sslmode=require
      </CodeBlock>
      <p>
        The replicas then share subscribers, messages and the outbox; each queued email is claimed
        by one replica.
      </p>
    </Note>
  );
}
