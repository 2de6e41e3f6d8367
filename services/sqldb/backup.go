package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/pressly/goose/v3"
)

// Why a SQLite file cannot be restored.
var (
	// ErrCorrupt: the file is not a SQLite database, or fails its integrity check.
	ErrCorrupt = errors.New("not an intact SQLite database")
	// ErrNewerSchema: a module's tables are at a migration this build does not have
	// (the file comes from a newer gateway); this one would misread them.
	ErrNewerSchema = errors.New("its schema is newer than this build's")
)

// BackupSQLite writes a consistent copy of the SQLite database at src to dst, which
// must not exist (it is created 0600, as private as the database), with VACUUM INTO: one read transaction, so the copy is the
// database as it was at one commit, while other connections (this process's or
// another's) go on writing; in WAL mode readers do not block the writer. The copy is
// compact (no free pages) and has no WAL of its own. It runs on a connection of its
// own, not the writer's, so the site's writes never wait for a backup.
func BackupSQLite(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("backup: %w", err) // never create an empty database to copy
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("backup: %s exists", dst)
	}
	// VACUUM INTO writes into an empty file as into a new one, and keeps its mode.
	if err := createPrivate(dst, true); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	conn := openSQLite("file:" + src + "?_pragma=busy_timeout(10000)")
	defer conn.Close() //nolint:errcheck // read only
	conn.SetMaxOpenConns(1)
	if _, err := conn.ExecContext(ctx, "VACUUM INTO ?", dst); err != nil {
		_ = os.Remove(dst) // a partial copy is no backup
		return fmt.Errorf("backup %s: %w", src, err)
	}
	return nil
}

// CheckSQLite tells whether the SQLite file at path can be put in place of the
// site's database: it must pass SQLite's integrity check (ErrCorrupt otherwise), and
// no module's tables may be at a migration newer than schemas have (ErrNewerSchema);
// older ones are fine, the gateway migrates them when it starts. It opens the file
// read-write (SQLite may have to replay its WAL), so give it a copy.
func CheckSQLite(ctx context.Context, path string, schemas ...Schema) error {
	if _, err := os.Stat(path); err != nil {
		return err
	}
	conn := openSQLite("file:" + path + "?_pragma=busy_timeout(10000)")
	defer conn.Close() //nolint:errcheck // nothing written
	conn.SetMaxOpenConns(1)
	var result string
	// quick_check would skip the indexes' contents; a restore is rare, check them.
	if err := conn.QueryRowContext(ctx, "PRAGMA integrity_check(1)").Scan(&result); err != nil {
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if result != "ok" {
		return fmt.Errorf("%w: %s", ErrCorrupt, result)
	}
	for _, s := range schemas {
		have, err := schemaVersion(ctx, conn, s.Table)
		if err != nil {
			return err
		}
		known, err := latestMigration(s.FS, "migrations/"+string(SQLite))
		if err != nil {
			return err
		}
		if have > known {
			return fmt.Errorf("%w: %s is at migration %d, this build knows up to %d", ErrNewerSchema, s.Table, have, known)
		}
	}
	return nil
}

// Checkpoint folds the WAL of the SQLite database at path into the file and empties
// it, so that the file alone is the whole database. Nothing else may have it open.
func Checkpoint(ctx context.Context, path string) error {
	conn := openSQLite("file:" + path + "?_pragma=busy_timeout(10000)")
	defer conn.Close() //nolint:errcheck // the checkpoint's result is checked
	conn.SetMaxOpenConns(1)
	var busy, logFrames, done int
	if err := conn.QueryRowContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logFrames, &done); err != nil {
		return fmt.Errorf("checkpoint %s: %w", path, err)
	}
	if busy != 0 {
		return fmt.Errorf("checkpoint %s: the database is in use", path)
	}
	return nil
}

// schemaVersion is the highest migration goose recorded in table, 0 when the table
// is not there (the module's tables were never made).
func schemaVersion(ctx context.Context, conn *sql.DB, table string) (int64, error) {
	var n int
	if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", table).Scan(&n); err != nil {
		return 0, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	if n == 0 {
		return 0, nil
	}
	var v sql.NullInt64
	// Quoted: the name comes from a Schema in the code, never from input.
	q := `SELECT max(version_id) FROM "` + strings.ReplaceAll(table, `"`, `""`) + `" WHERE is_applied`
	if err := conn.QueryRowContext(ctx, q).Scan(&v); err != nil {
		return 0, fmt.Errorf("%w: %s: %w", ErrCorrupt, table, err)
	}
	return v.Int64, nil
}

// latestMigration is the highest version among the goose migrations (.sql files) in
// dir of fsys.
func latestMigration(fsys fs.FS, dir string) (int64, error) {
	names, err := fs.Glob(fsys, dir+"/*.sql")
	if err != nil {
		return 0, err
	}
	var latest int64
	for _, name := range names {
		v, err := goose.NumericComponent(name)
		if err != nil {
			return 0, fmt.Errorf("migration %s: %w", name, err)
		}
		latest = max(latest, v)
	}
	return latest, nil
}
