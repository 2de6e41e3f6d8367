package templates

import (
	"context"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
)

// Transport renders each message (Templates.Expand) and hands it to Next, the smtp or
// maildir transport: the outbox sends through it, so that emails are rendered when
// they are sent rather than in the request that queued them (docs/decisions/0033). A
// message that cannot be rendered fails for good (mail.Permanent): the outbox marks
// it dead with the reason at once, and the admin's Retry sends it again once a fixed
// template is deployed.
type Transport struct {
	Templates *Registry
	Next      outbox.Transport
}

var _ outbox.Transport = Transport{}

// Send implements outbox.Transport.
func (t Transport) Send(ctx context.Context, m mail.Message) error {
	m, err := t.Templates.Expand(m)
	if err != nil {
		return mail.Permanent(err)
	}
	return t.Next.Send(ctx, m)
}
