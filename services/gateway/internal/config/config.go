// Package config loads the gateway's configuration once at start-up: defaults, then an
// optional config file, then PORTFOLIO_* environment variables. Invalid values fail
// start-up with an error naming the environment variable.
package config

import (
	"errors"
	"fmt"
	"net/netip"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/spf13/viper"
)

// Config is the gateway's whole configuration.
type Config struct {
	HTTPAddr  string `mapstructure:"http_addr"`
	DataDir   string `mapstructure:"data_dir"`
	PublicURL string `mapstructure:"public_url"` // absolute, no trailing slash
	// AdminAddr and AdminURL are the admin's origin (docs/decisions/0047): its own
	// listener, and the URL its owner opens (an origin: scheme, host and port). Every
	// section's code runs on the public origin; the admin's session and API never do.
	// An empty AdminURL is http://<AdminAddr>, with the port it was given on listening.
	AdminAddr string `mapstructure:"admin_addr"`
	AdminURL  string `mapstructure:"admin_url"`
	LogLevel  string `mapstructure:"log_level"`
	LogFormat string `mapstructure:"log_format"`
	// WebDir holds the built apps: <WebDir>/shell/dist and <WebDir>/<remote>/dist.
	WebDir string `mapstructure:"web_dir"`
	// Remote*URL is where the shell loads each remote's manifest from: a path on this
	// server or an absolute URL (a developer's dev server).
	RemoteBlogURL       string `mapstructure:"remote_blog_url"`
	RemoteNewsletterURL string `mapstructure:"remote_newsletter_url"`
	RemoteAdminURL      string `mapstructure:"remote_admin_url"`
	// Dev relaxes the Content-Security-Policy for remotes on dev servers and hot reload.
	Dev bool `mapstructure:"dev"`
	// SpeculationRules sends the public pages with the Speculation-Rules header: the
	// browser prerenders and prefetches the pages a visitor is likely to open next
	// (docs/decisions/0062-speculation-rules.md); false sends none.
	SpeculationRules bool `mapstructure:"speculation_rules"`

	// SMTPHost is the mail server; empty writes every email as an .eml file into
	// MaildirPath() instead.
	SMTPHost     string        `mapstructure:"smtp_host"`
	SMTPPort     int           `mapstructure:"smtp_port"`
	SMTPUsername string        `mapstructure:"smtp_username"`
	SMTPPassword Secret        `mapstructure:"smtp_password"`
	SMTPTLS      string        `mapstructure:"smtp_tls"` // none, starttls or tls
	SMTPTimeout  time.Duration `mapstructure:"smtp_timeout"`
	// MailFrom is the sender of every email, e.g. "Portfolio <no-reply@example.com>".
	MailFrom string `mapstructure:"mail_from"`
	// OwnerEmail receives the contact notifications; empty means content's owner.email.
	OwnerEmail string `mapstructure:"owner_email"`

	// The mail outbox: an optional cap on attempts before a message is dead (0: none,
	// the lifetime below decides), the backoff between them
	// (a random wait up to min(max, base·2^(n-1))), how often other processes' mail is
	// looked for, and the limit of one attempt.
	OutboxMaxAttempts  int           `mapstructure:"outbox_max_attempts"`
	OutboxRetryBase    time.Duration `mapstructure:"outbox_retry_base"`
	OutboxRetryMax     time.Duration `mapstructure:"outbox_retry_max"`
	OutboxPollInterval time.Duration `mapstructure:"outbox_poll_interval"`
	OutboxSendTimeout  time.Duration `mapstructure:"outbox_send_timeout"`

	// OutboxRetryLifetime is how long a message is retried after it was queued before
	// it is dead, as a mail server would (Postfix: 5 days): an SMTP outage over a
	// weekend delays mail but loses none.
	OutboxRetryLifetime time.Duration `mapstructure:"outbox_retry_lifetime"`
	// MailRatePerSecond is how many emails one gateway starts sending per second at
	// most, so that an edition to a long list does not overwhelm the SMTP relay; 0 is
	// no limit.
	MailRatePerSecond float64 `mapstructure:"mail_rate_per_second"`

	// DatabaseURL is a PostgreSQL server (postgres://user:password@host/db) for
	// running several gateways on one database; empty is the SQLite file
	// DatabasePath(). A Secret: it may hold the password.
	DatabaseURL Secret `mapstructure:"database_url"`

	// AdminUser and AdminPasswordHash (bcrypt) are who may sign in to the admin
	// section; both empty (the default) closes the admin API. AdminSessionTTL is how
	// long a sign-in lasts.
	AdminUser         string        `mapstructure:"admin_user"`
	AdminPasswordHash Secret        `mapstructure:"admin_password_hash"`
	AdminSessionTTL   time.Duration `mapstructure:"admin_session_ttl"`
	// AdminPasswordChecks is how many sign-in password checks (bcrypt, ~¼ s of a
	// core each) run at once; more attempts at that moment get a quick 503.
	AdminPasswordChecks int `mapstructure:"admin_password_checks"`
	// AdminPasswordCost is the bcrypt cost of the password a setup link stores (each
	// step doubles the time; tests under the race detector use the lowest).
	AdminPasswordCost int `mapstructure:"admin_password_cost"`

	// NewsletterConfirmTTL is how long a newsletter confirmation link works;
	// NewsletterResendInterval the least time between two confirmation emails to one
	// unconfirmed address (subscribing again sooner sends nothing).
	NewsletterConfirmTTL     time.Duration `mapstructure:"newsletter_confirm_ttl"`
	NewsletterResendInterval time.Duration `mapstructure:"newsletter_resend_interval"`
	// ImportConfirmationsPerDay is how many confirmation emails the admin's imports
	// send per day (UTC), all replicas together; the unconfirmed rows past it are
	// imported without one.
	ImportConfirmationsPerDay int `mapstructure:"import_confirmations_per_day"`

	// RateLimitPerMinute is how many requests one client may make to one rate-limited
	// endpoint (POST /api/contact, POST /api/newsletter/subscriptions and their no-JS
	// form posts to /) per minute, in bursts of up to as many.
	RateLimitPerMinute int `mapstructure:"rate_limit_per_minute"`
	// RateLimitIPv6Prefix is how many leading bits of an IPv6 address every per-client
	// limit counts as one client (64: one /64 network, what one machine gets).
	RateLimitIPv6Prefix int `mapstructure:"rate_limit_ipv6_prefix"`
	// ContactAutoReplyPerHour caps the contact auto-replies the whole site sends per
	// hour (each goes to an address nobody verified); past it messages are still kept
	// and the owner notified. 0 sends none.
	ContactAutoReplyPerHour int `mapstructure:"contact_autoreply_per_hour"`
	// MetricsAddr is where /metrics is served, apart from the site; empty or "off"
	// serves it nowhere.
	MetricsAddr string `mapstructure:"metrics_addr"`
	// TrustedProxies are the peers whose X-Forwarded-For is believed (from the
	// comma-separated trusted_proxies: CIDRs or single addresses).
	TrustedProxies []netip.Prefix `mapstructure:"-"`

	// ShutdownDelay is how long /readyz fails after SIGTERM before the server stops
	// accepting connections: the time a load balancer (Kubernetes endpoints) needs to
	// stop routing here. 0 (the default) stops at once, right for a single process.
	ShutdownDelay time.Duration `mapstructure:"shutdown_delay"`
	// PublishResumeAfter is how old a running publication must be for another replica
	// to take it over (its process died), and how often each replica looks for one:
	// a publish normally finishes queueing in seconds.
	PublishResumeAfter time.Duration `mapstructure:"publish_resume_after"`

	// BackupDir, if set, is where the gateway copies the SQLite database every
	// BackupInterval, keeping the newest BackupKeep copies (docs/decisions/0036).
	// PostgreSQL has its own tools for this (README), so it is refused with
	// DatabaseURL.
	BackupDir      string        `mapstructure:"backup_dir"`
	BackupInterval time.Duration `mapstructure:"backup_interval"`
	BackupKeep     int           `mapstructure:"backup_keep"`
	// ReplicaURL, if set, is where the gateway replicates its SQLite database
	// continuously (docs/decisions/0053): file:///path, s3://bucket/prefix?endpoint=…&region=…
	// (credentials from the AWS_* variables) or sftp://user@host/path. A Secret: an
	// sftp URL may hold a password. ReplicaSyncInterval is the most a lost disk loses:
	// a write acknowledged longer ago than that is in the replica.
	ReplicaURL          Secret        `mapstructure:"replica_url"`
	ReplicaSyncInterval time.Duration `mapstructure:"replica_sync_interval"`
	// RestoreDrillInterval is how often the gateway restores the newest replica (or,
	// without one, the newest backup) into a temporary directory and checks it; 0
	// runs no drill.
	RestoreDrillInterval time.Duration `mapstructure:"restore_drill_interval"`
	// Analytics counts page views, daily visitors and sign-ups in the site's database
	// (docs/decisions/0039); false counts nothing. AnalyticsRetention is how long the
	// daily counts are kept; AnalyticsFlushInterval how often a replica adds what it
	// counted to them.
	Analytics              bool          `mapstructure:"analytics"`
	AnalyticsRetention     time.Duration `mapstructure:"analytics_retention"`
	AnalyticsFlushInterval time.Duration `mapstructure:"analytics_flush_interval"`

	// Hygiene is the list's and the mail's: DKIM, mail events, reminders, schedules.
	Hygiene `mapstructure:",squash"`
	// Canary is when a failing canary is rolled back by the gateway (canary.go).
	Canary `mapstructure:",squash"`
}

// DatabasePath is the SQLite database file (contact messages and the mail outbox) when
// no DatabaseURL is set.
func (c Config) DatabasePath() string { return filepath.Join(c.DataDir, "portfolio.db") }

// MaildirPath is where email goes when no SMTP host is configured.
func (c Config) MaildirPath() string { return filepath.Join(c.DataDir, "maildir") }

// Remote is a micro-frontend the shell loads at runtime.
type Remote struct {
	Name  string `json:"name"`
	Entry string `json:"entry"`
}

// RemoteNames are the shell's remotes, in the order remotes.json lists them: those of
// content/sections.json, the one list of the sections (docs/decisions/0065).
var RemoteNames = content.RemoteNames()

// Remotes returns every remote with its entry URL, in RemoteNames order: its setting
// (PORTFOLIO_REMOTE_<NAME>_URL), or for a remote without one its own build's manifest,
// /mf/<name>/mf-manifest.json.
func (c Config) Remotes() []Remote {
	set := map[string]string{
		string(content.SectionBlog):       c.RemoteBlogURL,
		string(content.SectionNewsletter): c.RemoteNewsletterURL,
		string(content.SectionAdmin):      c.RemoteAdminURL,
	}
	remotes := make([]Remote, 0, len(RemoteNames))
	for _, name := range RemoteNames {
		entry, ok := set[name]
		if !ok {
			entry = "/mf/" + name + "/mf-manifest.json"
		}
		remotes = append(remotes, Remote{Name: name, Entry: entry})
	}
	return remotes
}

// ShellDist is the directory of the shell's production build.
func (c Config) ShellDist() string { return filepath.Join(c.WebDir, "shell", "dist") }

// RemoteDist is the directory of a remote's production build.
func (c Config) RemoteDist(name string) string { return filepath.Join(c.WebDir, name, "dist") }

// AdminURLIsHTTPS reports whether the owner reaches the admin over TLS, which decides
// its cookies' Secure flag and __Host- prefix, and HSTS on its origin.
func (c Config) AdminURLIsHTTPS() bool { return strings.HasPrefix(c.AdminURL, "https://") }

// PublicURLIsHTTPS reports whether visitors reach the site over TLS (possibly through a
// proxy that terminates it), which decides HSTS.
func (c Config) PublicURLIsHTTPS() bool { return strings.HasPrefix(c.PublicURL, "https://") }

// EnvPrefix starts every environment variable the gateway reads.
const EnvPrefix = "PORTFOLIO_"

// ConfigFileEnv names the config file when the --config flag is not given.
const ConfigFileEnv = EnvPrefix + "CONFIG"

// A key is read from the config file under its name (e.g. log_level) and from the
// environment as PORTFOLIO_<NAME> (PORTFOLIO_LOG_LEVEL).
type key struct {
	name string
	def  any
}

var keys = []key{
	{"http_addr", "127.0.0.1:8080"},
	{"data_dir", "./data"},
	{"public_url", "http://127.0.0.1:8080"},
	{"admin_addr", "127.0.0.1:8081"},
	{"admin_url", ""},
	{"log_level", "info"},
	{"log_format", "json"},
	{"web_dir", "apps"},
	{"remote_blog_url", "/mf/blog/mf-manifest.json"},
	{"remote_newsletter_url", "/mf/newsletter/mf-manifest.json"},
	{"remote_admin_url", "/mf/admin/mf-manifest.json"},
	{"dev", false},
	{"speculation_rules", true},
	{"smtp_host", ""},
	{"smtp_port", 587},
	{"smtp_username", ""},
	{"smtp_password", ""},
	{"smtp_tls", "starttls"},
	{"smtp_timeout", "30s"},
	{"mail_from", "Portfolio <no-reply@localhost>"},
	{"owner_email", ""},
	{"outbox_retry_lifetime", "72h"},
	{"outbox_max_attempts", 0},
	{"outbox_retry_base", "1m"},
	{"outbox_retry_max", "1h"},
	{"outbox_poll_interval", "10s"},
	{"outbox_send_timeout", "1m"},
	{"mail_rate_per_second", 10},
	{"database_url", ""},
	{"admin_user", ""},
	{"admin_password_hash", ""},
	{"admin_session_ttl", "12h"},
	{"admin_password_checks", 1},
	{"admin_password_cost", 12},
	{"newsletter_confirm_ttl", "72h"},
	{"newsletter_resend_interval", "10m"},
	{"import_confirmations_per_day", 100},
	{"rate_limit_per_minute", 5},
	{"rate_limit_ipv6_prefix", 64},
	{"contact_autoreply_per_hour", 100},
	{"metrics_addr", "127.0.0.1:9090"},
	{"trusted_proxies", ""},
	{"shutdown_delay", "0s"},
	{"publish_resume_after", "1m"},
	{"backup_dir", ""},
	{"backup_interval", "24h"},
	{"backup_keep", 7},
	{"replica_url", ""},
	{"replica_sync_interval", "1s"},
	{"restore_drill_interval", "168h"}, // weekly
	{"analytics", true},
	{"analytics_retention", "17520h"}, // 2 years
	{"analytics_flush_interval", "5s"},
	// Canary (canary.go).
	{"canary_check_interval", "30s"},
	{"canary_error_ratio", 5},
	{"canary_min_error_rate", 0.05},
	{"canary_min_views", 20},
	{"canary_inp_worse", "100ms"},
	// Hygiene (hygiene.go).
	{"dkim_domain", ""},
	{"dkim_selector", ""},
	{"dkim_key_file", ""},
	{"mail_events_secret", ""},
	{"sendgrid_webhook_key", ""},
	{"soft_bounce_limit", 3},
	{"soft_bounce_window", "168h"},
	{"newsletter_reminder_after", "24h"},
	{"list_unsubscribe_mailto", ""},
	{"schedule_interval", "15s"},
}

// EnvName returns the environment variable for a config key.
func EnvName(name string) string { return EnvPrefix + strings.ToUpper(name) }

// Load builds the configuration from defaults, the config file at path (if path is not
// empty; YAML, JSON or TOML by extension) and the environment as seen through getenv.
// An empty environment variable counts as unset.
func Load(path string, getenv func(string) string) (Config, error) {
	v := viper.New()
	for _, k := range keys {
		v.SetDefault(k.name, k.def)
	}
	if path != "" {
		v.SetConfigFile(path)
		if err := v.ReadInConfig(); err != nil {
			return Config{}, fmt.Errorf("config: read %s: %w", path, err)
		}
		if err := checkFileKeys(path, v.AllKeys()); err != nil {
			return Config{}, err
		}
	}
	// viper's own env binding reads os.Getenv; feeding it the injected getenv keeps run()
	// testable without touching the process environment. Set outranks the file and the
	// defaults, which is the precedence env vars should have.
	for _, k := range keys {
		if val := getenv(EnvName(k.name)); val != "" {
			v.Set(k.name, val)
		}
	}
	// Parse typed values before Unmarshal so the errors name the key instead of a
	// mapstructure field path.
	if err := checkTypes(v); err != nil {
		return Config{}, err
	}
	var c Config
	if err := v.Unmarshal(&c); err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	if err := c.normalize(v.GetString("trusted_proxies")); err != nil {
		return Config{}, err
	}
	return c, nil
}

// Keys by the type Unmarshal decodes them into (strings need no check).
var (
	boolKeys     = []string{"dev", "speculation_rules", "analytics"}
	intKeys      = []string{"smtp_port", "outbox_max_attempts", "rate_limit_per_minute", "rate_limit_ipv6_prefix", "contact_autoreply_per_hour", "backup_keep", "import_confirmations_per_day", "soft_bounce_limit", "canary_min_views"}
	durationKeys = []string{"soft_bounce_window", "newsletter_reminder_after", "schedule_interval", "smtp_timeout", "outbox_retry_lifetime", "outbox_retry_base", "outbox_retry_max", "outbox_poll_interval", "outbox_send_timeout", "admin_session_ttl", "newsletter_confirm_ttl", "newsletter_resend_interval", "shutdown_delay", "publish_resume_after", "backup_interval", "replica_sync_interval", "restore_drill_interval", "analytics_retention", "analytics_flush_interval", "canary_check_interval", "canary_inp_worse"}
	floatKeys    = []string{"mail_rate_per_second", "canary_error_ratio", "canary_min_error_rate"}
)

func checkTypes(v *viper.Viper) error {
	var errs []error
	for _, k := range boolKeys {
		if _, err := strconv.ParseBool(v.GetString(k)); err != nil {
			errs = append(errs, invalid(k, v.GetString(k), "is not a boolean (true or false)"))
		}
	}
	for _, k := range intKeys {
		if _, err := strconv.Atoi(strings.TrimSpace(v.GetString(k))); err != nil {
			errs = append(errs, invalid(k, v.GetString(k), "is not a whole number"))
		}
	}
	for _, k := range durationKeys {
		if _, err := time.ParseDuration(strings.TrimSpace(v.GetString(k))); err != nil {
			errs = append(errs, invalid(k, v.GetString(k), "is not a duration (such as 500ms, 30s, 5m, 1h)"))
		}
	}
	for _, k := range floatKeys {
		if _, err := strconv.ParseFloat(strings.TrimSpace(v.GetString(k)), 64); err != nil {
			errs = append(errs, invalid(k, v.GetString(k), "is not a number (such as 10 or 0.5)"))
		}
	}
	return errors.Join(errs...)
}

func checkFileKeys(path string, fileKeys []string) error {
	for _, fk := range fileKeys {
		if !slices.ContainsFunc(keys, func(k key) bool { return k.name == fk }) {
			return fmt.Errorf("config: %s: unknown key %q", path, fk)
		}
	}
	return nil
}

// normalize validates every value and puts it in canonical form.
func (c *Config) normalize(trustedProxies string) error {
	var errs []error
	if err := checkAddr(c.HTTPAddr); err != nil {
		errs = append(errs, invalid("http_addr", c.HTTPAddr, err.Error()))
	}
	if strings.TrimSpace(c.DataDir) == "" {
		errs = append(errs, invalid("data_dir", c.DataDir, "is empty"))
	}
	if strings.TrimSpace(c.WebDir) == "" {
		errs = append(errs, invalid("web_dir", c.WebDir, "is empty"))
	}
	if u, err := checkPublicURL(c.PublicURL); err != nil {
		errs = append(errs, invalid("public_url", c.PublicURL, err.Error()))
	} else {
		c.PublicURL = u
	}
	errs = append(errs, c.normalizeAdminOrigin()...)
	c.LogLevel = strings.ToLower(c.LogLevel)
	if levels := []string{"debug", "info", "warn", "error"}; !slices.Contains(levels, c.LogLevel) {
		errs = append(errs, invalid("log_level", c.LogLevel, "is not one of "+strings.Join(levels, ", ")))
	}
	c.LogFormat = strings.ToLower(c.LogFormat)
	if formats := []string{"json", "console"}; !slices.Contains(formats, c.LogFormat) {
		errs = append(errs, invalid("log_format", c.LogFormat, "is not one of "+strings.Join(formats, ", ")))
	}
	for _, r := range []struct{ key, val string }{
		{"remote_blog_url", c.RemoteBlogURL},
		{"remote_newsletter_url", c.RemoteNewsletterURL},
		{"remote_admin_url", c.RemoteAdminURL},
	} {
		if err := checkRemoteURL(r.val); err != nil {
			errs = append(errs, invalid(r.key, r.val, err.Error()))
		}
	}
	errs = append(errs, c.normalizeMail()...)
	if err := checkDatabaseURL(c.DatabaseURL.Reveal()); err != nil {
		// Never print the value: it may hold a password.
		errs = append(errs, fmt.Errorf("config: %s %w", EnvName("database_url"), err))
	}
	errs = append(errs, c.normalizeAdmin()...)
	errs = append(errs, c.normalizeNewsletter()...)
	errs = append(errs, c.normalizeAbuse()...)
	errs = append(errs, c.normalizeBackup()...)
	errs = append(errs, c.normalizeReplica()...)
	errs = append(errs, c.normalizeAnalytics()...)
	errs = append(errs, c.normalizeHygiene()...)
	errs = append(errs, c.normalizeCanary()...)
	if c.RateLimitPerMinute < 1 || c.RateLimitPerMinute > 100000 {
		errs = append(errs, invalid("rate_limit_per_minute", strconv.Itoa(c.RateLimitPerMinute), "is not between 1 and 100000"))
	}
	prefixes, err := parsePrefixes(trustedProxies)
	if err != nil {
		errs = append(errs, invalid("trusted_proxies", trustedProxies, err.Error()))
	}
	c.TrustedProxies = prefixes
	return errors.Join(errs...)
}
