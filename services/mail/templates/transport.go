package templates

import (
	"context"
	"fmt"

	"github.com/portfolio-site/portfolio/services/mail"
)

// Expand returns m with the bodies of its template rendered into Text and HTML, and
// the template dropped: what Compose can send. A message without a template is
// returned as it is. The subject is not rendered again: it was when m was queued.
func Expand(m mail.Message) (mail.Message, error) {
	if m.Template == nil {
		return m, nil
	}
	s, ok := byName[m.Template.Name]
	if !ok {
		return mail.Message{}, fmt.Errorf("templates: no email template %q", m.Template.Name)
	}
	text, html, err := s.bodies(m.Template.Params)
	if err != nil {
		return mail.Message{}, err
	}
	m.Text, m.HTML, m.Template = text, html, nil
	return m, nil
}

// Sender sends a rendered message: the smtp and maildir transports.
type Sender interface {
	Send(ctx context.Context, m mail.Message) error
}

// Transport renders each message (Expand) and hands it to Next: the outbox sends
// through it, so that emails are rendered when they are sent rather than in the
// request that queued them (docs/decisions/0033). A message that cannot be rendered
// fails for good (mail.Permanent): the outbox marks it dead with the reason at once,
// and the admin's Retry sends it again once a fixed template is deployed.
type Transport struct {
	Next Sender
}

// Send implements outbox.Transport.
func (t Transport) Send(ctx context.Context, m mail.Message) error {
	m, err := Expand(m)
	if err != nil {
		return mail.Permanent(err)
	}
	return t.Next.Send(ctx, m)
}
