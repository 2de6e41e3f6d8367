package config

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/portfolio-site/portfolio/services/sqldb"
)

// parsePrefixes reads a comma- or space-separated list of CIDRs and addresses (an
// address is a prefix of its full length).
func parsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for f := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		if strings.Contains(f, "/") {
			p, err := netip.ParsePrefix(f)
			if err != nil {
				return nil, fmt.Errorf("has %q, which is not a CIDR such as 10.0.0.0/8", f)
			}
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("has %q, which is not an IP address or CIDR", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
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

// checkDatabaseURL accepts no URL (the SQLite file) or a PostgreSQL URL. Its errors
// never contain the URL.
func checkDatabaseURL(s string) error {
	if s == "" {
		return nil
	}
	if !sqldb.IsPostgresURL(s) {
		return errors.New("is not a postgres:// or postgresql:// URL (leave it empty for the SQLite file in the data directory)")
	}
	if _, err := url.Parse(s); err != nil {
		return errors.New("is not a valid URL (special characters in the password must be percent-encoded)")
	}
	return nil
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
