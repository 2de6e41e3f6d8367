package outbox_test

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
	"golang.org/x/time/rate"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/mail/outbox/outboxtest"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// fast keeps retries quick in tests.
var fast = outbox.Options{RetryBase: 2 * time.Millisecond, RetryMax: 10 * time.Millisecond, PollInterval: time.Second, SendTimeout: 5 * time.Second}

func openStore(t *testing.T, path string) (*sqldb.DB, *sqlstore.Outbox) {
	t.Helper()
	db, err := sqldb.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	s := sqlstore.New(db)
	if err := sqlstore.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return db, s
}

func msg(subject string) mail.Message {
	return mail.Message{
		From:    mail.Address{Name: "Portfolio", Email: "no-reply@example.com"},
		To:      []mail.Address{{Email: "owner@example.com"}},
		Subject: subject,
		Text:    "body of " + subject,
		HTML:    "<p>body of " + subject + "</p>",
	}
}

// running starts w and returns a stop function that cancels it and waits for Run.
func running(t *testing.T, w *outbox.Worker) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run = %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Error("Run did not return after cancel")
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func counts(t *testing.T, s outbox.Store) outbox.Counts {
	t.Helper()
	c, err := s.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func smtpTransport(t *testing.T, addr string) *smtp.Transport {
	t.Helper()
	host, port, _ := net.SplitHostPort(addr)
	p, _ := strconv.Atoi(port)
	tr, err := smtp.New(smtp.Config{Host: host, Port: p, TLS: smtp.TLSNone, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestDeliversThroughSMTP(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	srv := smtptest.Start(t, smtptest.Options{})
	w, err := outbox.NewWorker(store, smtpTransport(t, srv.Addr), zap.NewNop(), fast)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	if _, err := store.Enqueue(context.Background(), msg("a"), msg("b"), msg("c")); err != nil {
		t.Fatal(err)
	}
	w.Notify() // without it the worker would only find them at the next poll
	got := srv.Wait(t, 3, 10*time.Second)
	subjects := map[string]bool{}
	for _, m := range got {
		p, err := m.Parse()
		if err != nil {
			t.Fatal(err)
		}
		subjects[p.Get("Subject")] = true
	}
	if len(subjects) != 3 {
		t.Errorf("subjects %v, want a, b, c", subjects)
	}
	eventually(t, "all marked sent", func() bool { return counts(t, store).Sent == 3 })
	if s := w.Stats(); s.Sent != 3 || s.Dead != 0 {
		t.Errorf("Stats = %+v", s)
	}
}

func TestOutageDelaysButLosesNothing(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	// Reserve an address, then leave it closed: the SMTP server is down.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()

	opts := fast
	opts.MaxAttempts = 10000 // the outage must not kill the messages
	w, err := outbox.NewWorker(store, smtpTransport(t, addr), zap.NewNop(), opts)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	if _, err := store.Enqueue(context.Background(), msg("one"), msg("two")); err != nil {
		t.Fatal(err)
	}
	w.Notify()
	eventually(t, "a few failed attempts", func() bool { return w.Stats().Retried >= 4 })
	if c := counts(t, store); c.Sent != 0 || c.Dead != 0 {
		t.Fatalf("during the outage: %+v", c)
	}

	srv := smtptest.Start(t, smtptest.Options{Addr: addr}) // back up
	srv.Wait(t, 2, 10*time.Second)
	eventually(t, "both marked sent", func() bool { return counts(t, store).Sent == 2 })
	time.Sleep(50 * time.Millisecond) // time enough for a duplicate to show up
	if n := len(srv.Messages()); n != 2 {
		t.Errorf("server got %d messages, want exactly 2", n)
	}
}

// flaky fails every attempt with err until told otherwise, counting attempts.
type flaky struct {
	mu       sync.Mutex
	err      error
	attempts map[string]int
	sent     map[string]int
}

func newFlaky(err error) *flaky {
	return &flaky{err: err, attempts: map[string]int{}, sent: map[string]int{}}
}

func (f *flaky) Send(_ context.Context, m mail.Message) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.attempts[m.MessageID]++
	if f.err != nil {
		return f.err
	}
	f.sent[m.MessageID]++
	return nil
}

func TestDeadAfterMaxAttempts(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	core, logs := observer.New(zap.InfoLevel)
	reg := prometheus.NewRegistry()
	opts := fast
	opts.MaxAttempts = 3
	opts.Registerer = reg
	tr := newFlaky(errors.New("421 service not available"))
	w, err := outbox.NewWorker(store, tr, zap.New(core), opts)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	ids, err := store.Enqueue(context.Background(), msg("doomed"))
	if err != nil {
		t.Fatal(err)
	}
	w.Notify()
	eventually(t, "dead", func() bool { return counts(t, store).Dead == 1 })

	e, err := store.Get(context.Background(), ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if e.Attempts != 3 || e.LastError != "421 service not available" {
		t.Errorf("dead entry: %d attempts, last error %q", e.Attempts, e.LastError)
	}
	if s := w.Stats(); s.Dead != 1 || s.Retried != 2 || s.Sent != 0 {
		t.Errorf("Stats = %+v, want 2 retries then dead", s)
	}
	dead := logs.FilterMessage("outbox: mail dead, giving up").All()
	if len(dead) != 1 || dead[0].ContextMap()["reason"] != "421 service not available" {
		t.Errorf("dead log lines: %v", dead)
	}
	if got := gathered(t, reg, "mail_outbox_dead_total"); got != 1 {
		t.Errorf("mail_outbox_dead_total = %v, want 1", got)
	}
	if got := gathered(t, reg, "mail_outbox_retries_total"); got != 2 {
		t.Errorf("mail_outbox_retries_total = %v, want 2", got)
	}
}

func TestPermanentFailureIsDeadAtOnce(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	tr := newFlaky(mail.Permanent(errors.New("550 no such user")))
	w, err := outbox.NewWorker(store, tr, zap.NewNop(), fast)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	if _, err := store.Enqueue(context.Background(), msg("bounce")); err != nil {
		t.Fatal(err)
	}
	w.Notify()
	eventually(t, "dead", func() bool { return counts(t, store).Dead == 1 })
	if s := w.Stats(); s.Retried != 0 {
		t.Errorf("a permanent failure was retried: %+v", s)
	}
}

// blocking holds every Send until released, and says when one started.
type blocking struct {
	started chan string
	release chan error
}

func (b *blocking) Send(_ context.Context, m mail.Message) error {
	b.started <- m.Subject
	return <-b.release
}

func TestShutdownFinishesTheAttemptInFlight(t *testing.T) {
	for _, tt := range []struct {
		name    string
		outcome error
		want    outbox.Counts
	}{
		{"accepted: marked sent", nil, outbox.Counts{Sent: 1}},
		{"failed: pending for later", errors.New("connection reset"), outbox.Counts{Pending: 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
			tr := &blocking{started: make(chan string, 1), release: make(chan error)}
			w, err := outbox.NewWorker(store, tr, zap.NewNop(), fast)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- w.Run(ctx) }()
			if _, err := store.Enqueue(context.Background(), msg("in flight")); err != nil {
				t.Fatal(err)
			}
			w.Notify()
			<-tr.started
			cancel()
			select {
			case err := <-done:
				t.Fatalf("Run returned (%v) while a message was in flight", err)
			case <-time.After(50 * time.Millisecond):
			}
			tr.release <- tt.outcome
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Run did not return")
			}
			if c := counts(t, store); c != tt.want {
				t.Errorf("after shutdown: %+v, want %+v", c, tt.want)
			}
		})
	}
}

func TestQueuedMailSurvivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "portfolio.db")
	db, store := openStore(t, path)
	// Queued, then the process stops before any worker ran.
	if _, err := store.Enqueue(context.Background(), msg("before restart")); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	db, store = openStore(t, path)
	t.Cleanup(func() { _ = db.Close() })
	srv := smtptest.Start(t, smtptest.Options{})
	w, err := outbox.NewWorker(store, smtpTransport(t, srv.Addr), zap.NewNop(), fast)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w) // no Notify: the first look at the store finds it
	got := srv.Wait(t, 1, 10*time.Second)
	if p, _ := got[0].Parse(); p.Get("Subject") != "before restart" {
		t.Errorf("delivered %q", p.Get("Subject"))
	}
}

func TestTwoWorkersDeliverEachMessageOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "portfolio.db")
	_, store1 := openStore(t, path)
	_, store2 := openStore(t, path)
	tr := newFlaky(nil)
	opts := fast
	opts.PollInterval = 5 * time.Millisecond
	opts.Concurrency = 4
	for _, s := range []*sqlstore.Outbox{store1, store2} {
		w, err := outbox.NewWorker(s, tr, zap.NewNop(), opts)
		if err != nil {
			t.Fatal(err)
		}
		running(t, w)
	}
	const n = 30
	batch := make([]mail.Message, n)
	for i := range batch {
		batch[i] = msg("m")
	}
	if _, err := store1.Enqueue(context.Background(), batch...); err != nil {
		t.Fatal(err)
	}
	eventually(t, "all sent", func() bool { return counts(t, store1).Sent == n })
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if len(tr.sent) != n {
		t.Errorf("%d distinct messages sent, want %d", len(tr.sent), n)
	}
	for id, c := range tr.sent {
		if c != 1 {
			t.Errorf("message %s sent %d times", id, c)
		}
	}
}

func TestRateLimitPacesAttempts(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	tr := newFlaky(nil)
	opts := fast
	opts.Concurrency = 4
	opts.PollInterval = 5 * time.Millisecond
	// Three tokens, then one an hour: a fourth attempt within this test would be the
	// limit broken, however slow the machine.
	lim := rate.NewLimiter(rate.Every(time.Hour), 3)
	opts.Limiter = lim
	w, err := outbox.NewWorker(store, tr, zap.NewNop(), opts)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	const n = 10
	if _, err := store.Enqueue(context.Background(), outboxtest.Msgs(n)...); err != nil {
		t.Fatal(err)
	}
	w.Notify()
	eventually(t, "three sent", func() bool { return counts(t, store).Sent == 3 })
	time.Sleep(100 * time.Millisecond) // many polls in which to overstep the limit
	// The waiting messages are not claimed: they hold no lease another worker would
	// have to wait out.
	if c := counts(t, store); c != (outbox.Counts{Pending: n - 3, Sent: 3}) {
		t.Errorf("throttled: %+v, want 3 sent and the rest pending", c)
	}
	tr.mu.Lock()
	attempts := len(tr.attempts)
	tr.mu.Unlock()
	if attempts != 3 {
		t.Errorf("%d attempts under a limit of 3", attempts)
	}

	lim.SetLimit(rate.Inf) // the limit lifted: the rest goes out
	eventually(t, "all sent", func() bool { return counts(t, store).Sent == n })
}

func TestRateLimit(t *testing.T) {
	if outbox.RateLimit(0) != nil {
		t.Error("RateLimit(0) is a limiter, want nil (no limit)")
	}
	lim := outbox.RateLimit(2.5)
	if lim == nil || lim.Limit() != 2.5 || lim.Burst() != 1 {
		t.Fatalf("RateLimit(2.5) = %+v, want 2.5/s, burst 1", lim)
	}
	// Paced evenly: after one attempt, the next token is 1/2.5 s away, on the limiter's
	// own clock.
	now := time.Now()
	if !lim.AllowN(now, 1) || lim.AllowN(now.Add(399*time.Millisecond), 1) || !lim.AllowN(now.Add(401*time.Millisecond), 1) {
		t.Error("RateLimit(2.5) does not space attempts 400ms apart")
	}
}

func TestRunTwiceAtOnce(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	tr := &blocking{started: make(chan string, 1), release: make(chan error, 1)}
	w, err := outbox.NewWorker(store, tr, zap.NewNop(), fast)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	if _, err := store.Enqueue(context.Background(), msg("x")); err != nil {
		t.Fatal(err)
	}
	w.Notify()
	<-tr.started // Run is certainly running now
	defer func() { tr.release <- nil }()
	if err := w.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "already running") {
		t.Errorf("second Run = %v, want already running", err)
	}
}

func TestBackoff(t *testing.T) {
	base, limit := time.Second, 10*time.Second
	for _, tt := range []struct {
		attempt int
		ceiling time.Duration
	}{
		{1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second}, {4, 8 * time.Second}, {5, 10 * time.Second}, {60, 10 * time.Second},
	} {
		if got := outbox.BackoffCeiling(tt.attempt, base, limit); got != tt.ceiling {
			t.Errorf("BackoffCeiling(%d) = %v, want %v", tt.attempt, got, tt.ceiling)
		}
		seen := map[time.Duration]bool{}
		for range 200 {
			d := outbox.Backoff(tt.attempt, base, limit)
			if d < 0 || d > tt.ceiling {
				t.Fatalf("Backoff(%d) = %v, outside [0, %v]", tt.attempt, d, tt.ceiling)
			}
			seen[d] = true
		}
		if len(seen) < 100 {
			t.Errorf("Backoff(%d) took only %d distinct values in 200 draws: no jitter?", tt.attempt, len(seen))
		}
	}
}

func gathered(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == name {
			return f.GetMetric()[0].GetCounter().GetValue()
		}
	}
	t.Fatalf("no metric %s", name)
	return 0
}

// messageIDs collects the Message-ID header of every message a test server saw,
// refused or accepted, in order.
type messageIDs struct {
	mu  sync.Mutex
	ids []string
}

func (m *messageIDs) add(t *testing.T, msg smtptest.Message) {
	p, err := msg.Parse()
	if err != nil {
		t.Errorf("parse: %v", err)
		return
	}
	m.mu.Lock()
	m.ids = append(m.ids, p.Get("Message-ID"))
	m.mu.Unlock()
}

func (m *messageIDs) all() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.ids...)
}

// TestBusyRelayIsRetriedUntilItAccepts: a relay that answers 451 to twelve attempts
// in a row (more than the old limit of 8 attempts) and then accepts gets the message
// once, and every attempt carried the same Message-ID, so a receiver can drop a copy.
func TestBusyRelayIsRetriedUntilItAccepts(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	var seen messageIDs
	busy := smtptest.Failing[smtptest.Message](12, smtptest.Reply(451, "4.3.0", "try later"))
	srv := smtptest.Start(t, smtptest.Options{RejectData: func(m smtptest.Message) error {
		seen.add(t, m)
		return busy(m)
	}})
	w, err := outbox.NewWorker(store, smtpTransport(t, srv.Addr), zap.NewNop(), fast)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	ids, err := store.Enqueue(context.Background(), msg("patience"))
	if err != nil {
		t.Fatal(err)
	}
	w.Notify()
	eventually(t, "sent", func() bool { return counts(t, store).Sent == 1 })

	e, err := store.Get(context.Background(), ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if e.Attempts != 13 || e.Status != outbox.StatusSent {
		t.Errorf("entry: %s after %d attempts, want sent after 13", e.Status, e.Attempts)
	}
	if n := len(srv.Messages()); n != 1 {
		t.Errorf("server accepted %d messages, want 1", n)
	}
	got := seen.all()
	want := "<" + e.Message.MessageID + ">"
	if len(got) != 13 {
		t.Fatalf("server saw %d attempts, want 13", len(got))
	}
	for i, id := range got {
		if id != want {
			t.Errorf("attempt %d carried Message-ID %q, want %q (the one queued)", i+1, id, want)
		}
	}
}

// TestDeadWhenTheLifetimeEnds: a relay that never stops answering 451 makes the
// message dead once its retry lifetime is over, with the relay's reply as the reason.
func TestDeadWhenTheLifetimeEnds(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	srv := smtptest.Start(t, smtptest.Options{RejectData: func(smtptest.Message) error {
		return smtptest.Reply(451, "4.3.0", "try later")
	}})
	opts := fast
	opts.RetryLifetime = time.Second
	w, err := outbox.NewWorker(store, smtpTransport(t, srv.Addr), zap.NewNop(), opts)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	ids, err := store.Enqueue(context.Background(), msg("hopeless"))
	if err != nil {
		t.Fatal(err)
	}
	w.Notify()
	eventually(t, "dead", func() bool { return counts(t, store).Dead == 1 })
	e, err := store.Get(context.Background(), ids[0])
	if err != nil {
		t.Fatal(err)
	}
	if want := "smtp: end of DATA: 451 4.3.0 try later"; e.LastError != want {
		t.Errorf("last error = %q, want %q", e.LastError, want)
	}
	// Retried until the end of the lifetime, never given up before it. (How many
	// attempts fit in it depends on the machine's speed.)
	if e.Attempts < 2 || e.FinishedAt.Sub(e.QueuedAt) < opts.RetryLifetime {
		t.Errorf("dead after %d attempts, %s after it was queued; want retries over %s",
			e.Attempts, e.FinishedAt.Sub(e.QueuedAt), opts.RetryLifetime)
	}
}

// TestRelayRefusalIsDeadAtOnce: a 5xx reply to MAIL FROM is the relay saying no for
// good: dead after one attempt, the reply kept.
func TestRelayRefusalIsDeadAtOnce(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	srv := smtptest.Start(t, smtptest.Options{RejectMail: func(string) error {
		return smtptest.Reply(550, "5.7.1", "relaying denied")
	}})
	w, err := outbox.NewWorker(store, smtpTransport(t, srv.Addr), zap.NewNop(), fast)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	ids, err := store.Enqueue(context.Background(), msg("refused"))
	if err != nil {
		t.Fatal(err)
	}
	w.Notify()
	eventually(t, "dead", func() bool { return counts(t, store).Dead == 1 })
	e, _ := store.Get(context.Background(), ids[0])
	if want := "smtp: MAIL FROM: 550 5.7.1 relaying denied"; e.Attempts != 1 || e.LastError != want {
		t.Errorf("dead entry: %d attempts, last error %q; want 1, %q", e.Attempts, e.LastError, want)
	}
}

// TestRequeuedDeadMailIsSentWithItsMessageID: the admin's Retry puts a dead message
// back; it is sent with the Message-ID it was queued with.
func TestRequeuedDeadMailIsSentWithItsMessageID(t *testing.T) {
	_, store := openStore(t, filepath.Join(t.TempDir(), "portfolio.db"))
	var refuse atomic.Bool
	refuse.Store(true)
	srv := smtptest.Start(t, smtptest.Options{RejectRcpt: func(string) error {
		if refuse.Load() {
			return smtptest.Reply(550, "5.1.1", "no such user")
		}
		return nil
	}})
	w, err := outbox.NewWorker(store, smtpTransport(t, srv.Addr), zap.NewNop(), fast)
	if err != nil {
		t.Fatal(err)
	}
	running(t, w)
	ids, err := store.Enqueue(context.Background(), msg("second chance"))
	if err != nil {
		t.Fatal(err)
	}
	w.Notify()
	eventually(t, "dead", func() bool { return counts(t, store).Dead == 1 })
	dead, _ := store.Get(context.Background(), ids[0])

	refuse.Store(false) // the owner fixed the mailbox
	if err := store.Requeue(context.Background(), ids[0], time.Now()); err != nil {
		t.Fatal(err)
	}
	w.Notify()
	msgs := srv.Wait(t, 1, 10*time.Second)
	p, err := msgs[0].Parse()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Get("Message-ID"), "<"+dead.Message.MessageID+">"; got != want {
		t.Errorf("Message-ID = %q, want %q", got, want)
	}
	eventually(t, "sent", func() bool { return counts(t, store).Sent == 1 })
}
