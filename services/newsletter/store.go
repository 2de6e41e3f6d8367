package newsletter

import (
	"context"
	"errors"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

// Store keeps subscribers, their confirmation tokens and the unsubscribe signing key.
// Every method that changes a subscriber does so atomically, and queues the emails
// the change calls for in the same transaction (through the mail outbox), so that a
// subscriber is never stored without their email nor an email queued for a change
// that did not happen. Implementations must be safe for concurrent use, also from
// several processes on one database: two requests racing for the same address or the
// same token get one winner, never two confirmation emails or two welcomes.
type Store interface {
	// Subscribe stores a new subscriber, or renews the subscription of the known one
	// with s.EmailKey, and decides whether to send a confirmation:
	//   - unknown address: added as unconfirmed (SubscribeAdded);
	//   - unconfirmed or unsubscribed, with no confirmation queued after s.SentBefore:
	//     unconfirmed again, with s's email and name, subscribed at s.At if it was
	//     unsubscribed (SubscribeRenewed);
	//   - confirmed, or a confirmation queued after s.SentBefore: unchanged
	//     (SubscribeUnchanged), nothing stored or queued.
	// For SubscribeAdded and SubscribeRenewed it stores s.Token for the subscriber and
	// queues emails(subscriber); if emails fails, nothing is stored.
	Subscribe(ctx context.Context, s Subscription, emails EmailsFunc) (SubscribeOutcome, Subscriber, error)
	// Confirm uses the confirmation token with this hash at time at: an unused,
	// unexpired token of an unconfirmed subscriber confirms them, uses up every token
	// of theirs and queues emails(subscriber) (Confirmed). Otherwise nothing changes:
	// AlreadyConfirmed when the subscriber is confirmed, ConfirmExpired for an unused
	// token past its expiry, ConfirmInvalid for an unknown or used token. The
	// subscriber is returned with every outcome but ConfirmInvalid.
	Confirm(ctx context.Context, tokenHash string, at time.Time, emails EmailsFunc) (ConfirmOutcome, Subscriber, error)
	// Unsubscribe makes subscriber id unsubscribed at time at and withdraws their
	// confirmation tokens; unsubscribing again changes nothing. ErrNotFound for an
	// unknown id.
	Unsubscribe(ctx context.Context, id int64, at time.Time) (Subscriber, error)
	// Subscriber returns subscriber id, or ErrNotFound.
	Subscriber(ctx context.Context, id int64) (Subscriber, error)
	// Counts returns how many subscribers are in each state.
	Counts(ctx context.Context) (Counts, error)
	// List returns up to limit subscribers in state (any state if empty), newest
	// subscription first, after skipping offset; and how many match in all.
	List(ctx context.Context, state State, limit, offset int) ([]Subscriber, int, error)
	// Confirmed returns every confirmed subscriber, the longest confirmed first: the
	// recipients of an edition.
	Confirmed(ctx context.Context) ([]Subscriber, error)
	// Import adds subs, addresses the file of an import brought, in one transaction:
	// all of them or, on an error, none. Each is stored as it says (state, times, name),
	// with source 'import'. The StateUnconfirmed ones, in the order of subs, get their
	// confirmation while imports have sent fewer than perDay on at's day (UTC, counted
	// in the store, so every replica's imports count against one limit): their Token
	// stored, the confirmation counted as sent at at, and emails(subscriber) queued;
	// the rest are stored unconfirmed with no link and nothing queued (Held). An address
	// already known (in any state, any case) is left as it is: it is returned in Known,
	// by EmailKey, with its state, and nothing of it is stored; but one owed the
	// confirmation an earlier import held back, if its row here is unconfirmed, gets it
	// (with this row's Token) within the same limit (Resent), or stays Held.
	Import(ctx context.Context, subs []ImportedSubscriber, at time.Time, perDay int, emails EmailsFunc) (ImportOutcome, error)
	// Remind gives their one reminder to up to limit unconfirmed subscribers never
	// reminded whose last confirmation was queued after sentAfter and at or before
	// sentBefore, the oldest first: each is marked reminded at at, remind(subscriber)
	// says the fresh link to store and the emails to queue, all in one transaction,
	// and nobody is reminded twice, also by processes racing. It returns how many were.
	Remind(ctx context.Context, sentAfter, sentBefore, at time.Time, limit int, remind RemindFunc) (int, error)
	// SigningKey returns the key unsubscribe tokens are signed with. The first call on
	// a new store keeps candidate and returns it; every later call, from any process,
	// returns that same key.
	SigningKey(ctx context.Context, candidate []byte) ([]byte, error)
}

// Subscription is a request to subscribe, as the store needs it.
type Subscription struct {
	Email    string // as entered, trimmed
	EmailKey string // EmailKey(Email): one subscriber per key
	Name     string // may be empty
	At       time.Time
	// SentBefore: a known subscriber gets a new confirmation only if their last was
	// queued at or before this time (At less the resend interval).
	SentBefore time.Time
	Token      ConfirmationToken // stored when a confirmation is sent
}

// ImportedSubscriber is a row of an import, checked, as the store adds it.
type ImportedSubscriber struct {
	Email    string // as in the file, trimmed
	EmailKey string // EmailKey(Email)
	Name     string
	State    State
	// SubscribedAt is always set; ConfirmedAt for StateConfirmed (and kept for an
	// unsubscribed one that had been confirmed); UnsubscribedAt for StateUnsubscribed.
	SubscribedAt, ConfirmedAt, UnsubscribedAt time.Time
	Token                                     ConfirmationToken // StateUnconfirmed only
	// Suppression, if set, is the address's suppression in the export it came from
	// (this site's): Service.Import puts it on the mail's suppression list.
	Suppression *hygiene.Suppression
}

// ImportOutcome is what Store.Import did besides adding subscribers.
type ImportOutcome struct {
	// Known are the addresses already on the list, by EmailKey, with their state.
	Known map[string]State
	// Held are the unconfirmed subscribers added, or owed theirs, without a
	// confirmation (by EmailKey): the day's import confirmations had all been sent.
	Held map[string]bool
	// Resent are the known subscribers (by EmailKey) an earlier import held the
	// confirmation of back, who got it now.
	Resent map[string]bool
}

// ConfirmationToken is what the store keeps of a confirmation link's token.
type ConfirmationToken struct {
	Hash      string // HashToken(token)
	ExpiresAt time.Time
}

// EmailsFunc renders the emails about a subscriber once the store knows who they are
// (their id is in the unsubscribe link).
type EmailsFunc func(Subscriber) ([]mail.Message, error)

// RemindFunc makes a reminder for a subscriber: the link to store and the emails.
type RemindFunc func(Subscriber) (ConfirmationToken, []mail.Message, error)

// SubscribeOutcome is what Subscribe did. The visitor is never told: every outcome
// answers the same.
type SubscribeOutcome int

const (
	// SubscribeAdded stored a new, unconfirmed subscriber and queued a confirmation.
	SubscribeAdded SubscribeOutcome = iota + 1
	// SubscribeRenewed queued a fresh confirmation for a known address that is not
	// confirmed (unconfirmed, or unsubscribed and subscribing again).
	SubscribeRenewed
	// SubscribeUnchanged did nothing: the address is confirmed, or got a confirmation
	// within the resend interval.
	SubscribeUnchanged
)

func (o SubscribeOutcome) String() string {
	switch o {
	case SubscribeAdded:
		return "added"
	case SubscribeRenewed:
		return "renewed"
	case SubscribeUnchanged:
		return "unchanged"
	}
	return "unknown"
}

// ConfirmOutcome is what opening a confirmation link did.
type ConfirmOutcome int

const (
	// ConfirmInvalid: the token is malformed, unknown, already used by a subscriber
	// who is no longer confirmed, or withdrawn by unsubscribing.
	ConfirmInvalid ConfirmOutcome = iota
	// Confirmed the subscriber just now.
	Confirmed
	// AlreadyConfirmed: the subscriber was confirmed before (with this link or another).
	AlreadyConfirmed
	// ConfirmExpired: the token is past its expiry; subscribing again sends a new one.
	ConfirmExpired
)

func (o ConfirmOutcome) String() string {
	switch o {
	case Confirmed:
		return "confirmed"
	case AlreadyConfirmed:
		return "already_confirmed"
	case ConfirmExpired:
		return "expired"
	}
	return "invalid"
}

// ErrNotFound is returned by a Store for an unknown subscriber.
var ErrNotFound = errors.New("newsletter: no such subscriber")
