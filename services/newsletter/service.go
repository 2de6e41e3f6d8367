package newsletter

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

// Defaults of Options.
const (
	DefaultConfirmTTL     = 72 * time.Hour
	DefaultResendInterval = 10 * time.Minute
	// DefaultImportConfirmationsPerDay: a list of a few hundred addresses is confirmed
	// over a few days, and a file of strangers' addresses reaches a hundred of them a
	// day at most, not the whole file at the mail rate.
	DefaultImportConfirmationsPerDay = 100
)

// Options tune a Service. The zero value uses the defaults.
type Options struct {
	// ConfirmTTL is how long a confirmation link works.
	ConfirmTTL time.Duration
	// ResendInterval is the least time between two confirmation emails to one
	// address: subscribing again sooner sends nothing, so the form cannot be used to
	// flood someone's inbox.
	ResendInterval time.Duration
	// ImportConfirmationsPerDay is how many confirmation emails imports send per day
	// (UTC), all replicas together; the unconfirmed rows past it are imported without
	// one (ImportResult.ConfirmationsNotSent).
	ImportConfirmationsPerDay int
	// Now is the clock; tests set it.
	Now func() time.Time
	// Notify, if set, is called after emails were queued, to wake the mail worker.
	Notify func()
	// ReminderAfter is how long after their last confirmation email an unconfirmed
	// subscriber gets their one reminder (SendReminders); 0 sends none.
	ReminderAfter time.Duration
	// Suppressions, if set, takes the suppressions an import's file carries (this
	// site's export has them): the mail's suppression list.
	Suppressions SuppressionImporter
}

// SuppressionImporter puts suppressions on the mail's suppression list
// (hygiene.Service), keeping those there; it returns how many it added.
type SuppressionImporter interface {
	Import(ctx context.Context, sups []hygiene.Suppression) (int, error)
}

// Service is the newsletter's subscriptions: subscribing, confirming, unsubscribing
// and what the admin reads.
type Service struct {
	store          Store
	emails         Emails
	signer         unsubscribeSigner
	confirmTTL     time.Duration
	resendInterval time.Duration
	importPerDay   int
	reminderAfter  time.Duration
	suppressions   SuppressionImporter
	now            func() time.Time
	notify         func()
}

// NewService returns the service over store, sending emails as described by emails.
// It reads (or, on a new store, creates) the unsubscribe signing key.
func NewService(ctx context.Context, store Store, emails Emails, opts Options) (*Service, error) {
	key, err := store.SigningKey(ctx, newSigningKey())
	if err != nil {
		return nil, fmt.Errorf("newsletter: signing key: %w", err)
	}
	if len(key) < SigningKeySize {
		return nil, fmt.Errorf("newsletter: signing key: %d bytes stored, want %d", len(key), SigningKeySize)
	}
	s := &Service{
		store:          store,
		emails:         emails,
		signer:         unsubscribeSigner{key: key},
		confirmTTL:     opts.ConfirmTTL,
		resendInterval: opts.ResendInterval,
		importPerDay:   opts.ImportConfirmationsPerDay,
		reminderAfter:  opts.ReminderAfter,
		suppressions:   opts.Suppressions,
		now:            opts.Now,
		notify:         opts.Notify,
	}
	if s.confirmTTL <= 0 {
		s.confirmTTL = DefaultConfirmTTL
	}
	if s.resendInterval <= 0 {
		s.resendInterval = DefaultResendInterval
	}
	if s.importPerDay <= 0 {
		s.importPerDay = DefaultImportConfirmationsPerDay
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s, nil
}

// remindersPerRound bounds one round of SendReminders' reads.
const remindersPerRound = 100

// SendReminders queues the one reminder owed to each unconfirmed subscriber whose last
// confirmation went out ReminderAfter ago or more (but no longer ago than that plus a
// link's life: one who let the link lapse long ago is not written to again). Each
// reminder carries a fresh link, valid for ConfirmTTL from now; the first link works
// too while it lasts. Every replica may call it: nobody gets two. It returns how many
// it queued.
func (s *Service) SendReminders(ctx context.Context) (int, error) {
	if s.reminderAfter <= 0 {
		return 0, nil
	}
	total := 0
	for {
		now := s.clock()
		before := now.Add(-s.reminderAfter)
		n, err := s.store.Remind(ctx, before.Add(-s.confirmTTL), before, now, remindersPerRound, func(sub Subscriber) (ConfirmationToken, []mail.Message, error) {
			token, hash := newConfirmToken()
			m, err := s.reminderEmail(sub, token)
			return ConfirmationToken{Hash: hash, ExpiresAt: now.Add(s.confirmTTL)}, []mail.Message{m}, err
		})
		total += n
		if n > 0 {
			s.wake()
		}
		if err != nil || n < remindersPerRound {
			return total, err
		}
	}
}

// ErrInvalidToken is returned for a link that is not one of ours, or names nobody.
var ErrInvalidToken = apperr.New(apperr.Invalid, "This link is not valid.")

// unavailable is a store failure (apperr.Unavailable: nothing was done, and the
// visitor should try again later, as message says), unless it is a problem of ours
// (rendering an email, own), which no retry fixes.
func unavailable(err error, own error, message string) error {
	if own != nil {
		return own
	}
	return apperr.Wrap(apperr.Unavailable, message, fmt.Errorf("newsletter: %w", err))
}

func (s *Service) clock() time.Time { return s.now().UTC() }

// Subscribe subscribes the address of f, a signup Parse made (double opt-in): a new
// or not yet confirmed address is stored as unconfirmed and gets a confirmation email
// with a fresh link, at most once per resend interval; a confirmed address gets
// nothing. The outcome is for logs only: whatever it is, the visitor must be told the
// same. apperr.Unavailable is returned when the store failed. Once it returns nil, the
// subscriber and their email are stored; a mail server that is down only delays the
// email.
func (s *Service) Subscribe(ctx context.Context, f Signup) (SubscribeOutcome, error) {
	now := s.clock()
	token, hash := newConfirmToken()
	var renderErr error
	outcome, _, err := s.store.Subscribe(ctx, Subscription{
		Email:      f.Email,
		EmailKey:   EmailKey(f.Email),
		Name:       f.Name,
		At:         now,
		SentBefore: now.Add(-s.resendInterval),
		Token:      ConfirmationToken{Hash: hash, ExpiresAt: now.Add(s.confirmTTL)},
	}, func(sub Subscriber) ([]mail.Message, error) {
		m, err := s.confirmationEmail(sub, token)
		renderErr = err
		return []mail.Message{m}, err
	})
	if err != nil {
		return 0, unavailable(err, renderErr, "Your subscription could not be saved right now. Please try again later.")
	}
	if outcome != SubscribeUnchanged {
		s.wake()
	}
	return outcome, nil
}

// Confirm opens a confirmation link: see ConfirmOutcome. Confirming queues the
// welcome email. Only a store failure is an error (apperr.Unavailable).
func (s *Service) Confirm(ctx context.Context, token string) (ConfirmOutcome, error) {
	if !wellFormedConfirmToken(token) {
		return ConfirmInvalid, nil
	}
	outcome, _, err := s.store.Confirm(ctx, HashToken(token), s.clock(), func(sub Subscriber) ([]mail.Message, error) {
		m, err := s.welcomeEmail(sub)
		return []mail.Message{m}, err
	})
	if err != nil {
		// Whatever failed, the visitor can only open the link again later.
		return ConfirmInvalid, unavailable(err, nil, "Your subscription could not be confirmed right now. Please open the link again later.")
	}
	if outcome == Confirmed {
		s.wake()
	}
	return outcome, nil
}

// UnsubscribeTarget returns the subscriber an unsubscribe link is for, to show before
// they press the button; ErrInvalidToken if the link is not one of ours.
func (s *Service) UnsubscribeTarget(ctx context.Context, token string) (Subscriber, error) {
	return s.bySignedID(token, "Please open the link again later.",
		func(id int64) (Subscriber, error) { return s.store.Subscriber(ctx, id) })
}

// Unsubscribe unsubscribes the subscriber of an unsubscribe link. It is idempotent:
// unsubscribing twice is fine. ErrInvalidToken if the link is not one of ours.
func (s *Service) Unsubscribe(ctx context.Context, token string) (Subscriber, error) {
	return s.bySignedID(token, "You could not be unsubscribed right now. Please try again later.",
		func(id int64) (Subscriber, error) { return s.store.Unsubscribe(ctx, id, s.clock()) })
}

// bySignedID calls f with the subscriber id of an unsubscribe token. A token that is
// not ours, or names no subscriber, is ErrInvalidToken; a store failure is
// apperr.Unavailable with unavailable as its message.
func (s *Service) bySignedID(token, unavailable string, f func(id int64) (Subscriber, error)) (Subscriber, error) {
	id, err := s.signer.ID(token)
	if err != nil {
		return Subscriber{}, ErrInvalidToken
	}
	sub, err := f(id)
	switch {
	case errors.Is(err, ErrNotFound):
		return Subscriber{}, ErrInvalidToken
	case err != nil:
		return Subscriber{}, apperr.Wrap(apperr.Unavailable, unavailable, fmt.Errorf("newsletter: %w", err))
	}
	return sub, nil
}

func (s *Service) wake() {
	if s.notify != nil {
		s.notify()
	}
}

// Counts returns how many subscribers are in each state.
func (s *Service) Counts(ctx context.Context) (Counts, error) {
	return s.store.Counts(ctx)
}

// MaxPerPage is the largest page List returns.
const MaxPerPage = 500

// ListQuery asks for one page of subscribers.
type ListQuery struct {
	State   State // empty: every state
	Page    int   // 1-based; less than 1 is 1
	PerPage int   // 1 to MaxPerPage; out of range is 50
}

// SubscriberPage is one page of subscribers, newest subscription first.
type SubscriberPage struct {
	Items   []Subscriber
	Page    int
	PerPage int
	Total   int // subscribers matching the query, on every page
}

// List returns one page of subscribers, newest subscription first.
func (s *Service) List(ctx context.Context, q ListQuery) (SubscriberPage, error) {
	if q.State != "" && !slices.Contains(States, q.State) {
		return SubscriberPage{}, fmt.Errorf("newsletter: unknown state %q", q.State)
	}
	if q.Page < 1 {
		q.Page = 1
	}
	if q.PerPage < 1 || q.PerPage > MaxPerPage {
		q.PerPage = 50
	}
	offset := (q.Page - 1) * q.PerPage
	if q.Page > math.MaxInt32/q.PerPage {
		offset = math.MaxInt32 // far past the last page: empty, not an overflow
	}
	items, total, err := s.store.List(ctx, q.State, q.PerPage, offset)
	if err != nil {
		return SubscriberPage{}, err
	}
	return SubscriberPage{Items: items, Page: q.Page, PerPage: q.PerPage, Total: total}, nil
}

// All returns every subscriber, newest subscription first (the CSV export).
func (s *Service) All(ctx context.Context) ([]Subscriber, error) {
	items, _, err := s.store.List(ctx, "", math.MaxInt32, 0)
	return items, err
}

// Confirmed returns every confirmed subscriber: who an edition goes to.
func (s *Service) Confirmed(ctx context.Context) ([]Subscriber, error) {
	return s.store.Confirmed(ctx)
}
