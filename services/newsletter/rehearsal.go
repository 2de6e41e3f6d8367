package newsletter

import (
	"context"
	"fmt"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates"
)

// TestSubjectPrefix starts the subject of a test send, so the owner's inbox (and any
// filter) tells it from the edition itself.
const TestSubjectPrefix = "[Test] "

// Queue queues emails in the mail outbox (the mail sqlstore's Outbox), each in a
// transaction of its own.
type Queue interface {
	Enqueue(ctx context.Context, msgs ...mail.Message) ([]int64, error)
}

// Rehearsal lets the owner see an edition's email before anyone else: a preview of
// both its parts, and a test send to the owner alone. It reads no subscriber and
// records no publication, so neither counts anywhere Publish does.
type Rehearsal struct {
	render   *Service
	editions func() []content.Edition
	owner    mail.Address
	queue    Queue
	notify   func()
	bodies   *templates.Registry // this module's emails, to render a preview with
}

// NewRehearsal returns the rehearsal of editions (as the newsletter section serves
// them now), rendered by render as for a subscriber who is the owner, test sends
// queued in queue (notify, if set, wakes the mail worker).
func NewRehearsal(render *Service, editions func() []content.Edition, owner mail.Address, queue Queue, notify func()) *Rehearsal {
	bodies, err := templates.NewRegistry(EmailTemplates()...)
	if err != nil {
		panic(err) // only a broken build: the module's own emails, each named once
	}
	return &Rehearsal{render: render, editions: editions, owner: owner, queue: queue, notify: notify, bodies: bodies}
}

// ownerAsSubscriber is who the rehearsal's emails are for: the owner, under id 0,
// which no subscriber has, so the email's unsubscribe link unsubscribes nobody.
func (r *Rehearsal) ownerAsSubscriber() Subscriber {
	return Subscriber{Email: r.owner.Email, Name: r.owner.Name, State: StateConfirmed}
}

// email is edition editionID's email to the owner, as queued (its bodies not rendered).
func (r *Rehearsal) email(editionID int) (mail.Message, error) {
	ed, ok := content.FindEdition(r.editions(), editionID)
	if !ok {
		return mail.Message{}, ErrUnknownEdition
	}
	return r.render.EditionEmail(ed, r.ownerAsSubscriber())
}

// Preview returns edition editionID's email as a subscriber gets it (the owner
// standing in for them), with its text and HTML bodies rendered, as the mail worker
// would send it. ErrUnknownEdition for an id not among the editions.
func (r *Rehearsal) Preview(_ context.Context, editionID int) (mail.Message, error) {
	m, err := r.email(editionID)
	if err != nil {
		return mail.Message{}, err
	}
	m, err = r.bodies.Expand(m)
	if err != nil {
		return mail.Message{}, fmt.Errorf("newsletter: preview of edition %d: %w", editionID, err)
	}
	return m, nil
}

// SendTest queues edition editionID's email to the owner alone, through the outbox
// like every email, its subject starting with TestSubjectPrefix, and returns it as
// queued. It starts no publication and reads no subscriber: Publish and the counts
// know nothing of it. ErrUnknownEdition for an id not among the editions.
func (r *Rehearsal) SendTest(ctx context.Context, editionID int) (mail.Message, error) {
	m, err := r.email(editionID)
	if err != nil {
		return mail.Message{}, err
	}
	m.Subject = TestSubjectPrefix + m.Subject
	if _, err := r.queue.Enqueue(ctx, m); err != nil {
		return mail.Message{}, fmt.Errorf("newsletter: test of edition %d: %w", editionID, err)
	}
	if r.notify != nil {
		r.notify()
	}
	return m, nil
}
