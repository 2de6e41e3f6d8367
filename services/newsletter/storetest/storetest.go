// Package storetest is the conformance suite of newsletter.Store: every store runs it
// on every database it supports, so that SQLite and PostgreSQL keep one contract (the
// state machine, single-use and expiring links, the resend interval, emails committed
// with the change that causes them, races with one winner).
package storetest

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
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// Database makes what the suite runs on.
type Database struct {
	// New returns the address (for sqldb.Open) of a new, empty database that lasts as
	// long as t.
	New func(t *testing.T) string
	// Store returns the store under test over db, with its tables migrated, queueing
	// its emails through out (the mail outbox on db).
	Store func(t *testing.T, db *sqldb.DB, out outbox.TxEnqueuer) newsletter.Store
}

// Run runs the suite against d, each test on a new database.
func Run(t *testing.T, d Database) {
	for _, tt := range []struct {
		name string
		test func(t *testing.T, h *Harness)
	}{
		{"SubscribeNewAddress", testSubscribeNewAddress},
		{"SubscribeKnownAddressInAnyCase", testSubscribeKnownAddressInAnyCase},
		{"ConfirmedAddressIsUnchanged", testConfirmedAddressIsUnchanged},
		{"ConfirmIsSingleUse", testConfirmIsSingleUse},
		{"ConfirmExpired", testConfirmExpired},
		{"EveryLinkOfTheSubscriberIsUsedUp", testEveryLinkIsUsedUp},
		{"UnsubscribeWithdrawsLinks", testUnsubscribeWithdrawsLinks},
		{"SubscribeAgainAfterUnsubscribing", testSubscribeAgainAfterUnsubscribing},
		{"NothingStoredWhenEmailsFail", testNothingStoredWhenEmailsFail},
		{"AVisitorLeavingMidWriteStillCommits", testVisitorLeavingMidWrite},
		{"CountsListAndConfirmed", testCountsListAndConfirmed},
		{"SigningKeyIsKeptOnce", testSigningKeyIsKeptOnce},
		{"ConcurrentSubscribesQueueOneEmail", testConcurrentSubscribes},
		{"ConcurrentConfirmsConfirmOnce", testConcurrentConfirms},
	} {
		t.Run(tt.name, func(t *testing.T) { tt.test(t, d.open(t)) })
	}
}

// Harness is one test's store, on a new database with the real mail outbox.
type Harness struct {
	Store  newsletter.Store
	db     *sqldb.DB
	outbox outbox.Store
	queue  *recorder
}

func (d Database) open(t *testing.T) *Harness {
	t.Helper()
	db, out := OpenWithOutbox(t, d.New(t))
	rec := &recorder{next: out}
	return &Harness{Store: d.Store(t, db, rec), db: db, outbox: out, queue: rec}
}

// OpenWithOutbox opens the database at dsn (sqldb.Open), closed when t ends, with the
// mail outbox's tables: what a newsletter store needs besides its own.
func OpenWithOutbox(t testing.TB, dsn string) (*sqldb.DB, *mailstore.Outbox) {
	t.Helper()
	ctx := context.Background()
	db, err := sqldb.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	out := mailstore.New(db)
	if err := mailstore.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	return db, out
}

// recorder passes enqueues on to the outbox, or fails them.
type recorder struct {
	next outbox.TxEnqueuer
	mu   sync.Mutex
	fail bool
}

var errQueueDown = errors.New("storetest: the outbox refuses")

func (r *recorder) failing() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fail
}

func (r *recorder) EnqueueTx(ctx context.Context, tx *sql.Tx, msgs ...mail.Message) ([]int64, error) {
	if r.failing() {
		return nil, errQueueDown
	}
	return r.next.EnqueueTx(ctx, tx, msgs...)
}

func (r *recorder) QueueTx(ctx context.Context, tx *sql.Tx, msgs ...mail.Message) error {
	if r.failing() {
		return errQueueDown
	}
	return r.next.QueueTx(ctx, tx, msgs...)
}

func (r *recorder) setFail(fail bool) {
	r.mu.Lock()
	r.fail = fail
	r.mu.Unlock()
}

// queued returns the subjects of the committed emails, oldest first.
func (h *Harness) queued(t *testing.T) []string {
	t.Helper()
	ctx := context.Background()
	rows, err := h.db.QueryContext(ctx, "SELECT id FROM mail_outbox ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, id := range ids {
		e, err := h.outbox.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, e.Message.Subject)
	}
	return out
}

// t0 is the suite's clock: every time is t0 plus some minutes.
var t0 = time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)

func at(minutes int) time.Time { return t0.Add(time.Duration(minutes) * time.Minute) }

// resend is the resend interval the suite's subscriptions use.
const resend = 10 * time.Minute

// ttl is how long the suite's links work.
const ttl = 72 * time.Hour

// subscription asks to subscribe email (with name) at minute m, with the link hash.
func subscription(email, name string, m int, hash string) newsletter.Subscription {
	now := at(m)
	return newsletter.Subscription{
		Email:      email,
		EmailKey:   newsletter.EmailKey(email),
		Name:       name,
		At:         now,
		SentBefore: now.Add(-resend),
		Token:      newsletter.ConfirmationToken{Hash: hash, ExpiresAt: now.Add(ttl)},
	}
}

// email is the EmailsFunc of the suite: one message whose subject names what and the
// subscriber.
func email(what string) newsletter.EmailsFunc {
	return func(s newsletter.Subscriber) ([]mail.Message, error) {
		if s.ID == 0 {
			return nil, errors.New("storetest: emails rendered for a subscriber without an id")
		}
		return []mail.Message{{
			From:    mail.Address{Email: "no-reply@example.com"},
			To:      []mail.Address{{Name: s.Name, Email: s.Email}},
			Subject: fmt.Sprintf("%s %d %s", what, s.ID, s.Email),
			Text:    what,
		}}, nil
	}
}

func (h *Harness) subscribe(t *testing.T, s newsletter.Subscription) (newsletter.SubscribeOutcome, newsletter.Subscriber) {
	t.Helper()
	o, sub, err := h.Store.Subscribe(context.Background(), s, email("confirm"))
	if err != nil {
		t.Fatalf("Subscribe(%s): %v", s.Email, err)
	}
	return o, sub
}

func (h *Harness) confirm(t *testing.T, hash string, m int) (newsletter.ConfirmOutcome, newsletter.Subscriber) {
	t.Helper()
	o, sub, err := h.Store.Confirm(context.Background(), hash, at(m), email("welcome"))
	if err != nil {
		t.Fatalf("Confirm(%s): %v", hash, err)
	}
	return o, sub
}

func (h *Harness) get(t *testing.T, id int64) newsletter.Subscriber {
	t.Helper()
	s, err := h.Store.Subscriber(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func wantQueued(t *testing.T, h *Harness, want ...string) {
	t.Helper()
	got := h.queued(t)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("queued %q, want %q", got, want)
	}
}

func testSubscribeNewAddress(t *testing.T, h *Harness) {
	o, sub := h.subscribe(t, subscription("Jane.Doe@Example.org", "Jane", 0, "h1"))
	if o != newsletter.SubscribeAdded {
		t.Errorf("outcome %v, want added", o)
	}
	want := newsletter.Subscriber{ID: sub.ID, Email: "Jane.Doe@Example.org", Name: "Jane", State: newsletter.StateUnconfirmed, SubscribedAt: at(0), Source: newsletter.SourceForm}
	if sub != want || sub.ID == 0 {
		t.Errorf("subscriber %+v, want %+v", sub, want)
	}
	if got := h.get(t, sub.ID); got != want {
		t.Errorf("stored %+v, want %+v", got, want)
	}
	wantQueued(t, h, fmt.Sprintf("confirm %d Jane.Doe@Example.org", sub.ID))

	// An empty name is a subscriber without a name.
	_, anon := h.subscribe(t, subscription("anon@example.org", "", 0, "h2"))
	if got := h.get(t, anon.ID); got.Name != "" || got.State != newsletter.StateUnconfirmed {
		t.Errorf("nameless subscriber stored as %+v", got)
	}
	if _, err := h.Store.Subscriber(context.Background(), sub.ID+1000); !errors.Is(err, newsletter.ErrNotFound) {
		t.Errorf("unknown id: %v, want ErrNotFound", err)
	}
}

// testVisitorLeavingMidWrite: a visitor who leaves (the request's context ends) once
// their write has started cannot cut it short: its statements run on the unit's
// context, which shares a transaction with other visitors' writes, and the answer
// waits for the commit.
func testVisitorLeavingMidWrite(t *testing.T, h *Harness) {
	ctx, leave := context.WithCancel(context.Background())
	defer leave()
	o, sub, err := h.Store.Subscribe(ctx, subscription("jane@example.org", "Jane", 0, "h1"),
		func(sub newsletter.Subscriber) ([]mail.Message, error) {
			leave() // after the subscriber's statement, before its email's
			return email("confirm")(sub)
		})
	if err != nil || o != newsletter.SubscribeAdded {
		t.Fatalf("Subscribe = %v, %v; want added, whatever the visitor did meanwhile", o, err)
	}
	wantQueued(t, h, fmt.Sprintf("confirm %d jane@example.org", sub.ID))
}

func testSubscribeKnownAddressInAnyCase(t *testing.T, h *Harness) {
	_, first := h.subscribe(t, subscription("jane@example.org", "Jane", 0, "h1"))

	// Within the resend interval: nothing changes, nothing is sent, in any case.
	o, sub := h.subscribe(t, subscription("  JANE@example.ORG", "Janet", 9, "h2"))
	if o != newsletter.SubscribeUnchanged || sub.ID != first.ID || sub.Email != "jane@example.org" || sub.Name != "Jane" {
		t.Errorf("within the interval: %v %+v, want unchanged", o, sub)
	}
	if oc, _ := h.confirm(t, "h2", 9); oc != newsletter.ConfirmInvalid {
		t.Errorf("the link of an unsent email confirms: %v", oc)
	}

	// After it: a fresh link, the address and name as entered now, the same subscriber.
	o, sub = h.subscribe(t, subscription("JANE@example.ORG", "Janet", 10, "h3"))
	want := newsletter.Subscriber{ID: first.ID, Email: "JANE@example.ORG", Name: "Janet", State: newsletter.StateUnconfirmed, SubscribedAt: at(0), Source: newsletter.SourceForm}
	if o != newsletter.SubscribeRenewed || sub != want {
		t.Errorf("after the interval: %v %+v, want renewed %+v", o, sub, want)
	}
	wantQueued(t, h, fmt.Sprintf("confirm %d jane@example.org", first.ID), fmt.Sprintf("confirm %d JANE@example.ORG", first.ID))

	// The interval counts from the last email, not the first.
	if o, _ := h.subscribe(t, subscription("jane@example.org", "", 19, "h4")); o != newsletter.SubscribeUnchanged {
		t.Errorf("9 minutes after the second email: %v, want unchanged", o)
	}
	// Both links sent work: the older one confirms.
	if oc, _ := h.confirm(t, "h1", 20); oc != newsletter.Confirmed {
		t.Errorf("the first link after a resend: %v, want confirmed", oc)
	}
}

func testConfirmedAddressIsUnchanged(t *testing.T, h *Harness) {
	_, sub := h.subscribe(t, subscription("jane@example.org", "Jane", 0, "h1"))
	h.confirm(t, "h1", 1)
	for _, m := range []int{2, 60, 60 * 24 * 30} {
		o, got := h.subscribe(t, subscription("Jane@Example.org", "Mallory", m, fmt.Sprint("h", m)))
		if o != newsletter.SubscribeUnchanged || got.State != newsletter.StateConfirmed || got.Name != "Jane" {
			t.Errorf("minute %d: %v %+v, want unchanged and confirmed", m, o, got)
		}
	}
	wantQueued(t, h, fmt.Sprintf("confirm %d jane@example.org", sub.ID), fmt.Sprintf("welcome %d jane@example.org", sub.ID))
}

func testConfirmIsSingleUse(t *testing.T, h *Harness) {
	_, sub := h.subscribe(t, subscription("jane@example.org", "Jane", 0, "h1"))
	o, got := h.confirm(t, "h1", 5)
	want := newsletter.Subscriber{ID: sub.ID, Email: "jane@example.org", Name: "Jane", State: newsletter.StateConfirmed, SubscribedAt: at(0), ConfirmedAt: at(5), Source: newsletter.SourceForm}
	if o != newsletter.Confirmed || got != want {
		t.Errorf("first use: %v %+v, want confirmed %+v", o, got, want)
	}
	if stored := h.get(t, sub.ID); stored != want {
		t.Errorf("stored %+v, want %+v", stored, want)
	}
	o, got = h.confirm(t, "h1", 6)
	if o != newsletter.AlreadyConfirmed || got.ConfirmedAt != at(5) {
		t.Errorf("second use: %v %+v, want already confirmed at minute 5", o, got)
	}
	if o, got := h.confirm(t, "no-such-hash", 6); o != newsletter.ConfirmInvalid || got != (newsletter.Subscriber{}) {
		t.Errorf("unknown link: %v %+v, want invalid and no subscriber", o, got)
	}
	// One welcome, however often the link is opened.
	wantQueued(t, h, fmt.Sprintf("confirm %d jane@example.org", sub.ID), fmt.Sprintf("welcome %d jane@example.org", sub.ID))
}

func testConfirmExpired(t *testing.T, h *Harness) {
	_, sub := h.subscribe(t, subscription("jane@example.org", "", 0, "h1"))
	expiry := int(ttl / time.Minute)
	if o, _ := h.confirm(t, "h1", expiry); o != newsletter.ConfirmExpired {
		t.Errorf("at the expiry: %v, want expired", o)
	}
	if got := h.get(t, sub.ID); got.State != newsletter.StateUnconfirmed {
		t.Errorf("an expired link changed the state to %s", got.State)
	}
	// Subscribing again sends a fresh link, which works.
	if o, _ := h.subscribe(t, subscription("jane@example.org", "", expiry+1, "h2")); o != newsletter.SubscribeRenewed {
		t.Errorf("subscribing again: %v, want renewed", o)
	}
	if o, _ := h.confirm(t, "h2", expiry+2); o != newsletter.Confirmed {
		t.Errorf("the fresh link: %v, want confirmed", o)
	}
}

func testEveryLinkIsUsedUp(t *testing.T, h *Harness) {
	h.subscribe(t, subscription("jane@example.org", "", 0, "h1"))
	h.subscribe(t, subscription("jane@example.org", "", 10, "h2"))
	if o, _ := h.confirm(t, "h2", 11); o != newsletter.Confirmed {
		t.Fatalf("second link: %v", o)
	}
	if o, _ := h.confirm(t, "h1", 12); o != newsletter.AlreadyConfirmed {
		t.Errorf("the other link after confirming: %v, want already confirmed", o)
	}
}

func testUnsubscribeWithdrawsLinks(t *testing.T, h *Harness) {
	ctx := context.Background()
	_, sub := h.subscribe(t, subscription("jane@example.org", "Jane", 0, "h1"))
	got, err := h.Store.Unsubscribe(ctx, sub.ID, at(3))
	if err != nil {
		t.Fatal(err)
	}
	want := newsletter.Subscriber{ID: sub.ID, Email: "jane@example.org", Name: "Jane", State: newsletter.StateUnsubscribed, SubscribedAt: at(0), UnsubscribedAt: at(3), Source: newsletter.SourceForm}
	if got != want {
		t.Errorf("unsubscribed %+v, want %+v", got, want)
	}
	// Again: nothing changes, the first time stays.
	if again, err := h.Store.Unsubscribe(ctx, sub.ID, at(4)); err != nil || again != want {
		t.Errorf("unsubscribing again: %+v %v, want %+v", again, err, want)
	}
	// The confirmation still in the inbox no longer subscribes them.
	if o, _ := h.confirm(t, "h1", 5); o != newsletter.ConfirmInvalid {
		t.Errorf("a withdrawn link: %v, want invalid", o)
	}
	if got := h.get(t, sub.ID); got.State != newsletter.StateUnsubscribed {
		t.Errorf("state %s after the withdrawn link", got.State)
	}
	if _, err := h.Store.Unsubscribe(ctx, sub.ID+1000, at(5)); !errors.Is(err, newsletter.ErrNotFound) {
		t.Errorf("unknown id: %v, want ErrNotFound", err)
	}

	// A confirmed subscriber keeps their confirmation time when leaving.
	_, bob := h.subscribe(t, subscription("bob@example.org", "", 0, "b1"))
	h.confirm(t, "b1", 1)
	if got, _ := h.Store.Unsubscribe(ctx, bob.ID, at(2)); got.ConfirmedAt != at(1) || got.UnsubscribedAt != at(2) {
		t.Errorf("unsubscribed confirmed subscriber %+v", got)
	}
}

func testSubscribeAgainAfterUnsubscribing(t *testing.T, h *Harness) {
	ctx := context.Background()
	_, sub := h.subscribe(t, subscription("jane@example.org", "Jane", 0, "h1"))
	h.confirm(t, "h1", 1)
	if _, err := h.Store.Unsubscribe(ctx, sub.ID, at(2)); err != nil {
		t.Fatal(err)
	}
	// At once, although the last confirmation went out 3 minutes ago: unsubscribing
	// ended that subscription.
	o, got := h.subscribe(t, subscription("Jane@example.org", "Jane D", 3, "h2"))
	want := newsletter.Subscriber{ID: sub.ID, Email: "Jane@example.org", Name: "Jane D", State: newsletter.StateUnconfirmed, SubscribedAt: at(3), Source: newsletter.SourceForm}
	if o != newsletter.SubscribeRenewed || got != want {
		t.Errorf("subscribing again: %v %+v, want renewed %+v", o, got, want)
	}
	// The link used for the first subscription does not confirm the second.
	if o, _ := h.confirm(t, "h1", 4); o != newsletter.ConfirmInvalid {
		t.Errorf("the old, used link: %v, want invalid", o)
	}
	if o, got := h.confirm(t, "h2", 5); o != newsletter.Confirmed || got.ConfirmedAt != at(5) {
		t.Errorf("the new link: %v %+v, want confirmed at minute 5", o, got)
	}
}

func testNothingStoredWhenEmailsFail(t *testing.T, h *Harness) {
	ctx := context.Background()
	broken := func(newsletter.Subscriber) ([]mail.Message, error) { return nil, errors.New("template broken") }
	if _, _, err := h.Store.Subscribe(ctx, subscription("jane@example.org", "", 0, "h1"), broken); err == nil {
		t.Fatal("Subscribe succeeded though its emails failed")
	}
	h.queue.setFail(true)
	_, _, err := h.Store.Subscribe(ctx, subscription("jane@example.org", "", 0, "h1"), email("confirm"))
	if !errors.Is(err, errQueueDown) {
		t.Fatalf("Subscribe with the outbox down: %v, want it to fail", err)
	}
	h.queue.setFail(false)
	if c, _ := h.Store.Counts(ctx); c != (newsletter.Counts{}) {
		t.Errorf("counts %+v after failed subscribes, want none", c)
	}
	// The address is not taken: subscribing works, at once.
	o, sub := h.subscribe(t, subscription("jane@example.org", "", 1, "h1"))
	if o != newsletter.SubscribeAdded {
		t.Fatalf("after the failures: %v, want added", o)
	}
	// A confirmation whose welcome cannot be queued confirms nothing.
	h.queue.setFail(true)
	if _, _, err := h.Store.Confirm(ctx, "h1", at(2), email("welcome")); err == nil {
		t.Error("Confirm succeeded though its email failed")
	}
	h.queue.setFail(false)
	if got := h.get(t, sub.ID); got.State != newsletter.StateUnconfirmed {
		t.Errorf("state %s after a failed confirm", got.State)
	}
	if o, _ := h.confirm(t, "h1", 3); o != newsletter.Confirmed {
		t.Errorf("retrying the link: %v, want confirmed", o)
	}
	wantQueued(t, h, fmt.Sprintf("confirm %d jane@example.org", sub.ID), fmt.Sprintf("welcome %d jane@example.org", sub.ID))
}

func testCountsListAndConfirmed(t *testing.T, h *Harness) {
	ctx := context.Background()
	if c, err := h.Store.Counts(ctx); err != nil || c != (newsletter.Counts{}) {
		t.Fatalf("empty store: %+v %v", c, err)
	}
	ids := map[string]int64{}
	for i, e := range []string{"a@x.org", "b@x.org", "c@x.org", "d@x.org", "e@x.org"} {
		_, sub := h.subscribe(t, subscription(e, "", i, "h-"+e))
		ids[e] = sub.ID
	}
	h.confirm(t, "h-d@x.org", 10) // confirmed first
	h.confirm(t, "h-b@x.org", 11)
	h.confirm(t, "h-c@x.org", 12)
	if _, err := h.Store.Unsubscribe(ctx, ids["c@x.org"], at(13)); err != nil {
		t.Fatal(err)
	}
	if c, _ := h.Store.Counts(ctx); c != (newsletter.Counts{Unconfirmed: 2, Confirmed: 2, Unsubscribed: 1}) {
		t.Errorf("counts %+v", c)
	}

	emailsOf := func(subs []newsletter.Subscriber) []string {
		var out []string
		for _, s := range subs {
			out = append(out, s.Email)
		}
		return out
	}
	for _, tt := range []struct {
		state         newsletter.State
		limit, offset int
		want          []string
		total         int
	}{
		{"", 10, 0, []string{"e@x.org", "d@x.org", "c@x.org", "b@x.org", "a@x.org"}, 5},
		{"", 2, 0, []string{"e@x.org", "d@x.org"}, 5},
		{"", 2, 4, []string{"a@x.org"}, 5},
		{"", 2, 10, nil, 5},
		{newsletter.StateConfirmed, 10, 0, []string{"d@x.org", "b@x.org"}, 2},
		{newsletter.StateUnconfirmed, 1, 1, []string{"a@x.org"}, 2},
		{newsletter.StateUnsubscribed, 10, 0, []string{"c@x.org"}, 1},
	} {
		items, total, err := h.Store.List(ctx, tt.state, tt.limit, tt.offset)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(emailsOf(items)) != fmt.Sprint(tt.want) || total != tt.total {
			t.Errorf("List(%q, %d, %d) = %v of %d, want %v of %d", tt.state, tt.limit, tt.offset, emailsOf(items), total, tt.want, tt.total)
		}
	}
	confirmed, err := h.Store.Confirmed(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := emailsOf(confirmed); fmt.Sprint(got) != "[d@x.org b@x.org]" {
		t.Errorf("Confirmed = %v, want d then b (by confirmation time)", got)
	}
	if confirmed[0].ConfirmedAt != at(10) || confirmed[0].State != newsletter.StateConfirmed {
		t.Errorf("confirmed subscriber read back as %+v", confirmed[0])
	}
}

func testSigningKeyIsKeptOnce(t *testing.T, h *Harness) {
	ctx := context.Background()
	first := []byte("0123456789abcdef0123456789abcdef")
	got, err := h.Store.SigningKey(ctx, first)
	if err != nil || string(got) != string(first) {
		t.Fatalf("first SigningKey = %q, %v; want the candidate", got, err)
	}
	// Another replica starting later gets the same key, not its own candidate.
	again, err := h.Store.SigningKey(ctx, []byte("ffffffffffffffffffffffffffffffff"))
	if err != nil || string(again) != string(first) {
		t.Errorf("second SigningKey = %q, %v; want the first key", again, err)
	}
}

// race runs f 8 times at once and counts the outcomes, failing the test on an error.
func race[O comparable](t *testing.T, f func() (O, error)) map[O]int {
	t.Helper()
	type result struct {
		o   O
		err error
	}
	results := make([]result, 8)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range results {
		wg.Go(func() {
			<-start
			o, err := f()
			results[i] = result{o, err}
		})
	}
	close(start)
	wg.Wait()
	counts := map[O]int{}
	for _, r := range results {
		if r.err != nil {
			t.Fatalf("concurrent call: %v", r.err)
		}
		counts[r.o]++
	}
	return counts
}

func testConcurrentSubscribes(t *testing.T, h *Harness) {
	counts := race(t, func() (newsletter.SubscribeOutcome, error) {
		o, _, err := h.Store.Subscribe(context.Background(), subscription("Race@Example.org", "", 0, "h-"+fmt.Sprint(time.Now().UnixNano())), email("confirm"))
		return o, err
	})
	if counts[newsletter.SubscribeAdded] != 1 || counts[newsletter.SubscribeUnchanged] != 7 || len(h.queued(t)) != 1 {
		t.Errorf("outcomes %v and %d emails queued, want 1 added, 7 unchanged and 1 email", counts, len(h.queued(t)))
	}
}

func testConcurrentConfirms(t *testing.T, h *Harness) {
	h.subscribe(t, subscription("race@example.org", "", 0, "h1"))
	counts := race(t, func() (newsletter.ConfirmOutcome, error) {
		o, _, err := h.Store.Confirm(context.Background(), "h1", at(1), email("welcome"))
		return o, err
	})
	if counts[newsletter.Confirmed] != 1 || counts[newsletter.AlreadyConfirmed] != 7 || len(h.queued(t)) != 2 {
		t.Errorf("outcomes %v and %d emails queued, want 1 confirmed, 7 already confirmed and 2 emails (confirmation, one welcome)", counts, len(h.queued(t)))
	}
}
