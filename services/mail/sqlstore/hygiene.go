package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// hygieneStatements are the events' and suppressions': queries/<name>.sql, and
// queries/<dialect>/list_suppressed.sql (a list of addresses as a JSON array).
type hygieneStatements struct {
	MatchEmail, InsertEvent, CountSoftBounces, Suppress string
	ListSuppressed, ListSuppressions, LiftSuppression   string
}

// Hygiene is hygiene.Store on SQLite or PostgreSQL, beside the outbox whose emails
// the events are about.
type Hygiene struct {
	db *sqldb.DB
	q  hygieneStatements
}

var _ hygiene.Store = (*Hygiene)(nil)

// NewHygiene returns the store over db (migrated with Migrate, as the outbox).
func NewHygiene(db *sqldb.DB) *Hygiene {
	return &Hygiene{db: db, q: sqldb.Statements[hygieneStatements](files, db.Dialect)}
}

// Record implements hygiene.Store, as one unit of a group commit.
func (h *Hygiene) Record(ctx context.Context, e hygiene.Event, p hygiene.Policy, now time.Time) (hygiene.Outcome, error) {
	var out hygiene.Outcome
	err := h.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		out = hygiene.Outcome{Email: e.Email} // set, not added to: the unit may run twice
		if e.MessageID != "" {
			id, to, err := h.recipient(ctx, tx, e)
			if err != nil {
				return err
			}
			if id != 0 {
				out.OutboxID, out.Email = id, to
			}
		}
		if out.Email == "" {
			// Named by a Message-ID that is none of ours, and no address: nothing
			// to act on. Kept all the same, so that a repeat is seen as one.
			out.Email = e.Email
		}
		key := mail.AddressKey(out.Email)
		var bounce, outboxID any
		if e.Kind == hygiene.Bounce {
			bounce = string(e.Bounce)
		}
		if out.OutboxID != 0 {
			outboxID = out.OutboxID
		}
		var eventID int64
		err := tx.QueryRowContext(ctx, h.q.InsertEvent, e.Key(), string(e.Kind), bounce, key, e.MessageID, outboxID,
			e.Source, e.Detail, ms(e.At), ms(now)).Scan(&eventID)
		if errors.Is(err, sql.ErrNoRows) {
			out.Duplicate = true
			return nil
		}
		if err != nil {
			return fmt.Errorf("event: %w", err)
		}
		if key == "" {
			return nil
		}
		reason, err := h.reason(ctx, tx, e, key, p, now)
		if err != nil || reason == "" {
			return err
		}
		sup := hygiene.Suppression{Email: out.Email, Reason: reason, At: now, Detail: e.Detail}
		var k string
		err = tx.QueryRowContext(ctx, h.q.Suppress, key, sup.Email, string(sup.Reason), sup.Detail, ms(now)).Scan(&k)
		switch {
		case errors.Is(err, sql.ErrNoRows): // suppressed already
		case err != nil:
			return fmt.Errorf("suppress: %w", err)
		default:
			out.Suppressed = &sup
		}
		return nil
	})
	if err != nil {
		return hygiene.Outcome{}, fmt.Errorf("hygiene: record: %w", err)
	}
	return out, nil
}

// recipient is the outbox's email with e's Message-ID, and the address e is about:
// its recipient that e names, else its first. 0 when no email has the Message-ID.
func (h *Hygiene) recipient(ctx context.Context, tx *sql.Tx, e hygiene.Event) (int64, string, error) {
	var id int64
	var body string
	err := tx.QueryRowContext(ctx, h.q.MatchEmail, e.MessageID).Scan(&id, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	if err != nil {
		return 0, "", fmt.Errorf("match: %w", err)
	}
	var m mail.Message
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		return 0, "", fmt.Errorf("match: outbox %d: %w", id, err)
	}
	to := m.Recipients()
	if len(to) == 0 {
		return 0, "", nil
	}
	if i := slices.IndexFunc(to, func(r string) bool { return mail.AddressKey(r) == mail.AddressKey(e.Email) }); i >= 0 {
		return id, to[i], nil
	}
	return id, to[0], nil
}

// reason is why e suppresses address key under p, or "" when it does not.
func (h *Hygiene) reason(ctx context.Context, tx *sql.Tx, e hygiene.Event, key string, p hygiene.Policy, now time.Time) (hygiene.Reason, error) {
	switch {
	case e.Kind == hygiene.Complaint:
		return hygiene.ReasonComplaint, nil
	case e.Kind == hygiene.Bounce && e.Bounce == hygiene.Hard:
		return hygiene.ReasonHardBounce, nil
	case e.Kind == hygiene.Bounce && e.Bounce == hygiene.Soft:
		var n int
		if err := tx.QueryRowContext(ctx, h.q.CountSoftBounces, key, ms(now.Add(-p.SoftWindow))).Scan(&n); err != nil {
			return "", fmt.Errorf("soft bounces: %w", err)
		}
		if n >= p.SoftBounces {
			return hygiene.ReasonSoftBounces, nil
		}
	}
	return "", nil
}

// Suppressed implements hygiene.Store.
func (h *Hygiene) Suppressed(ctx context.Context, emails []string) ([]hygiene.Suppression, error) {
	if len(emails) == 0 {
		return nil, nil
	}
	keys := make([]string, len(emails))
	for i, e := range emails {
		keys[i] = mail.AddressKey(e)
	}
	list, err := json.Marshal(keys)
	if err != nil {
		return nil, err
	}
	return h.suppressions(ctx, h.q.ListSuppressed, string(list))
}

// Suppressions implements hygiene.Store.
func (h *Hygiene) Suppressions(ctx context.Context) ([]hygiene.Suppression, error) {
	return h.suppressions(ctx, h.q.ListSuppressions)
}

func (h *Hygiene) suppressions(ctx context.Context, query string, args ...any) ([]hygiene.Suppression, error) {
	rows, err := h.db.Reader.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("hygiene: suppressions: %w", err)
	}
	defer rows.Close()
	var out []hygiene.Suppression
	for rows.Next() {
		var s hygiene.Suppression
		var at int64
		if err := rows.Scan(&s.Email, &s.Reason, &s.Detail, &at); err != nil {
			return nil, fmt.Errorf("hygiene: suppressions: %w", err)
		}
		s.At = time.UnixMilli(at).UTC()
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("hygiene: suppressions: %w", err)
	}
	return out, nil
}

// Lift implements hygiene.Store.
func (h *Hygiene) Lift(ctx context.Context, email string, at time.Time) error {
	var n int64
	err := h.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, h.q.LiftSuppression, mail.AddressKey(email), ms(at))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	switch {
	case err != nil:
		return fmt.Errorf("hygiene: lift: %w", err)
	case n == 0:
		return hygiene.ErrNotSuppressed
	}
	return nil
}

// Import implements hygiene.Store, as one unit of a group commit.
func (h *Hygiene) Import(ctx context.Context, sups []hygiene.Suppression) (int, error) {
	var n int
	err := h.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		n = 0
		for _, sup := range sups {
			var k string
			err := tx.QueryRowContext(ctx, h.q.Suppress, mail.AddressKey(sup.Email), sup.Email, string(sup.Reason), sup.Detail, ms(sup.At)).Scan(&k)
			switch {
			case errors.Is(err, sql.ErrNoRows): // suppressed already
			case err != nil:
				return err
			default:
				n++
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("hygiene: import: %w", err)
	}
	return n, nil
}
