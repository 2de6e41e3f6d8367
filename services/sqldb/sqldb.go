// Package sqldb opens the site's database, SQLite by default or PostgreSQL for running
// several gateways, and gives every store (the mail outbox, contact messages,
// newsletter subscribers, the admin's sessions) what it needs to run the same
// statements on both: the dialect, placeholder rebinding, statements loaded into a
// struct (LoadQueries) and goose migrations with a version table per module (Schema).
// It is a module of its own, imported by mail, newsletter and the gateway alike, and
// imports nothing of this repository.
//
// Statements are written once in PostgreSQL's style ($1, $2, …) and rebound for
// SQLite (?1, ?2, …, its numbered parameters); times are stored as Unix milliseconds
// (BIGINT) in both, so rows scan the same way. Where the two really differ (claiming
// with FOR UPDATE SKIP LOCKED), a store keeps one statement per dialect in
// queries/<dialect>/.
package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"strings"
	"time"
	"unicode"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// Dialect is the SQL database behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is an open database and its dialect. Stores take a *DB and share it: in one
// database, a row of theirs and the emails about it commit in one transaction.
//
// The embedded *sql.DB is for writes and for reads inside a write's transaction.
// Reader is for reads that stand alone (lists, counts, lookups): on SQLite it is a
// pool of its own, so that those reads never queue behind the single writer; on
// PostgreSQL it is the same pool.
type DB struct {
	*sql.DB
	Dialect Dialect
	Reader  *sql.DB
	batch   *Batcher // runs Write's units as group commits (batch.go)
}

// Close closes the writer and, if it has its own, the reader pool.
func (db *DB) Close() error {
	if db.batch != nil {
		_ = db.batch.Close() // commits what is queued first
	}
	err := db.DB.Close()
	if db.Reader != nil && db.Reader != db.DB {
		if rerr := db.Reader.Close(); err == nil {
			err = rerr
		}
	}
	return err
}

// IsPostgresURL reports whether dsn names a PostgreSQL server rather than a SQLite file.
func IsPostgresURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open opens dsn: a postgres:// URL, or else the path of a SQLite file (created if
// needed). It pings the database so that a bad path or an unreachable server fails here.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if IsPostgresURL(dsn) {
		return OpenPostgres(ctx, dsn)
	}
	return OpenSQLite(ctx, dsn)
}

// OpenSQLite opens (creating if needed, 0600: createPrivate) the SQLite file at path
// with the settings the stores expect: WAL (readers do not block the writer),
// synchronous=NORMAL (a commit does not wait for the disk; WAL stays consistent after
// a crash, and only a power loss can lose the last commits), a busy timeout (for another process on the file),
// foreign keys on, and BEGIN IMMEDIATE for transactions (a transaction that will
// write takes the write lock up front, so two of them cannot deadlock upgrading their
// locks).
//
// SQLite has one writer at a time whatever the number of connections. Writers on
// several connections wait for each other in busy_timeout's sleep-and-retry loop,
// which under load gave p99 latencies above a second; so the writer pool has one
// connection, and writes queue in Go for it instead, in order and without sleeping
// (docs/decisions/0009). Reads that stand alone go to DB.Reader, a read-only pool of
// their own that WAL lets read while the writer writes.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	return OpenSQLiteWith(ctx, path, SQLiteOptions{})
}

// SQLiteOptions change how OpenSQLiteWith opens a SQLite file.
type SQLiteOptions struct {
	// AutoCheckpointPages is the WAL size, in pages, at which a commit of the
	// writer folds the WAL into the file; 0 keeps SQLite's 1000. A replicator that
	// checkpoints the WAL itself after shipping it (docs/decisions/0053) wants it
	// larger, so that the writer's checkpoints only bound the WAL while it is down.
	AutoCheckpointPages int
}

// OpenSQLiteWith is OpenSQLite with options.
func OpenSQLiteWith(ctx context.Context, path string, o SQLiteOptions) (*DB, error) {
	if err := createPrivate(path, false); err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	base := "file:" + path +
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(NORMAL)"
	writer := base + "&_txlock=immediate&_pragma=temp_store(MEMORY)"
	if o.AutoCheckpointPages > 0 {
		writer += fmt.Sprintf("&_pragma=wal_autocheckpoint(%d)", o.AutoCheckpointPages)
	}
	// temp_store(MEMORY): the statement journals of a group commit's statements
	// (batch.go) stay in memory, not in a temporary file written at every unit.
	db := openSQLite(writer)
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	db.SetConnMaxIdleTime(0)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	reader := openSQLite(base + "&_pragma=query_only(1)")
	reader.SetMaxOpenConns(readers)
	reader.SetMaxIdleConns(readers)
	if err := reader.PingContext(ctx); err != nil {
		_ = db.Close()
		_ = reader.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	return &DB{DB: db, Dialect: SQLite, Reader: reader, batch: NewBatcher(db, BatchOptions{Writers: 1})}, nil
}

// readers is the size of SQLite's read pool: enough for the admin's pages and the
// worker's look-ups at once; reads are short.
const readers = 4

// OpenPostgres connects to the PostgreSQL server at url (postgres://user:pass@host/db).
// The error never includes the URL, which may hold a password.
func OpenPostgres(ctx context.Context, url string) (*DB, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	// A replica serves a handful of form posts and an outbox worker: a small pool is
	// plenty and leaves the server's connection slots to the other replicas.
	db.SetMaxOpenConns(10)
	db.SetMaxIdleConns(5)
	db.SetConnMaxIdleTime(5 * time.Minute)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	return &DB{DB: db, Dialect: Postgres, Reader: db, batch: NewBatcher(db, BatchOptions{Writers: postgresWriters})}, nil
}

var dollarParam = regexp.MustCompile(`\$(\d+)`)

// Rebind turns a statement written with $1, $2, … into the dialect's placeholders.
func (d Dialect) Rebind(query string) string {
	if d == SQLite {
		return dollarParam.ReplaceAllString(query, "?$1")
	}
	return query
}

// Rebind turns a statement written with $1, $2, … into db's placeholders.
func (db *DB) Rebind(query string) string { return db.Dialect.Rebind(query) }

// LoadQueries fills the statements of a store, known up front: dst points to a struct
// of exported string fields, and each gets the file named after it in snake case
// (ClaimDue: claim_due.sql) from queries/<dialect>/ of fsys where the dialects differ,
// else from queries/, rebound for d. A field without its file is an error, so a store
// that loads its statements when it is created cannot meet a missing one later. Every
// store holds its statements this way; a store that wants prepared statements
// prepares these.
func LoadQueries(fsys fs.FS, d Dialect, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("queries: %T is not a pointer to a struct", dst)
	}
	v = v.Elem()
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.Type.Kind() != reflect.String || !f.IsExported() {
			return fmt.Errorf("queries: field %s is not an exported string", f.Name)
		}
		name := snakeCase(f.Name)
		b, err := fs.ReadFile(fsys, "queries/"+string(d)+"/"+name+".sql")
		if errors.Is(err, fs.ErrNotExist) {
			b, err = fs.ReadFile(fsys, "queries/"+name+".sql")
		}
		if err != nil {
			return fmt.Errorf("queries: %s for %s: %w", name, d, err)
		}
		v.Field(i).SetString(d.Rebind(string(b)))
	}
	return nil
}

// snakeCase turns a Go name into a file name: ListTroubled is list_troubled.
func snakeCase(name string) string {
	var b strings.Builder
	for i, r := range name {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Statements returns a store's statements, a struct Q loaded by LoadQueries, for
// statements embedded at build time: only a broken build gets an error, and every test
// with it, so it panics. Every store's constructor is this one call.
func Statements[Q any](fsys fs.FS, d Dialect) Q {
	var q Q
	if err := LoadQueries(fsys, d, &q); err != nil {
		panic(err)
	}
	return q
}

// Schema is one module's tables: goose migrations in migrations/<dialect>/ of FS,
// recorded in Table, the module's own version table (several modules keep their
// tables in one database).
type Schema struct {
	FS    fs.FS
	Table string
}

// MigrateAll brings every schema's tables in db up to date, in the order given.
func MigrateAll(ctx context.Context, db *DB, schemas ...Schema) error {
	for _, s := range schemas {
		if err := Migrate(ctx, db, s.FS, "migrations/"+string(db.Dialect), s.Table); err != nil {
			return err
		}
	}
	return nil
}

// Migrate applies the goose migrations in dir of fsys to db, recording them in table.
// Stores use MigrateAll with their Schema; this is the step it takes for each.
func Migrate(ctx context.Context, db *DB, fsys fs.FS, dir, table string) error {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		return fmt.Errorf("migrate %s: %w", table, err)
	}
	dialect := goose.DialectSQLite3
	if db.Dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	opts := []goose.ProviderOption{
		goose.WithTableName(table),
		goose.WithDisableGlobalRegistry(true),
	}
	if db.Dialect == Postgres {
		// Replicas start together: a session-level advisory lock (one id for every
		// module's migrations) lets one migrate while the others wait, then find
		// nothing left to do. SQLite needs none: one process, and its write lock.
		opts = append(opts, goose.WithSessionLocker(advisoryLock{id: lock.DefaultLockID}))
	}
	p, err := goose.NewProvider(dialect, db.DB, sub, opts...)
	if err != nil {
		return fmt.Errorf("migrate %s: %w", table, err)
	}
	// Not p.Close(): that would close db, which belongs to the caller.
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("migrate %s: %w", table, err)
	}
	return nil
}

// advisoryLock is a goose SessionLocker on PostgreSQL's blocking pg_advisory_lock: a
// waiting replica goes on the moment the lock is released, where goose's own locker
// polls every 5 s (three replicas would take tens of seconds to start). The wait ends
// with ctx (start-up cancelled).
type advisoryLock struct{ id int64 }

func (l advisoryLock) SessionLock(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", l.id); err != nil {
		return fmt.Errorf("migration lock: %w", err)
	}
	return nil
}

func (l advisoryLock) SessionUnlock(ctx context.Context, conn *sql.Conn) error {
	var released bool
	if err := conn.QueryRowContext(ctx, "SELECT pg_advisory_unlock($1)", l.id).Scan(&released); err != nil {
		return fmt.Errorf("migration unlock: %w", err)
	}
	if !released {
		return errors.New("migration unlock: the lock was not held")
	}
	return nil
}
