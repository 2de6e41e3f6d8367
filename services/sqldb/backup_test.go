package sqldb_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// notesSchema is testdata's one migration as a module's Schema.
func notesSchema(t *testing.T, extra ...string) sqldb.Schema {
	t.Helper()
	body, err := os.ReadFile("testdata/migrations/00001_notes.sql")
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"migrations/sqlite/00001_notes.sql": {Data: body}}
	for _, name := range extra {
		fsys["migrations/sqlite/"+name] = &fstest.MapFile{Data: []byte("-- +goose Up\nSELECT 1;\n")}
	}
	return sqldb.Schema{FS: fsys, Table: "notes_goose_version"}
}

// TestBackupSQLiteUnderWrites copies the database while writers insert: every row
// committed before the backup started is in the copy, which passes the check.
func TestBackupSQLiteUnderWrites(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "portfolio.db")
	db := sqldbtest.Open(t, src)
	schema := notesSchema(t)
	if err := sqldb.MigrateAll(ctx, db, schema); err != nil {
		t.Fatal(err)
	}
	const writers = 4
	var committed [writers]atomic.Int64 // each writer's last committed id (its ids: w, w+4, …)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range writers {
		committed[w].Store(-1)
		wg.Go(func() {
			for i := int64(w); ; i += writers {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := db.ExecContext(ctx, db.Rebind("INSERT INTO notes (id, body) VALUES ($1, 'x')"), i); err != nil {
					t.Error(err)
					return
				}
				committed[w].Store(i)
			}
		})
	}
	for committed[writers-1].Load() < 2000 {
		runtime.Gosched() // let the writers get going
	}
	var before [writers]int64
	for w := range writers {
		before[w] = committed[w].Load()
	}
	dst := filepath.Join(dir, "backup.db")
	err := sqldb.BackupSQLite(ctx, src, dst)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if err := sqldb.CheckSQLite(ctx, dst, schema); err != nil {
		t.Fatalf("check of the backup: %v", err)
	}
	copied := sqldbtest.Open(t, dst)
	for w, last := range before {
		var n int64
		if err := copied.QueryRowContext(ctx, "SELECT count(*) FROM notes WHERE id % ?1 = ?2 AND id <= ?3", writers, w, last).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if want := last/writers + 1; n != want {
			t.Errorf("writer %d: %d rows up to id %d in the backup, want the %d committed before it started", w, n, last, want)
		}
	}
	if err := sqldb.BackupSQLite(ctx, src, dst); err == nil {
		t.Error("a backup over an existing file: no error")
	}
}

// TestCheckSQLiteRefuses: a file that is not an intact database, and one whose module
// is at a migration this build lacks, are refused; an older one is not.
func TestCheckSQLiteRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	db := sqldbtest.Open(t, good)
	// The database is at migration 2 of a module that has 2.
	newer := notesSchema(t, "00002_more.sql")
	if err := sqldb.MigrateAll(ctx, db, newer); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO notes (id, body) SELECT i, hex(randomblob(200)) FROM n"); err != nil {
		t.Fatal(err)
	}
	_ = db.Close()

	copyWith := func(name string, change func([]byte) []byte) string {
		raw, err := os.ReadFile(good)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, change(raw), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name   string
		path   string
		schema sqldb.Schema
		want   error
	}{
		{"intact, same schema", copyWith("same.db", func(b []byte) []byte { return b }), newer, nil},
		{"newer than the build", copyWith("newer.db", func(b []byte) []byte { return b }), notesSchema(t), sqldb.ErrNewerSchema},
		{"not a database", copyWith("text.db", func([]byte) []byte { return []byte("hello, not SQLite at all\n") }), newer, sqldb.ErrCorrupt},
		{"truncated", copyWith("short.db", func(b []byte) []byte { return b[:len(b)/2] }), newer, sqldb.ErrCorrupt},
		{"pages overwritten", copyWith("garbled.db", func(b []byte) []byte {
			for i := 4096 * 3; i < len(b)-4096; i += 4096 { // every page's header but the first few
				copy(b[i:i+64], make([]byte, 64))
			}
			return b
		}), newer, sqldb.ErrCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := sqldb.CheckSQLite(ctx, tt.path, tt.schema)
			if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("CheckSQLite = %v, want %v", err, tt.want)
			}
		})
	}
}
