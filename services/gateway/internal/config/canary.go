package config

import (
	"math"
	"strconv"
	"time"
)

// Canary is when the gateway rolls a failing canary back by itself
// (docs/decisions/0059-canary-releases.md): each replica compares every running canary
// with its section's stable version each CanaryCheckInterval. A canary is rolled back
// when its JavaScript errors per view (or 5xx per request) reach CanaryErrorRatio times
// the stable version's and at least CanaryMinErrorRate, over CanaryMinViews views (or
// requests); or when its p75 INP is CanaryINPWorse above the stable version's over
// CanaryMinViews interactions on each side.
type Canary struct {
	CanaryCheckInterval time.Duration `mapstructure:"canary_check_interval"`
	CanaryErrorRatio    float64       `mapstructure:"canary_error_ratio"`
	CanaryMinErrorRate  float64       `mapstructure:"canary_min_error_rate"`
	CanaryMinViews      int           `mapstructure:"canary_min_views"`
	CanaryINPWorse      time.Duration `mapstructure:"canary_inp_worse"`
}

// normalizeCanary checks the canary's rule: a check at least every 10 minutes and at
// most 10 times a second, a ratio of at least 1, a rate from 0 to 1, at least one view.
func (c *Config) normalizeCanary() []error {
	var errs []error
	if c.CanaryCheckInterval < 100*time.Millisecond || c.CanaryCheckInterval > 10*time.Minute {
		errs = append(errs, invalid("canary_check_interval", c.CanaryCheckInterval.String(), "is not between 100ms and 10m"))
	}
	if c.CanaryErrorRatio < 1 || math.IsNaN(c.CanaryErrorRatio) || math.IsInf(c.CanaryErrorRatio, 0) {
		errs = append(errs, invalid("canary_error_ratio", strconv.FormatFloat(c.CanaryErrorRatio, 'g', -1, 64), "is not a ratio of 1 or more"))
	}
	if c.CanaryMinErrorRate < 0 || c.CanaryMinErrorRate > 1 || math.IsNaN(c.CanaryMinErrorRate) {
		errs = append(errs, invalid("canary_min_error_rate", strconv.FormatFloat(c.CanaryMinErrorRate, 'g', -1, 64), "is not a rate from 0 to 1"))
	}
	if c.CanaryMinViews < 1 {
		errs = append(errs, invalid("canary_min_views", strconv.Itoa(c.CanaryMinViews), "is not 1 or more"))
	}
	if c.CanaryINPWorse <= 0 {
		errs = append(errs, invalid("canary_inp_worse", c.CanaryINPWorse.String(), "is not a positive duration"))
	}
	return errs
}
