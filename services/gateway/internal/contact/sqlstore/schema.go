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

// Schema is the contact messages' table: the migrations, recorded in their own goose
// version table (the name it had when these were the gateway's only tables).
var Schema = sqldb.Schema{FS: files, Table: "gateway_goose_db_version"}

// Migrate brings them up to date in db.
func Migrate(ctx context.Context, db *sqldb.DB) error { return sqldb.MigrateAll(ctx, db, Schema) }
