// Package sqlstore keeps the admin's sessions, the admin chosen through a setup link
// with the links' tokens, and the failed sign-in counts in the site's database
// (SQLite, or PostgreSQL shared by several replicas), so that a session survives a
// restart and every replica enforces the same sign-in limit.
//
// Each statement is a file in queries/ named by what it does, written with $N
// placeholders and rebound for SQLite (sqldb); the schema is in migrations/<dialect>/
// (goose, version table admin_goose_db_version).
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// statements are the store's: each field is queries/<its name in snake case>.sql.
type statements struct {
	AddFailure, ClearFailures, DeleteExpiredSessions                      string
	DeleteExpiredSetupTokens, DeleteSession, DeleteSetupTokens            string
	GetCredentials, GetFailureWindow, GetFailures, GetLiveSession         string
	GetLiveSetupToken, InsertCredentials, InsertSession, InsertSetupToken string
	PurgeFailures, RemoveFailures, UseSetupToken                          string
}

// Store implements admin.Store.
type Store struct {
	db *sqldb.DB
	q  statements
}

var _ admin.Store = (*Store)(nil)

// New returns the admin's store over db, migrated with Migrate.
func New(db *sqldb.DB) *Store {
	return &Store{db: db, q: sqldb.Statements[statements](files, db.Dialect)}
}

// Create implements admin.SessionStore.
func (s *Store) Create(ctx context.Context, tokenHash string, sess admin.Session) error {
	if _, err := s.db.ExecContext(ctx, s.q.DeleteExpiredSessions, sess.CreatedAt.UnixMilli()); err != nil {
		return fmt.Errorf("sessions: purge: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, s.q.InsertSession,
		tokenHash, sess.User, sess.Credential, sess.CreatedAt.UnixMilli(), sess.ExpiresAt.UnixMilli(),
	); err != nil {
		return fmt.Errorf("sessions: insert: %w", err)
	}
	return nil
}

// Get implements admin.SessionStore.
func (s *Store) Get(ctx context.Context, tokenHash string, now time.Time) (admin.Session, error) {
	var sess admin.Session
	var created, expires int64
	err := s.db.Reader.QueryRowContext(ctx, s.q.GetLiveSession, tokenHash, now.UnixMilli()).
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
func (s *Store) Delete(ctx context.Context, tokenHash string) error {
	if _, err := s.db.ExecContext(ctx, s.q.DeleteSession, tokenHash); err != nil {
		return fmt.Errorf("sessions: delete: %w", err)
	}
	return nil
}

// Failures implements admin.FailureStore.
func (s *Store) Failures(ctx context.Context, key string, now time.Time) (int, time.Time, error) {
	var n int
	var end int64
	err := s.db.QueryRowContext(ctx, s.q.GetFailures, key, now.UnixMilli()).Scan(&n, &end)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, time.Time{}, nil
	case err != nil:
		return 0, time.Time{}, fmt.Errorf("failures: get: %w", err)
	}
	return n, time.UnixMilli(end).UTC(), nil
}

// AddFailure implements admin.FailureStore: one upsert that counts only below the
// limit, so concurrent attempts on any replica cannot count past it.
func (s *Store) AddFailure(ctx context.Context, key string, limit int, now time.Time, window time.Duration) (bool, time.Time, error) {
	var n int
	var end int64
	err := s.db.QueryRowContext(ctx, s.q.AddFailure, key, now.UnixMilli(), now.Add(window).UnixMilli(), limit).Scan(&n, &end)
	if errors.Is(err, sql.ErrNoRows) {
		// Not counted: the limit was reached in the window still open.
		err = s.db.QueryRowContext(ctx, s.q.GetFailureWindow, key).Scan(&end)
		if err != nil {
			return false, time.Time{}, fmt.Errorf("failures: window: %w", err)
		}
		return false, time.UnixMilli(end).UTC(), nil
	}
	if err != nil {
		return false, time.Time{}, fmt.Errorf("failures: add: %w", err)
	}
	return true, time.UnixMilli(end).UTC(), nil
}

// RemoveFailures implements admin.FailureStore.
func (s *Store) RemoveFailures(ctx context.Context, key string, n int) error {
	if _, err := s.db.ExecContext(ctx, s.q.RemoveFailures, key, n); err != nil {
		return fmt.Errorf("failures: remove: %w", err)
	}
	return nil
}

// ClearFailures implements admin.FailureStore.
func (s *Store) ClearFailures(ctx context.Context, key string) error {
	if _, err := s.db.ExecContext(ctx, s.q.ClearFailures, key); err != nil {
		return fmt.Errorf("failures: clear: %w", err)
	}
	return nil
}

// PurgeFailures implements admin.FailureStore.
func (s *Store) PurgeFailures(ctx context.Context, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.q.PurgeFailures, now.UnixMilli()); err != nil {
		return fmt.Errorf("failures: purge: %w", err)
	}
	return nil
}

// Credentials implements admin.CredentialStore.
func (s *Store) Credentials(ctx context.Context) (admin.Credentials, error) {
	var c admin.Credentials
	err := s.db.QueryRowContext(ctx, s.q.GetCredentials).Scan(&c.User, &c.PasswordHash)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return admin.Credentials{}, admin.ErrNotConfigured
	case err != nil:
		return admin.Credentials{}, fmt.Errorf("credentials: get: %w", err)
	}
	return c, nil
}

// CreateSetupToken implements admin.CredentialStore.
func (s *Store) CreateSetupToken(ctx context.Context, tokenHash string, createdAt, expiresAt time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.q.DeleteExpiredSetupTokens, createdAt.UnixMilli()); err != nil {
		return fmt.Errorf("setup tokens: purge: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, s.q.InsertSetupToken, tokenHash, createdAt.UnixMilli(), expiresAt.UnixMilli()); err != nil {
		return fmt.Errorf("setup tokens: insert: %w", err)
	}
	return nil
}

// SetupTokenLive implements admin.CredentialStore.
func (s *Store) SetupTokenLive(ctx context.Context, tokenHash string, now time.Time) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, s.q.GetLiveSetupToken, tokenHash, now.UnixMilli()).Scan(&n); err != nil {
		return false, fmt.Errorf("setup tokens: get: %w", err)
	}
	return n > 0, nil
}

// CompleteSetup implements admin.CredentialStore. Its three statements commit
// together as a unit of a group commit (sqldb.DB.Write), as every request's write
// transaction does.
func (s *Store) CompleteSetup(ctx context.Context, tokenHash string, now time.Time, creds admin.Credentials) error {
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q.UseSetupToken, tokenHash, now.UnixMilli())
		if err != nil {
			return fmt.Errorf("setup: use token: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("setup: use token: %w", err)
		} else if n != 1 {
			return admin.ErrSetupLinkInvalid
		}
		res, err = tx.ExecContext(ctx, s.q.InsertCredentials, creds.User, creds.PasswordHash, now.UnixMilli())
		if err != nil {
			return fmt.Errorf("setup: insert admin: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("setup: insert admin: %w", err)
		} else if n != 1 {
			return admin.ErrAlreadySetUp
		}
		if _, err := tx.ExecContext(ctx, s.q.DeleteSetupTokens); err != nil {
			return fmt.Errorf("setup: drop tokens: %w", err)
		}
		return nil
	})
}
