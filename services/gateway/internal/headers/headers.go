// Package headers sets the security headers every response of the gateway carries.
package headers

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// Policy describes what the Content-Security-Policy allows beyond 'self'.
type Policy struct {
	// ScriptHashes are 'sha256-…' sources of inline scripts the shell ships (the theme
	// script that runs before first paint).
	ScriptHashes []string
	// HashesOf, when set, gives ScriptHashes per request: those of the shell the
	// request is served, which changes with the shell's releases and differs between a
	// canary's visitors and the others.
	HashesOf func(*http.Request) []string
	// DevOrigins are origins of dev servers (remotes loaded from another port). They
	// and ws: (hot reload) are allowed only when Dev is set.
	DevOrigins []string
	Dev        bool
	// HSTS sends Strict-Transport-Security on every response, not only on requests
	// that arrived over TLS: for a public https URL behind a TLS-terminating proxy.
	HSTS bool
}

// CSP returns the Content-Security-Policy value. script-src never contains
// 'unsafe-inline' or 'unsafe-eval': inline scripts are allowed one by one by hash.
func (p Policy) CSP() string {
	script := append([]string{"'self'"}, p.ScriptHashes...)
	style := []string{"'self'", "'unsafe-inline'"} // React and Radix set style attributes
	connect := []string{"'self'"}
	img := []string{"'self'", "data:", "https:"}
	font := []string{"'self'"}
	if p.Dev {
		for _, o := range p.DevOrigins {
			script = appendNew(script, o)
			style = appendNew(style, o)
			connect = appendNew(connect, o)
			img = appendNew(img, o)
			font = appendNew(font, o)
		}
		connect = appendNew(connect, "ws:")
	}
	directives := []string{
		"default-src 'self'",
		"script-src " + strings.Join(script, " "),
		"style-src " + strings.Join(style, " "),
		"img-src " + strings.Join(img, " "),
		"font-src " + strings.Join(font, " "),
		"connect-src " + strings.Join(connect, " "),
		"frame-ancestors 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"object-src 'none'",
	}
	return strings.Join(directives, "; ")
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// Origin returns the scheme://host[:port] of an absolute http(s) URL, or "" for
// anything else (such as a path on this server).
func Origin(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// Fixed headers; values are computed once.
const (
	hsts              = "max-age=63072000; includeSubDomains"
	permissionsPolicy = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
)

// Security returns middleware that sets the security headers before the handler runs,
// so every response carries them: pages, assets, API errors, 404s and panics alike.
func Security(p Policy) func(http.Handler) http.Handler {
	csp := p.CSP()
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h := w.Header()
			if p.HashesOf != nil {
				per := p
				per.ScriptHashes = p.HashesOf(r)
				h.Set("Content-Security-Policy", per.CSP())
			} else {
				h.Set("Content-Security-Policy", csp)
			}
			h.Set("X-Content-Type-Options", "nosniff")
			h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
			h.Set("Permissions-Policy", permissionsPolicy)
			h.Set("Cross-Origin-Opener-Policy", "same-origin")
			h.Set("X-Frame-Options", "DENY")
			if p.HSTS || r.TLS != nil {
				h.Set("Strict-Transport-Security", hsts)
			}
			next.ServeHTTP(w, r)
		})
	}
}
