// Package sqldbtest runs a store's tests on every database the site supports: a new
// SQLite file in a temporary directory, and a new PostgreSQL database when a server is
// configured (pgtest; skipped otherwise).
package sqldbtest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// Dialect makes new, empty databases of one kind.
type Dialect struct {
	Name string // "sqlite" or "postgres", as sqldb.Dialect
	// URL returns the address (for sqldb.Open) of a new, empty database that lasts as
	// long as t, or skips t when there is no server.
	URL func(t *testing.T) string
}

// Dialects returns SQLite and PostgreSQL, to range over in a table-driven test.
func Dialects() []Dialect {
	return []Dialect{
		{Name: string(sqldb.SQLite), URL: func(t *testing.T) string { return filepath.Join(t.TempDir(), "portfolio.db") }},
		{Name: string(sqldb.Postgres), URL: func(t *testing.T) string { return pgtest.URL(t) }},
	}
}

// Open opens a new, empty database of d, closed when t ends.
func (d Dialect) Open(t *testing.T) *sqldb.DB { return Open(t, d.URL(t)) }

// Open opens the database at url, closed when t ends. Opening one url twice gives two
// connection pools to one database, as two processes would have.
func Open(t *testing.T, url string) *sqldb.DB {
	t.Helper()
	db, err := sqldb.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	return db
}
