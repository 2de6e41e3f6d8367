package config

import (
	"fmt"
	"math"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
)

// normalizeMail checks how email is sent (SMTP or the maildir), from and to whom,
// and the outbox's retries and pace.
func (c *Config) normalizeMail() []error {
	var errs []error
	c.SMTPHost = strings.TrimSpace(c.SMTPHost)
	if strings.ContainsAny(c.SMTPHost, "/: \t") && net.ParseIP(c.SMTPHost) == nil {
		errs = append(errs, invalid("smtp_host", c.SMTPHost, "is not a host name or IP address (the port is PORTFOLIO_SMTP_PORT)"))
	}
	if c.SMTPPort < 1 || c.SMTPPort > 65535 {
		errs = append(errs, invalid("smtp_port", strconv.Itoa(c.SMTPPort), "is not a port (1-65535)"))
	}
	c.SMTPTLS = strings.ToLower(strings.TrimSpace(c.SMTPTLS))
	if modes := []string{"none", "starttls", "tls"}; !slices.Contains(modes, c.SMTPTLS) {
		errs = append(errs, invalid("smtp_tls", c.SMTPTLS, "is not one of "+strings.Join(modes, ", ")))
	}
	if c.SMTPPassword != "" && c.SMTPUsername == "" {
		// Never print the value of a secret.
		errs = append(errs, fmt.Errorf("config: %s is set but %s is empty", EnvName("smtp_password"), EnvName("smtp_username")))
	}
	if c.SMTPUsername != "" && c.SMTPHost != "" && c.SMTPTLS == "none" && !isLoopback(c.SMTPHost) {
		errs = append(errs, invalid("smtp_tls", c.SMTPTLS, "would send the SMTP password in clear text: use starttls or tls (none allows authentication only to localhost)"))
	}
	if from, err := mail.ParseAddress(c.MailFrom); err != nil {
		errs = append(errs, invalid("mail_from", c.MailFrom, "is not an email address (such as Portfolio <no-reply@example.com>)"))
	} else {
		c.MailFrom = from.String()
	}
	if c.OwnerEmail = strings.TrimSpace(c.OwnerEmail); c.OwnerEmail != "" {
		if _, err := mail.ParseAddress(c.OwnerEmail); err != nil {
			errs = append(errs, invalid("owner_email", c.OwnerEmail, "is not an email address"))
		}
	}
	for _, d := range []struct {
		key string
		val time.Duration
	}{
		{"smtp_timeout", c.SMTPTimeout},
		{"outbox_retry_lifetime", c.OutboxRetryLifetime},
		{"outbox_retry_base", c.OutboxRetryBase},
		{"outbox_retry_max", c.OutboxRetryMax},
		{"outbox_poll_interval", c.OutboxPollInterval},
		{"outbox_send_timeout", c.OutboxSendTimeout},
		{"publish_resume_after", c.PublishResumeAfter},
	} {
		if d.val <= 0 {
			errs = append(errs, invalid(d.key, d.val.String(), "is not a positive duration"))
		}
	}
	if c.OutboxRetryMax < c.OutboxRetryBase {
		errs = append(errs, invalid("outbox_retry_max", c.OutboxRetryMax.String(), "is shorter than "+EnvName("outbox_retry_base")))
	}
	if c.ShutdownDelay < 0 {
		errs = append(errs, invalid("shutdown_delay", c.ShutdownDelay.String(), "is negative"))
	}
	if c.OutboxMaxAttempts < 0 {
		errs = append(errs, invalid("outbox_max_attempts", strconv.Itoa(c.OutboxMaxAttempts), "is not 0 (no cap) or more"))
	}
	if c.MailRatePerSecond < 0 || math.IsNaN(c.MailRatePerSecond) || math.IsInf(c.MailRatePerSecond, 0) {
		errs = append(errs, invalid("mail_rate_per_second", strconv.FormatFloat(c.MailRatePerSecond, 'g', -1, 64), "is not a number of emails per second (0 or more; 0 is no limit)"))
	}
	return errs
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}
