package config

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
)

// normalizeAdmin checks the admin's credentials: both set or both empty, a usable user
// name, and a bcrypt hash that can verify a password (a hash that cannot would lock
// the owner out with no hint why). The hash is never printed.
func (c *Config) normalizeAdmin() []error {
	var errs []error
	c.AdminUser = strings.TrimSpace(c.AdminUser)
	hash := strings.TrimSpace(c.AdminPasswordHash.Reveal())
	c.AdminPasswordHash = Secret(hash)
	switch {
	case c.AdminUser == "" && hash != "":
		errs = append(errs, fmt.Errorf("config: %s is set but %s is empty: set both, or neither to keep the admin closed",
			EnvName("admin_password_hash"), EnvName("admin_user")))
	case c.AdminUser != "" && hash == "":
		errs = append(errs, fmt.Errorf("config: %s is set but %s is empty: set both (`gateway hash-password` prints a hash), or neither to keep the admin closed",
			EnvName("admin_user"), EnvName("admin_password_hash")))
	}
	if c.AdminUser != "" {
		if err := admin.CheckUser(c.AdminUser); err != nil {
			errs = append(errs, invalid("admin_user", c.AdminUser, err.Error()))
		}
	}
	if hash != "" {
		if err := admin.CheckPasswordHash(hash); err != nil {
			errs = append(errs, fmt.Errorf("config: %s %w", EnvName("admin_password_hash"), err))
		}
	}
	// Long enough to sign in and work; short enough that a forgotten session on a
	// shared computer does not stay open for weeks.
	if c.AdminSessionTTL < time.Minute || c.AdminSessionTTL > 30*24*time.Hour {
		errs = append(errs, invalid("admin_session_ttl", c.AdminSessionTTL.String(), "is not between 1m and 720h"))
	}
	if c.AdminPasswordChecks < 1 || c.AdminPasswordChecks > 64 {
		errs = append(errs, invalid("admin_password_checks", strconv.Itoa(c.AdminPasswordChecks), "is not between 1 and 64"))
	}
	if c.AdminPasswordCost < bcrypt.MinCost || c.AdminPasswordCost > 16 {
		errs = append(errs, invalid("admin_password_cost", strconv.Itoa(c.AdminPasswordCost), fmt.Sprintf("is not between %d and 16", bcrypt.MinCost)))
	}
	return errs
}

// normalizeAdminOrigin checks the admin's listener and URL: an address of its own, and
// an origin (no path) other than the public URL's. Another port of the same host is
// another origin, which is what the browser isolates scripts, storage and the admin
// API's responses by.
func (c *Config) normalizeAdminOrigin() []error {
	if err := checkAddr(c.AdminAddr); err != nil {
		return []error{invalid("admin_addr", c.AdminAddr, err.Error())}
	}
	if c.AdminAddr == c.HTTPAddr && !strings.HasSuffix(c.AdminAddr, ":0") {
		return []error{invalid("admin_addr", c.AdminAddr, "is also "+EnvName("http_addr")+": the admin needs a listener of its own")}
	}
	if c.AdminURL == "" {
		c.AdminURL = urlOf(c.AdminAddr)
	}
	u, err := checkPublicURL(c.AdminURL)
	if err == nil {
		err = checkOrigin(u)
	}
	if err != nil {
		return []error{invalid("admin_url", c.AdminURL, err.Error())}
	}
	c.AdminURL = u
	if c.PublicURL != "" && strings.EqualFold(u, c.PublicURL) {
		return []error{invalid("admin_url", c.AdminURL, "is the public URL: the admin needs an origin of its own (another host, or another port)")}
	}
	return nil
}

// BindAdmin tells the configuration where the admin's listener was bound: an AdminURL
// made from an AdminAddr of port 0 takes the port the system chose.
func (c *Config) BindAdmin(addr string) {
	if _, port, err := net.SplitHostPort(c.AdminAddr); err == nil && port == "0" && c.AdminURL == urlOf(c.AdminAddr) {
		c.AdminURL = urlOf(addr)
	}
}

// urlOf is the http URL of a listening address; an unspecified host (":8081",
// "0.0.0.0:8081") is reached on loopback from this machine.
func urlOf(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://" + addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// checkOrigin refuses a URL with a path: the admin is the whole of its origin.
func checkOrigin(u string) error {
	parsed, err := url.Parse(u)
	if err != nil {
		return err
	}
	if parsed.Path != "" {
		return errors.New("must be an origin, without a path (such as https://admin.example.com)")
	}
	return nil
}
