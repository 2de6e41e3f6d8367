// Package sqlstore keeps the mail outbox in the site's SQL database: SQLite for one
// machine, PostgreSQL for several gateway replicas sharing one outbox.
//
// Every statement is a file in queries/ named by what it does, written once with $N
// placeholders and rebound for SQLite (sqldb). Claiming differs between the two, so it
// has one file per dialect in queries/<dialect>/: SQLite's single writer makes one
// UPDATE atomic, PostgreSQL claims with FOR UPDATE SKIP LOCKED. The schema is in
// migrations/<dialect>/ (goose, version table mail_goose_db_version, so it shares a
// database with other modules' tables).
package sqlstore

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// statements are the outbox's: each field is queries/<its name in snake case>.sql
// (queries/<dialect>/claim_due.sql for claiming).
type statements struct {
	Enqueue, ClaimDue, MarkSent, ScheduleRetry, MarkDead, NextDue, Get string
	CountByStatus, ListTroubled, Requeue, Backlog, ReleaseLeases       string
	ListMentioning                                                     string
}

// postgresStatements are PostgreSQL's only: queries/postgres/<name>.sql.
type postgresStatements struct {
	EnqueueMany string
}

// Outbox is the mail outbox on SQLite or PostgreSQL. It implements outbox.Store and
// outbox.TxEnqueuer.
type Outbox struct {
	db *sqldb.DB
	q  statements
	pg postgresStatements // empty on SQLite
}

var (
	_ outbox.Store      = (*Outbox)(nil)
	_ outbox.TxEnqueuer = (*Outbox)(nil)
)

// New returns the outbox over db, which the caller opened (sqldb.Open), migrated
// (Migrate) and closes.
func New(db *sqldb.DB) *Outbox {
	s := &Outbox{db: db, q: sqldb.Statements[statements](files, db.Dialect)}
	if db.Dialect == sqldb.Postgres {
		s.pg = sqldb.Statements[postgresStatements](files, db.Dialect)
	}
	return s
}

// Enqueue stores msgs in one transaction, a unit of a group commit (sqldb.DB.Write)
// as every request's write transaction is.
func (s *Outbox) Enqueue(ctx context.Context, msgs ...mail.Message) ([]int64, error) {
	var ids []int64
	var refused error // EnqueueTx's own, already saying "outbox: …"
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		ids, refused = s.EnqueueTx(ctx, tx, msgs...) // set, not added to: the unit may run twice
		return refused
	})
	if refused != nil {
		return nil, refused
	}
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return ids, nil
}

// EnqueueTx stores msgs inside tx, which the caller commits or rolls back, and returns
// their IDs. A message that does not validate is refused before anything is written.
func (s *Outbox) EnqueueTx(ctx context.Context, tx *sql.Tx, msgs ...mail.Message) ([]int64, error) {
	rows, err := newRows(time.Now(), msgs)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		var id int64
		if err := tx.QueryRowContext(ctx, s.q.Enqueue, r.message, r.messageID, r.at).Scan(&id); err != nil {
			return nil, fmt.Errorf("outbox: enqueue: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// QueueTx stores msgs inside tx as EnqueueTx does, without telling their IDs. In a
// unit of a group commit (sqldb.DB.Write), the messages of all its units are written
// together at its end (sqldb.Later): on PostgreSQL one statement for all of them
// instead of a round trip each (docs/decisions/0034). A message that does not
// validate is refused at once, before anything is written.
func (s *Outbox) QueueTx(ctx context.Context, tx *sql.Tx, msgs ...mail.Message) error {
	rows, err := newRows(time.Now(), msgs)
	if err != nil {
		return err
	}
	if sqldb.Later(ctx, s, rows...) {
		return nil
	}
	return s.Flush(ctx, tx, rows)
}

// Flush writes rows (sqldb.Flusher: those QueueTx left for the end of the
// transaction): on PostgreSQL in one statement, on SQLite (in process: no round trips
// to save) one statement each.
func (s *Outbox) Flush(ctx context.Context, tx *sql.Tx, rows []row) error {
	if s.db.Dialect != sqldb.Postgres || len(rows) <= 1 {
		for _, r := range rows {
			if _, err := tx.ExecContext(ctx, s.q.Enqueue, r.message, r.messageID, r.at); err != nil {
				return fmt.Errorf("outbox: enqueue: %w", err)
			}
		}
		return nil
	}
	messages, ids, ats := make([]string, len(rows)), make([]string, len(rows)), make([]int64, len(rows))
	for i, r := range rows {
		messages[i], ids[i], ats[i] = r.message, r.messageID, r.at
	}
	if _, err := tx.ExecContext(ctx, s.pg.EnqueueMany, messages, ids, ats); err != nil {
		return fmt.Errorf("outbox: enqueue: %w", err)
	}
	return nil
}

// row is a message as it is stored: its JSON, its Message-ID, when it was queued.
type row struct {
	message, messageID string
	at                 int64
}

// newRows gives each message its Message-ID and Date, checks it and encodes it.
func newRows(now time.Time, msgs []mail.Message) ([]row, error) {
	rows := make([]row, 0, len(msgs))
	var body bytes.Buffer
	enc := json.NewEncoder(&body)
	// HTML kept as it is (a '<' is one byte, not the six of \u003c): a smaller row
	// for every HTML email, quicker to write; only json.Unmarshal reads it back.
	enc.SetEscapeHTML(false)
	for _, m := range msgs {
		m = m.WithDefaults(now)
		if err := m.Validate(); err != nil {
			return nil, fmt.Errorf("outbox: %w", err)
		}
		body.Reset()
		if err := enc.Encode(m); err != nil {
			return nil, fmt.Errorf("outbox: %w", err)
		}
		rows = append(rows, row{message: body.String(), messageID: m.MessageID, at: ms(now)})
	}
	return rows, nil
}

// Claim implements outbox.Store.
func (s *Outbox) Claim(ctx context.Context, c outbox.Claim) ([]outbox.Entry, error) {
	rows, err := s.db.QueryContext(ctx, s.q.ClaimDue, c.Token, ms(c.Now.Add(c.Lease)), ms(c.Now), c.Limit)
	if err != nil {
		return nil, fmt.Errorf("outbox: claim: %w", err)
	}
	defer rows.Close()
	var out []outbox.Entry
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("outbox: claim: %w", err)
	}
	// RETURNING has no order of its own.
	slices.SortFunc(out, func(a, b outbox.Entry) int {
		return cmp.Or(a.NextAttemptAt.Compare(b.NextAttemptAt), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// MarkSent implements outbox.Store.
func (s *Outbox) MarkSent(ctx context.Context, id int64, lease string, at time.Time) error {
	return s.change(ctx, "mark sent", s.q.MarkSent, id, lease, ms(at))
}

// Retry implements outbox.Store.
func (s *Outbox) Retry(ctx context.Context, id int64, lease string, at time.Time, lastErr string) error {
	return s.change(ctx, "schedule retry", s.q.ScheduleRetry, id, lease, ms(at), lastErr, ms(time.Now()))
}

// MarkDead implements outbox.Store.
func (s *Outbox) MarkDead(ctx context.Context, id int64, lease string, at time.Time, reason string) error {
	return s.change(ctx, "mark dead", s.q.MarkDead, id, lease, ms(at), reason)
}

// change runs a state change of one claimed row; no row changed means the lease is gone.
func (s *Outbox) change(ctx context.Context, what, q string, args ...any) error {
	res, err := s.db.ExecContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("outbox: %s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("outbox: %s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("outbox: %s: %w", what, outbox.ErrLeaseLost)
	}
	return nil
}

// NextDue implements outbox.Store.
func (s *Outbox) NextDue(ctx context.Context) (time.Time, bool, error) {
	var at sql.NullInt64
	if err := s.db.Reader.QueryRowContext(ctx, s.q.NextDue).Scan(&at); err != nil {
		return time.Time{}, false, fmt.Errorf("outbox: next due: %w", err)
	}
	if !at.Valid {
		return time.Time{}, false, nil
	}
	return time.UnixMilli(at.Int64), true, nil
}

// Get implements outbox.Store.
func (s *Outbox) Get(ctx context.Context, id int64) (outbox.Entry, error) {
	e, err := scanEntry(s.db.Reader.QueryRowContext(ctx, s.q.Get, id))
	if errors.Is(err, sql.ErrNoRows) {
		return outbox.Entry{}, outbox.ErrNotFound
	}
	return e, err
}

// Mentioning are the messages in the outbox, whatever their state, whose stored form
// contains text (an address, say): what a check of what was queued reads, rather than
// the table (cmd/loadtest counts lost and duplicated emails so).
func (s *Outbox) Mentioning(ctx context.Context, text string) ([]mail.Message, error) {
	pattern := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(text) + "%"
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListMentioning, pattern)
	if err != nil {
		return nil, fmt.Errorf("outbox: mentioning: %w", err)
	}
	defer rows.Close()
	var out []mail.Message
	for rows.Next() {
		var body string
		if err := rows.Scan(&body); err != nil {
			return nil, fmt.Errorf("outbox: mentioning: %w", err)
		}
		var m mail.Message
		if err := json.Unmarshal([]byte(body), &m); err != nil {
			return nil, fmt.Errorf("outbox: mentioning: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("outbox: mentioning: %w", err)
	}
	return out, nil
}

// Count implements outbox.Store.
func (s *Outbox) Count(ctx context.Context) (outbox.Counts, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.CountByStatus)
	if err != nil {
		return outbox.Counts{}, fmt.Errorf("outbox: count: %w", err)
	}
	defer rows.Close()
	var c outbox.Counts
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return outbox.Counts{}, fmt.Errorf("outbox: count: %w", err)
		}
		switch outbox.Status(status) {
		case outbox.StatusPending:
			c.Pending = n
		case outbox.StatusSending:
			c.Sending = n
		case outbox.StatusSent:
			c.Sent = n
		case outbox.StatusDead:
			c.Dead = n
		}
	}
	if err := rows.Err(); err != nil {
		return outbox.Counts{}, fmt.Errorf("outbox: count: %w", err)
	}
	return c, nil
}

// Troubled implements outbox.Store.
func (s *Outbox) Troubled(ctx context.Context, limit int) ([]outbox.Entry, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListTroubled, limit)
	if err != nil {
		return nil, fmt.Errorf("outbox: list troubled: %w", err)
	}
	defer rows.Close()
	out := []outbox.Entry{}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("outbox: list troubled: %w", err)
	}
	return out, nil
}

// Requeue implements outbox.Store.
func (s *Outbox) Requeue(ctx context.Context, id int64, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.q.Requeue, id, ms(now))
	if err != nil {
		return fmt.Errorf("outbox: requeue: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("outbox: requeue: %w", err)
	}
	if n == 1 {
		return nil
	}
	if _, err := s.Get(ctx, id); err != nil {
		return err // ErrNotFound, or the database's error
	}
	return outbox.ErrNotDead
}

// ReleaseLeases puts every message being sent back in the queue, due at now, and
// says how many there were, so that they are tried at once rather than when their
// lease expires (the send timeout plus half a minute). Only for a process that knows
// no other one is sending from the database: the gateway on SQLite, which holds the
// data directory's lock, as it starts after a crash or a restore. Their attempt
// stays counted; one that did reach the relay is sent again (at least once, as
// after any lease expiry).
func (s *Outbox) ReleaseLeases(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.q.ReleaseLeases, ms(now))
	if err != nil {
		return 0, fmt.Errorf("outbox: release leases: %w", err)
	}
	return res.RowsAffected()
}

type scanner interface{ Scan(dest ...any) error }

func scanEntry(row scanner) (outbox.Entry, error) {
	var (
		e                 outbox.Entry
		body, status      string
		next, created     int64
		queued            int64
		finished          sql.NullInt64
		lastErr, leaseTok sql.NullString
	)
	if err := row.Scan(&e.ID, &body, &status, &e.Attempts, &next, &lastErr, &created, &leaseTok, &queued, &finished); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return outbox.Entry{}, err
		}
		return outbox.Entry{}, fmt.Errorf("outbox: read entry: %w", err)
	}
	if err := json.Unmarshal([]byte(body), &e.Message); err != nil {
		return outbox.Entry{}, fmt.Errorf("outbox: entry %d: %w", e.ID, err)
	}
	e.Status = outbox.Status(status)
	e.NextAttemptAt = time.UnixMilli(next)
	e.CreatedAt = time.UnixMilli(created)
	e.LastError = lastErr.String
	e.Lease = leaseTok.String
	e.QueuedAt = time.UnixMilli(queued)
	if finished.Valid {
		e.FinishedAt = time.UnixMilli(finished.Int64)
	}
	return e, nil
}

func ms(t time.Time) int64 { return t.UnixMilli() }

// Backlog counts the emails not yet delivered nor given up, by status (pending and
// sending, both always present), and says when the oldest of them was queued (the zero
// time when there is none): what the site's metrics report of the outbox.
func (s *Outbox) Backlog(ctx context.Context) (map[string]int, time.Time, error) {
	counts := map[string]int{"pending": 0, "sending": 0}
	var oldest int64
	rows, err := s.db.Reader.QueryContext(ctx, s.q.Backlog)
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("outbox: backlog: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var status string
		var n int
		var queuedAt int64
		if err := rows.Scan(&status, &n, &queuedAt); err != nil {
			return nil, time.Time{}, fmt.Errorf("outbox: backlog: %w", err)
		}
		counts[status] = n
		if oldest == 0 || queuedAt < oldest {
			oldest = queuedAt
		}
	}
	if err := rows.Err(); err != nil {
		return nil, time.Time{}, fmt.Errorf("outbox: backlog: %w", err)
	}
	if oldest == 0 {
		return counts, time.Time{}, nil
	}
	return counts, time.UnixMilli(oldest).UTC(), nil
}
