package config

import (
	"fmt"
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
