// Package newsletter owns DevOps Digest's subscribers: double opt-in subscriptions,
// unsubscribing (including RFC 8058 one-click) and the emails that go with them.
//
// A subscriber is unconfirmed until they open the single-use, expiring link of their
// confirmation email, then confirmed until they unsubscribe; subscribing again after
// that starts over (StateUnconfirmed, StateConfirmed, StateUnsubscribed). Subscribing
// an address that is already known answers exactly as for a new one and reveals
// nothing; an unconfirmed address gets a fresh link at most once per resend interval.
//
// Confirmation tokens are random and only their SHA-256 is stored; unsubscribe tokens
// are the subscriber's id signed with HMAC-SHA256 under a key kept in the store, so
// every email carries a working link without a token per email, and every replica
// signs alike. Every newsletter email carries the unsubscribe link and the
// List-Unsubscribe and List-Unsubscribe-Post headers.
//
// The domain here knows nothing of SQL or HTTP. Store is the storage it needs;
// sqlstore implements it on SQLite and PostgreSQL, storetest is the suite every
// implementation passes. Emails are queued through the mail outbox in the same
// transaction as the change that causes them, so a mail server being down delays an
// email but never fails a subscription.
//
// Publisher sends an edition to the subscribers confirmed when it starts: a
// publication records them, and their emails are queued in batches, each batch in the
// transaction that marks its recipients queued (PublicationStore). One publication of
// an edition runs at a time; one a stopped process left running is finished by Resume,
// which ResumeEvery (run by the gateway in the background) calls at start-up and then
// every minute, so a live replica takes over from one that died, queueing only the
// recipients not yet queued.
//
// The list's hygiene (docs/decisions/0058): an unconfirmed subscriber gets one
// reminder (SendReminders); the owner schedules an edition (Publisher.Schedule), and
// PublishDue, called on every replica, starts each once, with its publication;
// publishing skips suppressed addresses (PublisherOptions.Suppressions, the mail's
// list); Results says what became of each edition's last send.
package newsletter
