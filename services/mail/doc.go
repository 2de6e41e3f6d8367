// Package mail will compose and send the site's email: the contact notification and
// auto-reply, the newsletter confirmation and editions.
//
// It will own:
//   - the message templates (HTML and plain text, with the spec's field names:
//     from_name, from_email, subject, message, to_email, to_name, reply_to);
//   - the transports: configured SMTP, or by default a local maildir under the data
//     directory, so nothing is silently dropped when no SMTP server is configured;
//   - a durable outbox with retries and backoff, so an SMTP outage delays mail but
//     loses none.
//
// It imports nothing else of this repository; the newsletter and gateway modules use it
// through interfaces they declare themselves. Later issues build it.
package mail
