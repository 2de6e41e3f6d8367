package sqlstore_test

import (
	"context"
	"errors"
	"net"
	"slices"
	"strconv"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/mail/outbox/outboxtest"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// eachDatabase runs test on every dialect the outbox runs on; PostgreSQL's half is
// skipped without a server (pgtest).
func eachDatabase(t *testing.T, test func(t *testing.T, d outboxtest.Database)) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) { test(t, outboxtest.Database{New: d.URL, Store: newStore}) })
	}
}

func newStore(t *testing.T, db *sqldb.DB) outboxtest.Store {
	t.Helper()
	s := sqlstore.New(db)
	if err := sqlstore.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestOutbox(t *testing.T) {
	eachDatabase(t, outboxtest.Run)
}

// Enqueue is a request's write like any other (the owner's test send of an edition):
// a unit of a group commit, not a transaction of its own.
func TestEnqueueIsAUnitOfAGroupCommit(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			db := d.Open(t)
			s := newStore(t, db).(*sqlstore.Outbox)
			ids, err := s.Enqueue(context.Background(), outboxtest.Msg("one"), outboxtest.Msg("two"))
			if err != nil || len(ids) != 2 {
				t.Fatalf("Enqueue = %v, %v", ids, err)
			}
			if n := db.BatchStats().Units; n != 1 {
				t.Errorf("%d units of a group commit, want 1", n)
			}
			if _, err := s.Enqueue(context.Background(), outboxtest.Msg("bad\r\nBcc: victim@example.com")); !errors.Is(err, mail.ErrInvalid) {
				t.Errorf("an invalid message: %v, want mail.ErrInvalid", err)
			}
		})
	}
}

func TestMigrateIsIdempotentAndUsesItsOwnVersionTable(t *testing.T) {
	eachDatabase(t, func(t *testing.T, d outboxtest.Database) {
		ctx := context.Background()
		db, _ := d.Open(t, d.New(t))
		if err := sqlstore.Migrate(ctx, db); err != nil {
			t.Fatalf("second Migrate: %v", err)
		}
		var version int64
		if err := db.QueryRowContext(ctx, `SELECT MAX(version_id) FROM `+sqlstore.Schema.Table).Scan(&version); err != nil || version < 1 {
			t.Errorf("version table %s: version %d, %v", sqlstore.Schema.Table, version, err)
		}
	})
}

// TestReplicasDeliverEachMessageOnce runs two workers as two gateway replicas would:
// each with its own connection pool to the one database, both sending to one SMTP
// server. Every message arrives exactly once.
func TestReplicasDeliverEachMessageOnce(t *testing.T) {
	eachDatabase(t, func(t *testing.T, d outboxtest.Database) {
		ctx := context.Background()
		dsn := d.New(t)
		srv := smtptest.Start(t, smtptest.Options{})
		host, port, _ := net.SplitHostPort(srv.Addr)
		p, _ := strconv.Atoi(port)
		tr, err := smtp.New(smtp.Config{Host: host, Port: p, TLS: smtp.TLSNone, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		opts := outbox.Options{
			RetryBase:    2 * time.Millisecond,
			RetryMax:     10 * time.Millisecond,
			PollInterval: 5 * time.Millisecond, // each replica finds the other's mail by polling
			SendTimeout:  5 * time.Second,
			Concurrency:  4,
		}
		var stores []outbox.Store
		var stops []func()
		for range 2 {
			_, s := d.Open(t, dsn)
			w, err := outbox.NewWorker(s, tr, zap.NewNop(), opts)
			if err != nil {
				t.Fatal(err)
			}
			stores = append(stores, s)
			stops = append(stops, start(t, w))
		}
		const n = 40
		if _, err := stores[0].Enqueue(ctx, outboxtest.Msgs(n)...); err != nil {
			t.Fatal(err)
		}
		srv.Wait(t, n, 30*time.Second)
		// Stopping waits for the attempts in flight: a duplicate would be at the
		// server by then.
		for _, stop := range stops {
			stop()
		}
		ids := map[string]int{}
		for _, m := range srv.Messages() {
			p, err := m.Parse()
			if err != nil {
				t.Fatal(err)
			}
			ids[p.Get("Message-ID")]++
		}
		if len(ids) != n || len(srv.Messages()) != n {
			t.Errorf("server got %d messages with %d Message-IDs, want %d", len(srv.Messages()), len(ids), n)
		}
		for id, c := range ids {
			if c != 1 {
				t.Errorf("%s delivered %d times", id, c)
			}
		}
		c, err := stores[1].Count(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if c != (outbox.Counts{Sent: n}) {
			t.Errorf("Count = %+v, want all %d sent", c, n)
		}
	})
}

// start runs w until the returned stop is called (or t ends); stop returns once Run has.
func start(t *testing.T, w *outbox.Worker) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run = %v", err)
		}
	}
	t.Cleanup(stop)
	return stop
}

// TestReleaseLeases: messages claimed by a process that is gone are due again at
// once; pending, sent and dead ones are left as they are.
func TestReleaseLeases(t *testing.T) {
	eachDatabase(t, func(t *testing.T, d outboxtest.Database) {
		ctx := context.Background()
		_, s := d.Open(t, d.New(t))
		store := s.(*sqlstore.Outbox)
		if _, err := store.Enqueue(ctx, outboxtest.Msg("a"), outboxtest.Msg("b"), outboxtest.Msg("c")); err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		claimed, err := store.Claim(ctx, outbox.Claim{Now: now, Lease: time.Hour, Limit: 2, Token: "gone"})
		if err != nil || len(claimed) != 2 {
			t.Fatalf("claimed %d, %v", len(claimed), err)
		}
		if n, err := store.ReleaseLeases(ctx, now); err != nil || n != 2 {
			t.Fatalf("released %d, %v; want 2", n, err)
		}
		// Due now: a claim takes all three, though the lease had an hour to go.
		again, err := store.Claim(ctx, outbox.Claim{Now: now, Lease: time.Minute, Limit: 10, Token: "new"})
		if err != nil || len(again) != 3 {
			t.Fatalf("claim after the release: %d, %v; want 3", len(again), err)
		}
		if err := store.MarkSent(ctx, again[0].ID, again[0].Lease, now); err != nil {
			t.Fatal(err)
		}
		if n, err := store.ReleaseLeases(ctx, now); err != nil || n != 2 {
			t.Errorf("second release: %d, %v; want the 2 still sending", n, err)
		}
		c, err := store.Count(ctx)
		if err != nil || c != (outbox.Counts{Pending: 2, Sent: 1}) {
			t.Errorf("counts %+v, %v", c, err)
		}
	})
}

// Mentioning finds the messages that name an address, whatever their state, and takes
// the address's characters literally: '_' and '%' are no wildcards.
func TestMentioning(t *testing.T) {
	eachDatabase(t, func(t *testing.T, d outboxtest.Database) {
		ctx := context.Background()
		_, s := d.Open(t, d.New(t))
		store := s.(*sqlstore.Outbox)
		to := func(subject, addr string) mail.Message {
			m := outboxtest.Msg(subject)
			m.To = []mail.Address{{Email: addr}}
			return m
		}
		if _, err := store.Enqueue(ctx, to("a", "lt_1@example.org"), to("b", "ltx1@example.org"), to("c", "lt_1@example.org"), outboxtest.Msg("d")); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			text string
			want []string
		}{
			{"lt_1@", []string{"a", "c"}},
			{"ltx", []string{"b"}},
			{"lt%", nil},
			{"nobody@", nil},
		} {
			msgs, err := store.Mentioning(ctx, tt.text)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range msgs {
				got = append(got, m.Subject)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Mentioning(%q) = %v, want %v", tt.text, got, tt.want)
			}
		}
	})
}
