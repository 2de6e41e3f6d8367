package config

import "time"

// normalizeAnalytics checks the analytics' durations: counts are kept at least a day
// (today's) and at most 10 years; a replica flushes at least once a minute (the owner
// sees traffic within one) and at most 10 times a second.
func (c *Config) normalizeAnalytics() []error {
	var errs []error
	if c.AnalyticsRetention < 24*time.Hour || c.AnalyticsRetention > 10*366*24*time.Hour {
		errs = append(errs, invalid("analytics_retention", c.AnalyticsRetention.String(), "is not between 24h and 87840h (10 years)"))
	}
	if c.AnalyticsFlushInterval < 100*time.Millisecond || c.AnalyticsFlushInterval > time.Minute {
		errs = append(errs, invalid("analytics_flush_interval", c.AnalyticsFlushInterval.String(), "is not between 100ms and 1m"))
	}
	return errs
}
