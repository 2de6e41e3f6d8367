package config_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
)

// env is a fake environment for Load's getenv.
func env(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

func TestDefaults(t *testing.T) {
	cfg, err := config.Load("", env(nil))
	if err != nil {
		t.Fatal(err)
	}
	want := config.Config{
		HTTPAddr:            "127.0.0.1:8080",
		DataDir:             "./data",
		PublicURL:           "http://127.0.0.1:8080",
		AdminAddr:           "127.0.0.1:8081",
		AdminURL:            "http://127.0.0.1:8081",
		LogLevel:            "info",
		LogFormat:           "json",
		WebDir:              "apps",
		RemoteBlogURL:       "/mf/blog/mf-manifest.json",
		RemoteNewsletterURL: "/mf/newsletter/mf-manifest.json",
		RemoteAdminURL:      "/mf/admin/mf-manifest.json",
		Dev:                 false,
		SMTPHost:            "",
		SMTPPort:            587,
		SMTPTLS:             "starttls",
		SMTPTimeout:         30 * time.Second,
		MailFrom:            `"Portfolio" <no-reply@localhost>`,
		OwnerEmail:          "",
		OutboxRetryLifetime: 72 * time.Hour,
		OutboxMaxAttempts:   0,
		OutboxRetryBase:     time.Minute,
		OutboxRetryMax:      time.Hour,
		OutboxPollInterval:  10 * time.Second,
		OutboxSendTimeout:   time.Minute,
		MailRatePerSecond:   10,
		AdminSessionTTL:     12 * time.Hour,
		AdminPasswordChecks: 1,
		AdminPasswordCost:   12,
		RateLimitPerMinute:  5,
		TrustedProxies:      nil,

		NewsletterConfirmTTL:      72 * time.Hour,
		NewsletterResendInterval:  10 * time.Minute,
		ImportConfirmationsPerDay: 100,

		RateLimitIPv6Prefix:     64,
		ContactAutoReplyPerHour: 100,
		MetricsAddr:             "127.0.0.1:9090",
		PublishResumeAfter:      time.Minute,
		BackupInterval:          24 * time.Hour,
		BackupKeep:              7,
		ReplicaSyncInterval:     time.Second,
		RestoreDrillInterval:    7 * 24 * time.Hour,
		SpeculationRules:        true,
		Analytics:               true,
		AnalyticsRetention:      2 * 365 * 24 * time.Hour,
		AnalyticsFlushInterval:  5 * time.Second,
		Canary: config.Canary{
			CanaryCheckInterval: 30 * time.Second,
			CanaryErrorRatio:    5,
			CanaryMinErrorRate:  0.05,
			CanaryMinViews:      20,
			CanaryINPWorse:      100 * time.Millisecond,
		},
		Hygiene: config.Hygiene{
			SoftBounceLimit:         3,
			SoftBounceWindow:        7 * 24 * time.Hour,
			NewsletterReminderAfter: 24 * time.Hour,
			ScheduleInterval:        15 * time.Second,
		},
	}
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("defaults:\n got %+v\nwant %+v", cfg, want)
	}
	if got := cfg.ShellDist(); got != filepath.Join("apps", "shell", "dist") {
		t.Errorf("ShellDist = %q", got)
	}
	if got := cfg.RemoteDist("blog"); got != filepath.Join("apps", "blog", "dist") {
		t.Errorf("RemoteDist = %q", got)
	}
	if got := cfg.DatabasePath(); got != filepath.Join("data", "portfolio.db") {
		t.Errorf("DatabasePath = %q", got)
	}
	if got := cfg.MaildirPath(); got != filepath.Join("data", "maildir") {
		t.Errorf("MaildirPath = %q", got)
	}
}

func TestEnvOverrides(t *testing.T) {
	tests := []struct {
		env   string
		value string
		check func(config.Config) any
		want  any
	}{
		{"PORTFOLIO_HTTP_ADDR", "0.0.0.0:9000", func(c config.Config) any { return c.HTTPAddr }, "0.0.0.0:9000"},
		{"PORTFOLIO_HTTP_ADDR", ":0", func(c config.Config) any { return c.HTTPAddr }, ":0"},
		{"PORTFOLIO_DATA_DIR", "/var/lib/portfolio", func(c config.Config) any { return c.DataDir }, "/var/lib/portfolio"},
		{"PORTFOLIO_PUBLIC_URL", "https://example.com/", func(c config.Config) any { return c.PublicURL }, "https://example.com"},
		{"PORTFOLIO_ADMIN_URL", "https://admin.example.com/", func(c config.Config) any { return c.AdminURL }, "https://admin.example.com"},
		// With no URL of its own, the admin is reached where it listens, on loopback
		// when it listens everywhere.
		{"PORTFOLIO_ADMIN_ADDR", "127.0.0.2:9001", func(c config.Config) any { return c.AdminURL }, "http://127.0.0.2:9001"},
		{"PORTFOLIO_ADMIN_ADDR", ":8081", func(c config.Config) any { return c.AdminURL }, "http://127.0.0.1:8081"},
		{"PORTFOLIO_ADMIN_ADDR", "[::]:8081", func(c config.Config) any { return c.AdminURL }, "http://127.0.0.1:8081"},
		{"PORTFOLIO_LOG_LEVEL", "debug", func(c config.Config) any { return c.LogLevel }, "debug"},
		{"PORTFOLIO_LOG_LEVEL", "WARN", func(c config.Config) any { return c.LogLevel }, "warn"},
		{"PORTFOLIO_LOG_FORMAT", "console", func(c config.Config) any { return c.LogFormat }, "console"},
		{"PORTFOLIO_WEB_DIR", "/srv/web", func(c config.Config) any { return c.WebDir }, "/srv/web"},
		{"PORTFOLIO_REMOTE_BLOG_URL", "http://127.0.0.1:3001/mf-manifest.json", func(c config.Config) any { return c.RemoteBlogURL }, "http://127.0.0.1:3001/mf-manifest.json"},
		{"PORTFOLIO_REMOTE_NEWSLETTER_URL", "/cdn/newsletter/mf-manifest.json", func(c config.Config) any { return c.RemoteNewsletterURL }, "/cdn/newsletter/mf-manifest.json"},
		{"PORTFOLIO_REMOTE_ADMIN_URL", "https://cdn.example.com/admin/mf-manifest.json", func(c config.Config) any { return c.RemoteAdminURL }, "https://cdn.example.com/admin/mf-manifest.json"},
		{"PORTFOLIO_DEV", "true", func(c config.Config) any { return c.Dev }, true},
		{"PORTFOLIO_DEV", "1", func(c config.Config) any { return c.Dev }, true},
		{"PORTFOLIO_DEV", "false", func(c config.Config) any { return c.Dev }, false},
		{"PORTFOLIO_SPECULATION_RULES", "false", func(c config.Config) any { return c.SpeculationRules }, false},
		{"PORTFOLIO_SMTP_HOST", "smtp.example.com", func(c config.Config) any { return c.SMTPHost }, "smtp.example.com"},
		{"PORTFOLIO_SMTP_PORT", "465", func(c config.Config) any { return c.SMTPPort }, 465},
		{"PORTFOLIO_SMTP_USERNAME", "mailer", func(c config.Config) any { return c.SMTPUsername }, "mailer"},
		{"PORTFOLIO_SMTP_TLS", "TLS", func(c config.Config) any { return c.SMTPTLS }, "tls"},
		{"PORTFOLIO_SMTP_TLS", "none", func(c config.Config) any { return c.SMTPTLS }, "none"},
		{"PORTFOLIO_SMTP_TIMEOUT", "5s", func(c config.Config) any { return c.SMTPTimeout }, 5 * time.Second},
		{"PORTFOLIO_MAIL_FROM", "site@example.com", func(c config.Config) any { return c.MailFrom }, "<site@example.com>"},
		{"PORTFOLIO_MAIL_FROM", "DevOps Portfolio <site@example.com>", func(c config.Config) any { return c.MailFrom }, `"DevOps Portfolio" <site@example.com>`},
		{"PORTFOLIO_OWNER_EMAIL", "me@example.com", func(c config.Config) any { return c.OwnerEmail }, "me@example.com"},
		{"PORTFOLIO_OUTBOX_MAX_ATTEMPTS", "3", func(c config.Config) any { return c.OutboxMaxAttempts }, 3},
		{"PORTFOLIO_OUTBOX_RETRY_LIFETIME", "120h", func(c config.Config) any { return c.OutboxRetryLifetime }, 120 * time.Hour},
		{"PORTFOLIO_OUTBOX_RETRY_BASE", "10ms", func(c config.Config) any { return c.OutboxRetryBase }, 10 * time.Millisecond},
		{"PORTFOLIO_OUTBOX_RETRY_MAX", "2h", func(c config.Config) any { return c.OutboxRetryMax }, 2 * time.Hour},
		{"PORTFOLIO_OUTBOX_POLL_INTERVAL", "1s", func(c config.Config) any { return c.OutboxPollInterval }, time.Second},
		{"PORTFOLIO_OUTBOX_SEND_TIMEOUT", "20s", func(c config.Config) any { return c.OutboxSendTimeout }, 20 * time.Second},
		{"PORTFOLIO_RATE_LIMIT_PER_MINUTE", "30", func(c config.Config) any { return c.RateLimitPerMinute }, 30},
		{"PORTFOLIO_MAIL_RATE_PER_SECOND", "2.5", func(c config.Config) any { return c.MailRatePerSecond }, 2.5},
		{"PORTFOLIO_MAIL_RATE_PER_SECOND", "0", func(c config.Config) any { return c.MailRatePerSecond }, 0.0},
		{"PORTFOLIO_DATABASE_URL", "postgres://portfolio@db.internal:5432/portfolio?sslmode=require", func(c config.Config) any { return c.DatabaseURL.Reveal() }, "postgres://portfolio@db.internal:5432/portfolio?sslmode=require"},
		{"PORTFOLIO_DATABASE_URL", "postgresql://db.internal/portfolio", func(c config.Config) any { return c.DatabaseURL.Reveal() }, "postgresql://db.internal/portfolio"},
		{"PORTFOLIO_TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.7 ::1", func(c config.Config) any { return fmt.Sprint(c.TrustedProxies) }, "[10.0.0.0/8 192.168.1.7/32 ::1/128]"},
		{"PORTFOLIO_TRUSTED_PROXIES", "10.1.2.3/8", func(c config.Config) any { return fmt.Sprint(c.TrustedProxies) }, "[10.0.0.0/8]"},
	}
	for _, tt := range tests {
		t.Run(tt.env+"="+tt.value, func(t *testing.T) {
			cfg, err := config.Load("", env(map[string]string{tt.env: tt.value}))
			if err != nil {
				t.Fatal(err)
			}
			if got := tt.check(cfg); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestInvalidValuesNameTheKey(t *testing.T) {
	tests := []struct {
		env, value string
		wantErr    string
	}{
		{"PORTFOLIO_HTTP_ADDR", "localhost", `config: PORTFOLIO_HTTP_ADDR: "localhost" is not a host:port address`},
		{"PORTFOLIO_DKIM_KEY_FILE", "/etc/dkim.pem", `config: PORTFOLIO_DKIM_DOMAIN, PORTFOLIO_DKIM_SELECTOR and PORTFOLIO_DKIM_KEY_FILE sign email together: set all three or none`},
		{"PORTFOLIO_MAIL_EVENTS_SECRET", "short", `config: PORTFOLIO_MAIL_EVENTS_SECRET has 5 characters; use at least 16 (openssl rand -hex 32)`},
		{"PORTFOLIO_SENDGRID_WEBHOOK_KEY", "not base64!", `config: PORTFOLIO_SENDGRID_WEBHOOK_KEY: "not base64!" is not base64 of an ECDSA public key (paste the verification key SendGrid shows)`},
		{"PORTFOLIO_SOFT_BOUNCE_LIMIT", "0", `config: PORTFOLIO_SOFT_BOUNCE_LIMIT: "0" is not between 1 and 1000`},
		{"PORTFOLIO_SOFT_BOUNCE_WINDOW", "5m", `config: PORTFOLIO_SOFT_BOUNCE_WINDOW: "5m0s" is shorter than 1h`},
		{"PORTFOLIO_NEWSLETTER_REMINDER_AFTER", "-1h", `config: PORTFOLIO_NEWSLETTER_REMINDER_AFTER: "-1h0m0s" is negative (0 sends no reminder)`},
		{"PORTFOLIO_LIST_UNSUBSCRIBE_MAILTO", "Unsub <u@example.com>", `config: PORTFOLIO_LIST_UNSUBSCRIBE_MAILTO: "Unsub <u@example.com>" is not a plain email address`},
		{"PORTFOLIO_SCHEDULE_INTERVAL", "2h", `config: PORTFOLIO_SCHEDULE_INTERVAL: "2h0m0s" is not between 100ms and 1h`},
		{"PORTFOLIO_HTTP_ADDR", "127.0.0.1:http", `config: PORTFOLIO_HTTP_ADDR: "127.0.0.1:http" has no valid port`},
		{"PORTFOLIO_HTTP_ADDR", "127.0.0.1:70000", `config: PORTFOLIO_HTTP_ADDR: "127.0.0.1:70000" has no valid port`},
		{"PORTFOLIO_PUBLIC_URL", "example.com", `config: PORTFOLIO_PUBLIC_URL: "example.com" is not an absolute URL`},
		{"PORTFOLIO_PUBLIC_URL", "ftp://example.com", `config: PORTFOLIO_PUBLIC_URL: "ftp://example.com" is not an http or https URL`},
		{"PORTFOLIO_PUBLIC_URL", "https://example.com/?a=1", `config: PORTFOLIO_PUBLIC_URL: "https://example.com/?a=1" must not have a query or fragment`},
		{"PORTFOLIO_PUBLIC_URL", "https://example.com/#top", `config: PORTFOLIO_PUBLIC_URL: "https://example.com/#top" must not have a query or fragment`},
		{"PORTFOLIO_PUBLIC_URL", "https://u:p@example.com", `config: PORTFOLIO_PUBLIC_URL: "https://u:p@example.com" must not contain credentials`},
		{"PORTFOLIO_ADMIN_ADDR", "admin", `config: PORTFOLIO_ADMIN_ADDR: "admin" is not a host:port address`},
		{"PORTFOLIO_ADMIN_ADDR", "127.0.0.1:8080", `config: PORTFOLIO_ADMIN_ADDR: "127.0.0.1:8080" is also PORTFOLIO_HTTP_ADDR: the admin needs a listener of its own`},
		{"PORTFOLIO_ADMIN_URL", "http://127.0.0.1:8080", `config: PORTFOLIO_ADMIN_URL: "http://127.0.0.1:8080" is the public URL: the admin needs an origin of its own (another host, or another port)`},
		{"PORTFOLIO_ADMIN_URL", "https://example.com/admin", `config: PORTFOLIO_ADMIN_URL: "https://example.com/admin" must be an origin, without a path (such as https://admin.example.com)`},
		{"PORTFOLIO_ADMIN_URL", "admin.example.com", `config: PORTFOLIO_ADMIN_URL: "admin.example.com" is not an absolute URL`},
		{"PORTFOLIO_LOG_LEVEL", "loud", `config: PORTFOLIO_LOG_LEVEL: "loud" is not one of debug, info, warn, error`},
		{"PORTFOLIO_LOG_FORMAT", "xml", `config: PORTFOLIO_LOG_FORMAT: "xml" is not one of json, console`},
		{"PORTFOLIO_DEV", "maybe", `config: PORTFOLIO_DEV: "maybe" is not a boolean (true or false)`},
		{"PORTFOLIO_REMOTE_BLOG_URL", "blog/mf-manifest.json", `config: PORTFOLIO_REMOTE_BLOG_URL: "blog/mf-manifest.json" is neither a path`},
		{"PORTFOLIO_REMOTE_NEWSLETTER_URL", "//cdn.example.com/x.json", `config: PORTFOLIO_REMOTE_NEWSLETTER_URL: "//cdn.example.com/x.json" is neither`},
		{"PORTFOLIO_REMOTE_ADMIN_URL", "javascript:alert(1)", `config: PORTFOLIO_REMOTE_ADMIN_URL: "javascript:alert(1)" is neither`},
		{"PORTFOLIO_SMTP_HOST", "smtp.example.com:587", `config: PORTFOLIO_SMTP_HOST: "smtp.example.com:587" is not a host name or IP address`},
		{"PORTFOLIO_SMTP_PORT", "smtp", `config: PORTFOLIO_SMTP_PORT: "smtp" is not a whole number`},
		{"PORTFOLIO_SMTP_PORT", "0", `config: PORTFOLIO_SMTP_PORT: "0" is not a port (1-65535)`},
		{"PORTFOLIO_SMTP_PORT", "65536", `config: PORTFOLIO_SMTP_PORT: "65536" is not a port`},
		{"PORTFOLIO_SMTP_TLS", "ssl", `config: PORTFOLIO_SMTP_TLS: "ssl" is not one of none, starttls, tls`},
		{"PORTFOLIO_SMTP_TIMEOUT", "30", `config: PORTFOLIO_SMTP_TIMEOUT: "30" is not a duration`},
		{"PORTFOLIO_SMTP_TIMEOUT", "-1s", `config: PORTFOLIO_SMTP_TIMEOUT: "-1s" is not a positive duration`},
		{"PORTFOLIO_MAIL_FROM", "Portfolio", `config: PORTFOLIO_MAIL_FROM: "Portfolio" is not an email address`},
		{"PORTFOLIO_MAIL_FROM", "a@b.c\nBcc: x@y.z", `config: PORTFOLIO_MAIL_FROM:`},
		{"PORTFOLIO_OWNER_EMAIL", "owner", `config: PORTFOLIO_OWNER_EMAIL: "owner" is not an email address`},
		{"PORTFOLIO_OUTBOX_MAX_ATTEMPTS", "-1", `config: PORTFOLIO_OUTBOX_MAX_ATTEMPTS: "-1" is not 0 (no cap) or more`},
		{"PORTFOLIO_OUTBOX_RETRY_LIFETIME", "0s", `config: PORTFOLIO_OUTBOX_RETRY_LIFETIME: "0s" is not a positive duration`},
		{"PORTFOLIO_OUTBOX_RETRY_BASE", "soon", `config: PORTFOLIO_OUTBOX_RETRY_BASE: "soon" is not a duration`},
		{"PORTFOLIO_OUTBOX_RETRY_MAX", "1s", `config: PORTFOLIO_OUTBOX_RETRY_MAX: "1s" is shorter than PORTFOLIO_OUTBOX_RETRY_BASE`},
		{"PORTFOLIO_OUTBOX_POLL_INTERVAL", "0s", `config: PORTFOLIO_OUTBOX_POLL_INTERVAL: "0s" is not a positive duration`},
		{"PORTFOLIO_OUTBOX_SEND_TIMEOUT", "x", `config: PORTFOLIO_OUTBOX_SEND_TIMEOUT: "x" is not a duration`},
		{"PORTFOLIO_RATE_LIMIT_PER_MINUTE", "0", `config: PORTFOLIO_RATE_LIMIT_PER_MINUTE: "0" is not between 1 and 100000`},
		{"PORTFOLIO_RATE_LIMIT_PER_MINUTE", "many", `config: PORTFOLIO_RATE_LIMIT_PER_MINUTE: "many" is not a whole number`},
		{"PORTFOLIO_MAIL_RATE_PER_SECOND", "-1", `config: PORTFOLIO_MAIL_RATE_PER_SECOND: "-1" is not a number of emails per second (0 or more`},
		{"PORTFOLIO_MAIL_RATE_PER_SECOND", "fast", `config: PORTFOLIO_MAIL_RATE_PER_SECOND: "fast" is not a number`},
		{"PORTFOLIO_MAIL_RATE_PER_SECOND", "NaN", `config: PORTFOLIO_MAIL_RATE_PER_SECOND: "NaN" is not a number of emails per second`},
		{"PORTFOLIO_DATABASE_URL", "mysql://db/portfolio", `config: PORTFOLIO_DATABASE_URL is not a postgres:// or postgresql:// URL`},
		{"PORTFOLIO_DATABASE_URL", "data/portfolio.db", `config: PORTFOLIO_DATABASE_URL is not a postgres:// or postgresql:// URL`},
		{"PORTFOLIO_TRUSTED_PROXIES", "10.0.0.0/33", `config: PORTFOLIO_TRUSTED_PROXIES: "10.0.0.0/33" has "10.0.0.0/33", which is not a CIDR`},
		{"PORTFOLIO_BACKUP_INTERVAL", "30s", `config: PORTFOLIO_BACKUP_INTERVAL: "30s" is shorter than 1m0s`},
		{"PORTFOLIO_BACKUP_KEEP", "0", `config: PORTFOLIO_BACKUP_KEEP: "0" is not 1 or more`},
		{"PORTFOLIO_ANALYTICS", "sometimes", `config: PORTFOLIO_ANALYTICS: "sometimes" is not a boolean (true or false)`},
		{"PORTFOLIO_ANALYTICS_RETENTION", "1h", `config: PORTFOLIO_ANALYTICS_RETENTION: "1h0m0s" is not between 24h and 87840h`},
		{"PORTFOLIO_ANALYTICS_FLUSH_INTERVAL", "10m", `config: PORTFOLIO_ANALYTICS_FLUSH_INTERVAL: "10m0s" is not between 100ms and 1m`},
		{"PORTFOLIO_TRUSTED_PROXIES", "proxy.local", `config: PORTFOLIO_TRUSTED_PROXIES: "proxy.local" has "proxy.local", which is not an IP address or CIDR`},
	}
	for _, tt := range tests {
		t.Run(tt.env+"="+tt.value, func(t *testing.T) {
			_, err := config.Load("", env(map[string]string{tt.env: tt.value}))
			if err == nil {
				t.Fatal("want an error, got nil")
			}
			if !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("error = %q\nwant it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestSMTPCredentials(t *testing.T) {
	const password = "hunter2-very-secret"
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
	}{
		{"password without username", map[string]string{"PORTFOLIO_SMTP_HOST": "smtp.example.com", "PORTFOLIO_SMTP_PASSWORD": password},
			"config: PORTFOLIO_SMTP_PASSWORD is set but PORTFOLIO_SMTP_USERNAME is empty"},
		{"clear-text password to a remote server", map[string]string{"PORTFOLIO_SMTP_HOST": "smtp.example.com", "PORTFOLIO_SMTP_TLS": "none", "PORTFOLIO_SMTP_USERNAME": "u", "PORTFOLIO_SMTP_PASSWORD": password},
			`config: PORTFOLIO_SMTP_TLS: "none" would send the SMTP password in clear text`},
		{"clear text to localhost is allowed", map[string]string{"PORTFOLIO_SMTP_HOST": "127.0.0.1", "PORTFOLIO_SMTP_TLS": "none", "PORTFOLIO_SMTP_USERNAME": "u", "PORTFOLIO_SMTP_PASSWORD": password}, ""},
		{"starttls with credentials", map[string]string{"PORTFOLIO_SMTP_HOST": "smtp.example.com", "PORTFOLIO_SMTP_USERNAME": "u", "PORTFOLIO_SMTP_PASSWORD": password}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := config.Load("", env(tt.env))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), password) {
					t.Errorf("error reveals the password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.SMTPPassword.Reveal() != password {
				t.Errorf("Reveal() = %q", cfg.SMTPPassword.Reveal())
			}
			js, _ := json.Marshal(cfg)
			for _, s := range []string{fmt.Sprint(cfg), fmt.Sprintf("%+v", cfg), fmt.Sprintf("%#v", cfg), string(js), cfg.SMTPPassword.String()} {
				if strings.Contains(s, password) {
					t.Errorf("the password shows in %s", s)
				}
			}
		})
	}
}

func TestDatabaseURLNeverShows(t *testing.T) {
	const password = "hunter2-very-secret"
	cfg, err := config.Load("", env(map[string]string{"PORTFOLIO_DATABASE_URL": "postgres://portfolio:" + password + "@db.internal/portfolio"}))
	if err != nil {
		t.Fatal(err)
	}
	js, _ := json.Marshal(cfg)
	for _, s := range []string{fmt.Sprint(cfg), fmt.Sprintf("%+v", cfg), fmt.Sprintf("%#v", cfg), string(js)} {
		if strings.Contains(s, password) {
			t.Errorf("the database password shows in %s", s)
		}
	}
	// Nor in the error about a URL that does not parse.
	_, err = config.Load("", env(map[string]string{"PORTFOLIO_DATABASE_URL": "postgres://portfolio:" + password + "@[db.internal/portfolio"}))
	if err == nil || !strings.Contains(err.Error(), "PORTFOLIO_DATABASE_URL is not a valid URL") {
		t.Fatalf("error = %v, want PORTFOLIO_DATABASE_URL is not a valid URL", err)
	}
	if strings.Contains(err.Error(), password) {
		t.Errorf("error reveals the password: %v", err)
	}
}

func TestEveryInvalidValueIsReported(t *testing.T) {
	_, err := config.Load("", env(map[string]string{
		"PORTFOLIO_LOG_LEVEL":  "loud",
		"PORTFOLIO_PUBLIC_URL": "nope",
	}))
	if err == nil {
		t.Fatal("want an error")
	}
	for _, key := range []string{"PORTFOLIO_LOG_LEVEL", "PORTFOLIO_PUBLIC_URL"} {
		if !strings.Contains(err.Error(), key) {
			t.Errorf("error %q does not name %s", err, key)
		}
	}
}

func TestConfigFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	yamlFile := write("gateway.yaml", "http_addr: 127.0.0.1:9999\nlog_level: debug\ndev: true\nremote_blog_url: http://127.0.0.1:3001/mf-manifest.json\n")
	jsonFile := write("gateway.json", `{"public_url": "https://portfolio.example", "log_format": "console"}`)
	unknownKey := write("typo.yaml", "http_adr: 127.0.0.1:1\n")
	badValue := write("bad.yaml", "log_level: loud\n")

	tests := []struct {
		name    string
		path    string
		env     map[string]string
		check   func(config.Config) bool
		wantErr string
	}{
		{
			name: "yaml values",
			path: yamlFile,
			check: func(c config.Config) bool {
				return c.HTTPAddr == "127.0.0.1:9999" && c.LogLevel == "debug" && c.Dev &&
					c.RemoteBlogURL == "http://127.0.0.1:3001/mf-manifest.json" && c.WebDir == "apps"
			},
		},
		{
			name: "json values",
			path: jsonFile,
			check: func(c config.Config) bool {
				return c.PublicURL == "https://portfolio.example" && c.LogFormat == "console"
			},
		},
		{
			name:  "env outranks the file",
			path:  yamlFile,
			env:   map[string]string{"PORTFOLIO_LOG_LEVEL": "error", "PORTFOLIO_DEV": "false"},
			check: func(c config.Config) bool { return c.LogLevel == "error" && !c.Dev && c.HTTPAddr == "127.0.0.1:9999" },
		},
		{name: "unknown key", path: unknownKey, wantErr: `unknown key "http_adr"`},
		{name: "invalid value", path: badValue, wantErr: `PORTFOLIO_LOG_LEVEL: "loud"`},
		{name: "missing file", path: filepath.Join(dir, "missing.yaml"), wantErr: "config: read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := config.Load(tt.path, env(tt.env))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tt.check(cfg) {
				t.Errorf("unexpected config %+v", cfg)
			}
		})
	}
}

func TestRemotes(t *testing.T) {
	cfg, err := config.Load("", env(map[string]string{"PORTFOLIO_REMOTE_ADMIN_URL": "http://127.0.0.1:3003/mf-manifest.json"}))
	if err != nil {
		t.Fatal(err)
	}
	want := []config.Remote{
		{Name: "blog", Entry: "/mf/blog/mf-manifest.json"},
		{Name: "newsletter", Entry: "/mf/newsletter/mf-manifest.json"},
		{Name: "admin", Entry: "http://127.0.0.1:3003/mf-manifest.json"},
	}
	got := cfg.Remotes()
	if len(got) != len(want) {
		t.Fatalf("Remotes() = %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Remotes()[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}

// TestBackupDirIsForSQLite: scheduled backups copy the SQLite file; with PostgreSQL
// the setting is refused rather than silently doing nothing.
func TestBackupDirIsForSQLite(t *testing.T) {
	cfg, err := config.Load("", env(map[string]string{"PORTFOLIO_BACKUP_DIR": " /var/backups/portfolio ", "PORTFOLIO_BACKUP_INTERVAL": "6h", "PORTFOLIO_BACKUP_KEEP": "28"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BackupDir != "/var/backups/portfolio" || cfg.BackupInterval != 6*time.Hour || cfg.BackupKeep != 28 {
		t.Errorf("backup settings = %q %v %d", cfg.BackupDir, cfg.BackupInterval, cfg.BackupKeep)
	}
	_, err = config.Load("", env(map[string]string{"PORTFOLIO_BACKUP_DIR": "/backups", "PORTFOLIO_DATABASE_URL": "postgres://u:p@db/portfolio"}))
	if err == nil || !strings.Contains(err.Error(), "PORTFOLIO_BACKUP_DIR copies the SQLite file, and PORTFOLIO_DATABASE_URL is set") {
		t.Errorf("backup dir with PostgreSQL: %v", err)
	}
}

// TestReplicaSettings: a replica URL of each form is taken; a bad one, or one with
// PostgreSQL, is refused with an error that names the variable and never repeats an
// sftp password.
func TestReplicaSettings(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want string // "" for no error; else part of it
	}{
		{"file", map[string]string{"PORTFOLIO_REPLICA_URL": " file:///var/lib/portfolio-replica "}, ""},
		{"s3", map[string]string{"PORTFOLIO_REPLICA_URL": "s3://bucket/site?endpoint=http://127.0.0.1:7070&region=us-east-1"}, ""},
		{"sftp", map[string]string{"PORTFOLIO_REPLICA_URL": "sftp://backup@host.example/portfolio"}, ""},
		{"relative file", map[string]string{"PORTFOLIO_REPLICA_URL": "file://replica"}, "PORTFOLIO_REPLICA_URL is not file:///absolute/path"},
		{"other scheme", map[string]string{"PORTFOLIO_REPLICA_URL": "gs://bucket/site"}, `PORTFOLIO_REPLICA_URL has the scheme "gs"; it takes file://, s3://, sftp://`},
		{"no bucket", map[string]string{"PORTFOLIO_REPLICA_URL": "s3:///site"}, "PORTFOLIO_REPLICA_URL names no bucket"},
		{"no prefix", map[string]string{"PORTFOLIO_REPLICA_URL": "s3://bucket"}, "PORTFOLIO_REPLICA_URL names no path"},
		{"sftp password", map[string]string{"PORTFOLIO_REPLICA_URL": "sftp://backup:hunter2@host.example"}, "PORTFOLIO_REPLICA_URL names no path"},
		{"with PostgreSQL", map[string]string{"PORTFOLIO_REPLICA_URL": "file:///r", "PORTFOLIO_DATABASE_URL": "postgres://u:p@db/portfolio"},
			"PORTFOLIO_REPLICA_URL replicates the SQLite file, and PORTFOLIO_DATABASE_URL is set"},
		{"sync interval", map[string]string{"PORTFOLIO_REPLICA_SYNC_INTERVAL": "10ms"}, `PORTFOLIO_REPLICA_SYNC_INTERVAL: "10ms" is not between 100ms and 1h0m0s`},
		{"drill interval", map[string]string{"PORTFOLIO_RESTORE_DRILL_INTERVAL": "5m"}, `PORTFOLIO_RESTORE_DRILL_INTERVAL: "5m0s" is shorter than 1h0m0s`},
		{"no drill", map[string]string{"PORTFOLIO_RESTORE_DRILL_INTERVAL": "0s"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := config.Load("", env(tc.env))
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got, want := cfg.ReplicaURL.Reveal(), strings.TrimSpace(tc.env["PORTFOLIO_REPLICA_URL"]); got != want {
					t.Errorf("ReplicaURL = %q, want %q", got, want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one with %q", err, tc.want)
			}
			if err != nil && strings.Contains(err.Error(), "hunter2") {
				t.Errorf("the error shows the password: %v", err)
			}
		})
	}
}

// A listener asked for port 0 gets one from the system; an admin URL made from its
// address takes that port, a configured one stays.
func TestBindAdmin(t *testing.T) {
	for _, tt := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"PORTFOLIO_ADMIN_ADDR": "127.0.0.1:0"}, "http://127.0.0.1:40123"},
		{map[string]string{"PORTFOLIO_ADMIN_ADDR": "127.0.0.1:0", "PORTFOLIO_ADMIN_URL": "https://admin.example.com"}, "https://admin.example.com"},
		{map[string]string{"PORTFOLIO_ADMIN_ADDR": "127.0.0.1:8081"}, "http://127.0.0.1:8081"},
	} {
		cfg, err := config.Load("", env(tt.env))
		if err != nil {
			t.Fatal(err)
		}
		cfg.BindAdmin("127.0.0.1:40123")
		if cfg.AdminURL != tt.want {
			t.Errorf("%v: AdminURL = %q, want %q", tt.env, cfg.AdminURL, tt.want)
		}
	}
}
