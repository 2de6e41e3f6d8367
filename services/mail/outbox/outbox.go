// Package outbox is the durable queue of email to send. Messages are stored before any
// delivery is tried (in the same transaction as whatever caused them, when the caller
// wants), and a Worker delivers them in the background with retries, capped
// exponential backoff with full jitter, for a lifetime (3 days by default, as a mail
// server would keep trying), then a dead state. A dead message stays in the store with
// its last error, and Requeue gives it a new lifetime. An SMTP
// outage delays mail but loses none, and no HTTP request ever waits for a mail server.
//
// Storage is the Store interface; mail/sqlstore implements it on SQLite and on
// PostgreSQL (where replicas claim with FOR UPDATE SKIP LOCKED), and outboxtest is the
// suite every implementation passes.
//
// Delivery is at least once, close to exactly once: a message is marked sent right
// after the server accepted it, and a claim holds a lease, so two workers (in one
// process or many) never send the same message at the same time. Only a crash between
// the server's acceptance and the mark can send a message twice.
package outbox

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
)

// Status is where a message is in its life. Every change is a named Store method.
type Status string

const (
	// StatusPending waits for its next attempt (NextAttemptAt).
	StatusPending Status = "pending"
	// StatusSending is claimed by a worker until LeaseUntil; after that, if the worker
	// died, it is due again.
	StatusSending Status = "sending"
	// StatusSent was accepted by the mail server (or written to the maildir).
	StatusSent Status = "sent"
	// StatusDead was given up: its retry lifetime ran out (or MaxAttempts failures),
	// or the server refused it for good (a 5xx reply). It stays in the store with its
	// last error until Requeue.
	StatusDead Status = "dead"
)

// Entry is a message in the outbox.
type Entry struct {
	ID            int64
	Message       mail.Message
	Status        Status
	Attempts      int // attempts started so far, this one included once claimed
	NextAttemptAt time.Time
	LastError     string // the last failure, e.g. the SMTP reply "451 4.3.0 try later"
	CreatedAt     time.Time
	// QueuedAt is when the entry was queued, or re-queued by Requeue: its retry
	// lifetime counts from here.
	QueuedAt time.Time
	// FinishedAt is when it was sent or given up; zero while it is pending or sending.
	FinishedAt time.Time
	// Lease identifies the claim that holds the entry; MarkSent, Retry and MarkDead
	// only change an entry whose lease is still this one.
	Lease string
}

// Claim asks for due entries.
type Claim struct {
	Now   time.Time
	Lease time.Duration // how long the claim holds; longer than an attempt can take
	Limit int
	Token string // identifies this claim (random, unique)
}

// Counts is how many entries are in each status.
type Counts struct {
	Pending, Sending, Sent, Dead int
}

// Store keeps the outbox. Implementations must be safe for concurrent use and make
// Claim atomic: an entry is held by at most one unexpired claim.
type Store interface {
	// Enqueue stores messages for delivery as one unit (all or none) and returns their
	// IDs. Each message gets a Message-ID and Date first (mail.Message.WithDefaults).
	Enqueue(ctx context.Context, msgs ...mail.Message) ([]int64, error)
	// Claim marks up to c.Limit due entries as sending under c.Token until
	// c.Now+c.Lease, counts the attempt, and returns them, oldest due first. Due means
	// pending with NextAttemptAt <= c.Now, or sending with an expired lease.
	Claim(ctx context.Context, c Claim) ([]Entry, error)
	// MarkSent records the delivery of a claimed entry.
	MarkSent(ctx context.Context, id int64, lease string, at time.Time) error
	// Retry makes a claimed entry pending again until at, keeping the error.
	Retry(ctx context.Context, id int64, lease string, at time.Time, lastErr string) error
	// MarkDead gives a claimed entry up, keeping the reason.
	MarkDead(ctx context.Context, id int64, lease string, at time.Time, reason string) error
	// NextDue returns when the earliest pending or leased entry becomes due; ok is
	// false when there is none.
	NextDue(ctx context.Context) (at time.Time, ok bool, err error)
	// Get returns one entry.
	Get(ctx context.Context, id int64) (Entry, error)
	// Count returns how many entries are in each status.
	Count(ctx context.Context) (Counts, error)
	// Troubled returns up to limit entries that are dead, or pending after at least
	// one failed attempt, the most recently changed first: what the admin looks at.
	Troubled(ctx context.Context, limit int) ([]Entry, error)
	// Requeue makes a dead entry pending again, due at now, with its attempts back to
	// zero and a new lifetime from now; it keeps the last error until the next
	// attempt. ErrNotFound for an unknown ID, ErrNotDead for an entry not dead.
	Requeue(ctx context.Context, id int64, now time.Time) error
}

// TxEnqueuer is a Store on database/sql that can enqueue inside the caller's
// transaction, so that a row of the caller's (a contact message, a subscriber) and the
// emails about it are committed together or not at all. mail/sqlstore implements it.
type TxEnqueuer interface {
	// EnqueueTx stores msgs in tx at once and returns their IDs.
	EnqueueTx(ctx context.Context, tx *sql.Tx, msgs ...mail.Message) ([]int64, error)
	// QueueTx stores msgs in tx too, for a caller that does not need their IDs: in a
	// unit of a group commit (sqldb.DB.Write) they are written with those of the other
	// units, at its end, and commit or roll back with the unit all the same.
	QueueTx(ctx context.Context, tx *sql.Tx, msgs ...mail.Message) error
}

var (
	// ErrLeaseLost is returned by MarkSent, Retry and MarkDead when the entry is no
	// longer held by that lease (it expired and another worker claimed the entry).
	ErrLeaseLost = errors.New("outbox: lease lost")
	// ErrNotFound is returned by Get and Requeue for an unknown ID.
	ErrNotFound = apperr.New(apperr.NotFound, "There is no such email.")
	// ErrNotDead is returned by Requeue for an entry that is not dead.
	ErrNotDead = apperr.New(apperr.Conflict, "Only a dead email can be retried; this one is still queued or was sent.")
)
