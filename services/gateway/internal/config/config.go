// Package config loads the gateway's configuration once at start-up: defaults, then an
// optional config file, then PORTFOLIO_* environment variables. Invalid values fail
// start-up with an error naming the environment variable.
package config

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/viper"
)

// Config is the gateway's whole configuration.
type Config struct {
	HTTPAddr  string `mapstructure:"http_addr"`
	DataDir   string `mapstructure:"data_dir"`
	PublicURL string `mapstructure:"public_url"` // absolute, no trailing slash
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
}

// Remote is a micro-frontend the shell loads at runtime.
type Remote struct {
	Name  string `json:"name"`
	Entry string `json:"entry"`
}

// RemoteNames are the shell's remotes, in the order remotes.json lists them.
var RemoteNames = []string{"blog", "newsletter", "admin"}

// Remotes returns every remote with its configured entry URL, in RemoteNames order.
func (c Config) Remotes() []Remote {
	return []Remote{
		{Name: "blog", Entry: c.RemoteBlogURL},
		{Name: "newsletter", Entry: c.RemoteNewsletterURL},
		{Name: "admin", Entry: c.RemoteAdminURL},
	}
}

// ShellDist is the directory of the shell's production build.
func (c Config) ShellDist() string { return filepath.Join(c.WebDir, "shell", "dist") }

// RemoteDist is the directory of a remote's production build.
func (c Config) RemoteDist(name string) string { return filepath.Join(c.WebDir, name, "dist") }

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
	{"log_level", "info"},
	{"log_format", "json"},
	{"web_dir", "apps"},
	{"remote_blog_url", "/mf/blog/mf-manifest.json"},
	{"remote_newsletter_url", "/mf/newsletter/mf-manifest.json"},
	{"remote_admin_url", "/mf/admin/mf-manifest.json"},
	{"dev", false},
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
	// Parse the bool before Unmarshal so the error names the key instead of a
	// mapstructure field path.
	if _, err := strconv.ParseBool(v.GetString("dev")); err != nil {
		return Config{}, invalid("dev", v.GetString("dev"), "is not a boolean (true or false)")
	}
	var c Config
	if err := v.Unmarshal(&c); err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	if err := c.normalize(); err != nil {
		return Config{}, err
	}
	return c, nil
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
func (c *Config) normalize() error {
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
	return errors.Join(errs...)
}

func invalid(name, val, problem string) error {
	return fmt.Errorf("config: %s: %q %s", EnvName(name), val, problem)
}

func checkAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return errors.New("is not a host:port address")
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return errors.New("has no valid port (0-65535)")
	}
	return nil
}

// checkPublicURL accepts an absolute http(s) URL without query or fragment and returns
// it without a trailing slash, so PublicURL + "/path" is the canonical URL of a page.
func checkPublicURL(s string) (string, error) {
	u, err := url.Parse(s)
	switch {
	case err != nil || u.Host == "":
		return "", errors.New("is not an absolute URL")
	case u.Scheme != "http" && u.Scheme != "https":
		return "", errors.New("is not an http or https URL")
	case u.RawQuery != "" || u.ForceQuery || u.Fragment != "":
		return "", errors.New("must not have a query or fragment")
	case u.User != nil:
		return "", errors.New("must not contain credentials")
	}
	return strings.TrimSuffix(u.String(), "/"), nil
}

// checkRemoteURL accepts a path on this server (/mf/...) or an absolute http(s) URL.
func checkRemoteURL(s string) error {
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") {
		return nil
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return errors.New("is neither a path starting with / nor an absolute http(s) URL")
	}
	return nil
}
