package mail

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	gomail "github.com/wneessen/go-mail"
)

// Compose validates m and builds it as a go-mail message: multipart/alternative with a
// text/plain and a text/html part (or a single text part when there is no HTML),
// quoted-printable UTF-8, and no User-Agent or X-Mailer header. Addresses go through
// go-mail's own parser as a second check. A message with a Template must have been
// rendered first (mail/templates: Registry.Expand): mail cannot render it.
func Compose(m Message) (*gomail.Msg, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if m.Template != nil {
		return nil, fmt.Errorf("%w: template %q not rendered", ErrInvalid, m.Template.Name)
	}
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.From(m.From.String()); err != nil {
		return nil, fmt.Errorf("%w: from: %w", ErrInvalid, err)
	}
	to := make([]string, 0, len(m.To))
	for _, a := range m.To {
		to = append(to, a.String())
	}
	if err := msg.To(to...); err != nil {
		return nil, fmt.Errorf("%w: to: %w", ErrInvalid, err)
	}
	if len(m.ReplyTo) > 0 {
		replyTo := make([]string, 0, len(m.ReplyTo))
		for _, a := range m.ReplyTo {
			replyTo = append(replyTo, a.String())
		}
		if err := msg.SetAddrHeader(gomail.HeaderReplyTo, replyTo...); err != nil {
			return nil, fmt.Errorf("%w: reply-to: %w", ErrInvalid, err)
		}
	}
	msg.Subject(m.Subject)
	if m.MessageID != "" {
		msg.SetMessageIDWithValue(m.MessageID)
	} else {
		msg.SetMessageID()
	}
	if !m.Date.IsZero() {
		msg.SetDateWithValue(m.Date)
	} else {
		msg.SetDate()
	}
	for _, h := range m.Headers {
		msg.SetGenHeader(gomail.Header(h.Name), h.Value)
	}
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.HTML != "":
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	default:
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	}
	return msg, nil
}

// Signer signs a composed message: given its bytes, it returns the header field to
// add (mail/dkim: DKIM-Signature).
type Signer interface {
	Sign(raw []byte) (name, value string, err error)
}

// ComposeSigned is Compose, then, with a signer, the message signed: its bytes are
// written once for the signer, and the signature's header field is added, preformatted
// (already folded), to the message, which writes the same bytes again with it. go-mail
// keeps a message's MIME boundaries once written, so the second writing is the first
// one plus that field. A nil signer signs nothing.
func ComposeSigned(m Message, signer Signer) (*gomail.Msg, error) {
	msg, err := Compose(m)
	if err != nil || signer == nil {
		return msg, err
	}
	var buf bytes.Buffer
	if _, err := msg.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("write message: %w", err)
	}
	name, value, err := signer.Sign(buf.Bytes())
	if err != nil {
		return nil, err
	}
	msg.SetGenHeaderPreformatted(gomail.Header(name), value)
	return msg, nil
}

// Render writes m as an RFC 5322 message (what an .eml file holds), signed by signer
// unless it is nil.
func Render(w io.Writer, m Message, signer Signer) error {
	msg, err := ComposeSigned(m, signer)
	if err != nil {
		return err
	}
	if _, err := msg.WriteTo(w); err != nil {
		return fmt.Errorf("write message: %w", err)
	}
	return nil
}

// Bytes returns m rendered as an RFC 5322 message, signed by signer unless it is nil.
func Bytes(m Message, signer Signer) ([]byte, error) {
	var buf bytes.Buffer
	if err := Render(&buf, m, signer); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// permanentError marks a failure that another attempt cannot fix, such as a recipient
// the server rejects for good.
type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// Permanent marks err as a failure that retrying cannot fix; the outbox gives such a
// message up at once instead of retrying it.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err: err}
}

// IsPermanent reports whether err, or an error it wraps, was marked Permanent or is a
// validation error of a Message (which no retry can fix either).
func IsPermanent(err error) bool {
	var p *permanentError
	return errors.As(err, &p) || errors.Is(err, ErrInvalid) || IsSuppressed(err)
}

// suppressedError marks a message not sent because a recipient is on the suppression
// list (mail/hygiene): not a failure, and not worth another attempt until the
// suppression is lifted.
type suppressedError struct{ err error }

func (e *suppressedError) Error() string { return e.err.Error() }
func (e *suppressedError) Unwrap() error { return e.err }

// Suppressed marks err as a message held back for a suppressed recipient: the outbox
// gives it up at once, as for a permanent failure, but counts and logs it as what it
// is rather than as a failure.
func Suppressed(err error) error {
	if err == nil {
		return nil
	}
	return &suppressedError{err: err}
}

// IsSuppressed reports whether err, or an error it wraps, was marked Suppressed.
func IsSuppressed(err error) bool {
	var s *suppressedError
	return errors.As(err, &s)
}
