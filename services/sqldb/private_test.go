package sqldb_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// openNotes opens the SQLite file at path (creating it) with testdata's
// table, closed when t ends.
func openNotes(t *testing.T, path string) *sqldb.DB {
	t.Helper()
	db := sqldbtest.Open(t, path)
	if err := sqldb.MigrateAll(context.Background(), db, notesSchema(t)); err != nil {
		t.Fatal(err)
	}
	return db
}

// TestSQLiteFilesArePrivate: the database, its WAL and its shared memory hold every
// subscriber's address and the keys' hashes, so they are the owner's alone (0600)
// whatever the umask; SQLite creates the WAL and SHM itself, with the database file's
// mode.
func TestSQLiteFilesArePrivate(t *testing.T) {
	sqldbtest.Umask(t, 0)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portfolio.db")
	db := openNotes(t, path)
	if _, err := db.ExecContext(ctx, "INSERT INTO notes (id, body) VALUES (1, 'x')"); err != nil {
		t.Fatal(err)
	}
	sqldbtest.WantModes(t, map[string]os.FileMode{path: 0o600, path + "-wal": 0o600, path + "-shm": 0o600})
}

// TestSQLiteGivesTheWALTheDatabaseMode pins what createPrivate relies on: SQLite
// creates the WAL and the shared-memory file with the database file's mode (here an
// unusual 0640), not its own default, whatever the umask.
func TestSQLiteGivesTheWALTheDatabaseMode(t *testing.T) {
	sqldbtest.Umask(t, 0)
	path := filepath.Join(t.TempDir(), "portfolio.db")
	if err := os.WriteFile(path, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	db := openNotes(t, path)
	if _, err := db.ExecContext(context.Background(), "INSERT INTO notes (id, body) VALUES (1, 'x')"); err != nil {
		t.Fatal(err)
	}
	sqldbtest.WantModes(t, map[string]os.FileMode{path: 0o640, path + "-wal": 0o640, path + "-shm": 0o640})
}

// TestBackupSQLiteIsPrivate: a backup is the whole database, as private as it.
func TestBackupSQLiteIsPrivate(t *testing.T) {
	sqldbtest.Umask(t, 0)
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "portfolio.db")
	openNotes(t, src)
	dst := filepath.Join(dir, "backup.db")
	if err := sqldb.BackupSQLite(ctx, src, dst); err != nil {
		t.Fatal(err)
	}
	sqldbtest.WantModes(t, map[string]os.FileMode{dst: 0o600})
	if err := sqldb.CheckSQLite(ctx, dst, notesSchema(t)); err != nil {
		t.Errorf("the backup: %v", err)
	}
}
