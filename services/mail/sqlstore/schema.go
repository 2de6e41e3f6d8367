package sqlstore

import (
	"context"
	"embed"

	"github.com/portfolio-site/portfolio/services/sqldb"
)

// files are the statements (queries/) and the schema (migrations/<dialect>/).
//
//go:embed migrations queries
var files embed.FS

// Schema is the outbox's tables: the migrations, recorded in their own goose version
// table (the name the SQLite-only store used, so existing database files keep working).
var Schema = sqldb.Schema{FS: files, Table: "mail_goose_db_version"}

// Migrate brings them up to date in db.
func Migrate(ctx context.Context, db *sqldb.DB) error { return sqldb.MigrateAll(ctx, db, Schema) }
