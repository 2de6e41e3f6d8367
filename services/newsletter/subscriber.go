package newsletter

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/portfolio-site/portfolio/content/formfields"
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
	// Source is where the subscriber came from, as first recorded.
	Source Source
}

// Source is where a subscriber came from.
type Source string

const (
	// SourceForm subscribed through the site's form.
	SourceForm Source = "form"
	// SourceImport came in with a CSV file the admin imported (Service.Import).
	SourceImport Source = "import"
)

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
func EmailKey(email string) string { return mail.AddressKey(email) }

// Form is what a visitor enters to subscribe.
type Form struct {
	Email string
	Name  string // optional
}

// Signup is a subscription request Parse found valid: trimmed, with a plain address
// and a name that is empty or shows as one line of its own.
type Signup struct {
	Email string
	Name  string
}

// Parse checks f once and returns it as a Signup, or an apperr Invalid error naming
// every field at fault, in the form's order (name, then email): the first in Field, all
// in Problems (as contact.Parse does, decision 0025). An empty name is fine; a name
// given needs formfields.NameMin visible characters (it greets an address nobody has verified
// yet, so it must show as what it is: no invisible-only names, no direction controls).
// Nothing that could break an email header gets through.
func Parse(f Form) (Signup, error) {
	s := Signup{Email: strings.TrimSpace(f.Email), Name: strings.TrimSpace(f.Name)}
	var ps []apperr.Problem
	if msg := nameProblem(s.Name); msg != "" {
		ps = append(ps, apperr.Problem{Field: "name", Message: msg})
	}
	switch {
	case utf8.RuneCountInString(s.Email) > formfields.EmailMax:
		ps = append(ps, apperr.Problem{Field: "email", Message: formfields.MsgEmailTooLong})
	case !mail.ValidPlainAddress(s.Email):
		ps = append(ps, apperr.Problem{Field: "email", Message: formfields.MsgInvalidEmail})
	}
	if len(ps) > 0 {
		return Signup{}, apperr.Fields(ps...)
	}
	return s, nil
}

func nameProblem(name string) string {
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
	case mail.VisibleLength(name) < formfields.NameMin:
		return formfields.MsgNameTooShort
	case n > formfields.NameMax:
		return formfields.MsgNameTooLong
	case strings.ContainsFunc(name, mail.BreaksLine):
		return formfields.MsgNameNotOneLine
	case mail.HasBidiControl(name):
		return formfields.MsgNameDirection
	case mail.HasInvisible(name):
		return formfields.MsgNameInvisible
	}
	return ""
}
