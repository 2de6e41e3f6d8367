package config

import (
	"crypto/ecdsa"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
)

// The list's hygiene and the mail's trust (docs/decisions/0058): DKIM signing, the
// mail events webhooks, suppression after soft bounces, the reminder to unconfirmed
// readers, the mailto: unsubscribe address and scheduled editions.
type Hygiene struct {
	// DKIMDomain, DKIMSelector and DKIMKeyFile (a PEM private key, RSA of 2048 bits
	// or more, or Ed25519): all three set signs every email; none signs nothing.
	DKIMDomain   string `mapstructure:"dkim_domain"`
	DKIMSelector string `mapstructure:"dkim_selector"`
	DKIMKeyFile  string `mapstructure:"dkim_key_file"`
	// MailEventsSecret signs the bodies of POST /api/mail/events
	// (X-Portfolio-Signature: sha256=<HMAC-SHA256>); empty closes that webhook.
	MailEventsSecret Secret `mapstructure:"mail_events_secret"`
	// SendGridWebhookKey is the public key of SendGrid's signed Event Webhook (the
	// base64 DER SendGrid shows); empty closes POST /api/mail/events/sendgrid.
	SendGridWebhookKey string `mapstructure:"sendgrid_webhook_key"`
	// SoftBounceLimit soft bounces of one address within SoftBounceWindow suppress it.
	SoftBounceLimit  int           `mapstructure:"soft_bounce_limit"`
	SoftBounceWindow time.Duration `mapstructure:"soft_bounce_window"`
	// NewsletterReminderAfter is how long after subscribing an unconfirmed reader gets
	// their one reminder; 0 sends none.
	NewsletterReminderAfter time.Duration `mapstructure:"newsletter_reminder_after"`
	// ListUnsubscribeMailto, if set, is the address of List-Unsubscribe's mailto:,
	// beside the one-click URL (README, 'Unsubscribing by mail').
	ListUnsubscribeMailto string `mapstructure:"list_unsubscribe_mailto"`
	// ScheduleInterval is how often each replica looks for a scheduled edition that
	// is due, and for readers owed a reminder.
	ScheduleInterval time.Duration `mapstructure:"schedule_interval"`
}

// DKIM reports whether email is signed.
func (h Hygiene) DKIM() bool { return h.DKIMKeyFile != "" }

// MinMailEventsSecret is the shortest webhook secret accepted, in bytes: 128 bits
// of a random secret's worth, hex- or base64-encoded.
const MinMailEventsSecret = 16

func (c *Config) normalizeHygiene() []error {
	var errs []error
	h := &c.Hygiene
	h.DKIMDomain = strings.ToLower(strings.TrimSpace(h.DKIMDomain))
	h.DKIMSelector = strings.TrimSpace(h.DKIMSelector)
	h.DKIMKeyFile = strings.TrimSpace(h.DKIMKeyFile)
	set := 0
	for _, v := range []string{h.DKIMDomain, h.DKIMSelector, h.DKIMKeyFile} {
		if v != "" {
			set++
		}
	}
	if set != 0 && set != 3 {
		errs = append(errs, fmt.Errorf("config: %s, %s and %s sign email together: set all three or none",
			EnvName("dkim_domain"), EnvName("dkim_selector"), EnvName("dkim_key_file")))
	}
	if h.DKIMDomain != "" && !mail.ValidPlainAddress("dkim@"+h.DKIMDomain) {
		errs = append(errs, invalid("dkim_domain", h.DKIMDomain, "is not a domain name"))
	}
	if strings.ContainsAny(h.DKIMSelector, " \t;=@/") {
		errs = append(errs, invalid("dkim_selector", h.DKIMSelector, "is not a selector (letters, digits, hyphens and dots)"))
	}
	if n := len(h.MailEventsSecret.Reveal()); n > 0 && n < MinMailEventsSecret {
		// Never print the value of a secret.
		errs = append(errs, fmt.Errorf("config: %s has %d characters; use at least %d (openssl rand -hex 32)",
			EnvName("mail_events_secret"), n, MinMailEventsSecret))
	}
	if h.SendGridWebhookKey = strings.TrimSpace(h.SendGridWebhookKey); h.SendGridWebhookKey != "" {
		if !ecdsaPublicKey(h.SendGridWebhookKey) {
			errs = append(errs, invalid("sendgrid_webhook_key", h.SendGridWebhookKey, "is not base64 of an ECDSA public key (paste the verification key SendGrid shows)"))
		}
	}
	if h.SoftBounceLimit < 1 || h.SoftBounceLimit > 1000 {
		errs = append(errs, invalid("soft_bounce_limit", strconv.Itoa(h.SoftBounceLimit), "is not between 1 and 1000"))
	}
	if h.SoftBounceWindow < time.Hour {
		errs = append(errs, invalid("soft_bounce_window", h.SoftBounceWindow.String(), "is shorter than 1h"))
	}
	if h.NewsletterReminderAfter < 0 {
		errs = append(errs, invalid("newsletter_reminder_after", h.NewsletterReminderAfter.String(), "is negative (0 sends no reminder)"))
	}
	if h.ListUnsubscribeMailto = strings.TrimSpace(h.ListUnsubscribeMailto); h.ListUnsubscribeMailto != "" && !mail.ValidPlainAddress(h.ListUnsubscribeMailto) {
		errs = append(errs, invalid("list_unsubscribe_mailto", h.ListUnsubscribeMailto, "is not a plain email address (such as unsubscribe@example.com)"))
	}
	if h.ScheduleInterval < 100*time.Millisecond || h.ScheduleInterval > time.Hour {
		errs = append(errs, invalid("schedule_interval", h.ScheduleInterval.String(), "is not between 100ms and 1h"))
	}
	return errs
}

// ecdsaPublicKey reports whether b64 is base64 of a DER SubjectPublicKeyInfo of an
// ECDSA key, as SendGrid shows its verification key.
func ecdsaPublicKey(b64 string) bool {
	der, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return false
	}
	pub, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return false
	}
	_, ok := pub.(*ecdsa.PublicKey)
	return ok
}
