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

// Render writes m as an RFC 5322 message (what an .eml file holds).
func Render(w io.Writer, m Message) error {
	msg, err := Compose(m)
	if err != nil {
		return err
	}
	if _, err := msg.WriteTo(w); err != nil {
		return fmt.Errorf("write message: %w", err)
	}
	return nil
}

// Bytes returns m rendered as an RFC 5322 message.
func Bytes(m Message) ([]byte, error) {
	var buf bytes.Buffer
	if err := Render(&buf, m); err != nil {
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
	return errors.As(err, &p) || errors.Is(err, ErrInvalid)
}
