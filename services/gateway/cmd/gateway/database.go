package main

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"go.uber.org/zap"

	adminstore "github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	analyticsstore "github.com/portfolio-site/portfolio/services/gateway/internal/analytics/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	contactstore "github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	relstore "github.com/portfolio-site/portfolio/services/gateway/internal/release/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/replica"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	newsletterstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// openDatabase opens the site's database, PostgreSQL when a URL is configured (for
// several replicas) or else the SQLite file in the data directory, and brings every
// module's tables up to date (migrate). The log says which, never with the password.
func openDatabase(ctx context.Context, cfg config.Config, logger *zap.Logger) (*sqldb.DB, error) {
	dsn := cfg.DatabaseURL.Reveal()
	where := []zap.Field{zap.String("path", cfg.DatabasePath())}
	if dsn == "" {
		dsn = cfg.DatabasePath()
	} else {
		where = postgresFields(dsn)
	}
	var db *sqldb.DB
	var err error
	if cfg.ReplicaURL != "" {
		// The replicator checkpoints after it has copied the WAL; the writer's own
		// checkpoints then only bound the WAL while replication is down.
		db, err = sqldb.OpenSQLiteWith(ctx, dsn, sqldb.SQLiteOptions{AutoCheckpointPages: replicatedAutoCheckpoint})
	} else {
		db, err = sqldb.Open(ctx, dsn)
	}
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	if err := migrate(ctx, db); err != nil {
		_ = db.Close()
		return nil, err
	}
	logger.Info("database open", append([]zap.Field{zap.String("dialect", string(db.Dialect))}, where...)...)
	return db, nil
}

// replicatedAutoCheckpoint is the writer's checkpoint threshold (pages, ~80 MB) under
// replication: twice the replicator's (docs/decisions/0053), so that it only bounds
// the WAL while replication is down.
const replicatedAutoCheckpoint = 2 * replica.CheckpointPages

// closeDatabase closes db, the last thing run does.
func closeDatabase(db *sqldb.DB, logger *zap.Logger) {
	if err := db.Close(); err != nil {
		logger.Error("closing the database failed", zap.Error(err))
	}
	// How many request writes shared each commit (docs/decisions/0027).
	st := db.BatchStats()
	logger.Info("database closed", zap.Uint64("group_commits", st.Batches), zap.Uint64("writes", st.Units))
}

// migrate brings the tables of every module in db up to date, each module's with its
// own version table: the only place the gateway migrates.
func migrate(ctx context.Context, db *sqldb.DB) error {
	if err := sqldb.MigrateAll(ctx, db, schemas()...); err != nil {
		return fmt.Errorf("database: %w", err)
	}
	return nil
}

// schemas are the database's own table (the readiness probe's) and every module's,
// in the order they are migrated; a restore refuses a database with any of them newer
// than these.
func schemas() []sqldb.Schema {
	return []sqldb.Schema{
		sqldb.HealthSchema,
		contactstore.Schema,
		mailstore.Schema,
		newsletterstore.Schema,
		adminstore.Schema,
		relstore.Schema,
		analyticsstore.Schema,
	}
}

// postgresFields says which server and database a PostgreSQL URL names: its host
// (without the user and password) and database name.
func postgresFields(dsn string) []zap.Field {
	u, err := url.Parse(dsn) // config checked that it parses
	if err != nil {
		return nil
	}
	host := u.Host
	if host == "" { // a Unix socket: postgres:///db?host=/run/postgresql
		host = u.Query().Get("host")
	}
	return []zap.Field{zap.String("host", host), zap.String("database", strings.TrimPrefix(u.Path, "/"))}
}
