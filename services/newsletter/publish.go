package newsletter

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

// Schedule is how often an edition comes out, as the admin shows it.
const Schedule = "Monthly"

// PublicationStatus is where a publication is: running until every recipient's email
// is queued, then done.
type PublicationStatus string

const (
	PublicationRunning PublicationStatus = "running"
	PublicationDone    PublicationStatus = "done"
)

// Publication is one send of an edition to the subscribers confirmed when it started.
type Publication struct {
	ID         int64
	EditionID  int
	Status     PublicationStatus
	StartedAt  time.Time
	FinishedAt time.Time // zero while running
	// Recipients is, while running, how many subscribers it goes to; once done, how
	// many emails it queued (fewer if some unsubscribed meanwhile).
	Recipients int
}

// Delivery is one recipient's email of a publication.
type Delivery struct {
	SubscriberID int64
	Message      mail.Message
}

// PublicationStore keeps publications and their recipients. A publication's
// recipients are fixed when it starts, and each one's email is queued in the mail
// outbox in the same transaction that records it, so a process stopped mid-way
// leaves exactly the unqueued ones for whoever resumes. Implementations must be safe
// for concurrent use, also from several processes on one database.
type PublicationStore interface {
	// StartPublication records a running publication of edition editionID started at
	// at, whose recipients are the subscribers confirmed now, none of them queued
	// yet. ErrPublishing if a publication of that edition is running.
	StartPublication(ctx context.Context, editionID int, at time.Time) (Publication, error)
	// PendingRecipients returns up to limit recipients of publication id whose email
	// is neither queued nor skipped, as they are now (one may have unsubscribed since).
	PendingRecipients(ctx context.Context, id int64, limit int) ([]Subscriber, error)
	// QueueDeliveries, in one transaction, queues each delivery's email in the outbox
	// and records it, and records the skipped subscribers as skipped. If another
	// process has recorded any of them already, or a delivery's subscriber is no
	// longer confirmed, it does nothing and returns ErrDeliveriesChanged.
	QueueDeliveries(ctx context.Context, id int64, deliveries []Delivery, skipped []int64) error
	// FinishPublication marks publication id done at at, with the number of emails it
	// queued, and returns it; a publication already done is returned as it is.
	FinishPublication(ctx context.Context, id int64, at time.Time) (Publication, error)
	// RunningPublications returns the publications not done, oldest first.
	RunningPublications(ctx context.Context) ([]Publication, error)
	// LastPublications returns the last done publication of each edition published at
	// least once, by edition id.
	LastPublications(ctx context.Context) ([]Publication, error)
	// The owner's scheduled editions (schedule.go).
	ScheduleStore
	// What became of the emails (results.go).
	ResultsStore
}

var (
	// ErrUnknownEdition: no edition of content has that id.
	ErrUnknownEdition = apperr.New(apperr.NotFound, "There is no such edition.")
	// ErrPublishing: a publication of the edition is running; one at a time.
	ErrPublishing = apperr.New(apperr.Conflict, "This edition is being published right now. Please wait until it is done.")
	// ErrDeliveriesChanged: another process queued some of the deliveries first, or
	// a recipient unsubscribed since they were read; read the pending ones again.
	ErrDeliveriesChanged = errors.New("newsletter: the pending deliveries changed")
)

// EditionRenderer renders an edition's email for one subscriber (Service.EditionEmail):
// the subject, the text and HTML bodies, their own unsubscribe link and headers.
type EditionRenderer interface {
	EditionEmail(ed content.Edition, sub Subscriber) (mail.Message, error)
}

// DefaultBatchSize is how many emails PublisherOptions queues per transaction.
const DefaultBatchSize = 500

// PublisherOptions tune a Publisher. The zero value uses the defaults.
type PublisherOptions struct {
	// BatchSize is how many recipients' emails are queued per transaction: a crash
	// loses at most the batch in flight, which Resume queues again.
	BatchSize int
	// Now is the clock; tests set it.
	Now func() time.Time
	// Notify, if set, is called after each batch is queued, to wake the mail worker.
	Notify func()
	// BeforeBatch, if set, is called before each batch is queued, with the batch's
	// number from 1; an error stops the publication there, as a crash would. For
	// tests: to hold a publication mid-way, or to stop it.
	BeforeBatch func(ctx context.Context, p Publication, batch int) error
	// Editions, if set, are the editions as the newsletter's section serves them now
	// (a newer release can add one); NewPublisher's are then not used.
	Editions func() []content.Edition
	// Suppressions, if set, is the mail's suppression list: a recipient on it (a hard
	// bounce, a complaint) is skipped, as one who unsubscribed is, and counted apart
	// from those who got the edition. The outbox holds back what reaches it anyway.
	Suppressions Suppressions
}

// Suppressions says which addresses get no email (mail/hygiene.Service), by
// mail.AddressKey.
type Suppressions interface {
	Suppressed(ctx context.Context, emails []string) (map[string]hygiene.Suppression, error)
}

// Publisher sends editions to the confirmed subscribers through the mail outbox. The
// outbox's worker sends at its own pace (its rate limit keeps a long list from
// overwhelming the SMTP relay); publishing only queues.
type Publisher struct {
	store    PublicationStore
	render   EditionRenderer
	editions []content.Edition
	opts     PublisherOptions
}

// NewPublisher returns a publisher of editions (content.LoadEditions) keeping its
// publications in store and rendering each email with render.
func NewPublisher(store PublicationStore, render EditionRenderer, editions []content.Edition, opts PublisherOptions) *Publisher {
	if opts.BatchSize <= 0 {
		opts.BatchSize = DefaultBatchSize
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Publisher{store: store, render: render, editions: editions, opts: opts}
}

// Editions returns the editions it publishes, #1 first.
func (p *Publisher) Editions() []content.Edition {
	if p.opts.Editions != nil {
		return p.opts.Editions()
	}
	return p.editions
}

// PublishResult is a finished publication and its edition's title.
type PublishResult struct {
	Publication
	Title string
}

// Publish sends edition editionID to every subscriber confirmed now: one email each,
// queued in the outbox, and returns once all are queued. ErrUnknownEdition for an id
// not in content, ErrPublishing while the same edition is being published.
//
// Once started it carries on when ctx is cancelled (an admin closing the tab must
// not leave a publication half-queued); a process that stops mid-way leaves it
// running, and Resume finishes it (at start-up, or within a minute on a live replica).
func (p *Publisher) Publish(ctx context.Context, editionID int) (PublishResult, error) {
	ed, ok := content.FindEdition(p.Editions(), editionID)
	if !ok {
		return PublishResult{}, ErrUnknownEdition
	}
	pub, err := p.store.StartPublication(ctx, ed.ID, p.opts.Now().UTC())
	if err != nil {
		if errors.Is(err, ErrPublishing) {
			return PublishResult{}, ErrPublishing
		}
		return PublishResult{}, fmt.Errorf("newsletter: publish edition %d: %w", ed.ID, err)
	}
	return p.finish(context.WithoutCancel(ctx), ed, pub)
}

// Resume finishes the publications left running that started before startedBefore,
// because the process publishing them stopped: only the recipients whose email was
// not queued get it now, so nobody is missed and nobody gets it twice. The gateway
// calls it when it starts and then now and again, so that a live replica also takes
// over from a dead one; startedBefore leaves fresh publications to the process
// publishing them (several can work on one safely, but they would slow each other).
func (p *Publisher) Resume(ctx context.Context, startedBefore time.Time) ([]PublishResult, error) {
	running, err := p.store.RunningPublications(ctx)
	if err != nil {
		return nil, fmt.Errorf("newsletter: resume: %w", err)
	}
	var done []PublishResult
	var errs []error
	for _, pub := range running {
		if !pub.StartedAt.Before(startedBefore) {
			continue
		}
		ed, ok := content.FindEdition(p.Editions(), pub.EditionID)
		if !ok {
			// The edition left content since: nothing can be rendered for the rest.
			// Finishing records what was queued rather than leave it running forever.
			fin, err := p.store.FinishPublication(ctx, pub.ID, p.opts.Now().UTC())
			if err != nil {
				errs = append(errs, err)
				continue
			}
			done = append(done, PublishResult{Publication: fin})
			continue
		}
		r, err := p.finish(ctx, ed, pub)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		done = append(done, r)
	}
	return done, errors.Join(errs...)
}

// ResumeEvery finishes the publications that stopped processes left running, until
// ctx is done: at once every one started before now, then at each interval of every
// those started more than every ago (a replica that died mid-publish, with the others
// still up). Each round's results go to report, with its error unless ctx was done
// (stopping is not a failure). Only the recipients whose email was not queued get it;
// what a round had not queued when ctx ended is queued by the next one, here or on
// another replica.
func (p *Publisher) ResumeEvery(ctx context.Context, every time.Duration, report func(resumed []PublishResult, err error)) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	startedBefore := time.Now()
	for {
		resumed, err := p.Resume(ctx, startedBefore)
		if ctx.Err() != nil {
			err = nil
		}
		report(resumed, err)
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			startedBefore = now.Add(-every)
		}
	}
}

// maxRetries bounds how often in a row a batch may find its deliveries changed under
// it before finish gives up (and leaves the publication to the next resume).
const maxRetries = 10

// finish queues the pending recipients of pub in batches, then marks it done.
func (p *Publisher) finish(ctx context.Context, ed content.Edition, pub Publication) (PublishResult, error) {
	retries := 0
	for batch := 1; ; batch++ {
		recipients, err := p.store.PendingRecipients(ctx, pub.ID, p.opts.BatchSize)
		if err != nil {
			return PublishResult{}, fmt.Errorf("newsletter: publish edition %d: %w", ed.ID, err)
		}
		if len(recipients) == 0 {
			break
		}
		if p.opts.BeforeBatch != nil {
			if err := p.opts.BeforeBatch(ctx, pub, batch); err != nil {
				return PublishResult{}, fmt.Errorf("newsletter: publish edition %d: %w", ed.ID, err)
			}
		}
		suppressed, err := p.suppressed(ctx, recipients)
		if err != nil {
			return PublishResult{}, fmt.Errorf("newsletter: publish edition %d: %w", ed.ID, err)
		}
		deliveries := make([]Delivery, 0, len(recipients))
		var skipped []int64
		for _, sub := range recipients {
			if sub.State != StateConfirmed || suppressed[EmailKey(sub.Email)] {
				skipped = append(skipped, sub.ID)
				continue
			}
			m, err := p.render.EditionEmail(ed, sub)
			if err != nil {
				return PublishResult{}, err
			}
			deliveries = append(deliveries, Delivery{SubscriberID: sub.ID, Message: m})
		}
		err = p.store.QueueDeliveries(ctx, pub.ID, deliveries, skipped)
		switch {
		case errors.Is(err, ErrDeliveriesChanged) && retries < maxRetries:
			// Another process is resuming the same publication, or someone
			// unsubscribed: the next read leaves out what it queued and skips them.
			retries++
			continue
		case err != nil:
			return PublishResult{}, fmt.Errorf("newsletter: publish edition %d: %w", ed.ID, err)
		}
		retries = 0
		if p.opts.Notify != nil {
			p.opts.Notify()
		}
	}
	fin, err := p.store.FinishPublication(ctx, pub.ID, p.opts.Now().UTC())
	if err != nil {
		return PublishResult{}, fmt.Errorf("newsletter: publish edition %d: %w", ed.ID, err)
	}
	return PublishResult{Publication: fin, Title: ed.Title}, nil
}

// suppressed is which of recipients' addresses are suppressed, by EmailKey.
func (p *Publisher) suppressed(ctx context.Context, recipients []Subscriber) (map[string]bool, error) {
	if p.opts.Suppressions == nil {
		return nil, nil
	}
	emails := make([]string, len(recipients))
	for i, sub := range recipients {
		emails[i] = sub.Email
	}
	list, err := p.opts.Suppressions.Suppressed(ctx, emails)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(list))
	for key := range list {
		out[key] = true
	}
	return out, nil
}

// LastPublications returns the last finished publication of each edition published
// at least once, by edition id.
func (p *Publisher) LastPublications(ctx context.Context) (map[int]Publication, error) {
	list, err := p.store.LastPublications(ctx)
	if err != nil {
		return nil, fmt.Errorf("newsletter: publications: %w", err)
	}
	out := make(map[int]Publication, len(list))
	for _, pub := range list {
		out[pub.EditionID] = pub
	}
	return out, nil
}
