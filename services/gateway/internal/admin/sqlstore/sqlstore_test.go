package sqlstore_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	"github.com/portfolio-site/portfolio/services/mail/sqldb"
	"github.com/portfolio-site/portfolio/services/mail/sqldb/pgtest"
)

// Every test runs on both databases; PostgreSQL's half is skipped without a server
// (pgtest).
var dialects = []struct {
	name string
	open func(t testing.TB) *sqldb.DB
}{
	{"sqlite", func(t testing.TB) *sqldb.DB {
		db, err := sqldb.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "portfolio.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = db.Close() })
		return db
	}},
	{"postgres", pgtest.Open},
}

func TestSessions(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			db := d.open(t)
			if err := sqlstore.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
			if err := sqlstore.Migrate(ctx, db); err != nil {
				t.Fatalf("migrating twice: %v", err)
			}
			s := sqlstore.NewSessions(db)
			t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
			sess := admin.Session{User: "owner", Credential: "fp", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}
			if err := s.Create(ctx, "a", sess); err != nil {
				t.Fatal(err)
			}
			got, err := s.Get(ctx, "a", t0.Add(59*time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			if got != sess {
				t.Errorf("Get = %+v, want %+v", got, sess)
			}
			if _, err := s.Get(ctx, "a", t0.Add(time.Hour)); !errors.Is(err, admin.ErrNoSession) {
				t.Errorf("Get at expiry: %v, want ErrNoSession", err)
			}
			if _, err := s.Get(ctx, "unknown", t0); !errors.Is(err, admin.ErrNoSession) {
				t.Errorf("Get unknown: %v, want ErrNoSession", err)
			}

			// A later sign-in drops the sessions that have expired by then.
			later := admin.Session{User: "owner", Credential: "fp", CreatedAt: t0.Add(2 * time.Hour), ExpiresAt: t0.Add(3 * time.Hour)}
			if err := s.Create(ctx, "b", later); err != nil {
				t.Fatal(err)
			}
			var n int
			if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM admin_sessions").Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != 1 {
				t.Errorf("%d sessions stored after the expired one was purged, want 1", n)
			}
			if err := s.Create(ctx, "b", later); err == nil {
				t.Error("two sessions with one token hash")
			}

			if err := s.Delete(ctx, "b"); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Get(ctx, "b", t0.Add(2*time.Hour)); !errors.Is(err, admin.ErrNoSession) {
				t.Errorf("Get after Delete: %v, want ErrNoSession", err)
			}
			if err := s.Delete(ctx, "b"); err != nil {
				t.Errorf("Delete twice: %v", err)
			}
		})
	}
}
