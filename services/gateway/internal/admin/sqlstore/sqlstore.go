// Package sqlstore keeps the admin's sessions in the site's database (SQLite, or
// PostgreSQL shared by several replicas), so that a session survives a restart and
// holds on every replica.
//
// Each statement is a file in queries/ named by what it does, written with $N
// placeholders and rebound for SQLite (sqldb); the schema is in migrations/<dialect>/
// (goose, version table admin_goose_db_version).
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/mail/sqldb"
)

//go:embed migrations
var migrations embed.FS

//go:embed queries/*.sql
var queries embed.FS

// VersionTable is goose's version table for the admin's migrations.
const VersionTable = "admin_goose_db_version"

// Migrate brings the admin's tables in db up to date.
func Migrate(ctx context.Context, db *sqldb.DB) error {
	return sqldb.Migrate(ctx, db, migrations, "migrations/"+string(db.Dialect), VersionTable)
}

// Sessions implements admin.SessionStore.
type Sessions struct {
	db *sqldb.DB
	q  map[string]string
}

var _ admin.SessionStore = (*Sessions)(nil)

// NewSessions returns the session store over db, migrated with Migrate.
func NewSessions(db *sqldb.DB) *Sessions {
	q, err := sqldb.Queries(queries, "queries", db.Dialect)
	if err != nil {
		// Embedded at build time: only a broken build gets here, and every test with it.
		panic("admin/sqlstore: " + err.Error())
	}
	return &Sessions{db: db, q: q}
}

// Create implements admin.SessionStore.
func (s *Sessions) Create(ctx context.Context, tokenHash string, sess admin.Session) error {
	if _, err := s.db.ExecContext(ctx, s.q["delete_expired_sessions"], sess.CreatedAt.UnixMilli()); err != nil {
		return fmt.Errorf("sessions: purge: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, s.q["insert_session"],
		tokenHash, sess.User, sess.Credential, sess.CreatedAt.UnixMilli(), sess.ExpiresAt.UnixMilli(),
	); err != nil {
		return fmt.Errorf("sessions: insert: %w", err)
	}
	return nil
}

// Get implements admin.SessionStore.
func (s *Sessions) Get(ctx context.Context, tokenHash string, now time.Time) (admin.Session, error) {
	var sess admin.Session
	var created, expires int64
	err := s.db.Reader.QueryRowContext(ctx, s.q["get_live_session"], tokenHash, now.UnixMilli()).
		Scan(&sess.User, &sess.Credential, &created, &expires)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return admin.Session{}, admin.ErrNoSession
	case err != nil:
		return admin.Session{}, fmt.Errorf("sessions: get: %w", err)
	}
	sess.CreatedAt = time.UnixMilli(created).UTC()
	sess.ExpiresAt = time.UnixMilli(expires).UTC()
	return sess, nil
}

// Delete implements admin.SessionStore.
func (s *Sessions) Delete(ctx context.Context, tokenHash string) error {
	if _, err := s.db.ExecContext(ctx, s.q["delete_session"], tokenHash); err != nil {
		return fmt.Errorf("sessions: delete: %w", err)
	}
	return nil
}
