// Package sqlstore keeps contact messages in the site's database: the SQLite file by
// default, or PostgreSQL shared by several replicas. The mail outbox lives in the same
// database, so a message and its emails commit together.
//
// Each statement is a file in queries/ named by what it does, written with $N
// placeholders and rebound for SQLite (sqldb); the schema is in migrations/<dialect>/
// (goose, version table gateway_goose_db_version, the name it had when these were the
// gateway's only tables).
package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// statements are the store's: each field is queries/<its name in snake case>.sql.
type statements struct {
	InsertContactMessage, ListContactMessagesNewestFirst string
}

// Contacts keeps contact messages; Add queues their emails in the same transaction
// through the outbox.
type Contacts struct {
	db     *sqldb.DB
	outbox outbox.TxEnqueuer
	q      statements
}

var _ contact.Store = (*Contacts)(nil)

// NewContacts returns the store over db, migrated with Migrate. outbox must use the
// same database; it may be nil for a reader that never calls Add.
func NewContacts(db *sqldb.DB, outbox outbox.TxEnqueuer) *Contacts {
	return &Contacts{db: db, outbox: outbox, q: sqldb.Statements[statements](files, db.Dialect)}
}

// Add implements contact.Store.
func (s *Contacts) Add(ctx context.Context, m *contact.Message, emails ...mail.Message) error {
	var ip sql.NullString
	if m.IP != "" {
		ip = sql.NullString{String: m.IP, Valid: true}
	}
	var id int64
	// A group commit with other requests' writes (sqldb.DB.Write): answered after it.
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, s.q.InsertContactMessage,
			m.Name, m.Email, m.Subject, m.Body, ip, m.CreatedAt.UnixMilli(),
		).Scan(&id); err != nil {
			return fmt.Errorf("insert: %w", err)
		}
		if len(emails) > 0 {
			if err := s.outbox.QueueTx(ctx, tx, emails...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("contact: %w", err)
	}
	m.ID = id
	return nil
}

// List implements contact.Store.
func (s *Contacts) List(ctx context.Context, limit int) ([]contact.Message, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListContactMessagesNewestFirst, limit)
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
