package sqlstore_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
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
			s := sqlstore.New(db)
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

func TestFailuresAndSetup(t *testing.T) {
	for _, d := range dialects {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			db := d.open(t)
			if err := sqlstore.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
			s := sqlstore.New(db)
			t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
			const window = 15 * time.Minute

			// Counted up to the limit, in a window opened by the first failure.
			for i := 1; i <= 3; i++ {
				ok, end, err := s.AddFailure(ctx, "client:a", 3, t0.Add(time.Duration(i)*time.Minute), window)
				if err != nil || !ok || !end.Equal(t0.Add(time.Minute+window)) {
					t.Fatalf("failure %d: %v, %v, %v", i, ok, end, err)
				}
			}
			ok, end, err := s.AddFailure(ctx, "client:a", 3, t0.Add(5*time.Minute), window)
			if err != nil || ok || !end.Equal(t0.Add(time.Minute+window)) {
				t.Errorf("over the limit: %v, %v, %v; want refused until the window ends", ok, end, err)
			}
			if n, _, err := s.Failures(ctx, "client:a", t0.Add(5*time.Minute)); n != 3 || err != nil {
				t.Errorf("Failures = %d, %v; want 3", n, err)
			}
			if err := s.RemoveFailures(ctx, "client:a", 2); err != nil {
				t.Fatal(err)
			}
			if n, _, _ := s.Failures(ctx, "client:a", t0.Add(5*time.Minute)); n != 1 {
				t.Errorf("after removing 2: %d, want 1", n)
			}
			if err := s.RemoveFailures(ctx, "client:a", 5); err != nil {
				t.Fatal(err)
			}
			if n, _, _ := s.Failures(ctx, "client:a", t0.Add(5*time.Minute)); n != 0 {
				t.Errorf("after removing more than counted: %d, want 0", n)
			}
			// A window that has ended counts for nothing and is purged.
			if n, _, _ := s.Failures(ctx, "client:a", t0.Add(time.Minute+window)); n != 0 {
				t.Errorf("after the window: %d", n)
			}
			ok, _, err = s.AddFailure(ctx, "client:b", 1, t0, window)
			if !ok || err != nil {
				t.Fatal(ok, err)
			}
			if ok, _, _ := s.AddFailure(ctx, "client:b", 1, t0.Add(window), window); !ok {
				t.Error("a new window did not open after the last ended")
			}
			if err := s.ClearFailures(ctx, "client:b"); err != nil {
				t.Fatal(err)
			}
			if n, _, _ := s.Failures(ctx, "client:b", t0.Add(window)); n != 0 {
				t.Errorf("after ClearFailures: %d", n)
			}
			if err := s.PurgeFailures(ctx, t0.Add(time.Minute+window)); err != nil {
				t.Fatal(err)
			}
			var rows int
			if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM admin_signin_failures").Scan(&rows); err != nil || rows != 0 {
				t.Errorf("%d rows after the purge (%v), want 0", rows, err)
			}

			// Setup: no admin, a token, used once.
			if _, err := s.Credentials(ctx); !errors.Is(err, admin.ErrNotConfigured) {
				t.Errorf("Credentials before setup: %v", err)
			}
			if err := s.CreateSetupToken(ctx, "t1", t0, t0.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			if err := s.CreateSetupToken(ctx, "t2", t0, t0.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			if live, err := s.SetupTokenLive(ctx, "t1", t0.Add(time.Hour)); live || err != nil {
				t.Errorf("token at expiry: live %v, %v", live, err)
			}
			units := db.BatchStats().Units
			if err := s.CompleteSetup(ctx, "t1", t0.Add(time.Hour), admin.Credentials{User: "x", PasswordHash: "h"}); !errors.Is(err, admin.ErrSetupLinkInvalid) {
				t.Errorf("CompleteSetup at expiry: %v", err)
			}
			creds := admin.Credentials{User: "jane", PasswordHash: "$2a$hash"}
			if err := s.CompleteSetup(ctx, "t1", t0.Add(time.Minute), creds); err != nil {
				t.Fatal(err)
			}
			if got, err := s.Credentials(ctx); got != creds || err != nil {
				t.Errorf("Credentials = %+v, %v", got, err)
			}
			if live, _ := s.SetupTokenLive(ctx, "t2", t0.Add(time.Minute)); live {
				t.Error("the other token still works after setup")
			}
			if err := s.CreateSetupToken(ctx, "t3", t0, t0.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
			if err := s.CompleteSetup(ctx, "t3", t0.Add(time.Minute), admin.Credentials{User: "mallory", PasswordHash: "h"}); !errors.Is(err, admin.ErrAlreadySetUp) {
				t.Errorf("a second admin: %v, want ErrAlreadySetUp", err)
			}
			if got, _ := s.Credentials(ctx); got != creds {
				t.Errorf("the admin changed to %+v", got)
			}
			// Each setup was a request's write like any other: a unit of a group commit.
			if n := db.BatchStats().Units - units; n != 3 {
				t.Errorf("%d of the 3 setups went through the group commit (sqldb.DB.Write)", n)
			}
		})
	}
}
