// Package sqlstore keeps the newsletter's subscribers in the site's SQL database:
// SQLite for one machine, PostgreSQL for several gateway replicas. It implements
// newsletter.Store; the mail outbox lives in the same database, so a subscriber's
// change and the emails about it commit together.
//
// Every statement is a file in queries/ named by what it does, written once with $N
// placeholders and rebound for SQLite (sqldb). Each state change is one conditional
// statement, so concurrent requests (in one process or many) cannot both win it. The
// schema is in migrations/<dialect>/ (goose, version table newsletter_goose_db_version).
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// unsubscribeKey is the purpose of the unsubscribe signing key in newsletter_keys.
const unsubscribeKey = "unsubscribe"

// statements are the store's: each field is queries/<its name in snake case>.sql.
type statements struct {
	ConfirmSubscriber, CountByState, CountSubscribers, DeleteConfirmations string
	CountRunningPublications                                               string
	DeleteExpiredConfirmations, FinishPublication, GetConfirmation, GetKey string
	GetPublication, GetSubscriber, GetSubscriberByEmailKey                 string
	GetKnownByEmailKey, InsertImportedSubscriber, MarkConfirmationSent     string
	InsertConfirmation, InsertDeliveriesToConfirmed, InsertKey             string
	InsertRunningPublication, InsertSubscriber, ListConfirmed              string
	ListLastPublications, ListPendingDeliveries, ListRunningPublications   string
	ListSubscribersNewestFirst, MarkDeliveryQueued, MarkDeliverySkipped    string
	RenewSubscription, Unsubscribe, UseConfirmations                       string
	ClaimImportConfirmations, AddImportConfirmations                       string
	ListOwedReminders, MarkReminded                                        string
	ScheduleEdition, CancelSchedule, ListSchedules, ClaimDueSchedule       string
	SetSchedulePublication, PublicationResults                             string
}

// postgresStatements are PostgreSQL's only: queries/postgres/<name>.sql.
type postgresStatements struct {
	InsertSubscriberWithLink                                            string
	InsertImportedSubscribers, GetKnownByEmailKeys, InsertConfirmations string
	MarkConfirmationsSent                                               string
}

// Store is newsletter.Store on SQLite or PostgreSQL. Every change is a unit of a group
// commit with other requests' writes (sqldb.DB.Write), answered after that commit. On
// SQLite the transaction takes the write lock up front (sqldb's IMMEDIATE), so it is
// serialised with every other writer; on PostgreSQL each statement's conditions decide
// races. A unit uses its own ctx, which has the caller's values but not its
// cancellation: a visitor who leaves cannot abort the transaction they share.
type Store struct {
	db     *sqldb.DB
	outbox outbox.TxEnqueuer
	q      statements
	pg     postgresStatements // empty on SQLite
}

var _ newsletter.Store = (*Store)(nil)

// New returns the store over db, which the caller opened (sqldb.Open), migrated
// (Migrate) and closes; emails are queued through outbox, which must use the same
// database.
func New(db *sqldb.DB, outbox outbox.TxEnqueuer) *Store {
	s := &Store{db: db, outbox: outbox, q: sqldb.Statements[statements](files, db.Dialect)}
	if db.Dialect == sqldb.Postgres {
		s.pg = sqldb.Statements[postgresStatements](files, db.Dialect)
	}
	return s
}

// row is a *sql.Row or *sql.Rows.
type row interface{ Scan(dest ...any) error }

// scanSubscriber reads extra, then the columns every statement returning a subscriber
// selects: id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at,
// source.
func scanSubscriber(r row, extra ...any) (newsletter.Subscriber, error) {
	var sub newsletter.Subscriber
	var subscribed int64
	var confirmed, unsubscribed sql.NullInt64
	dest := append(extra, &sub.ID, &sub.Email, &sub.Name, &sub.State, &subscribed, &confirmed, &unsubscribed, &sub.Source)
	if err := r.Scan(dest...); err != nil {
		return newsletter.Subscriber{}, err
	}
	sub.SubscribedAt = millis(subscribed)
	sub.ConfirmedAt = nullMillis(confirmed)
	sub.UnsubscribedAt = nullMillis(unsubscribed)
	return sub, nil
}

func millis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

func nullMillis(ms sql.NullInt64) time.Time {
	if !ms.Valid {
		return time.Time{}
	}
	return millis(ms.Int64)
}

// queue builds the emails about sub and queues them inside tx.
func (s *Store) queue(ctx context.Context, tx *sql.Tx, sub newsletter.Subscriber, emails newsletter.EmailsFunc) error {
	msgs, err := emails(sub)
	if err != nil {
		return err
	}
	if len(msgs) == 0 {
		return nil
	}
	if err := s.outbox.QueueTx(ctx, tx, msgs...); err != nil {
		return fmt.Errorf("queue: %w", err)
	}
	return nil
}

// Subscribe implements newsletter.Store.
func (s *Store) Subscribe(ctx context.Context, in newsletter.Subscription, emails newsletter.EmailsFunc) (newsletter.SubscribeOutcome, newsletter.Subscriber, error) {
	var outcome newsletter.SubscribeOutcome
	var sub newsletter.Subscriber
	at := in.At.UnixMilli()
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		// On PostgreSQL a new subscriber's first link goes in with it, in one statement
		// (queries/postgres/insert_subscriber_with_link.sql).
		insert := s.q.InsertSubscriber
		args := []any{in.Email, in.EmailKey, in.Name, at}
		if s.db.Dialect == sqldb.Postgres {
			insert = s.pg.InsertSubscriberWithLink
			args = append(args, in.Token.Hash, in.Token.ExpiresAt.UnixMilli())
		}
		var err error
		sub, err = scanSubscriber(tx.QueryRowContext(ctx, insert, args...))
		outcome = newsletter.SubscribeAdded
		if errors.Is(err, sql.ErrNoRows) {
			sub, err = scanSubscriber(tx.QueryRowContext(ctx, s.q.RenewSubscription,
				in.EmailKey, in.Email, in.Name, at, in.SentBefore.UnixMilli()))
			outcome = newsletter.SubscribeRenewed
		}
		if errors.Is(err, sql.ErrNoRows) {
			sub, err = scanSubscriber(tx.QueryRowContext(ctx, s.q.GetSubscriberByEmailKey, in.EmailKey))
			outcome = newsletter.SubscribeUnchanged
			if err != nil {
				return fmt.Errorf("read: %w", err)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		// A new subscriber has no links yet: a round trip saved on the common path.
		if outcome == newsletter.SubscribeRenewed {
			if _, err := tx.ExecContext(ctx, s.q.DeleteExpiredConfirmations, sub.ID, at); err != nil {
				return fmt.Errorf("expired links: %w", err)
			}
		}
		// The link, unless the insert above made it (PostgreSQL, a new subscriber).
		if outcome == newsletter.SubscribeRenewed || s.db.Dialect != sqldb.Postgres {
			if _, err := tx.ExecContext(ctx, s.q.InsertConfirmation, in.Token.Hash, sub.ID, at, in.Token.ExpiresAt.UnixMilli()); err != nil {
				return fmt.Errorf("link: %w", err)
			}
		}
		return s.queue(ctx, tx, sub, emails)
	})
	if err != nil {
		return 0, newsletter.Subscriber{}, fmt.Errorf("newsletter: subscribe: %w", err)
	}
	return outcome, sub, nil
}

// Confirm implements newsletter.Store.
func (s *Store) Confirm(ctx context.Context, tokenHash string, at time.Time, emails newsletter.EmailsFunc) (newsletter.ConfirmOutcome, newsletter.Subscriber, error) {
	var outcome newsletter.ConfirmOutcome
	var sub newsletter.Subscriber
	now := at.UnixMilli()
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		sub, err = scanSubscriber(tx.QueryRowContext(ctx, s.q.ConfirmSubscriber, tokenHash, now))
		switch {
		case err == nil:
			outcome = newsletter.Confirmed
			if _, err := tx.ExecContext(ctx, s.q.UseConfirmations, sub.ID, now); err != nil {
				return fmt.Errorf("use links: %w", err)
			}
			return s.queue(ctx, tx, sub, emails)
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("confirm: %w", err)
		}
		// Not confirmed now: say why.
		var expires int64
		var used sql.NullInt64
		sub, err = scanSubscriber(tx.QueryRowContext(ctx, s.q.GetConfirmation, tokenHash), &expires, &used)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			outcome = newsletter.ConfirmInvalid
		case err != nil:
			return fmt.Errorf("read link: %w", err)
		case sub.State == newsletter.StateConfirmed:
			outcome = newsletter.AlreadyConfirmed
		case used.Valid:
			outcome = newsletter.ConfirmInvalid // used, then unsubscribed or subscribed anew
		case expires <= now:
			outcome = newsletter.ConfirmExpired
		default:
			outcome = newsletter.ConfirmInvalid
		}
		return nil
	})
	if err != nil {
		return newsletter.ConfirmInvalid, newsletter.Subscriber{}, fmt.Errorf("newsletter: confirm: %w", err)
	}
	if outcome == newsletter.ConfirmInvalid {
		sub = newsletter.Subscriber{}
	}
	return outcome, sub, nil
}

// Unsubscribe implements newsletter.Store.
func (s *Store) Unsubscribe(ctx context.Context, id int64, at time.Time) (newsletter.Subscriber, error) {
	var sub newsletter.Subscriber
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		sub, err = scanSubscriber(tx.QueryRowContext(ctx, s.q.Unsubscribe, id, at.UnixMilli()))
		if errors.Is(err, sql.ErrNoRows) {
			sub, err = scanSubscriber(tx.QueryRowContext(ctx, s.q.GetSubscriber, id))
			if errors.Is(err, sql.ErrNoRows) {
				return newsletter.ErrNotFound
			}
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q.DeleteConfirmations, id)
		return err
	})
	if err != nil {
		return newsletter.Subscriber{}, fmt.Errorf("newsletter: unsubscribe: %w", err)
	}
	return sub, nil
}

// Subscriber implements newsletter.Store.
func (s *Store) Subscriber(ctx context.Context, id int64) (newsletter.Subscriber, error) {
	sub, err := scanSubscriber(s.db.Reader.QueryRowContext(ctx, s.q.GetSubscriber, id))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return newsletter.Subscriber{}, newsletter.ErrNotFound
	case err != nil:
		return newsletter.Subscriber{}, fmt.Errorf("newsletter: subscriber: %w", err)
	}
	return sub, nil
}

// Counts implements newsletter.Store.
func (s *Store) Counts(ctx context.Context) (newsletter.Counts, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.CountByState)
	if err != nil {
		return newsletter.Counts{}, fmt.Errorf("newsletter: counts: %w", err)
	}
	defer rows.Close()
	var c newsletter.Counts
	for rows.Next() {
		var state newsletter.State
		var n int
		if err := rows.Scan(&state, &n); err != nil {
			return newsletter.Counts{}, fmt.Errorf("newsletter: counts: %w", err)
		}
		switch state {
		case newsletter.StateUnconfirmed:
			c.Unconfirmed = n
		case newsletter.StateConfirmed:
			c.Confirmed = n
		case newsletter.StateUnsubscribed:
			c.Unsubscribed = n
		}
	}
	if err := rows.Err(); err != nil {
		return newsletter.Counts{}, fmt.Errorf("newsletter: counts: %w", err)
	}
	return c, nil
}

// List implements newsletter.Store.
func (s *Store) List(ctx context.Context, state newsletter.State, limit, offset int) ([]newsletter.Subscriber, int, error) {
	var total int
	if err := s.db.Reader.QueryRowContext(ctx, s.q.CountSubscribers, string(state)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("newsletter: list: %w", err)
	}
	items, err := s.subscribers(ctx, s.q.ListSubscribersNewestFirst, string(state), limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("newsletter: list: %w", err)
	}
	return items, total, nil
}

// Confirmed implements newsletter.Store.
func (s *Store) Confirmed(ctx context.Context) ([]newsletter.Subscriber, error) {
	items, err := s.subscribers(ctx, s.q.ListConfirmed)
	if err != nil {
		return nil, fmt.Errorf("newsletter: confirmed: %w", err)
	}
	return items, nil
}

func (s *Store) subscribers(ctx context.Context, query string, args ...any) ([]newsletter.Subscriber, error) {
	rows, err := s.db.Reader.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return sqldb.Collect(rows, func(r *sql.Rows) (newsletter.Subscriber, error) { return scanSubscriber(r) })
}

// Remind implements newsletter.Store: each reminder is its own conditional update,
// the link and the email in the same unit of a group commit.
func (s *Store) Remind(ctx context.Context, sentAfter, sentBefore, at time.Time, limit int, remind newsletter.RemindFunc) (int, error) {
	owed, err := s.subscribers(ctx, s.q.ListOwedReminders, sentAfter.UnixMilli(), sentBefore.UnixMilli(), limit)
	if err != nil {
		return 0, fmt.Errorf("newsletter: reminders: %w", err)
	}
	sent := 0
	for _, sub := range owed {
		var done bool
		err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
			done = false
			sub, err := scanSubscriber(tx.QueryRowContext(ctx, s.q.MarkReminded, sub.ID, at.UnixMilli()))
			if errors.Is(err, sql.ErrNoRows) {
				return nil // confirmed, unsubscribed or reminded meanwhile
			}
			if err != nil {
				return err
			}
			token, msgs, err := remind(sub)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, s.q.InsertConfirmation, token.Hash, sub.ID, at.UnixMilli(), token.ExpiresAt.UnixMilli()); err != nil {
				return fmt.Errorf("link: %w", err)
			}
			if err := s.outbox.QueueTx(ctx, tx, msgs...); err != nil {
				return fmt.Errorf("queue: %w", err)
			}
			done = true
			return nil
		})
		if err != nil {
			return sent, fmt.Errorf("newsletter: reminder: %w", err)
		}
		if done {
			sent++
		}
	}
	return sent, nil
}

// SigningKey implements newsletter.Store.
func (s *Store) SigningKey(ctx context.Context, candidate []byte) ([]byte, error) {
	var key []byte
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q.InsertKey, unsubscribeKey, candidate, time.Now().UnixMilli()); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, s.q.GetKey, unsubscribeKey).Scan(&key)
	})
	if err != nil {
		return nil, fmt.Errorf("newsletter: signing key: %w", err)
	}
	return key, nil
}
