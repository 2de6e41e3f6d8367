// Package sqlite keeps the mail outbox in SQLite (modernc.org/sqlite, pure Go). Its
// schema is in migrations/ (goose, with its own version table, so it shares a database
// file with other modules' tables) and every statement is a file in queries/ named by
// what it does.
//
// The caller opens the database, with Open or with the same settings, and passes it to
// New; other modules keep their own tables in the same file.
package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"time"

	"github.com/pressly/goose/v3"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
)

//go:embed migrations/*.sql
var migrations embed.FS

//go:embed queries/*.sql
var queries embed.FS

// VersionTable is goose's version table for this package's migrations.
const VersionTable = "mail_goose_db_version"

func query(name string) string {
	b, err := queries.ReadFile("queries/" + name + ".sql")
	if err != nil {
		panic("sqlite: missing query " + name) // a build without its embedded files
	}
	return string(b)
}

// The statements, read once from queries/.
var (
	qEnqueue       = query("enqueue")
	qClaimDue      = query("claim_due")
	qMarkSent      = query("mark_sent")
	qScheduleRetry = query("schedule_retry")
	qMarkDead      = query("mark_dead")
	qNextDue       = query("next_due")
	qGet           = query("get")
	qCountByStatus = query("count_by_status")
)

// Open opens (creating if needed) the SQLite database file at path with the settings
// this package expects: WAL (readers do not block the writer), a busy timeout
// (writers wait for each other instead of failing), foreign keys on, and BEGIN
// IMMEDIATE for transactions (a transaction that will write takes the write lock up
// front, so two of them cannot deadlock upgrading their locks). It pings the database
// so that a path that cannot be opened fails here.
func Open(ctx context.Context, path string) (*sql.DB, error) {
	dsn := "file:" + path +
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(NORMAL)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	return db, nil
}

// Store is the outbox on SQLite. It implements outbox.Store and outbox.TxEnqueuer.
type Store struct {
	db *sql.DB
}

var (
	_ outbox.Store      = (*Store)(nil)
	_ outbox.TxEnqueuer = (*Store)(nil)
)

// New returns the store over db. Call Migrate before using it.
func New(db *sql.DB) *Store { return &Store{db: db} }

// Migrate brings the outbox's tables up to date.
func (s *Store) Migrate(ctx context.Context) error {
	return Migrate(ctx, s.db, migrations, VersionTable)
}

// Migrate applies the goose migrations at the root of fsys (under migrations/) to db,
// recording them in table. Other modules with their own tables in the same SQLite file
// use it with their own migrations and table.
func Migrate(ctx context.Context, db *sql.DB, fsys fs.FS, table string) error {
	sub, err := fs.Sub(fsys, "migrations")
	if err != nil {
		return fmt.Errorf("migrate %s: %w", table, err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, sub,
		goose.WithTableName(table),
		goose.WithDisableGlobalRegistry(true),
	)
	if err != nil {
		return fmt.Errorf("migrate %s: %w", table, err)
	}
	// Not p.Close(): that would close db, which belongs to the caller.
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate %s: %w", table, err)
	}
	return nil
}

// Enqueue stores msgs in one transaction.
func (s *Store) Enqueue(ctx context.Context, msgs ...mail.Message) ([]int64, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // no-op after Commit
	ids, err := s.EnqueueTx(ctx, tx, msgs...)
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("outbox: %w", err)
	}
	return ids, nil
}

// EnqueueTx stores msgs inside tx, which the caller commits or rolls back. A message
// that does not validate is refused before anything is written.
func (s *Store) EnqueueTx(ctx context.Context, tx *sql.Tx, msgs ...mail.Message) ([]int64, error) {
	now := time.Now()
	rows := make([]mail.Message, 0, len(msgs))
	for _, m := range msgs {
		m = m.WithDefaults(now)
		if err := m.Validate(); err != nil {
			return nil, fmt.Errorf("outbox: %w", err)
		}
		rows = append(rows, m)
	}
	ids := make([]int64, 0, len(rows))
	for _, m := range rows {
		body, err := json.Marshal(m)
		if err != nil {
			return nil, fmt.Errorf("outbox: %w", err)
		}
		var id int64
		if err := tx.QueryRowContext(ctx, qEnqueue,
			sql.Named("message", string(body)),
			sql.Named("message_id", m.MessageID),
			sql.Named("now", ms(now)),
		).Scan(&id); err != nil {
			return nil, fmt.Errorf("outbox: enqueue: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// Claim implements outbox.Store.
func (s *Store) Claim(ctx context.Context, c outbox.Claim) ([]outbox.Entry, error) {
	rows, err := s.db.QueryContext(ctx, qClaimDue,
		sql.Named("token", c.Token),
		sql.Named("lease_until", ms(c.Now.Add(c.Lease))),
		sql.Named("now", ms(c.Now)),
		sql.Named("limit", c.Limit),
	)
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
func (s *Store) MarkSent(ctx context.Context, id int64, lease string, at time.Time) error {
	return s.change(ctx, "mark sent", qMarkSent,
		sql.Named("id", id), sql.Named("lease", lease), sql.Named("at", ms(at)))
}

// Retry implements outbox.Store.
func (s *Store) Retry(ctx context.Context, id int64, lease string, at time.Time, lastErr string) error {
	return s.change(ctx, "schedule retry", qScheduleRetry,
		sql.Named("id", id), sql.Named("lease", lease), sql.Named("next_attempt_at", ms(at)),
		sql.Named("last_error", lastErr), sql.Named("now", ms(time.Now())))
}

// MarkDead implements outbox.Store.
func (s *Store) MarkDead(ctx context.Context, id int64, lease string, at time.Time, reason string) error {
	return s.change(ctx, "mark dead", qMarkDead,
		sql.Named("id", id), sql.Named("lease", lease), sql.Named("at", ms(at)), sql.Named("reason", reason))
}

// change runs a state change of one claimed row; no row changed means the lease is gone.
func (s *Store) change(ctx context.Context, what, q string, args ...any) error {
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
func (s *Store) NextDue(ctx context.Context) (time.Time, bool, error) {
	var at sql.NullInt64
	if err := s.db.QueryRowContext(ctx, qNextDue).Scan(&at); err != nil {
		return time.Time{}, false, fmt.Errorf("outbox: next due: %w", err)
	}
	if !at.Valid {
		return time.Time{}, false, nil
	}
	return time.UnixMilli(at.Int64), true, nil
}

// Get implements outbox.Store.
func (s *Store) Get(ctx context.Context, id int64) (outbox.Entry, error) {
	e, err := scanEntry(s.db.QueryRowContext(ctx, qGet, sql.Named("id", id)))
	if errors.Is(err, sql.ErrNoRows) {
		return outbox.Entry{}, outbox.ErrNotFound
	}
	return e, err
}

// Count implements outbox.Store.
func (s *Store) Count(ctx context.Context) (outbox.Counts, error) {
	rows, err := s.db.QueryContext(ctx, qCountByStatus)
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

type scanner interface{ Scan(dest ...any) error }

func scanEntry(row scanner) (outbox.Entry, error) {
	var (
		e                 outbox.Entry
		body, status      string
		next, created     int64
		lastErr, leaseTok sql.NullString
	)
	if err := row.Scan(&e.ID, &body, &status, &e.Attempts, &next, &lastErr, &created, &leaseTok); err != nil {
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
	return e, nil
}

func ms(t time.Time) int64 { return t.UnixMilli() }
