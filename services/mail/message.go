package mail

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	netmail "net/mail"
	"slices"
	"strings"
	"time"
	"unicode"
)

// Address is a mailbox: an optional display name and an email address.
type Address struct {
	Name  string `json:"name,omitempty"`
	Email string `json:"email"`
}

// String formats the address for a header, quoting and encoding the name as needed.
func (a Address) String() string {
	return (&netmail.Address{Name: a.Name, Address: a.Email}).String()
}

// ParseAddress reads one address such as `Portfolio <no-reply@example.com>` or
// `me@example.com`.
func ParseAddress(s string) (Address, error) {
	if err := checkHeaderValue(s); err != nil {
		return Address{}, fmt.Errorf("address %q: %w", s, err)
	}
	a, err := netmail.ParseAddress(s)
	if err != nil {
		return Address{}, fmt.Errorf("address %q: %w", s, err)
	}
	return Address{Name: a.Name, Email: a.Address}, nil
}

// Header is an extra header field, such as List-Unsubscribe.
type Header struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Template is an email body still to be rendered: the name of its template and the
// fields that fill it. A queued message carries it instead of its text and HTML, and
// the sender renders them (mail/templates.Transport): a queued row stays small and a
// request does not pay for rendering (docs/decisions/0033).
type Template struct {
	Name   string            `json:"name"`
	Params map[string]string `json:"params"`
}

// Message is an email ready to send. It is plain data so that it can be stored in the
// outbox as it is and composed again for every attempt: MessageID and Date are fixed
// when it is queued, so a retry sends the same message.
type Message struct {
	MessageID string    `json:"message_id,omitempty"` // without angle brackets: "abc@example.com"
	Date      time.Time `json:"date,omitzero"`
	From      Address   `json:"from"`
	To        []Address `json:"to"`
	ReplyTo   []Address `json:"reply_to,omitempty"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text"`           // the text/plain alternative
	HTML      string    `json:"html,omitempty"` // the text/html alternative, if any
	// Template, if set, renders Text and HTML when the message is sent; Compose
	// refuses a message whose template was not rendered.
	Template *Template `json:"template,omitempty"`
	Headers  []Header  `json:"headers,omitempty"`
}

// ErrInvalid is wrapped by every error Validate returns.
var ErrInvalid = errors.New("invalid message")

// reservedHeaders are set from Message's own fields or by the MIME writer; an extra
// header may not replace them.
var reservedHeaders = []string{
	"bcc", "cc", "content-transfer-encoding", "content-type", "date", "from",
	"message-id", "mime-version", "reply-to", "return-path", "sender", "subject", "to",
}

// Validate checks that m can be sent and that nothing in it can break out of its
// header: no CR, LF or other control character in any header value, well-formed
// addresses, at least one recipient and a body.
func (m Message) Validate() error {
	var errs []error
	add := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrInvalid}, args...)...))
	}
	checkAddr := func(field string, a Address) {
		if err := checkHeaderValue(a.Name); err != nil {
			add("%s name: %v", field, err)
		}
		if err := checkEmail(a.Email); err != nil {
			add("%s address %q: %v", field, a.Email, err)
		}
	}
	checkAddr("from", m.From)
	if len(m.To) == 0 {
		add("no recipient")
	}
	for _, a := range m.To {
		checkAddr("to", a)
	}
	for _, a := range m.ReplyTo {
		checkAddr("reply-to", a)
	}
	if err := checkHeaderValue(m.Subject); err != nil {
		add("subject: %v", err)
	}
	if err := checkMessageID(m.MessageID); err != nil {
		add("message id: %v", err)
	}
	switch {
	case m.Template != nil && (m.Text != "" || m.HTML != ""):
		add("both a body and a template")
	case m.Template != nil && m.Template.Name == "":
		add("template without a name")
	case m.Template == nil && m.Text == "" && m.HTML == "":
		add("no body")
	}
	for _, h := range m.Headers {
		if err := checkHeaderName(h.Name); err != nil {
			add("header %q: %v", h.Name, err)
		}
		if err := checkHeaderValue(h.Value); err != nil {
			add("header %s: %v", h.Name, err)
		}
	}
	return errors.Join(errs...)
}

// Recipients returns the envelope recipients: every To address.
func (m Message) Recipients() []string {
	out := make([]string, 0, len(m.To))
	for _, a := range m.To {
		out = append(out, a.Email)
	}
	return out
}

// WithDefaults returns m with a Message-ID (at the From address's domain) and a Date,
// if it has none yet. The outbox calls it when it queues a message, so every attempt
// sends the same Message-ID.
func (m Message) WithDefaults(now time.Time) Message {
	if m.MessageID == "" {
		domain := "localhost"
		if _, d, ok := strings.Cut(m.From.Email, "@"); ok && d != "" {
			domain = d
		}
		m.MessageID = NewMessageID(domain)
	}
	if m.Date.IsZero() {
		m.Date = now
	}
	return m
}

// NewMessageID returns a new unique Message-ID value (without angle brackets).
func NewMessageID(domain string) string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand panics rather than return an error)
	return hex.EncodeToString(b[:]) + "@" + domain
}

// checkHeaderValue rejects what could end a header early or confuse a reader: CR, LF
// and every other control character but tab.
func checkHeaderValue(s string) error {
	for _, r := range s {
		switch {
		case r == '\r' || r == '\n':
			return errors.New("contains a line break")
		case r != '\t' && unicode.IsControl(r):
			return errors.New("contains a control character")
		}
	}
	return nil
}

func checkEmail(s string) error {
	if s == "" {
		return errors.New("is empty")
	}
	if err := checkHeaderValue(s); err != nil {
		return err
	}
	a, err := netmail.ParseAddress("<" + s + ">")
	if err != nil {
		return errors.New("is not an email address")
	}
	if a.Address != s {
		return errors.New("is not a plain email address")
	}
	return nil
}

func checkMessageID(s string) error {
	if s == "" {
		return nil
	}
	if err := checkHeaderValue(s); err != nil {
		return err
	}
	left, right, ok := strings.Cut(s, "@")
	if !ok || left == "" || right == "" || strings.ContainsAny(s, "<> \t") {
		return errors.New("is not of the form id@domain")
	}
	return nil
}

// checkHeaderName accepts a field name of printable ASCII without a colon (RFC 5322
// section 2.2) that does not replace one of the headers Compose sets itself.
func checkHeaderName(name string) error {
	if name == "" {
		return errors.New("empty name")
	}
	for _, r := range name {
		if r < '!' || r > '~' || r == ':' {
			return errors.New("invalid character in name")
		}
	}
	if slices.Contains(reservedHeaders, strings.ToLower(name)) {
		return errors.New("is set from the message's own fields")
	}
	return nil
}
