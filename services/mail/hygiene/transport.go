package hygiene

import (
	"context"
	"fmt"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
)

// Checker says which addresses are suppressed (Service).
type Checker interface {
	Suppressed(ctx context.Context, emails []string) (map[string]Suppression, error)
}

// Transport holds back every email to a suppressed address, whatever it is (an
// edition, a confirmation, a welcome, an auto-reply), and hands the others to Next.
// The outbox sends through it, so the list is read when an email is sent, not when it
// was queued: an email queued before its recipient bounced is held back too. A held
// email fails as mail.Suppressed, which the outbox keeps as dead with the reason.
type Transport struct {
	Checker Checker
	Next    outbox.Transport
}

var _ outbox.Transport = Transport{}

// Send implements outbox.Transport. A list that cannot be read is a temporary
// failure: the email is tried again later rather than sent unchecked.
func (t Transport) Send(ctx context.Context, m mail.Message) error {
	recipients := m.Recipients()
	held, err := t.Checker.Suppressed(ctx, recipients)
	if err != nil {
		return fmt.Errorf("suppression list: %w", err)
	}
	for _, r := range recipients {
		if sup, ok := held[mail.AddressKey(r)]; ok {
			return mail.Suppressed(fmt.Errorf("suppressed: %s is on the suppression list (%s since %s)",
				r, sup.Reason, sup.At.UTC().Format("2006-01-02 15:04 UTC")))
		}
	}
	return t.Next.Send(ctx, m)
}
