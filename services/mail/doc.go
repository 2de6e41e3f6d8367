// Package mail composes the site's email: a Message is plain data (addresses, subject,
// a plain-text and an HTML body, a few extra headers) that can be stored, queued and
// sent later, and Compose turns it into a MIME message (multipart/alternative) with
// go-mail.
//
// The technologies live in sub-packages named after them, each an adapter around this
// package's types:
//
//	smtp/       sends a Message to an SMTP server (none, STARTTLS or implicit TLS)
//	maildir/    writes a Message as an .eml file into a local maildir (the default)
//	templates/  emails in HTML and plain text for any module: each domain parses its
//	            own (Parse), the gateway registers them all (Registry), and its
//	            Transport renders a queued message's bodies when it is sent
//	outbox/     the durable outbox: its Store interface and the Worker that delivers
//	sqlstore/   the outbox Store on SQLite and PostgreSQL, with its migrations and queries
//	dkim/       signs a composed message with DKIM (go-msgauth), and prints its DNS record
//	hygiene/    what the relays report (bounces, complaints, deliveries), the suppression
//	            list it keeps, and the Transport that sends nothing to a suppressed address
//	smtptest/   a real SMTP server for tests that records what it receives
//	cmd/smtpsink  that server as a program, for browser tests and demos
//
// Of this repository it imports only services/sqldb, the module that opens the site's
// database (SQLite file or PostgreSQL) for every module, on which sqlstore runs, and
// services/apperr, the one coded error type.
package mail
