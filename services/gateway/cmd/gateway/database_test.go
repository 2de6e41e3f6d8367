package main

import (
	"context"
	"io/fs"
	"testing"
	"testing/fstest"

	contactstore "github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// A database the previous build migrated, where the contact module made
// readiness_probes, migrates with this build's schemas (sqldb owns the table now,
// docs/decisions/0043) and keeps passing the readiness probe; a new database gets the
// table once, from sqldb. On SQLite and PostgreSQL.
func TestMigrateKeepsTheReadinessProbesTable(t *testing.T) {
	first, err := fs.ReadFile(contactstore.Schema.FS, "migrations/sqlite/00001_create_contact_messages.sql")
	if err != nil {
		t.Fatal(err)
	}
	firstPG, err := fs.ReadFile(contactstore.Schema.FS, "migrations/postgres/00001_create_contact_messages.sql")
	if err != nil {
		t.Fatal(err)
	}
	// The contact schema as the previous build had it: its 00002 made the table.
	before := fstest.MapFS{
		"migrations/sqlite/00001_create_contact_messages.sql":   {Data: first},
		"migrations/postgres/00001_create_contact_messages.sql": {Data: firstPG},
		"migrations/sqlite/00002_create_readiness_probes.sql": {Data: []byte(
			"-- +goose Up\nCREATE TABLE readiness_probes (id TEXT PRIMARY KEY, payload BLOB NOT NULL);\n-- +goose Down\nDROP TABLE readiness_probes;\n")},
		"migrations/postgres/00002_create_readiness_probes.sql": {Data: []byte(
			"-- +goose Up\nCREATE TABLE readiness_probes (id TEXT PRIMARY KEY, payload BYTEA NOT NULL);\n-- +goose Down\nDROP TABLE readiness_probes;\n")},
	}
	for _, d := range sqldbtest.Dialects() {
		for _, upgrade := range []bool{false, true} {
			name := d.Name + "/new database"
			if upgrade {
				name = d.Name + "/migrated by the previous build"
			}
			t.Run(name, func(t *testing.T) {
				ctx := context.Background()
				db := d.Open(t)
				if upgrade {
					if err := sqldb.MigrateAll(ctx, db, sqldb.Schema{FS: before, Table: contactstore.Schema.Table}); err != nil {
						t.Fatal(err)
					}
				}
				if err := migrate(ctx, db); err != nil {
					t.Fatal(err)
				}
				if err := migrate(ctx, db); err != nil { // a restart: nothing left to do
					t.Fatal(err)
				}
				if err := sqldb.NewHealth(db).CheckWritable(ctx); err != nil {
					t.Fatalf("write probe: %v", err)
				}
				for table, want := range map[string]int64{contactstore.Schema.Table: 2, sqldb.HealthSchema.Table: 1} {
					var v int64
					if err := db.QueryRowContext(ctx, "SELECT max(version_id) FROM "+table).Scan(&v); err != nil || v != want {
						t.Errorf("%s at %d (%v), want %d", table, v, err, want)
					}
				}
			})
		}
	}
}
