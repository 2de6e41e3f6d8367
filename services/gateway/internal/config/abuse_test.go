package config_test

import (
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
)

func TestAbuseSettings(t *testing.T) {
	for _, tt := range []struct {
		name    string
		env     map[string]string
		check   func(config.Config) bool
		wantErr string
	}{
		{"IPv6 prefix", map[string]string{"PORTFOLIO_RATE_LIMIT_IPV6_PREFIX": "56"}, func(c config.Config) bool { return c.RateLimitIPv6Prefix == 56 }, ""},
		{"IPv6 prefix too short", map[string]string{"PORTFOLIO_RATE_LIMIT_IPV6_PREFIX": "8"}, nil, `PORTFOLIO_RATE_LIMIT_IPV6_PREFIX: "8" is not a prefix length between 32 and 128`},
		{"IPv6 prefix not a number", map[string]string{"PORTFOLIO_RATE_LIMIT_IPV6_PREFIX": "/64"}, nil, `PORTFOLIO_RATE_LIMIT_IPV6_PREFIX: "/64" is not a whole number`},
		{"auto-replies off", map[string]string{"PORTFOLIO_CONTACT_AUTOREPLY_PER_HOUR": "0"}, func(c config.Config) bool { return c.ContactAutoReplyPerHour == 0 }, ""},
		{"auto-replies negative", map[string]string{"PORTFOLIO_CONTACT_AUTOREPLY_PER_HOUR": "-1"}, nil, `PORTFOLIO_CONTACT_AUTOREPLY_PER_HOUR: "-1" is not between 0 and 1000000`},
		{"metrics elsewhere", map[string]string{"PORTFOLIO_METRICS_ADDR": "0.0.0.0:9100"}, func(c config.Config) bool { return c.MetricsAddr == "0.0.0.0:9100" }, ""},
		{"metrics off", map[string]string{"PORTFOLIO_METRICS_ADDR": "off"}, func(c config.Config) bool { return c.MetricsAddr == "" }, ""},
		{"metrics address without a port", map[string]string{"PORTFOLIO_METRICS_ADDR": "127.0.0.1"}, nil, `PORTFOLIO_METRICS_ADDR: "127.0.0.1" is not a host:port address (or "off")`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := config.Load("", env(tt.env))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(cfg) {
				t.Errorf("config = %+v", cfg)
			}
		})
	}
}
