package config

import (
	"strconv"
	"strings"
)

// normalizeAbuse checks the settings that hold the site up under abuse: how clients are
// counted, the auto-reply cap, and where the metrics are served.
func (c *Config) normalizeAbuse() []error {
	var errs []error
	if c.RateLimitIPv6Prefix < 32 || c.RateLimitIPv6Prefix > 128 {
		errs = append(errs, invalid("rate_limit_ipv6_prefix", strconv.Itoa(c.RateLimitIPv6Prefix), "is not a prefix length between 32 and 128"))
	}
	if c.ContactAutoReplyPerHour < 0 || c.ContactAutoReplyPerHour > 1_000_000 {
		errs = append(errs, invalid("contact_autoreply_per_hour", strconv.Itoa(c.ContactAutoReplyPerHour), "is not between 0 and 1000000"))
	}
	// An empty environment variable counts as unset, so "off" is how the environment
	// turns the listener off.
	if c.MetricsAddr = strings.TrimSpace(c.MetricsAddr); strings.EqualFold(c.MetricsAddr, "off") {
		c.MetricsAddr = ""
	}
	if c.MetricsAddr != "" {
		if err := checkAddr(c.MetricsAddr); err != nil {
			errs = append(errs, invalid("metrics_addr", c.MetricsAddr, err.Error()+` (or "off")`))
		}
	}
	return errs
}
