package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/mail/sqlite"
)

func open(t *testing.T, path string) (*sql.DB, *sqlite.Store) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	s := sqlite.New(db)
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return db, s
}

func msg(subject string) mail.Message {
	return mail.Message{
		From:    mail.Address{Email: "no-reply@example.com"},
		To:      []mail.Address{{Email: "owner@example.com"}},
		Subject: subject,
		Text:    "body of " + subject,
	}
}

func claim(t *testing.T, s *sqlite.Store, now time.Time, limit int) []outbox.Entry {
	t.Helper()
	es, err := s.Claim(context.Background(), outbox.Claim{Now: now, Lease: time.Minute, Limit: limit, Token: "tok-" + now.String()})
	if err != nil {
		t.Fatal(err)
	}
	return es
}

func TestLifecycle(t *testing.T) {
	ctx := context.Background()
	_, s := open(t, filepath.Join(t.TempDir(), "portfolio.db"))

	if _, ok, err := s.NextDue(ctx); err != nil || ok {
		t.Fatalf("NextDue on an empty outbox = %v, %v", ok, err)
	}
	ids, err := s.Enqueue(ctx, msg("one"), msg("two"), msg("three"))
	if err != nil || len(ids) != 3 {
		t.Fatalf("Enqueue = %v, %v", ids, err)
	}
	e, err := s.Get(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if e.Status != outbox.StatusPending || e.Attempts != 0 || e.Message.MessageID == "" || e.Message.Date.IsZero() || e.Message.Subject != "one" {
		t.Errorf("queued entry = %+v", e)
	}

	now := time.Now()
	got := claim(t, s, now, 2)
	if len(got) != 2 || got[0].ID != ids[0] || got[1].ID != ids[1] {
		t.Fatalf("claimed %+v, want the two oldest", got)
	}
	for _, e := range got {
		if e.Status != outbox.StatusSending || e.Attempts != 1 || e.Lease == "" {
			t.Errorf("claimed entry = %+v", e)
		}
	}
	if again := claim(t, s, now, 10); len(again) != 1 || again[0].ID != ids[2] {
		t.Fatalf("second claim = %+v, want only the third (the others are leased)", again)
	}

	// The three outcomes, each only under the lease that holds the entry.
	if err := s.MarkSent(ctx, got[0].ID, "someone-else", now); !errors.Is(err, outbox.ErrLeaseLost) {
		t.Errorf("MarkSent with a foreign lease = %v, want ErrLeaseLost", err)
	}
	if err := s.MarkSent(ctx, got[0].ID, got[0].Lease, now); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkSent(ctx, got[0].ID, got[0].Lease, now); !errors.Is(err, outbox.ErrLeaseLost) {
		t.Errorf("MarkSent twice = %v, want ErrLeaseLost", err)
	}
	retryAt := now.Add(time.Hour)
	if err := s.Retry(ctx, got[1].ID, got[1].Lease, retryAt, "421 try later"); err != nil {
		t.Fatal(err)
	}
	third, _ := s.Get(ctx, ids[2])
	if err := s.MarkDead(ctx, third.ID, third.Lease, now, "550 no such user"); err != nil {
		t.Fatal(err)
	}

	for _, tt := range []struct {
		id      int64
		status  outbox.Status
		lastErr string
	}{
		{ids[0], outbox.StatusSent, ""},
		{ids[1], outbox.StatusPending, "421 try later"},
		{ids[2], outbox.StatusDead, "550 no such user"},
	} {
		e, err := s.Get(ctx, tt.id)
		if err != nil {
			t.Fatal(err)
		}
		if e.Status != tt.status || e.LastError != tt.lastErr || e.Lease != "" {
			t.Errorf("entry %d = %s %q lease %q, want %s %q", tt.id, e.Status, e.LastError, e.Lease, tt.status, tt.lastErr)
		}
	}
	if next, ok, err := s.NextDue(ctx); err != nil || !ok || next.UnixMilli() != retryAt.UnixMilli() {
		t.Errorf("NextDue = %v %v %v, want %v", next, ok, err, retryAt)
	}
	if got := claim(t, s, now, 10); len(got) != 0 {
		t.Errorf("claimed %d entries before the retry is due", len(got))
	}
	if got := claim(t, s, retryAt, 10); len(got) != 1 || got[0].ID != ids[1] || got[0].Attempts != 2 {
		t.Errorf("claim at the retry time = %+v, want entry %d at attempt 2", got, ids[1])
	}
	counts, err := s.Count(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := (outbox.Counts{Sending: 1, Sent: 1, Dead: 1}); counts != want {
		t.Errorf("Count = %+v, want %+v", counts, want)
	}
	if _, err := s.Get(ctx, 999); !errors.Is(err, outbox.ErrNotFound) {
		t.Errorf("Get(999) = %v, want ErrNotFound", err)
	}
}

func TestExpiredLeaseIsClaimedAgain(t *testing.T) {
	ctx := context.Background()
	_, s := open(t, filepath.Join(t.TempDir(), "portfolio.db"))
	if _, err := s.Enqueue(ctx, msg("crashy")); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	first := claim(t, s, now, 1)
	if len(first) != 1 {
		t.Fatal("nothing claimed")
	}
	if next, ok, _ := s.NextDue(ctx); !ok || next.UnixMilli() != now.Add(time.Minute).UnixMilli() {
		t.Errorf("NextDue = %v, want the lease's expiry", next)
	}
	// The worker died: after the lease, another claim takes the entry over.
	second := claim(t, s, now.Add(time.Minute+time.Millisecond), 1)
	if len(second) != 1 || second[0].ID != first[0].ID || second[0].Attempts != 2 || second[0].Lease == first[0].Lease {
		t.Fatalf("reclaim = %+v", second)
	}
	if err := s.MarkSent(ctx, first[0].ID, first[0].Lease, now); !errors.Is(err, outbox.ErrLeaseLost) {
		t.Errorf("the dead worker's MarkSent = %v, want ErrLeaseLost", err)
	}
	if err := s.MarkSent(ctx, second[0].ID, second[0].Lease, now); err != nil {
		t.Errorf("the new claim's MarkSent = %v", err)
	}
}

func TestConcurrentClaimsNeverOverlap(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portfolio.db")
	_, s1 := open(t, path)
	_, s2 := open(t, path) // a second connection pool, as a second process would have
	const n = 200
	batch := make([]mail.Message, n)
	for i := range batch {
		batch[i] = msg("m")
	}
	if _, err := s1.Enqueue(ctx, batch...); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	for w := range 6 {
		s := s1
		if w%2 == 1 {
			s = s2
		}
		wg.Go(func() {
			for {
				es, err := s.Claim(ctx, outbox.Claim{Now: time.Now(), Lease: time.Minute, Limit: 3, Token: "w" + string(rune('0'+w))})
				if err != nil {
					t.Error(err)
					return
				}
				if len(es) == 0 {
					return
				}
				mu.Lock()
				for _, e := range es {
					seen[e.ID]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(seen) != n {
		t.Errorf("%d entries claimed, want %d", len(seen), n)
	}
	for id, c := range seen {
		if c != 1 {
			t.Errorf("entry %d claimed %d times", id, c)
		}
	}
}

func TestEnqueueTxCommitsWithTheCaller(t *testing.T) {
	ctx := context.Background()
	db, s := open(t, filepath.Join(t.TempDir(), "portfolio.db"))
	if _, err := db.ExecContext(ctx, `CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	// Rolled back: neither the caller's row nor the emails exist.
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO things (name) VALUES ('a')`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.EnqueueTx(ctx, tx, msg("one"), msg("two")); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Count(ctx); c != (outbox.Counts{}) {
		t.Errorf("after rollback: %+v", c)
	}
	// An invalid message fails the enqueue before anything is written.
	tx, _ = db.BeginTx(ctx, nil)
	bad := msg("bad\r\nBcc: victim@example.com")
	if _, err := s.EnqueueTx(ctx, tx, msg("fine"), bad); !errors.Is(err, mail.ErrInvalid) {
		t.Errorf("EnqueueTx(invalid) = %v, want ErrInvalid", err)
	}
	_ = tx.Rollback()
	// Committed: both.
	tx, _ = db.BeginTx(ctx, nil)
	if _, err := s.EnqueueTx(ctx, tx, msg("one"), msg("two")); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Count(ctx); c.Pending != 2 {
		t.Errorf("after commit: %+v", c)
	}
}

func TestMigrateIsIdempotentAndUsesItsOwnVersionTable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portfolio.db")
	db, s := open(t, path)
	if err := s.Migrate(ctx); err != nil {
		t.Fatalf("second Migrate: %v", err)
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, sqlite.VersionTable).Scan(&n); err != nil || n != 1 {
		t.Errorf("version table %s: %d, %v", sqlite.VersionTable, n, err)
	}
	var mode string
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q, %v; want wal", mode, err)
	}
	var fk int
	if err := db.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys = %d, %v", fk, err)
	}
}

func TestOpenFailsForAnUnusablePath(t *testing.T) {
	if _, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "missing", "dir", "x.db")); err == nil {
		t.Error("Open in a missing directory succeeded")
	}
}
