// Package hygiene keeps the site's mail trusted: what happened to its emails after
// they left (bounces, complaints, deliveries, reported by the relay's webhooks), and
// the suppression list that follows from it. A hard bounce or a complaint suppresses
// the address at once; soft bounces suppress it after Policy.SoftBounces of them
// within Policy.SoftWindow. A suppressed address gets no email from the outbox, of
// any kind (Transport), until the owner lifts the suppression.
//
// Events are matched to the outbox's email by its Message-ID when they carry one (the
// address acted on is then that email's recipient), else by their address. Each event
// has a key (Event.Key): a repeated or replayed event is recognised and changes
// nothing.
//
// Store is the storage it needs; mail/sqlstore implements it (Hygiene) on SQLite and
// PostgreSQL, in the outbox's database.
package hygiene

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
)

// Kind is what happened to an email.
type Kind string

const (
	// Bounce: the receiving server refused the email (hard: for good; soft: for now).
	Bounce Kind = "bounce"
	// Complaint: the recipient marked the email as spam.
	Complaint Kind = "complaint"
	// Delivery: the receiving server accepted the email.
	Delivery Kind = "delivery"
)

// BounceType says whether a bounce is permanent.
type BounceType string

const (
	// Hard is a permanent failure: no such mailbox, domain, or a refusal for good.
	Hard BounceType = "hard"
	// Soft is a temporary one: a full mailbox, a server down, a message too large.
	Soft BounceType = "soft"
)

// Event is one report of what happened to an email.
type Event struct {
	Kind   Kind
	Bounce BounceType // Bounce only
	// Email is the recipient the report names; MessageID (without angle brackets) the
	// email's, when the report has it. At least one is needed.
	Email     string
	MessageID string
	At        time.Time // when it happened; zero is when it was received
	// Source names who reported it: "webhook" (the generic one), "sendgrid".
	Source string
	// ID is the reporter's own id of the event, if it has one: then a repeat is
	// recognised by it; else by the event's contents (Key).
	ID string
	// Detail is what the reporter said of it (a bounce's reply), for the admin.
	Detail string
}

// MaxDetail bounds Event.Detail as stored.
const MaxDetail = 500

// Key identifies the event among every one received: the reporter's id when it has
// one, else a hash of what the event says (as received: an event without a time is
// the same event whenever it arrives). A repeated event has the same key.
func (e Event) Key() string {
	if e.ID != "" {
		return e.Source + ":" + e.ID
	}
	return e.Source + ":" + e.contentID()
}

func (e Event) contentID() string {
	at := ""
	if !e.At.IsZero() {
		at = strconv.FormatInt(e.At.UnixMilli(), 10)
	}
	sum := sha256.Sum256([]byte(strings.Join([]string{
		string(e.Kind), string(e.Bounce), mail.AddressKey(e.Email), strings.Trim(e.MessageID, "<>"), at,
	}, "\x00")))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Check validates e, naming the field at fault (prefix.field) in an apperr.Invalid.
func (e Event) Check(prefix string) error {
	field := func(name string) string { return prefix + name }
	switch e.Kind {
	case Bounce:
		if e.Bounce != Hard && e.Bounce != Soft {
			return apperr.Field(field("bounce"), `A bounce must say "hard" or "soft".`)
		}
	case Complaint, Delivery:
		// A "bounce" on another event says nothing: ignored (Service.Record drops it).
	default:
		return apperr.Field(field("type"), `The type must be "bounce", "complaint" or "delivery".`)
	}
	if e.Email == "" && e.MessageID == "" {
		return apperr.Field(field("email"), "An event needs the recipient's email or the email's message_id.")
	}
	if e.Email != "" && !mail.ValidPlainAddress(e.Email) {
		return apperr.Field(field("email"), "The email is not a plain email address.")
	}
	if id := strings.Trim(e.MessageID, "<>"); e.MessageID != "" && (!strings.Contains(id, "@") || strings.ContainsAny(id, " \t\r\n<>")) {
		return apperr.Field(field("message_id"), "The message_id is not a Message-ID (<id@domain>).")
	}
	return nil
}

// Reason is why an address is suppressed.
type Reason string

const (
	ReasonHardBounce  Reason = "hard_bounce"
	ReasonComplaint   Reason = "complaint"
	ReasonSoftBounces Reason = "soft_bounces"
)

// Reasons are every reason, as export and import write them.
var Reasons = []Reason{ReasonHardBounce, ReasonComplaint, ReasonSoftBounces}

// Suppression is an address that gets no email.
type Suppression struct {
	Email  string
	Reason Reason
	At     time.Time // since when
	Detail string    // the event's, e.g. the bounce's reply
}

// Policy is when events suppress an address.
type Policy struct {
	// SoftBounces soft bounces of one address within SoftWindow suppress it (counted
	// since the suppression was last lifted).
	SoftBounces int
	SoftWindow  time.Duration
}

// DefaultPolicy: three soft bounces in a week, as a full mailbox that stays full.
var DefaultPolicy = Policy{SoftBounces: 3, SoftWindow: 7 * 24 * time.Hour}

// Outcome is what recording one event did.
type Outcome struct {
	// Duplicate: an event with its key was recorded before; nothing changed.
	Duplicate bool
	// Email is the address the event was applied to: the matched email's recipient,
	// else the event's own.
	Email string
	// OutboxID is the outbox's email the event's Message-ID matched, or 0.
	OutboxID int64
	// Suppressed is set when this event suppressed the address.
	Suppressed *Suppression
}

// Store keeps events and suppressions. Implementations must be safe for concurrent
// use, also from several processes on one database.
type Store interface {
	// Record stores e (its At and Detail as given) unless an event with its Key was
	// stored; matches it to the outbox's email by Message-ID; and, in the same
	// transaction, suppresses the address as p says (an address already suppressed
	// keeps its first reason). now is the time of receipt and of p's window.
	Record(ctx context.Context, e Event, p Policy, now time.Time) (Outcome, error)
	// Suppressed returns the suppressions in force of any of emails (any case).
	Suppressed(ctx context.Context, emails []string) ([]Suppression, error)
	// Suppressions returns every suppression in force, the newest first.
	Suppressions(ctx context.Context) ([]Suppression, error)
	// Lift ends the suppression of email at at; ErrNotSuppressed when none is in force.
	Lift(ctx context.Context, email string, at time.Time) error
	// Import suppresses each of sups as it says (reason, time), unless its address is
	// suppressed already, in one transaction; it returns how many it suppressed.
	Import(ctx context.Context, sups []Suppression) (int, error)
}

// ErrNotSuppressed is Lift's answer for an address that is not suppressed.
var ErrNotSuppressed = apperr.New(apperr.NotFound, "This address is not suppressed.")

// Service records events and answers which addresses are suppressed.
type Service struct {
	store  Store
	policy Policy
	now    func() time.Time
}

// NewService returns the service over store with policy (zero fields: DefaultPolicy's);
// now is the clock (nil: time.Now).
func NewService(store Store, policy Policy, now func() time.Time) *Service {
	if policy.SoftBounces <= 0 {
		policy.SoftBounces = DefaultPolicy.SoftBounces
	}
	if policy.SoftWindow <= 0 {
		policy.SoftWindow = DefaultPolicy.SoftWindow
	}
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, policy: policy, now: now}
}

// Summary is what a batch of events did.
type Summary struct {
	Received   int `json:"received"`
	Duplicates int `json:"duplicates"`
	Suppressed int `json:"suppressed"`
}

// MaxEvents is the most events one batch may carry.
const MaxEvents = 1000

// Record checks every event (an apperr.Invalid naming "events[i].field" refuses the
// whole batch, storing nothing), then records each. A store failure stops there: the
// reporter sends the batch again, and what was recorded is then recognised.
func (s *Service) Record(ctx context.Context, events []Event) (Summary, error) {
	if len(events) > MaxEvents {
		return Summary{}, apperr.Field("events", fmt.Sprintf("At most %d events per request.", MaxEvents))
	}
	for i, e := range events {
		if err := e.Check(fmt.Sprintf("events[%d].", i)); err != nil {
			return Summary{}, err
		}
	}
	var sum Summary
	now := s.now().UTC()
	for _, e := range events {
		if e.Kind != Bounce {
			e.Bounce = ""
		}
		if e.ID == "" {
			e.ID = e.contentID() // before At is filled in
		}
		e.MessageID = strings.Trim(e.MessageID, "<>")
		if len(e.Detail) > MaxDetail {
			e.Detail = strings.ToValidUTF8(e.Detail[:MaxDetail], "")
		}
		if e.At.IsZero() || e.At.After(now) {
			e.At = now // a clock ahead of ours must not hold a soft bounce in the window
		}
		out, err := s.store.Record(ctx, e, s.policy, now)
		if err != nil {
			return sum, apperr.Wrap(apperr.Unavailable, "The events could not be recorded right now. Please send them again.", fmt.Errorf("hygiene: %w", err))
		}
		sum.Received++
		if out.Duplicate {
			sum.Duplicates++
		}
		if out.Suppressed != nil {
			sum.Suppressed++
		}
	}
	return sum, nil
}

// Suppressed returns which of emails are suppressed, by mail.AddressKey.
func (s *Service) Suppressed(ctx context.Context, emails []string) (map[string]Suppression, error) {
	list, err := s.store.Suppressed(ctx, emails)
	if err != nil {
		return nil, fmt.Errorf("hygiene: %w", err)
	}
	out := make(map[string]Suppression, len(list))
	for _, sup := range list {
		out[mail.AddressKey(sup.Email)] = sup
	}
	return out, nil
}

// Suppressions returns every suppression in force, the newest first.
func (s *Service) Suppressions(ctx context.Context) ([]Suppression, error) {
	return s.store.Suppressions(ctx)
}

// Lift ends email's suppression: it gets email again, and its soft bounces count anew.
func (s *Service) Lift(ctx context.Context, email string) error {
	err := s.store.Lift(ctx, email, s.now().UTC())
	if err != nil && !errors.Is(err, ErrNotSuppressed) {
		return fmt.Errorf("hygiene: lift: %w", err)
	}
	return err
}

// Import puts sups, an export's suppressions, on the list: an address suppressed
// already keeps its own. A suppression with an unknown reason or no address is
// refused (apperr.Invalid), and nothing is imported.
func (s *Service) Import(ctx context.Context, sups []Suppression) (int, error) {
	for _, sup := range sups {
		if !slices.Contains(Reasons, sup.Reason) || !mail.ValidPlainAddress(sup.Email) {
			return 0, apperr.New(apperr.Invalid, fmt.Sprintf("The suppression of %q (%s) is not one this site keeps.", sup.Email, sup.Reason))
		}
	}
	n, err := s.store.Import(ctx, sups)
	if err != nil {
		return 0, fmt.Errorf("hygiene: import: %w", err)
	}
	return n, nil
}
