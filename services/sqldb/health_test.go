package sqldb_test

import (
	"context"
	"testing"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// The write probe commits a row and leaves none behind, on a new database and on one
// made before sqldb owned readiness_probes (the table already there, made by the
// contact module's migration): its migration adopts the table instead of failing.
func TestHealthProbesWrites(t *testing.T) {
	// The contact module's migration 00002 as it was, per dialect.
	old := map[string]string{
		"sqlite":   `CREATE TABLE readiness_probes (id TEXT PRIMARY KEY, payload BLOB NOT NULL)`,
		"postgres": `CREATE TABLE readiness_probes (id TEXT PRIMARY KEY, payload BYTEA NOT NULL)`,
	}
	for _, d := range sqldbtest.Dialects() {
		for _, existing := range []bool{false, true} {
			name := d.Name + "/new"
			if existing {
				name = d.Name + "/table already there"
			}
			t.Run(name, func(t *testing.T) {
				ctx := context.Background()
				db := d.Open(t)
				if existing {
					if _, err := db.ExecContext(ctx, old[d.Name]); err != nil {
						t.Fatal(err)
					}
				}
				if err := sqldb.MigrateAll(ctx, db, sqldb.HealthSchema); err != nil {
					t.Fatal(err)
				}
				h := sqldb.NewHealth(db)
				if err := h.PingContext(ctx); err != nil {
					t.Fatal(err)
				}
				for range 2 {
					if err := h.CheckWritable(ctx); err != nil {
						t.Fatal(err)
					}
				}
				var n int
				if err := db.QueryRowContext(ctx, "SELECT count(*) FROM readiness_probes").Scan(&n); err != nil || n != 0 {
					t.Errorf("%d probe rows left (%v), want 0", n, err)
				}
			})
		}
	}
}

// A database that takes no writes fails the probe, and it still answers the ping.
func TestHealthFailsWhenReadOnly(t *testing.T) {
	ctx := context.Background()
	db := sqldbtest.Dialects()[0].Open(t)
	if err := sqldb.MigrateAll(ctx, db, sqldb.HealthSchema); err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1) // query_only holds per connection
	if _, err := db.ExecContext(ctx, "PRAGMA query_only = ON"); err != nil {
		t.Fatal(err)
	}
	h := sqldb.NewHealth(db)
	if err := h.PingContext(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.CheckWritable(ctx); err == nil {
		t.Error("CheckWritable on a read-only database = nil, want an error")
	}
}
