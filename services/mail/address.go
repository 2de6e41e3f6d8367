package mail

import (
	netmail "net/mail"
	"strings"
	"unicode"
)

// ValidPlainAddress reports whether s is a plain address a visitor can be written to
// or answered at: local@domain, no display name, no spaces or control characters, a
// domain with a dot and no empty labels. Stricter than RFC 5322 on purpose, about as
// strict as a browser's email input, so what the site accepts is what its forms
// promise. The contact form and the newsletter share it.
func ValidPlainAddress(s string) bool {
	if s == "" || strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) {
		return false
	}
	a, err := netmail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return false
	}
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || len(local) > 64 || strings.HasPrefix(local, `"`) {
		return false
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") {
			return false
		}
	}
	return true
}
