package config_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
)

func TestImportConfirmationsPerDay(t *testing.T) {
	for value, want := range map[string]string{
		"1": "", "250": "",
		"0":    `config: PORTFOLIO_IMPORT_CONFIRMATIONS_PER_DAY: "0" is not between 1 and 1000000`,
		"-5":   `PORTFOLIO_IMPORT_CONFIRMATIONS_PER_DAY: "-5" is not between 1 and 1000000`,
		"lots": `PORTFOLIO_IMPORT_CONFIRMATIONS_PER_DAY: "lots" is not a whole number`,
	} {
		cfg, err := config.Load("", env(map[string]string{"PORTFOLIO_IMPORT_CONFIRMATIONS_PER_DAY": value}))
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", value, err)
		case want == "" && strconv.Itoa(cfg.ImportConfirmationsPerDay) != value:
			t.Errorf("%s: ImportConfirmationsPerDay = %d", value, cfg.ImportConfirmationsPerDay)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: error %v, want %q", value, err, want)
		}
	}
}

func TestNewsletterDurations(t *testing.T) {
	tests := []struct {
		env, value string
		ttl        time.Duration
		resend     time.Duration
		wantErr    string // empty: valid
	}{
		{"PORTFOLIO_NEWSLETTER_CONFIRM_TTL", "24h", 24 * time.Hour, 10 * time.Minute, ""},
		{"PORTFOLIO_NEWSLETTER_CONFIRM_TTL", "11m", 11 * time.Minute, 10 * time.Minute, ""},
		{"PORTFOLIO_NEWSLETTER_CONFIRM_TTL", "9m", 0, 0, `config: PORTFOLIO_NEWSLETTER_CONFIRM_TTL: "9m0s" is not between 10m and 720h`},
		{"PORTFOLIO_NEWSLETTER_CONFIRM_TTL", "721h", 0, 0, `PORTFOLIO_NEWSLETTER_CONFIRM_TTL: "721h0m0s" is not between`},
		{"PORTFOLIO_NEWSLETTER_CONFIRM_TTL", "3 days", 0, 0, `PORTFOLIO_NEWSLETTER_CONFIRM_TTL: "3 days" is not a duration`},
		{"PORTFOLIO_NEWSLETTER_RESEND_INTERVAL", "1s", 72 * time.Hour, time.Second, ""},
		{"PORTFOLIO_NEWSLETTER_RESEND_INTERVAL", "1h", 72 * time.Hour, time.Hour, ""},
		{"PORTFOLIO_NEWSLETTER_RESEND_INTERVAL", "-1m", 0, 0, `PORTFOLIO_NEWSLETTER_RESEND_INTERVAL: "-1m0s" is not between 1s and 24h`},
		{"PORTFOLIO_NEWSLETTER_RESEND_INTERVAL", "25h", 0, 0, `PORTFOLIO_NEWSLETTER_RESEND_INTERVAL: "25h0m0s" is not between 1s and 24h`},
		{"PORTFOLIO_NEWSLETTER_CONFIRM_TTL", "10m", 0, 0, `PORTFOLIO_NEWSLETTER_RESEND_INTERVAL: "10m0s" is not shorter than PORTFOLIO_NEWSLETTER_CONFIRM_TTL`},
	}
	for _, tt := range tests {
		t.Run(tt.env+"="+tt.value, func(t *testing.T) {
			cfg, err := config.Load("", env(map[string]string{tt.env: tt.value}))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.NewsletterConfirmTTL != tt.ttl || cfg.NewsletterResendInterval != tt.resend {
				t.Errorf("ttl %s, resend %s; want %s, %s", cfg.NewsletterConfirmTTL, cfg.NewsletterResendInterval, tt.ttl, tt.resend)
			}
		})
	}
}
