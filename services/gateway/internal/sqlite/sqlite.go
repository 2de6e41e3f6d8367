// Package sqlite is the gateway's SQLite adapter: it opens the site's database file
// (shared with the mail outbox) and keeps contact messages. Its schema is in
// migrations/ (goose, version table gateway_goose_db_version) and each statement is a
// file in queries/ named by what it does.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	mailsqlite "github.com/portfolio-site/portfolio/services/mail/sqlite"
)

//go:embed migrations/*.sql
var migrations embed.FS

//go:embed queries/*.sql
var queries embed.FS

// VersionTable is goose's version table for the gateway's own migrations.
const VersionTable = "gateway_goose_db_version"

func query(name string) string {
	b, err := queries.ReadFile("queries/" + name + ".sql")
	if err != nil {
		panic("sqlite: missing query " + name) // a build without its embedded files
	}
	return string(b)
}

var (
	qInsertContactMessage           = query("insert_contact_message")
	qListContactMessagesNewestFirst = query("list_contact_messages_newest_first")
)

// Open opens the database file at path (WAL, busy timeout, foreign keys, IMMEDIATE
// transactions: the settings of the outbox, which shares the file) and brings the
// gateway's own tables up to date. The outbox migrates its tables itself.
func Open(ctx context.Context, path string) (*sql.DB, error) {
	db, err := mailsqlite.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	if err := mailsqlite.Migrate(ctx, db, migrations, VersionTable); err != nil {
		_ = db.Close()
		return nil, err
	}
	return db, nil
}

// Contacts keeps contact messages; Add queues their emails in the same transaction
// through the outbox.
type Contacts struct {
	db     *sql.DB
	outbox outbox.TxEnqueuer
}

var _ contact.Store = (*Contacts)(nil)

// NewContacts returns the store. outbox must use the same database.
func NewContacts(db *sql.DB, outbox outbox.TxEnqueuer) *Contacts {
	return &Contacts{db: db, outbox: outbox}
}

// Add implements contact.Store.
func (s *Contacts) Add(ctx context.Context, m *contact.Message, emails ...mail.Message) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("contact: begin: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // no-op after Commit
	var ip sql.NullString
	if m.IP != "" {
		ip = sql.NullString{String: m.IP, Valid: true}
	}
	var id int64
	if err := tx.QueryRowContext(ctx, qInsertContactMessage,
		sql.Named("name", m.Name),
		sql.Named("email", m.Email),
		sql.Named("subject", m.Subject),
		sql.Named("body", m.Body),
		sql.Named("ip", ip),
		sql.Named("created_at", m.CreatedAt.UnixMilli()),
	).Scan(&id); err != nil {
		return fmt.Errorf("contact: insert: %w", err)
	}
	if len(emails) > 0 {
		if _, err := s.outbox.EnqueueTx(ctx, tx, emails...); err != nil {
			return fmt.Errorf("contact: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("contact: commit: %w", err)
	}
	m.ID = id
	return nil
}

// List implements contact.Store.
func (s *Contacts) List(ctx context.Context, limit int) ([]contact.Message, error) {
	rows, err := s.db.QueryContext(ctx, qListContactMessagesNewestFirst, sql.Named("limit", limit))
	if err != nil {
		return nil, fmt.Errorf("contact: list: %w", err)
	}
	defer rows.Close()
	var out []contact.Message
	for rows.Next() {
		var m contact.Message
		var ip sql.NullString
		var created int64
		if err := rows.Scan(&m.ID, &m.Name, &m.Email, &m.Subject, &m.Body, &ip, &created); err != nil {
			return nil, fmt.Errorf("contact: list: %w", err)
		}
		m.IP = ip.String
		m.CreatedAt = time.UnixMilli(created).UTC()
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("contact: list: %w", err)
	}
	return out, nil
}
