// Package pgtest gives a test its own empty PostgreSQL database on the server named by
// PORTFOLIO_TEST_DATABASE_URL, and drops it when the test ends. `make test` starts a
// throwaway server (scripts/with-postgres.sh) and sets the variable; without it, the
// PostgreSQL half of a store suite is skipped with a message saying so.
package pgtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver

	"github.com/portfolio-site/portfolio/services/sqldb"
)

// EnvURL names the server's URL; its database is only used to create the test's own.
const EnvURL = "PORTFOLIO_TEST_DATABASE_URL"

// URL returns a postgres:// URL of a new, empty database that is dropped when t ends,
// or skips t when no server is configured.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		t.Skip(EnvURL + " is not set: `make test-go` starts a throwaway PostgreSQL and sets it")
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("pgtest: %s: %v", EnvURL, err)
	}
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "test_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		_ = admin.Close()
		t.Fatalf("pgtest: create database: %v", err)
	}
	t.Cleanup(func() {
		// WITH (FORCE): a store under test may still hold pooled connections.
		if _, err := admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop database: %v", err)
		}
		_ = admin.Close()
	})
	u.Path = "/" + name
	return u.String()
}

// Open opens a new, empty database (see URL) and closes it when t ends.
func Open(t testing.TB) *sqldb.DB {
	t.Helper()
	db, err := sqldb.OpenPostgres(context.Background(), URL(t))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}
