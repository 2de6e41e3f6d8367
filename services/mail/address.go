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
// promise. The contact form and the newsletter share it. Address literals
// (jane@[127.0.0.1]) are refused: mail to them bypasses DNS and the receiving domain's
// own policy. Addresses are ASCII: an internationalised domain in its xn-- form.
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
		if l == "" || len(l) > 63 || strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") ||
			strings.ContainsFunc(l, func(r rune) bool { return !isLetterDigitHyphen(r) }) {
			return false
		}
	}
	// A top-level domain has a letter: jane@127.0.0.1 is an address literal too, for
	// resolvers that read a name of digits as an IP address.
	if !strings.ContainsFunc(labels[len(labels)-1], unicode.IsLetter) {
		return false
	}
	// ASCII only: a non-ASCII local part needs SMTPUTF8 from every relay on the way.
	// An internationalised domain is taken in its ASCII form (xn--...), which is what a
	// browser's email field sends for one typed in Unicode.
	return !strings.ContainsFunc(local, func(r rune) bool { return r > unicode.MaxASCII })
}

// isLetterDigitHyphen is what a domain name's label is made of (RFC 1035's LDH rule):
// no address literals such as [127.0.0.1], no Unicode.
func isLetterDigitHyphen(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-'
}

// AddressKey is the form of an address that decides whether two are the same
// mailbox: trimmed and lower-cased. Mailbox names are case-sensitive in theory and
// never in practice; the newsletter's subscribers and the suppression list are kept
// by it.
func AddressKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }
