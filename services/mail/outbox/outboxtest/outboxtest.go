// Package outboxtest is the conformance suite of outbox.Store: every store runs it, on
// every database it supports, so that SQLite and PostgreSQL keep the same contract
// (leases, the order of claims, claims that never overlap, enqueueing inside the
// caller's transaction).
package outboxtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// Store is what the suite tests: an outbox.Store that can also enqueue inside the
// caller's transaction.
type Store interface {
	outbox.Store
	outbox.TxEnqueuer
}

// Database makes what the suite runs on.
type Database struct {
	// New returns the address (for sqldb.Open) of a new, empty database that lasts as
	// long as t.
	New func(t *testing.T) string
	// Store returns the store under test over db, with its tables migrated.
	Store func(t *testing.T, db *sqldb.DB) Store
}

// Run runs the suite against d, each test on a new database.
func Run(t *testing.T, d Database) {
	for _, tt := range []struct {
		name string
		test func(t *testing.T, d Database)
	}{
		{"Lifecycle", testLifecycle},
		{"StateChangesNeedTheLease", testStateChangesNeedTheLease},
		{"ExpiredLeaseIsClaimedAgain", testExpiredLeaseIsClaimedAgain},
		{"ConcurrentClaimsNeverOverlap", testConcurrentClaimsNeverOverlap},
		{"EnqueueTxCommitsWithTheCaller", testEnqueueTxCommitsWithTheCaller},
		{"QueueTxCommitsWithEachUnit", testQueueTxCommitsWithEachUnit},
		{"TroubledAndRequeue", testTroubledAndRequeue},
	} {
		t.Run(tt.name, func(t *testing.T) { tt.test(t, d) })
	}
}

// Open opens the database at dsn, closed when t ends, and the store over it.
func (d Database) Open(t *testing.T, dsn string) (*sqldb.DB, Store) {
	t.Helper()
	db := sqldbtest.Open(t, dsn)
	return db, d.Store(t, db)
}

// Msg is a valid message with subject.
func Msg(subject string) mail.Message {
	return mail.Message{
		From:    mail.Address{Email: "no-reply@example.com"},
		To:      []mail.Address{{Email: "owner@example.com"}},
		Subject: subject,
		Text:    "body of " + subject,
	}
}

// Msgs returns n valid messages, with subjects m0, m1, ….
func Msgs(n int) []mail.Message {
	out := make([]mail.Message, n)
	for i := range out {
		out[i] = Msg(fmt.Sprint("m", i))
	}
	return out
}

func claim(t *testing.T, s outbox.Store, now time.Time, limit int) []outbox.Entry {
	t.Helper()
	es, err := s.Claim(context.Background(), outbox.Claim{Now: now, Lease: time.Minute, Limit: limit, Token: "tok-" + now.String()})
	if err != nil {
		t.Fatal(err)
	}
	return es
}

func testLifecycle(t *testing.T, d Database) {
	ctx := context.Background()
	_, s := d.Open(t, d.New(t))

	if _, ok, err := s.NextDue(ctx); err != nil || ok {
		t.Fatalf("NextDue on an empty outbox = %v, %v", ok, err)
	}
	ids, err := s.Enqueue(ctx, Msg("one"), Msg("two"), Msg("three"))
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

	// The three outcomes, each under the lease that holds the entry.
	if err := s.MarkSent(ctx, got[0].ID, got[0].Lease, now); err != nil {
		t.Fatal(err)
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

// testStateChangesNeedTheLease: an outcome is recorded only under the lease that holds
// the entry, once; another lease, or the same one again, gets ErrLeaseLost and changes
// nothing.
func testStateChangesNeedTheLease(t *testing.T, d Database) {
	ctx := context.Background()
	changes := []struct {
		name   string
		change func(s outbox.Store, id int64, lease string) error
		want   outbox.Status
	}{
		{"MarkSent", func(s outbox.Store, id int64, lease string) error {
			return s.MarkSent(ctx, id, lease, time.Now())
		}, outbox.StatusSent},
		{"Retry", func(s outbox.Store, id int64, lease string) error {
			return s.Retry(ctx, id, lease, time.Now().Add(time.Hour), "421 try later")
		}, outbox.StatusPending},
		{"MarkDead", func(s outbox.Store, id int64, lease string) error {
			return s.MarkDead(ctx, id, lease, time.Now(), "550 no such user")
		}, outbox.StatusDead},
	}
	_, s := d.Open(t, d.New(t))
	for _, tt := range changes {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.Enqueue(ctx, Msg(tt.name)); err != nil {
				t.Fatal(err)
			}
			got := claim(t, s, time.Now(), 1)
			if len(got) != 1 {
				t.Fatalf("claimed %d entries, want 1", len(got))
			}
			e := got[0]
			if err := tt.change(s, e.ID, "someone-else"); !errors.Is(err, outbox.ErrLeaseLost) {
				t.Errorf("with a foreign lease = %v, want ErrLeaseLost", err)
			}
			if after, _ := s.Get(ctx, e.ID); after.Status != outbox.StatusSending || after.Lease != e.Lease {
				t.Errorf("a foreign lease changed the entry: %+v", after)
			}
			if err := tt.change(s, e.ID, e.Lease); err != nil {
				t.Fatal(err)
			}
			if after, _ := s.Get(ctx, e.ID); after.Status != tt.want {
				t.Errorf("status = %s, want %s", after.Status, tt.want)
			}
			if err := tt.change(s, e.ID, e.Lease); !errors.Is(err, outbox.ErrLeaseLost) {
				t.Errorf("twice = %v, want ErrLeaseLost", err)
			}
		})
	}
}

func testExpiredLeaseIsClaimedAgain(t *testing.T, d Database) {
	ctx := context.Background()
	_, s := d.Open(t, d.New(t))
	if _, err := s.Enqueue(ctx, Msg("crashy")); err != nil {
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
	// The attempt after the crash sends the very message the first one did.
	if a, b := first[0].Message, second[0].Message; a.MessageID == "" || b.MessageID != a.MessageID || !b.Date.Equal(a.Date) {
		t.Errorf("reclaimed with Message-ID %q and Date %v, first claim had %q and %v", b.MessageID, b.Date, a.MessageID, a.Date)
	}
	if err := s.MarkSent(ctx, first[0].ID, first[0].Lease, now); !errors.Is(err, outbox.ErrLeaseLost) {
		t.Errorf("the dead worker's MarkSent = %v, want ErrLeaseLost", err)
	}
	if err := s.MarkSent(ctx, second[0].ID, second[0].Lease, now); err != nil {
		t.Errorf("the new claim's MarkSent = %v", err)
	}
}

func testConcurrentClaimsNeverOverlap(t *testing.T, d Database) {
	ctx := context.Background()
	dsn := d.New(t)
	_, s1 := d.Open(t, dsn)
	_, s2 := d.Open(t, dsn) // a second connection pool, as a second process would have
	const n = 200
	if _, err := s1.Enqueue(ctx, Msgs(n)...); err != nil {
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
				es, err := s.Claim(ctx, outbox.Claim{Now: time.Now(), Lease: time.Minute, Limit: 3, Token: fmt.Sprint("w", w)})
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

func testEnqueueTxCommitsWithTheCaller(t *testing.T, d Database) {
	ctx := context.Background()
	db, s := d.Open(t, d.New(t))
	if _, err := db.ExecContext(ctx, `CREATE TABLE things (name TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	// Each step: in one transaction, a row of the caller's and msgs; then end it.
	for _, tt := range []struct {
		name       string
		msgs       []mail.Message
		wantErr    error
		commit     bool
		wantThings int
		want       outbox.Counts
	}{
		{"rolled back: neither the caller's row nor the emails", []mail.Message{Msg("one"), Msg("two")}, nil, false, 0, outbox.Counts{}},
		// Refused before anything is written, even with the transaction committed.
		{"an invalid message fails the enqueue", []mail.Message{Msg("fine"), Msg("bad\r\nBcc: victim@example.com")}, mail.ErrInvalid, true, 1, outbox.Counts{}},
		{"committed: the emails with the caller's row", []mail.Message{Msg("one"), Msg("two")}, nil, true, 2, outbox.Counts{Pending: 2}},
	} {
		// Own transaction: the test must roll back as well as commit, which a unit of
		// sqldb.DB.Write cannot choose to do.
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO things (name) VALUES ('a')`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.EnqueueTx(ctx, tx, tt.msgs...); !errors.Is(err, tt.wantErr) {
			t.Errorf("%s: EnqueueTx = %v, want %v", tt.name, err, tt.wantErr)
		}
		end := tx.Rollback
		if tt.commit {
			end = tx.Commit
		}
		if err := end(); err != nil {
			t.Fatal(err)
		}
		var things int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM things`).Scan(&things); err != nil {
			t.Fatal(err)
		}
		if c, err := s.Count(ctx); err != nil || c != tt.want || things != tt.wantThings {
			t.Errorf("%s: outbox %+v (%v) and %d rows, want %+v and %d", tt.name, c, err, things, tt.want, tt.wantThings)
		}
	}
}

// testQueueTxCommitsWithEachUnit: messages queued by the units of group commits
// (written together at the end of each transaction) are stored once each with their
// unit, and not at all with a unit that failed; outside a unit, QueueTx writes at once
// in the caller's transaction; an invalid message is refused before anything is
// written.
func testQueueTxCommitsWithEachUnit(t *testing.T, d Database) {
	ctx := context.Background()
	db, s := d.Open(t, d.New(t))
	errUnit := errors.New("the unit fails after queueing")
	const callers = 60
	var wg sync.WaitGroup
	errs := make([]error, callers)
	for i := range callers {
		wg.Go(func() {
			errs[i] = db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
				if err := s.QueueTx(ctx, tx, Msg(fmt.Sprint(i, "a")), Msg(fmt.Sprint(i, "b"))); err != nil {
					return err
				}
				if i%10 == 3 {
					return errUnit
				}
				return nil
			})
		})
	}
	wg.Wait()
	want := map[string]bool{}
	for i, err := range errs {
		if (i%10 == 3) != errors.Is(err, errUnit) || (i%10 != 3 && err != nil) {
			t.Errorf("caller %d: %v", i, err)
		}
		if i%10 != 3 {
			want[fmt.Sprint(i, "a")], want[fmt.Sprint(i, "b")] = true, true
		}
	}
	got := map[string]int{}
	ids := map[string]bool{}
	for _, e := range claim(t, s, time.Now(), 2*callers) {
		got[e.Message.Subject]++
		ids[e.Message.MessageID] = true
	}
	for subject := range want {
		if got[subject] != 1 {
			t.Errorf("%q stored %d times, want once", subject, got[subject])
		}
	}
	if len(got) != len(want) || len(ids) != len(want) {
		t.Errorf("%d subjects and %d Message-IDs stored, want %d", len(got), len(ids), len(want))
	}

	// Own transaction: QueueTx outside a unit of sqldb.DB.Write writes at once, the
	// case tested here (a unit would leave the rows for its end: sqldb.Later).
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = tx.Rollback() }()
	if err := s.QueueTx(ctx, tx, Msg("fine"), Msg("bad\r\nBcc: victim@example.com")); !errors.Is(err, mail.ErrInvalid) {
		t.Errorf("QueueTx of an invalid message = %v, want ErrInvalid", err)
	}
	// Two at once: on PostgreSQL the many-rows statement, whatever the batches did.
	if err := s.QueueTx(ctx, tx, Msg("outside a unit"), Msg("outside a unit, too")); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	outside := claim(t, s, time.Now(), 10)
	if len(outside) != 2 || outside[0].Message.Subject != "outside a unit" || outside[1].Message.Subject != "outside a unit, too" {
		t.Errorf("claimed %+v, want the two messages queued outside a unit, in order", outside)
	}
}

// testTroubledAndRequeue: the admin's view lists the dead and the failing (not the
// fine), and a dead entry put back is due now, with a new lifetime and no attempts.
func testTroubledAndRequeue(t *testing.T, d Database) {
	ctx := context.Background()
	_, s := d.Open(t, d.New(t))
	ids, err := s.Enqueue(ctx, Msg("failing"), Msg("dead"), Msg("sent"))
	if err != nil {
		t.Fatal(err)
	}
	queued, _ := s.Get(ctx, ids[1])
	t0 := time.Now()
	got := claim(t, s, t0, 3)
	if len(got) != 3 {
		t.Fatalf("claimed %d, want 3", len(got))
	}
	if err := s.Retry(ctx, ids[0], got[0].Lease, t0.Add(time.Hour), "smtp: end of DATA: 451 4.3.0 try later"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkDead(ctx, ids[1], got[1].Lease, t0.Add(time.Second), "smtp: RCPT TO: 550 5.1.1 no such user"); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkSent(ctx, ids[2], got[2].Lease, t0); err != nil {
		t.Fatal(err)
	}
	fine, err := s.Enqueue(ctx, Msg("fine")) // pending, never failed: not troubled
	if err != nil {
		t.Fatal(err)
	}
	troubled, err := s.Troubled(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, e := range troubled {
		listed = append(listed, fmt.Sprintf("%s %s %d %q", e.Message.Subject, e.Status, e.Attempts, e.LastError))
	}
	want := []string{
		`dead dead 1 "smtp: RCPT TO: 550 5.1.1 no such user"`,
		`failing pending 1 "smtp: end of DATA: 451 4.3.0 try later"`,
	}
	if fmt.Sprint(listed) != fmt.Sprint(want) {
		t.Errorf("Troubled =\n%v\nwant\n%v", listed, want)
	}
	if len(troubled) == 2 && (troubled[0].FinishedAt.UnixMilli() != t0.Add(time.Second).UnixMilli() || !troubled[1].FinishedAt.IsZero()) {
		t.Errorf("finished at: dead %v, failing %v", troubled[0].FinishedAt, troubled[1].FinishedAt)
	}
	if one, err := s.Troubled(ctx, 1); err != nil || len(one) != 1 {
		t.Errorf("Troubled(1) = %d entries, %v", len(one), err)
	}

	for _, tt := range []struct {
		id   int64
		want error
	}{{ids[0], outbox.ErrNotDead}, {ids[2], outbox.ErrNotDead}, {fine[0], outbox.ErrNotDead}, {999, outbox.ErrNotFound}} {
		if err := s.Requeue(ctx, tt.id, time.Now()); !errors.Is(err, tt.want) {
			t.Errorf("Requeue(%d) = %v, want %v", tt.id, err, tt.want)
		}
	}
	t1 := t0.Add(time.Minute)
	if err := s.Requeue(ctx, ids[1], t1); err != nil {
		t.Fatal(err)
	}
	e, _ := s.Get(ctx, ids[1])
	if e.Status != outbox.StatusPending || e.Attempts != 0 || e.QueuedAt.UnixMilli() != t1.UnixMilli() ||
		!e.FinishedAt.IsZero() || e.Message.MessageID != queued.Message.MessageID || !e.CreatedAt.Equal(queued.CreatedAt) {
		t.Errorf("requeued entry = %+v", e)
	}
	if again := claim(t, s, t1, 10); len(again) != 2 || again[0].ID != fine[0] || again[1].ID != ids[1] {
		t.Errorf("claim after requeue = %+v, want the fine entry and the requeued one", again)
	}
}
