package sqldb_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// The write probe commits a row and leaves none behind, on a new database and on one
// made before sqldb owned readiness_probes (the table already there, made by the
// contact module's migration): its migration adopts the table instead of failing.
func TestHealthProbesWrites(t *testing.T) {
	// The contact module's migration 00002 as it was, per dialect.
	old := map[string]string{
		"sqlite":   `CREATE TABLE readiness_probes (id TEXT PRIMARY KEY, payload BLOB NOT NULL)`,
		"postgres": `CREATE TABLE readiness_probes (id TEXT PRIMARY KEY, payload BYTEA NOT NULL)`,
	}
	for _, d := range sqldbtest.Dialects() {
		for _, existing := range []bool{false, true} {
			name := d.Name + "/new"
			if existing {
				name = d.Name + "/table already there"
			}
			t.Run(name, func(t *testing.T) {
				ctx := context.Background()
				db := d.Open(t)
				if existing {
					if _, err := db.ExecContext(ctx, old[d.Name]); err != nil {
						t.Fatal(err)
					}
				}
				if err := sqldb.MigrateAll(ctx, db, sqldb.HealthSchema); err != nil {
					t.Fatal(err)
				}
				h := sqldb.NewHealth(db)
				if err := h.PingContext(ctx); err != nil {
					t.Fatal(err)
				}
				for range 2 {
					if err := h.CheckWritable(ctx); err != nil {
						t.Fatal(err)
					}
				}
				var n int
				if err := db.QueryRowContext(ctx, "SELECT count(*) FROM readiness_probes").Scan(&n); err != nil || n != 0 {
					t.Errorf("%d probe rows left (%v), want 0", n, err)
				}
			})
		}
	}
}

// A database that takes no writes fails the probe, and it still answers the ping.
func TestHealthFailsWhenReadOnly(t *testing.T) {
	ctx := context.Background()
	db := sqldbtest.Dialects()[0].Open(t)
	if err := sqldb.MigrateAll(ctx, db, sqldb.HealthSchema); err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1) // query_only holds per connection
	if _, err := db.ExecContext(ctx, "PRAGMA query_only = ON"); err != nil {
		t.Fatal(err)
	}
	h := sqldb.NewHealth(db)
	if err := h.PingContext(ctx); err != nil {
		t.Fatal(err)
	}
	if err := h.CheckWritable(ctx); err == nil {
		t.Error("CheckWritable on a read-only database = nil, want an error")
	}
}

// With an interval, the write probe commits once per interval and answers its last
// result in between: an idle replicated site is not kept busy by its probes.
func TestHealthProbesOncePerInterval(t *testing.T) {
	ctx := context.Background()
	db := sqldbtest.Dialects()[0].Open(t)
	if err := sqldb.MigrateAll(ctx, db, sqldb.HealthSchema); err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_000_000, 0)
	h := sqldb.NewHealthEvery(db, 5*time.Minute, func() time.Time { return now })
	changes := func() int64 {
		var n int64
		if err := db.QueryRowContext(ctx, "SELECT total_changes()").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, step := range []struct {
		advance  time.Duration
		commits  bool
		readOnly bool
		wantErr  bool
	}{
		{0, true, false, false},
		{time.Minute, false, false, false},
		{time.Minute, false, true, false}, // read-only now, the last result stands
		{3 * time.Minute, true, true, true},
		{time.Minute, false, false, true},
		{5 * time.Minute, true, false, false},
	} {
		now = now.Add(step.advance)
		if _, err := db.ExecContext(ctx, fmt.Sprintf("PRAGMA query_only = %v", step.readOnly)); err != nil {
			t.Fatal(err)
		}
		before := changes()
		err := h.CheckWritable(ctx)
		if (err != nil) != step.wantErr {
			t.Errorf("at +%v: CheckWritable = %v, want an error: %v", step.advance, err, step.wantErr)
		}
		if committed := changes() != before; committed != step.commits && !step.readOnly {
			t.Errorf("at +%v: the probe committed: %v, want %v", step.advance, committed, step.commits)
		}
	}
}
