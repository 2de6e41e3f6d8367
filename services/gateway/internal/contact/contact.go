// Package contact is the contact form's domain: a visitor's message, its rules (the
// message's and the subject's in content/contact.json, the name's and the email's every
// form's, content/formfields), and the Inbox that
// accepts a message by storing it and queueing the two emails about it in one step.
// It knows nothing of HTTP or SQL; the store is an interface (contact/sqlstore
// implements it). Its emails' templates are its own (emails/, EmailTemplates).
package contact

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/content/formfields"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
	"github.com/portfolio-site/portfolio/services/mail"
)

// Subjects are the form's subject values, in the form's order: content's schema's
// (content.ContactSubjects, decision 0019), their one source.
var Subjects = content.ContactSubjects

// The form's own limits and messages (MessageMin, MsgChooseSubject, …) are content's
// contact.json's, written into rules_gen.go (TestRulesAreTheContents keeps it current);
// the name's and the email's are every form's, content/formfields.
//go:generate go run github.com/portfolio-site/portfolio/content/cmd/formrules -form contact -package contact -out rules_gen.go

// Message is what a visitor sent through the contact form, as Parse made it.
type Message struct {
	ID        int64
	Name      string
	Email     string
	Subject   string // one of Subjects
	Body      string
	IP        string // the client's address, empty if unknown
	CreatedAt time.Time
	// AutoReplied is whether Submit queued the visitor's auto-reply (not past the cap).
	AutoReplied bool
}

// Form is the contact form's fields as a visitor sent them.
type Form struct {
	Name, Email, Subject, Message string
}

// Parse makes the message of f, trimmed and with line breaks as \n, if it keeps every
// rule; otherwise it returns an apperr Invalid error with every field's problem, in
// the form's order (name, email, subject, message), at most one per field (the first
// rule it breaks): the JSON API reports the first, a page that shows the form again
// shows them all. Nothing that could break an email header gets through: the name is
// one line without control characters and the address is a plain addr-spec. The name
// goes into the greeting of an auto-reply to an unverified address, so it must show
// as what it is: only visible characters count towards its least length, and no
// direction control may reorder it.
func Parse(f Form) (Message, error) {
	m := Message{
		Name:    strings.TrimSpace(f.Name),
		Email:   strings.TrimSpace(f.Email),
		Subject: strings.TrimSpace(f.Subject),
		Body:    strings.TrimSpace(strings.ReplaceAll(f.Message, "\r\n", "\n")),
	}
	var ps []apperr.Problem
	for _, check := range []func() *apperr.Problem{m.nameProblem, m.emailProblem, m.subjectProblem, m.bodyProblem} {
		if p := check(); p != nil {
			ps = append(ps, *p)
		}
	}
	if len(ps) > 0 {
		return Message{}, apperr.Fields(ps...)
	}
	return m, nil
}

func (m Message) nameProblem() *apperr.Problem {
	switch {
	case mail.VisibleLength(m.Name) < formfields.NameMin:
		return &apperr.Problem{Field: "name", Message: formfields.MsgNameTooShort}
	case utf8.RuneCountInString(m.Name) > formfields.NameMax:
		return &apperr.Problem{Field: "name", Message: formfields.MsgNameTooLong}
	case strings.ContainsFunc(m.Name, mail.BreaksLine):
		return &apperr.Problem{Field: "name", Message: formfields.MsgNameNotOneLine}
	case mail.HasBidiControl(m.Name):
		return &apperr.Problem{Field: "name", Message: formfields.MsgNameDirection}
	case mail.HasInvisible(m.Name):
		return &apperr.Problem{Field: "name", Message: formfields.MsgNameInvisible}
	}
	return nil
}

func (m Message) emailProblem() *apperr.Problem {
	switch {
	case utf8.RuneCountInString(m.Email) > formfields.EmailMax:
		return &apperr.Problem{Field: "email", Message: formfields.MsgEmailTooLong}
	case !ValidEmail(m.Email):
		return &apperr.Problem{Field: "email", Message: formfields.MsgInvalidEmail}
	}
	return nil
}

func (m Message) subjectProblem() *apperr.Problem {
	if !slices.Contains(Subjects, m.Subject) {
		return &apperr.Problem{Field: "subject", Message: MsgChooseSubject}
	}
	return nil
}

func (m Message) bodyProblem() *apperr.Problem {
	switch n := utf8.RuneCountInString(m.Body); {
	case n < MessageMin:
		return &apperr.Problem{Field: "message", Message: MsgMessageTooShort}
	case n > MessageMax:
		return &apperr.Problem{Field: "message", Message: MsgMessageTooLong}
	}
	return nil
}

// ValidEmail reports whether s is a plain address a reply can go to
// (mail.ValidPlainAddress, which the newsletter's form shares).
func ValidEmail(s string) bool { return mail.ValidPlainAddress(s) }

// Store keeps contact messages.
type Store interface {
	// Add stores m (setting m.ID) and queues emails, in one transaction: both or
	// neither.
	Add(ctx context.Context, m *Message, emails ...mail.Message) error
	// List returns up to limit messages, newest first.
	List(ctx context.Context, limit int) ([]Message, error)
}

// Emails says who the contact emails are from and to, and what they say about the
// site.
type Emails struct {
	From          mail.Address      // the sender of both emails (no-reply)
	Owner         mail.Address      // the owner's inbox: gets the notification, answers the auto-reply
	SiteName      string            // e.g. "DevOps Portfolio"
	ResponseTime  string            // e.g. "Usually within 24 hours"
	SubjectLabels map[string]string // subject value -> label, e.g. job -> "Job Opportunity"
	// AutoRepliesPerHour caps the auto-replies the Inbox queues per hour (bursts of as
	// many), whoever asks: each goes to an address nobody has verified. Past it a
	// message is still stored and the owner still notified. 0 sends none (an owner's
	// switch for a spam wave).
	AutoRepliesPerHour int
}

// For returns the two emails to queue about m (their bodies are rendered when they
// are sent, from emails/: templates.Transport): the owner's notification (Reply-To: the
// visitor) and the visitor's auto-reply (Reply-To: the owner).
func (e Emails) For(m Message) ([]mail.Message, error) {
	label := e.SubjectLabels[m.Subject]
	if label == "" {
		label = m.Subject
	}
	visitor := mail.Address{Name: m.Name, Email: m.Email}

	note, err := Notification{
		FromName:  m.Name,
		FromEmail: m.Email,
		Subject:   label,
		Message:   m.Body,
		ToEmail:   e.Owner.Email,
		SiteName:  e.SiteName,
		SentAt:    m.CreatedAt,
	}.Deferred()
	if err != nil {
		return nil, fmt.Errorf("contact: notification: %w", err)
	}
	reply, err := AutoReply{
		ToEmail:        m.Email,
		ToName:         m.Name,
		ReplyTo:        e.Owner.Email,
		UserEmail:      m.Email,
		ContactSubject: label,
		FromEmail:      e.Owner.Email,
		OwnerName:      e.Owner.Name,
		SiteName:       e.SiteName,
		ResponseTime:   e.ResponseTime,
	}.Deferred()
	if err != nil {
		return nil, fmt.Errorf("contact: auto-reply: %w", err)
	}
	note.From, note.To, note.ReplyTo = e.From, []mail.Address{e.Owner}, []mail.Address{visitor}
	reply.From, reply.To, reply.ReplyTo = e.From, []mail.Address{visitor}, []mail.Address{e.Owner}
	// RFC 3834: an automatic answer, so that the visitor's own auto-responder does not
	// answer it back.
	reply.Headers = []mail.Header{{Name: "Auto-Submitted", Value: "auto-replied"}}
	return []mail.Message{note, reply}, nil
}

// Inbox accepts contact messages.
type Inbox struct {
	store       Store
	emails      Emails
	notify      func()
	autoReplies *ratelimit.Limiter // nil: none are sent
}

// NewInbox returns an inbox that stores messages in store and queues emails as
// described by emails; notify (may be nil) is called after each accepted message, to
// wake the mail worker.
func NewInbox(store Store, emails Emails, notify func()) *Inbox {
	in := &Inbox{store: store, emails: emails, notify: notify}
	if emails.AutoRepliesPerHour > 0 {
		in.autoReplies = ratelimit.NewPer(emails.AutoRepliesPerHour, time.Hour, 1)
	}
	return in
}

// Submit stores m, a message Parse made, and queues both emails in one transaction
// (only the owner's past the auto-reply cap), and returns it with its ID and time.
// Once it returns nil the message and its emails are durable; the emails are sent in
// the background. A store failure is apperr.Unavailable.
func (in *Inbox) Submit(ctx context.Context, m Message) (Message, error) {
	m.CreatedAt = time.Now().UTC()
	emails, err := in.emails.For(m)
	if err != nil {
		return Message{}, err
	}
	// The cap is the site's, not a client's: one key. A message refused later by the
	// store has used up an auto-reply; that errs on the side of sending fewer.
	m.AutoReplied = in.autoReplies != nil
	if m.AutoReplied {
		m.AutoReplied, _ = in.autoReplies.Allow("site", m.CreatedAt)
	}
	if !m.AutoReplied {
		emails = emails[:1] // the owner's notification only
	}
	if err := in.store.Add(ctx, &m, emails...); err != nil {
		return Message{}, apperr.Wrap(apperr.Unavailable, "Your message could not be saved right now. Please try again later.", err)
	}
	if in.notify != nil {
		in.notify()
	}
	return m, nil
}

// List returns up to limit messages, newest first.
func (in *Inbox) List(ctx context.Context, limit int) ([]Message, error) {
	return in.store.List(ctx, limit)
}
