package sqldb_test

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// TestMigrateConcurrently is replicas starting at once: eight processes (each its own
// connection pool) migrate one PostgreSQL database at the same moment. Every one
// succeeds, and the migration is applied once.
func TestMigrateConcurrently(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	const n = 8
	dbs := make([]*sqldb.DB, n)
	for i := range dbs {
		db, err := sqldb.OpenPostgres(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		dbs[i] = db
	}
	// The version table exists already (an earlier release created it), so every
	// process finds the migration pending at once rather than racing to create it.
	if _, err := dbs[0].ExecContext(ctx, `CREATE TABLE test_goose_version (
		id SERIAL PRIMARY KEY, version_id BIGINT NOT NULL, is_applied BOOLEAN NOT NULL, tstamp TIMESTAMP DEFAULT now());
		INSERT INTO test_goose_version (version_id, is_applied) VALUES (0, true)`); err != nil {
		t.Fatal(err)
	}
	start := make(chan struct{})
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i, db := range dbs {
		wg.Go(func() {
			<-start
			errs[i] = sqldb.Migrate(ctx, db, os.DirFS("testdata"), "concurrent", "test_goose_version")
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("process %d: %v", i, err)
		}
	}
	var applied, versions int
	if err := dbs[0].QueryRowContext(ctx, "SELECT count(*) FROM applied").Scan(&applied); err != nil {
		t.Fatal(err)
	}
	if err := dbs[0].QueryRowContext(ctx, "SELECT count(*) FROM test_goose_version WHERE version_id = 1").Scan(&versions); err != nil {
		t.Fatal(err)
	}
	if applied != 1 || versions != 1 {
		t.Errorf("migration applied %d times, recorded %d times; want once", applied, versions)
	}
}
