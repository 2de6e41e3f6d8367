package main

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/store"
	"github.com/portfolio-site/portfolio/services/mail/sqldb"
)

// openDatabase opens the site's database, PostgreSQL when a URL is configured (for
// several replicas) or else the SQLite file in the data directory, and brings the
// gateway's own tables up to date. The log says which, never with the password.
func openDatabase(ctx context.Context, cfg config.Config, logger *zap.Logger) (*sqldb.DB, error) {
	dsn := cfg.DatabaseURL.Reveal()
	where := []zap.Field{zap.String("path", cfg.DatabasePath())}
	if dsn == "" {
		dsn = cfg.DatabasePath()
	} else {
		where = postgresFields(dsn)
	}
	db, err := sqldb.Open(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	if err := store.Migrate(ctx, db); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("database: %w", err)
	}
	logger.Info("database open", append([]zap.Field{zap.String("dialect", string(db.Dialect))}, where...)...)
	return db, nil
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
