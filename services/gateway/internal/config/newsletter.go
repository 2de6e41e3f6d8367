package config

import (
	"strconv"
	"time"
)

// normalizeNewsletter checks the newsletter's durations: a confirmation link must
// work long enough to reach an inbox and be opened (at least 10 minutes) and not for
// ever (at most 30 days); the resend interval from a second (for tests) to a day, and
// shorter than a link's life. Imports send at least one confirmation a day.
func (c *Config) normalizeNewsletter() []error {
	var errs []error
	if c.NewsletterConfirmTTL < 10*time.Minute || c.NewsletterConfirmTTL > 30*24*time.Hour {
		errs = append(errs, invalid("newsletter_confirm_ttl", c.NewsletterConfirmTTL.String(), "is not between 10m and 720h"))
	}
	if c.NewsletterResendInterval < time.Second || c.NewsletterResendInterval > 24*time.Hour {
		errs = append(errs, invalid("newsletter_resend_interval", c.NewsletterResendInterval.String(), "is not between 1s and 24h"))
	}
	if c.ImportConfirmationsPerDay < 1 || c.ImportConfirmationsPerDay > 1_000_000 {
		errs = append(errs, invalid("import_confirmations_per_day", strconv.Itoa(c.ImportConfirmationsPerDay), "is not between 1 and 1000000"))
	}
	if len(errs) == 0 && c.NewsletterResendInterval >= c.NewsletterConfirmTTL {
		// An expired link could not be replaced until the interval had passed.
		errs = append(errs, invalid("newsletter_resend_interval", c.NewsletterResendInterval.String(), "is not shorter than "+EnvName("newsletter_confirm_ttl")))
	}
	return errs
}
