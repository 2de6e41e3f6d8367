package sqlstore_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/newsletter/storetest"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// publishing is one test's newsletter store, with the real outbox and the real
// edition renderer, on a new database.
type publishing struct {
	db       *sqldb.DB
	store    *sqlstore.Store
	outbox   *mailstore.Outbox
	service  *newsletter.Service
	editions []content.Edition
}

func newPublishing(t *testing.T, address string) *publishing {
	t.Helper()
	ctx := context.Background()
	db, out := storetest.OpenWithOutbox(t, address)
	store := sqlstore.New(db, out)
	if err := sqlstore.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	svc, err := newsletter.NewService(ctx, store, newsletter.Emails{
		From:      mail.Address{Name: "DevOps Digest", Email: "digest@example.com"},
		SiteName:  "DevOps Portfolio",
		PublicURL: "https://example.com",
	}, newsletter.Options{})
	if err != nil {
		t.Fatal(err)
	}
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	return &publishing{db: db, store: store, outbox: out, service: svc, editions: editions}
}

func (p *publishing) publisher(opts newsletter.PublisherOptions) *newsletter.Publisher {
	return newsletter.NewPublisher(p.store, p.service, p.editions, opts)
}

func noEmails(newsletter.Subscriber) ([]mail.Message, error) { return nil, nil }

// add stores a subscriber in state (through the store's own transitions, queueing no
// email) and returns them.
func (p *publishing) add(t *testing.T, email string, state newsletter.State) newsletter.Subscriber {
	t.Helper()
	ctx := context.Background()
	now := time.Now()
	hash := newsletter.HashToken("token of " + email)
	_, sub, err := p.store.Subscribe(ctx, newsletter.Subscription{
		Email: email, EmailKey: newsletter.EmailKey(email), At: now, SentBefore: now.Add(-time.Hour),
		Token: newsletter.ConfirmationToken{Hash: hash, ExpiresAt: now.Add(time.Hour)},
	}, noEmails)
	if err != nil {
		t.Fatal(err)
	}
	if state == newsletter.StateUnconfirmed {
		return sub
	}
	if _, sub, err = p.store.Confirm(ctx, hash, now, noEmails); err != nil {
		t.Fatal(err)
	}
	if state == newsletter.StateUnsubscribed {
		if sub, err = p.store.Unsubscribe(ctx, sub.ID, now); err != nil {
			t.Fatal(err)
		}
	}
	return sub
}

// queued returns the recipients of every email in the outbox, sorted, failing the test
// if one is not an edition email.
func (p *publishing) queued(t *testing.T) []string {
	t.Helper()
	entries, err := p.outbox.Claim(context.Background(), outbox.Claim{Now: time.Now(), Lease: time.Minute, Limit: 10000, Token: "test"})
	if err != nil {
		t.Fatal(err)
	}
	var to []string
	for _, e := range entries {
		if len(e.Message.To) != 1 {
			t.Fatalf("email %d has %d recipients", e.ID, len(e.Message.To))
		}
		to = append(to, e.Message.To[0].Email)
	}
	slices.Sort(to)
	return to
}

// list adds n confirmed subscribers a0@…, a1@… and one unconfirmed and one
// unsubscribed, and returns the confirmed addresses, sorted.
func (p *publishing) list(t *testing.T, n int) []string {
	t.Helper()
	var confirmed []string
	for i := range n {
		email := fmt.Sprintf("a%d@example.com", i)
		p.add(t, email, newsletter.StateConfirmed)
		confirmed = append(confirmed, email)
	}
	p.add(t, "pending@example.com", newsletter.StateUnconfirmed)
	p.add(t, "gone@example.com", newsletter.StateUnsubscribed)
	slices.Sort(confirmed)
	return confirmed
}

func TestPublications(t *testing.T) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) {
			for _, tt := range []struct {
				name string
				test func(t *testing.T, p *publishing)
			}{
				{"OneEmailPerConfirmedSubscriber", testPublishOneEmailPerConfirmed},
				{"UnknownEdition", testPublishUnknownEdition},
				{"OneAtATimePerEdition", testPublishOneAtATime},
				{"ResumeAfterAStopQueuesTheRestOnce", testResumeAfterStop},
				{"ConcurrentResumesQueueOnce", testConcurrentResumes},
				{"UnsubscribedMidwayGetNothing", testUnsubscribedMidway},
				{"LastPublications", testLastPublications},
				{"ScheduledGoesOutOnceAtItsTime", testScheduledOnce},
				{"ScheduleCancelledUntilItStarts", testScheduleCancel},
				{"ScheduleRefusesThePastAndUnknownEditions", testScheduleRefusals},
				{"ResultsPerEdition", testResults},
			} {
				t.Run(tt.name, func(t *testing.T) { tt.test(t, newPublishing(t, d.db.New(t))) })
			}
		})
	}
}

func testPublishOneEmailPerConfirmed(t *testing.T, p *publishing) {
	confirmed := p.list(t, 5)
	notified := 0
	res, err := p.publisher(newsletter.PublisherOptions{BatchSize: 2, Notify: func() { notified++ }}).Publish(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	if res.Recipients != 5 || res.Status != newsletter.PublicationDone || res.EditionID != 3 || res.FinishedAt.IsZero() {
		t.Errorf("result = %+v, want edition 3 done with 5 recipients", res)
	}
	if res.Title != p.editions[2].Title {
		t.Errorf("title = %q, want %q", res.Title, p.editions[2].Title)
	}
	if got := p.queued(t); !slices.Equal(got, confirmed) {
		t.Errorf("queued for %v, want %v", got, confirmed)
	}
	if notified != 3 { // batches of 2, 2 and 1
		t.Errorf("the mail worker was woken %d times, want once per batch (3)", notified)
	}
	running, err := p.store.RunningPublications(context.Background())
	if err != nil || len(running) != 0 {
		t.Errorf("running after publishing: %v, %v", running, err)
	}
}

func testPublishUnknownEdition(t *testing.T, p *publishing) {
	p.list(t, 1)
	for _, id := range []int{0, 7, -1} {
		if _, err := p.publisher(newsletter.PublisherOptions{}).Publish(context.Background(), id); !errors.Is(err, newsletter.ErrUnknownEdition) {
			t.Errorf("Publish(%d) = %v, want ErrUnknownEdition", id, err)
		}
	}
	if got := p.queued(t); len(got) != 0 {
		t.Errorf("queued %v", got)
	}
}

func testPublishOneAtATime(t *testing.T, p *publishing) {
	ctx := context.Background()
	p.list(t, 2)
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	blocking := p.publisher(newsletter.PublisherOptions{BeforeBatch: func(context.Context, newsletter.Publication, int) error {
		once.Do(func() { close(started) })
		<-release
		return nil
	}})
	first := make(chan error, 1)
	go func() {
		_, err := blocking.Publish(ctx, 1)
		first <- err
	}()
	<-started

	other := p.publisher(newsletter.PublisherOptions{})
	if _, err := other.Publish(ctx, 1); !errors.Is(err, newsletter.ErrPublishing) {
		t.Errorf("second publish of edition 1 = %v, want ErrPublishing", err)
	}
	if res, err := other.Publish(ctx, 2); err != nil || res.Recipients != 2 {
		t.Errorf("publishing edition 2 meanwhile = %+v, %v; want 2 recipients", res, err)
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	// Done: the edition can be sent again.
	if res, err := other.Publish(ctx, 1); err != nil || res.Recipients != 2 {
		t.Errorf("republishing edition 1 = %+v, %v", res, err)
	}
	if got := len(p.queued(t)); got != 6 {
		t.Errorf("%d emails queued, want 6 (three sends to two subscribers)", got)
	}
}

func testResumeAfterStop(t *testing.T, p *publishing) {
	ctx := context.Background()
	confirmed := p.list(t, 5)
	crash := errors.New("power cut")
	stopping := p.publisher(newsletter.PublisherOptions{BatchSize: 2, BeforeBatch: func(_ context.Context, _ newsletter.Publication, batch int) error {
		if batch == 2 {
			return crash
		}
		return nil
	}})
	if _, err := stopping.Publish(ctx, 4); !errors.Is(err, crash) {
		t.Fatalf("Publish = %v, want it stopped by %v", err, crash)
	}
	first := p.queued(t)
	if len(first) != 2 {
		t.Fatalf("%d emails queued before the stop, want the first batch (2)", len(first))
	}
	// The same edition cannot be started again while it is unfinished.
	if _, err := p.publisher(newsletter.PublisherOptions{}).Publish(ctx, 4); !errors.Is(err, newsletter.ErrPublishing) {
		t.Errorf("publishing again before the resume = %v, want ErrPublishing", err)
	}

	// A publication younger than the cut-off is left to whoever publishes it.
	if done, err := p.publisher(newsletter.PublisherOptions{}).Resume(ctx, time.Now().Add(-time.Hour)); err != nil || len(done) != 0 {
		t.Errorf("resuming publications started an hour ago = %+v, %v; want none touched", done, err)
	}
	if got := p.queued(t); len(got) != 0 {
		t.Errorf("a resume with a cut-off before the publication queued %v", got)
	}

	// A new process starts.
	done, err := p.publisher(newsletter.PublisherOptions{BatchSize: 2}).Resume(ctx, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if len(done) != 1 || done[0].Recipients != 5 || done[0].EditionID != 4 || done[0].Status != newsletter.PublicationDone {
		t.Errorf("Resume = %+v, want edition 4 done with 5 recipients", done)
	}
	// queued claims what it reads: these are the emails queued since the stop.
	rest := p.queued(t)
	all := append(first, rest...)
	slices.Sort(all)
	if len(rest) != 3 || !slices.Equal(all, confirmed) {
		t.Errorf("queued %v before the stop and %v after, want each of %v once", first, rest, confirmed)
	}
	if again, err := p.publisher(newsletter.PublisherOptions{}).Resume(ctx, time.Now()); err != nil || len(again) != 0 {
		t.Errorf("a second resume = %+v, %v; want nothing to do", again, err)
	}
	if got := p.queued(t); len(got) != 0 {
		t.Errorf("a second resume queued %v", got)
	}
}

func testConcurrentResumes(t *testing.T, p *publishing) {
	ctx := context.Background()
	confirmed := p.list(t, 40)
	stop := errors.New("stop")
	_, err := p.publisher(newsletter.PublisherOptions{BatchSize: 5, BeforeBatch: func(_ context.Context, _ newsletter.Publication, batch int) error {
		if batch == 2 {
			return stop
		}
		return nil
	}}).Publish(ctx, 1)
	if !errors.Is(err, stop) {
		t.Fatalf("Publish = %v", err)
	}
	// Two replicas start at once and both resume it.
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for range 2 {
		wg.Go(func() {
			_, err := p.publisher(newsletter.PublisherOptions{BatchSize: 5}).Resume(ctx, time.Now())
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := p.queued(t); !slices.Equal(got, confirmed) {
		t.Errorf("queued %d emails (%v), want one per confirmed subscriber (%d)", len(got), got, len(confirmed))
	}
}

func testUnsubscribedMidway(t *testing.T, p *publishing) {
	ctx := context.Background()
	p.list(t, 4)
	var leaver newsletter.Subscriber
	pub := p.publisher(newsletter.PublisherOptions{BatchSize: 2, BeforeBatch: func(ctx context.Context, pub newsletter.Publication, batch int) error {
		if batch != 2 {
			return nil
		}
		pending, err := p.store.PendingRecipients(ctx, pub.ID, 1)
		if err != nil || len(pending) != 1 {
			return fmt.Errorf("pending: %v, %w", pending, err)
		}
		leaver, err = p.store.Unsubscribe(ctx, pending[0].ID, time.Now())
		return err
	}})
	res, err := pub.Publish(ctx, 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.Recipients != 3 {
		t.Errorf("Recipients = %d, want 3 (one unsubscribed before their email was queued)", res.Recipients)
	}
	got := p.queued(t)
	if len(got) != 3 || slices.Contains(got, leaver.Email) {
		t.Errorf("queued %v, want 3 and not %s", got, leaver.Email)
	}
}

func testLastPublications(t *testing.T, p *publishing) {
	ctx := context.Background()
	p.list(t, 1)
	pub := p.publisher(newsletter.PublisherOptions{})
	last, err := pub.LastPublications(ctx)
	if err != nil || len(last) != 0 {
		t.Fatalf("before any publish: %v, %v", last, err)
	}
	if _, err := pub.Publish(ctx, 1); err != nil {
		t.Fatal(err)
	}
	p.add(t, "late@example.com", newsletter.StateConfirmed)
	second, err := pub.Publish(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pub.Publish(ctx, 5); err != nil {
		t.Fatal(err)
	}
	last, err = pub.LastPublications(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(last) != 2 || last[1].ID != second.ID || last[1].Recipients != 2 || last[5].Recipients != 2 {
		t.Errorf("LastPublications = %+v, want edition 1's second send (2) and edition 5's (2)", last)
	}
	if !last[1].FinishedAt.Equal(second.FinishedAt) {
		t.Errorf("edition 1 finished at %v, want %v", last[1].FinishedAt, second.FinishedAt)
	}
}

// fakeNow is a clock the test moves.
type fakeNow struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeNow) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeNow) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// A scheduled edition goes out at its time, not before, and exactly once however many
// processes look for it at once.
func testScheduledOnce(t *testing.T, p *publishing) {
	ctx := context.Background()
	confirmed := p.list(t, 4)
	clock := &fakeNow{t: time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)}
	pubs := make([]*newsletter.Publisher, 3) // three replicas
	for i := range pubs {
		pubs[i] = p.publisher(newsletter.PublisherOptions{Now: clock.now})
	}
	at := clock.now().Add(time.Hour)
	if s, err := pubs[0].Schedule(ctx, 2, at); err != nil || s.EditionID != 2 || !s.At.Equal(at) {
		t.Fatalf("Schedule = %+v, %v", s, err)
	}
	if got, err := pubs[1].Schedules(ctx); err != nil || len(got) != 1 || !got[2].At.Equal(at) {
		t.Errorf("Schedules = %+v, %v", got, err)
	}
	clock.set(at.Add(-time.Second))
	if done, err := pubs[1].PublishDue(ctx); err != nil || len(done) != 0 {
		t.Fatalf("before its time: %+v, %v", done, err)
	}
	clock.set(at)
	var wg sync.WaitGroup
	results := make([][]newsletter.PublishResult, len(pubs))
	for i, pub := range pubs {
		wg.Go(func() {
			var err error
			if results[i], err = pub.PublishDue(ctx); err != nil {
				t.Errorf("replica %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	published := 0
	for _, r := range results {
		published += len(r)
	}
	if published != 1 {
		t.Errorf("published %d times, want once: %+v", published, results)
	}
	if got := p.queued(t); !slices.Equal(got, confirmed) {
		t.Errorf("queued for %v, want each of %v once", got, confirmed)
	}
	if got, _ := pubs[0].Schedules(ctx); len(got) != 0 {
		t.Errorf("still pending: %+v", got)
	}
	if done, err := pubs[2].PublishDue(ctx); err != nil || len(done) != 0 {
		t.Errorf("again: %+v, %v", done, err)
	}
	if _, err := pubs[0].CancelSchedule(ctx, 2); !errors.Is(err, newsletter.ErrNotScheduled) {
		t.Errorf("cancelling a started schedule: %v", err)
	}
}

// A schedule can be moved and cancelled until it starts; a cancelled one never goes.
func testScheduleCancel(t *testing.T, p *publishing) {
	ctx := context.Background()
	p.list(t, 2)
	clock := &fakeNow{t: time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)}
	pub := p.publisher(newsletter.PublisherOptions{Now: clock.now})
	if _, err := pub.Schedule(ctx, 1, clock.now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	later := clock.now().Add(2 * time.Hour)
	if _, err := pub.Schedule(ctx, 1, later); err != nil {
		t.Fatal(err)
	}
	if got, _ := pub.Schedules(ctx); len(got) != 1 || !got[1].At.Equal(later) {
		t.Errorf("moved: %+v", got)
	}
	if _, err := pub.CancelSchedule(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := pub.CancelSchedule(ctx, 1); !errors.Is(err, newsletter.ErrNotScheduled) {
		t.Errorf("cancelled twice: %v", err)
	}
	clock.set(later.Add(time.Hour))
	if done, err := pub.PublishDue(ctx); err != nil || len(done) != 0 {
		t.Errorf("a cancelled schedule went out: %+v, %v", done, err)
	}
	if got := p.queued(t); len(got) != 0 {
		t.Errorf("queued %v", got)
	}
}

func testScheduleRefusals(t *testing.T, p *publishing) {
	ctx := context.Background()
	clock := &fakeNow{t: time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)}
	pub := p.publisher(newsletter.PublisherOptions{Now: clock.now})
	if _, err := pub.Schedule(ctx, 1, clock.now()); apperr.CodeOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "The time must be in the future.") {
		t.Errorf("now: %v", err)
	}
	if _, err := pub.Schedule(ctx, 999, clock.now().Add(time.Hour)); !errors.Is(err, newsletter.ErrUnknownEdition) {
		t.Errorf("unknown edition: %v", err)
	}
}

// An edition's results: what the relay took, and what the events and the list say
// became of it.
func testResults(t *testing.T, p *publishing) {
	ctx := context.Background()
	p.list(t, 5) // a0 … a4
	pub := p.publisher(newsletter.PublisherOptions{})
	if _, err := pub.Publish(ctx, 2); err != nil {
		t.Fatal(err)
	}
	entries, err := p.outbox.Claim(ctx, outbox.Claim{Now: time.Now(), Lease: time.Minute, Limit: 100, Token: "test"})
	if err != nil || len(entries) != 5 {
		t.Fatalf("claimed %d, %v", len(entries), err)
	}
	byTo := map[string]outbox.Entry{}
	for _, e := range entries {
		byTo[e.Message.To[0].Email] = e
		if e.Message.To[0].Email != "a4@example.com" { // a4's is still with the relay
			if err := p.outbox.MarkSent(ctx, e.ID, "test", time.Now()); err != nil {
				t.Fatal(err)
			}
		}
	}
	list := hygiene.NewService(mailstore.NewHygiene(p.db), hygiene.Policy{}, nil)
	if _, err := list.Record(ctx, []hygiene.Event{
		{Kind: hygiene.Delivery, MessageID: byTo["a0@example.com"].Message.MessageID, Source: "test"},
		{Kind: hygiene.Delivery, MessageID: byTo["a1@example.com"].Message.MessageID, Source: "test"},
		{Kind: hygiene.Bounce, Bounce: hygiene.Hard, MessageID: "<" + byTo["a2@example.com"].Message.MessageID + ">", Source: "test"},
		{Kind: hygiene.Complaint, Email: "A1@example.com", Source: "test"}, // by address: no Message-ID
		{Kind: hygiene.Delivery, Email: "someone-else@example.com", Source: "test"},
	}); err != nil {
		t.Fatal(err)
	}
	for _, who := range []string{"a3@example.com"} {
		sub := p.add(t, who, newsletter.StateConfirmed) // known: returns them as they are
		if _, err := p.store.Unsubscribe(ctx, sub.ID, time.Now().Add(24*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	got, err := pub.Results(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := newsletter.Results{Sent: 4, Delivered: 2, Bounced: 1, Complained: 1, Unsubscribed: 1}
	if len(got) != 1 || got[2] != want {
		t.Errorf("results %+v, want edition 2: %+v", got, want)
	}
}
