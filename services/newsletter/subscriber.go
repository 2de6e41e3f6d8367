package newsletter

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
)

// Name is the newsletter's name, as its emails and pages say it.
const Name = "DevOps Digest"

// State is where a subscriber is in their subscription.
type State string

const (
	// StateUnconfirmed has subscribed but not yet opened the confirmation link.
	StateUnconfirmed State = "unconfirmed"
	// StateConfirmed gets every edition.
	StateConfirmed State = "confirmed"
	// StateUnsubscribed gets nothing; subscribing again makes them unconfirmed.
	StateUnsubscribed State = "unsubscribed"
)

// States are every state, in the order of a subscription's life.
var States = []State{StateUnconfirmed, StateConfirmed, StateUnsubscribed}

// Valid reports whether s is one of States.
func (s State) Valid() bool {
	return s == StateUnconfirmed || s == StateConfirmed || s == StateUnsubscribed
}

// Subscriber is one address on the list.
type Subscriber struct {
	ID int64
	// Email is the address as last entered, for display and for sending; the store
	// keeps one subscriber per address whatever its case (EmailKey).
	Email string
	Name  string // may be empty
	State State
	// SubscribedAt is when the current subscription began: the first subscribe, or
	// subscribing again after unsubscribing.
	SubscribedAt   time.Time
	ConfirmedAt    time.Time // zero until confirmed; cleared when subscribing again
	UnsubscribedAt time.Time // zero unless unsubscribed
}

// Counts is how many subscribers are in each state.
type Counts struct {
	Unconfirmed  int `json:"unconfirmed"`
	Confirmed    int `json:"confirmed"`
	Unsubscribed int `json:"unsubscribed"`
}

// Total is the number of subscribers in any state.
func (c Counts) Total() int { return c.Unconfirmed + c.Confirmed + c.Unsubscribed }

// EmailKey is the form of an address that decides whether two subscriptions are the
// same: trimmed and lower-cased. Mailbox names are case-sensitive in theory and never
// in practice; one person typing their address in two ways must not get two
// subscriptions.
func EmailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// Limits, in characters (Unicode code points) after trimming.
const (
	NameMin  = 2
	NameMax  = 100
	EmailMax = 254 // RFC 5321's limit for a path
)

// What a visitor is told about a field. The first two are the spec's exact words.
const (
	MsgInvalidEmail   = "Please enter a valid email address"
	MsgNameTooShort   = "Name must be at least 2 characters"
	MsgNameTooLong    = "Name must be at most 100 characters"
	MsgNameNotOneLine = "Name must be a single line of text"
	MsgNameDirection  = "Name must not contain text direction control characters"
	MsgEmailTooLong   = "Email must be at most 254 characters"
)

// Form is what a visitor enters to subscribe.
type Form struct {
	Email string
	Name  string // optional
}

// Normalize returns the form trimmed.
func (f Form) Normalize() Form {
	return Form{Email: strings.TrimSpace(f.Email), Name: strings.TrimSpace(f.Name)}
}

// Validate returns the first problem of the (normalized) form in its order, name then
// email (an apperr Invalid error naming the field), or nil. An empty name is fine; a name given needs NameMin visible characters
// (it greets an address nobody has verified yet, so it must show as what it is: no
// invisible-only names, no direction controls). Nothing that could break an email
// header gets through.
func (f Form) Validate() error {
	switch n := utf8.RuneCountInString(f.Name); {
	case n == 0:
	case mail.VisibleLength(f.Name) < NameMin:
		return apperr.Field("name", MsgNameTooShort)
	case n > NameMax:
		return apperr.Field("name", MsgNameTooLong)
	case strings.ContainsFunc(f.Name, mail.BreaksLine):
		return apperr.Field("name", MsgNameNotOneLine)
	case mail.HasBidiControl(f.Name):
		return apperr.Field("name", MsgNameDirection)
	}
	switch {
	case utf8.RuneCountInString(f.Email) > EmailMax:
		return apperr.Field("email", MsgEmailTooLong)
	case !mail.ValidPlainAddress(f.Email):
		return apperr.Field("email", MsgInvalidEmail)
	}
	return nil
}
