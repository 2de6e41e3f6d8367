package sqldb_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

func TestRebind(t *testing.T) {
	tests := []struct {
		dialect  sqldb.Dialect
		in, want string
	}{
		{sqldb.SQLite, "SELECT $1, $2, $1", "SELECT ?1, ?2, ?1"},
		{sqldb.SQLite, "WHERE a = $10", "WHERE a = ?10"},
		{sqldb.Postgres, "SELECT $1, $2", "SELECT $1, $2"},
		{sqldb.SQLite, "SELECT 'no params'", "SELECT 'no params'"},
	}
	for _, tt := range tests {
		if got := tt.dialect.Rebind(tt.in); got != tt.want {
			t.Errorf("%s.Rebind(%q) = %q, want %q", tt.dialect, tt.in, got, tt.want)
		}
	}
}

// TestSameStatementsOnBoth migrates and runs one rebound statement on each dialect.
func TestSameStatementsOnBoth(t *testing.T) {
	ctx := context.Background()
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			db := d.Open(t)
			if string(db.Dialect) != d.Name {
				t.Fatalf("dialect = %s", db.Dialect)
			}
			for range 2 { // a second run finds nothing to do
				if err := sqldb.Migrate(ctx, db, os.DirFS("testdata"), "migrations", "test_goose_version"); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.ExecContext(ctx, db.Rebind("INSERT INTO notes (id, body) VALUES ($1, $2), ($1 + 1, $2)"), 1, "hi"); err != nil {
				t.Fatal(err)
			}
			// $2 before $1: the numbers, not the order of appearance, pick the argument.
			var id int
			if err := db.QueryRowContext(ctx, db.Rebind("SELECT id FROM notes WHERE id > $2 AND body = $1"), "hi", 1).Scan(&id); err != nil || id != 2 {
				t.Fatalf("id = %d, %v", id, err)
			}
		})
	}
}

// TestLoadQueries: every field gets the file of its name in snake case, the dialect's
// own where there is one, rebound; a missing file is an error.
func TestLoadQueries(t *testing.T) {
	fsys := os.DirFS("testdata")
	tests := []struct {
		dialect         sqldb.Dialect
		noteByBody, own string
	}{
		{sqldb.SQLite, "SELECT id FROM notes WHERE body = ?1\n", "SELECT 'sqlite'\n"},
		{sqldb.Postgres, "SELECT id FROM notes WHERE body = $1\n", "SELECT 'shared'\n"},
	}
	for _, tt := range tests {
		var q struct{ NoteByBody, Which string }
		if err := sqldb.LoadQueries(fsys, tt.dialect, &q); err != nil {
			t.Fatalf("%s: %v", tt.dialect, err)
		}
		if q.NoteByBody != tt.noteByBody || q.Which != tt.own {
			t.Errorf("%s: got %q, %q; want %q, %q", tt.dialect, q.NoteByBody, q.Which, tt.noteByBody, tt.own)
		}
	}
	var missing struct{ Gone string }
	if err := sqldb.LoadQueries(fsys, sqldb.SQLite, &missing); err == nil {
		t.Error("LoadQueries with a missing file succeeded")
	}
	if err := sqldb.LoadQueries(fsys, sqldb.SQLite, missing); err == nil {
		t.Error("LoadQueries into a struct value (not a pointer) succeeded")
	}
	var unexported struct{ which string }
	if err := sqldb.LoadQueries(fsys, sqldb.SQLite, &unexported); err == nil {
		t.Errorf("LoadQueries into an unexported field succeeded: %q", unexported.which)
	}
}

// TestOpenSQLiteSettings: the settings the stores rely on (see OpenSQLite).
func TestOpenSQLiteSettings(t *testing.T) {
	ctx := context.Background()
	db, err := sqldb.Open(ctx, filepath.Join(t.TempDir(), "portfolio.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var mode string
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	var fk int
	if err := db.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys = %d, %v", fk, err)
	}
}

func TestOpenFailsForAnUnusablePath(t *testing.T) {
	if _, err := sqldb.Open(context.Background(), filepath.Join(t.TempDir(), "missing", "dir", "x.db")); err == nil {
		t.Error("Open in a missing directory succeeded")
	}
}

// TestOpenSQLiteWithAutoCheckpoint: the writer folds the WAL in at the size asked for.
func TestOpenSQLiteWithAutoCheckpoint(t *testing.T) {
	for _, tc := range []struct {
		pages, want int
	}{{0, 1000}, {10000, 10000}} {
		db, err := sqldb.OpenSQLiteWith(context.Background(), filepath.Join(t.TempDir(), "a.db"), sqldb.SQLiteOptions{AutoCheckpointPages: tc.pages})
		if err != nil {
			t.Fatal(err)
		}
		var got int
		if err := db.QueryRowContext(context.Background(), "PRAGMA wal_autocheckpoint").Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("AutoCheckpointPages %d: wal_autocheckpoint = %d, want %d", tc.pages, got, tc.want)
		}
		_ = db.Close()
	}
}
