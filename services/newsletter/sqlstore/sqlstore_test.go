package sqlstore_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/newsletter/storetest"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// databases are the dialects the store runs on; PostgreSQL's tests are skipped without
// a server (pgtest).
var databases = []struct {
	name string
	db   storetest.Database
}{
	{"sqlite", storetest.Database{
		New:   func(t *testing.T) string { return filepath.Join(t.TempDir(), "portfolio.db") },
		Store: newStore,
	}},
	{"postgres", storetest.Database{
		New:   func(t *testing.T) string { return pgtest.URL(t) },
		Store: newStore,
	}},
}

func newStore(t *testing.T, db *sqldb.DB, out outbox.TxEnqueuer) newsletter.Store {
	t.Helper()
	s := sqlstore.New(db, out)
	if err := sqlstore.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStore(t *testing.T) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) { storetest.Run(t, d.db) })
	}
}
