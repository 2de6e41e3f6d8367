package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/private"
	relstore "github.com/portfolio-site/portfolio/services/gateway/internal/release/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/replica"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// Backups of the SQLite database (docs/decisions/0036): `gateway backup <file>`
// copies it while the site serves, `gateway restore <file>` puts a copy back while
// the gateway is stopped, and PORTFOLIO_BACKUP_DIR has the gateway take copies on its
// own (backupschedule.go).
const (
	backupCommand  = "backup"
	restoreCommand = "restore"
)

// errPostgresBackup is the answer to backup and restore on PostgreSQL.
var errPostgresBackup = errors.New("the site's database is PostgreSQL (" + config.EnvName("database_url") +
	"): back it up and restore it with pg_dump/pg_restore or pg_basebackup (README, Backups)")

// sqliteFileConfig is the configuration of `gateway <command> <file>` (args: the
// file), whose site must be on SQLite.
func sqliteFileConfig(args []string, getenv func(string) string, command string) (config.Config, error) {
	if len(args) != 1 {
		return config.Config{}, fmt.Errorf("usage: gateway %s <file>", command)
	}
	return sqliteConfig(getenv)
}

// sqliteConfig is the configuration of a command whose site must be on SQLite.
func sqliteConfig(getenv func(string) string) (config.Config, error) {
	cfg, err := config.Load(getenv(config.ConfigFileEnv), getenv)
	if err != nil {
		return config.Config{}, err
	}
	if cfg.DatabaseURL.Reveal() != "" {
		return config.Config{}, errPostgresBackup
	}
	return cfg, nil
}

// runBackup is `gateway backup <file>`: a consistent copy of the database of the
// site whose settings are in the environment, taken while it serves and writes.
func runBackup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := sqliteFileConfig(args, getenv, backupCommand)
	if err != nil {
		return err
	}
	start := time.Now()
	if err := sqldb.BackupSQLite(ctx, cfg.DatabasePath(), args[0]); err != nil {
		return err
	}
	if err := syncFile(args[0]); err != nil {
		return err
	}
	if _, err := relstore.CopyArtifacts(ctx, releasesDir(cfg), backupReleasesDir(args[0])); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fi, err := os.Stat(args[0])
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "backed up %s in %s: %d bytes\n", cfg.DatabasePath(), time.Since(start).Round(time.Millisecond), fi.Size())
	fmt.Fprintln(stdout, args[0])
	return nil
}

// runRestore is `gateway restore <file>`: it puts a backup in place of the site's
// database, for the gateway to start on. The gateway must be stopped (it holds the
// data directory's lock while it runs); the file must pass SQLite's integrity check
// and have no module's schema newer than this build's. The database it replaces is
// kept next to it, as portfolio.db.replaced-<time>.
//
// `gateway restore --from-replica [--at <RFC 3339 time>]` does the same with the
// database PORTFOLIO_REPLICA_URL holds, as of its newest transaction or of the last
// one that reached it before that time. `gateway restore --check` changes nothing:
// it restores the newest replica, or else the newest scheduled backup, into a
// temporary directory and checks it (the drill the gateway also runs weekly).
func runRestore(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("gateway restore", flag.ContinueOnError)
	flags.SetOutput(stderr)
	fromReplica := flags.Bool("from-replica", false, "restore the database "+config.EnvName("replica_url")+" holds")
	at := flags.String("at", "", "with --from-replica: the database as it was at this RFC 3339 time (2026-01-02T15:04:05Z)")
	check := flags.Bool("check", false, "restore the newest replica, or else the newest backup, into a temporary directory and check it; changes nothing")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if !*fromReplica && !*check {
		return restoreBackup(ctx, flags.Args(), getenv, stdout, stderr)
	}
	if flags.NArg() > 0 || (*check && (*fromReplica || *at != "")) {
		return errors.New("usage: gateway restore <file> | --from-replica [--at <RFC 3339 time>] | --check")
	}
	var when time.Time
	if *at != "" {
		var err error
		if when, err = time.Parse(time.RFC3339, *at); err != nil {
			return fmt.Errorf("--at %q is not an RFC 3339 time (such as 2026-01-02T15:04:05Z)", *at)
		}
	}
	cfg, err := sqliteConfig(getenv)
	if err != nil {
		return err
	}
	logger, err := newLogger(stderr, cfg.LogLevel, "console")
	if err != nil {
		return err
	}
	var client *replica.Counting
	if cfg.ReplicaURL != "" {
		if client, err = newReplicaClient(cfg, getenv); err != nil {
			return err
		}
	} else if *fromReplica {
		return fmt.Errorf("gateway restore --from-replica: %s is not set", config.EnvName("replica_url"))
	}
	start := time.Now()
	if *check {
		what, err := restoreDrill(ctx, cfg, client, logger)
		if err != nil {
			return fmt.Errorf("restore check failed: %w", err)
		}
		fmt.Fprintf(stderr, "restore check passed in %s: %s restores, and passes the integrity and schema checks\n", time.Since(start).Round(time.Millisecond), what)
		return nil
	}
	unlock, err := lockForRestore(cfg)
	if err != nil {
		return err
	}
	defer unlock()
	url := replica.Redacted(cfg.ReplicaURL.Reveal())
	p, replaced, err := restoreFromReplica(ctx, cfg, client, url, when, logger)
	if err != nil {
		return err
	}
	if replaced != "" {
		fmt.Fprintf(stderr, "the database it replaced is kept as %s\n", replaced)
	}
	fmt.Fprintf(stderr, "restored %s from %s in %s: generation %s, position %s, last write %s; start the gateway\n",
		cfg.DatabasePath(), url, time.Since(start).Round(time.Millisecond), p.Generation, p.Position, p.LastWrite.Format(time.RFC3339))
	fmt.Fprintln(stdout, cfg.DatabasePath())
	return nil
}

// restoreBackup is `gateway restore <file>`.
func restoreBackup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := sqliteFileConfig(args, getenv, restoreCommand)
	if err != nil {
		return err
	}
	start := time.Now()
	replaced, err := restoreSQLite(ctx, cfg, args[0])
	if err != nil {
		return err
	}
	if replaced != "" {
		fmt.Fprintf(stderr, "the database it replaced is kept as %s\n", replaced)
	}
	fmt.Fprintf(stderr, "restored %s from %s in %s; start the gateway\n", cfg.DatabasePath(), args[0], time.Since(start).Round(time.Millisecond))
	fmt.Fprintln(stdout, cfg.DatabasePath())
	return nil
}

// restoreSQLite does runRestore's work and returns where the replaced database went
// ("" if there was none).
func restoreSQLite(ctx context.Context, cfg config.Config, backup string) (replaced string, err error) {
	unlock, err := lockForRestore(cfg)
	if err != nil {
		return "", err
	}
	defer unlock()
	return replaceDatabase(ctx, cfg, backup, func(tmp string) error { return copyFile(backup, tmp) }, backupReleasesDir(backup))
}

// lockForRestore takes the data directory's lock, which a running gateway holds.
func lockForRestore(cfg config.Config) (unlock func(), err error) {
	if err := private.MkdirAll(cfg.DataDir); err != nil {
		return nil, fmt.Errorf("data dir: %w", err)
	}
	return lockDataDir(cfg.DataDir)
}

// replaceDatabase puts the database that fill writes (from source: a backup file or
// the replica) in place of the site's, once it passes the checks, and returns where
// the replaced database went ("" if there was none). The release artifacts the
// database needs must be in the data directory or in one of releasesFrom, whence
// they are copied. The caller holds the data directory's lock.
func replaceDatabase(ctx context.Context, cfg config.Config, source string, fill func(tmp string) error, releasesFrom ...string) (replaced string, err error) {
	// The check runs on a copy in the data directory: opening a file may write to it
	// (its WAL), and the source stays as it was; the copy is then renamed into place,
	// which is atomic on one file system.
	tmp := cfg.DatabasePath() + ".restoring"
	if err := removeDatabaseFiles(tmp); err != nil {
		return "", err
	}
	defer removeDatabaseFiles(tmp) //nolint:errcheck // best effort: gone after the rename
	if err := fill(tmp); err != nil {
		return "", fmt.Errorf("restore: refused, nothing changed: %s: %w", source, err)
	}
	if err := sqldb.CheckSQLite(ctx, tmp, schemas()...); err != nil {
		return "", fmt.Errorf("restore: refused, nothing changed: %s: %w", source, err)
	}
	dirs := append([]string{releasesDir(cfg)}, releasesFrom...)
	missing, err := missingReleases(ctx, tmp, dirs...)
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	if len(missing) > 0 {
		return "", fmt.Errorf("restore: refused, nothing changed: the sections serve releases whose artifacts are in none of %s: %s",
			strings.Join(dirs, ", "), strings.Join(missing, ", "))
	}
	for _, from := range releasesFrom {
		if _, err := relstore.CopyArtifacts(ctx, from, releasesDir(cfg)); err != nil {
			return "", fmt.Errorf("restore: %w", err)
		}
	}
	// The site's database is the gateway's alone, whatever made the copy.
	if err := os.Chmod(tmp, 0o600); err != nil {
		return "", err
	}
	if err := syncFile(tmp); err != nil {
		return "", err
	}

	db := cfg.DatabasePath()
	if _, err := os.Stat(db); err == nil {
		// Fold its WAL into it first: the file moved aside is then the whole database,
		// and no WAL of the old database is left to be replayed into the restored one.
		if err := sqldb.Checkpoint(ctx, db); err != nil {
			return "", fmt.Errorf("restore: the current database: %w", err)
		}
		replaced = db + ".replaced-" + time.Now().UTC().Format("20060102T150405Z")
		if err := os.Rename(db, replaced); err != nil {
			return "", fmt.Errorf("restore: %w", err)
		}
	}
	if err := removeDatabaseFiles(db); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, db); err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	return replaced, syncDir(cfg.DataDir)
}

// removeDatabaseFiles removes the SQLite file at path and its WAL and shared memory.
func removeDatabaseFiles(path string) error {
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close() //nolint:errcheck // read only
	out, err := private.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}

// syncFile flushes the file at path to the disk: a backup is only one once it is there.
func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// syncDir flushes a directory's entries (a rename in it) to the disk.
func syncDir(dir string) error {
	f, err := os.Open(filepath.Clean(dir))
	if err != nil {
		return err
	}
	defer f.Close() //nolint:errcheck // read only
	return f.Sync()
}

// On SQLite a release's artifact is a file under the data directory (releasesDir),
// not a row: a backup copies them into releases/ next to the backup file, shared by
// every backup in that directory (an artifact is named by its section and version,
// and a version is not published twice), and a restore brings them back.

// backupReleasesDir is where the artifacts of the backup at path are.
func backupReleasesDir(path string) string { return filepath.Join(filepath.Dir(path), "releases") }

// missingReleases are the sections' current releases in the SQLite database at path
// whose artifact is in none of dirs nor in the database: a gateway on it would not start.
func missingReleases(ctx context.Context, path string, dirs ...string) ([]string, error) {
	db, err := sqldb.OpenSQLite(ctx, path)
	if err != nil {
		return nil, err
	}
	defer db.Close() //nolint:errcheck // read only
	return relstore.New(db, "").MissingArtifacts(ctx, dirs...)
}
