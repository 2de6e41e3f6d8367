package server

// Fuzz targets for every decoder of outside input in the HTTP layer. Their seed corpora
// run with every `go test`; `make fuzz` runs each for a while (go test -fuzz).

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// checkAPIError fails unless err is an *Error a visitor may see: a known code and a
// message that is not a Go error string.
func checkAPIError(t *testing.T, err error) {
	t.Helper()
	e, ok := errors.AsType[*Error](err)
	if !ok {
		t.Fatalf("error %v (%T) is not an *Error", err, err)
	}
	if e.Code != apperr.Invalid && e.Code != apperr.TooLarge {
		t.Fatalf("code %q for a body", e.Code)
	}
	for _, leak := range []string{"json:", "invalid character", "unexpected end", "reflect", "cannot unmarshal"} {
		if strings.Contains(e.Message, leak) {
			t.Fatalf("message %q leaks a Go error", e.Message)
		}
	}
}

// safeName is what an accepted name must be, to go into an email's greeting and
// headers: one line, no direction controls, something visible.
func checkSafeName(t *testing.T, name string, optional bool) {
	t.Helper()
	if optional && name == "" {
		return
	}
	if !utf8.ValidString(name) && strings.ContainsAny(name, "\r\n") {
		t.Fatalf("name %q accepted", name)
	}
	if strings.ContainsAny(name, "\r\n\t\x00") || mail.HasBidiControl(name) || mail.VisibleLength(name) < 2 {
		t.Fatalf("name %q accepted", name)
	}
}

// The JSON bodies: the contact form, a subscription, a sign-in.
func FuzzJSONBodies(f *testing.F) {
	for _, seed := range []string{
		`{"name":"Jane Doe","email":"jane@example.org","subject":"job","message":"Hello there, let's talk.","website":""}`,
		`{"name":"Jane","email":"jane@example.org","subject":"job","message":"Hello there","website":"http://spam"}`,
		`{"email":"jane@example.org","name":"","website":""}`,
		`{"user":"admin","password":"secret"}`,
		`{"name":"\u202eJane","email":"a@[127.0.0.1]","subject":"other","message":"0123456789"}`,
		`{"name":1}`, `[]`, `null`, `{} {}`, `{"name":"x","name":"y"}`, `{"unknown":true}`, `"\ud800"`, ``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req := func() *http.Request {
			return httptest.NewRequest(http.MethodPost, "/", strings.NewReader(string(body)))
		}
		if c, err := decode[contactRequest](req()); err != nil {
			checkAPIError(t, err)
		} else if m, err := contact.Parse(c.form()); err != nil {
			checkAPIError(t, err)
		} else {
			checkSafeName(t, m.Name, false)
			if !mail.ValidPlainAddress(m.Email) || !slices.Contains(contact.Subjects, m.Subject) {
				t.Fatalf("contact %+v accepted", m)
			}
			if _, err := mail.ParseAddress(m.Email); err != nil {
				t.Fatalf("accepted address %q does not parse: %v", m.Email, err)
			}
		}
		if s, err := decode[subscribeRequest](req()); err != nil {
			checkAPIError(t, err)
		} else if signup, err := newsletter.Parse(newsletter.Form{Email: s.Email, Name: s.Name}); err != nil {
			checkAPIError(t, err)
		} else {
			checkSafeName(t, signup.Name, true)
			if !mail.ValidPlainAddress(signup.Email) {
				t.Fatalf("subscription %+v accepted", signup)
			}
		}
		if l, err := decode[loginRequest](req()); err != nil {
			checkAPIError(t, err)
		} else if strings.TrimSpace(l.User) == "" || l.Password == "" {
			t.Fatalf("sign-in %+v accepted", l)
		}
	})
}

// The newsletter form posted without JavaScript: read by readBody, parsed by
// ParseForm, checked by the newsletter's rules.
func FuzzNewsletterFormPost(f *testing.F) {
	for _, seed := range []string{
		"form-name=newsletter&email=jane%40example.org&name=Jane&website=",
		"form-name=newsletter&email=jane@example.org&name=%E2%80%AEJane",
		"form-name=newsletter&email=a%40%5B127.0.0.1%5D",
		"form-name=contact&email=x", "%zz=1", "a=1;b=2", "&&&", "email=" + strings.Repeat("%F0%9F%98%80", 50), "",
	} {
		f.Add(seed, "application/x-www-form-urlencoded")
	}
	f.Add("email=x", "text/plain")
	f.Fuzz(func(t *testing.T, body, contentType string) {
		var failed error
		fail := func(_ http.ResponseWriter, _ *http.Request, err error) { failed = err }
		reached := false
		h := readBody(urlEncodedForm, formBodyLimit, fail)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reached = true
			if err := r.ParseForm(); err != nil {
				return // answered 400 'The form could not be read.'
			}
			if signup, err := newsletter.Parse(newsletter.Form{Email: r.PostForm.Get("email"), Name: r.PostForm.Get("name")}); err == nil {
				checkSafeName(t, signup.Name, true)
				if !mail.ValidPlainAddress(signup.Email) {
					t.Fatalf("form %+v accepted", signup)
				}
			}
		}))
		r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
		r.Header.Set("Content-Type", contentType)
		h.ServeHTTP(httptest.NewRecorder(), r)
		if reached == (failed != nil) {
			t.Fatalf("reached the handler: %v, refused: %v", reached, failed)
		}
		if failed != nil {
			if e, ok := errors.AsType[*Error](failed); !ok || (e.Code != apperr.UnsupportedType && e.Code != apperr.TooLarge && e.Code != apperr.Invalid) {
				t.Fatalf("refused with %v", failed)
			}
		}
	})
}

// The admin's session cookie, as read from a Cookie header.
func FuzzSessionCookie(f *testing.F) {
	for _, seed := range []string{
		"portfolio_admin=" + strings.Repeat("A", 43),
		"portfolio_admin=abc; other=1", "other=1; portfolio_admin=\"quoted\"", "portfolio_admin=", "portfolio_admin",
		"__Host-portfolio_admin=x", ";;;", "portfolio_admin=a=b=c", "portfolio_admin=\x00\xff",
	} {
		f.Add(seed)
	}
	cookies := []adminCookie{newSessionCookie(false), newSessionCookie(true), newDeviceCookie(false), newDeviceCookie(true)}
	f.Fuzz(func(t *testing.T, header string) {
		r := httptest.NewRequest(http.MethodGet, "/api/admin/session", nil)
		r.Header.Set("Cookie", header)
		for _, c := range cookies {
			token := c.token(r)
			if token == "" {
				continue
			}
			// net/http keeps spaces inside a value (RFC 6265 has none); the token is
			// checked for its form before any use, so that is harmless.
			if !strings.Contains(header, c.name+"=") || strings.ContainsAny(token, ";\"\x00") {
				t.Fatalf("token %q read from %q for %s", token, header, c.name)
			}
		}
	})
}

// The client's address: the peer, and X-Forwarded-For when the peer is a trusted proxy.
func FuzzClientIP(f *testing.F) {
	for _, seed := range [][2]string{
		{"203.0.113.5:1234", ""},
		{"10.0.0.2:1234", "198.51.100.1"},
		{"10.0.0.2:1234", "1.1.1.1, 198.51.100.1, 10.0.0.9"},
		{"[::1]:8080", "2001:db8::1, garbage"},
		{"[::ffff:10.0.0.2]:1", "::ffff:198.51.100.1"},
		{"10.0.0.2:1", "fe80::1%eth0"},
		{"somewhere", "1.2.3.4"},
		{"10.0.0.2:1", ",,, ,"},
	} {
		f.Add(seed[0], seed[1])
	}
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r := httptest.NewRequest(http.MethodPost, "/api/contact", nil)
		r.RemoteAddr = remote
		if xff != "" {
			r.Header.Set("X-Forwarded-For", xff)
		}
		peer := peerAddr(remote)
		got := clientIP(r, trusted)
		if got.Is4In6() {
			t.Fatalf("clientIP = %v, not unmapped", got)
		}
		if !isTrusted(peer, trusted) && got != peer {
			t.Fatalf("untrusted peer %v posed as %v", peer, got)
		}
		if got != peer && !strings.Contains(xff, strings.Split(got.Unmap().String(), "%")[0]) && !strings.Contains(xff, got.StringExpanded()) {
			// The client must come from the header; a mapped hop shows unmapped.
			if a, err := netip.ParseAddr(strings.TrimSpace(lastHopFor(xff, got))); err != nil || a.Unmap() != got {
				t.Fatalf("clientIP = %v, from neither the peer %v nor the header %q", got, peer, xff)
			}
		}
		key := ratelimit.ClientKey(got, 64)
		if got.Is6() && got.IsValid() && !strings.HasSuffix(key, "/64") {
			t.Fatalf("IPv6 client %v keyed as %q", got, key)
		}
		if got.Is4() && key != got.String() {
			t.Fatalf("IPv4 client %v keyed as %q", got, key)
		}
	})
}

// lastHopFor returns the hop of xff that parses as a, if any.
func lastHopFor(xff string, a netip.Addr) string {
	for h := range strings.SplitSeq(xff, ",") {
		if p, err := netip.ParseAddr(strings.TrimSpace(h)); err == nil && p.Unmap() == a {
			return strings.TrimSpace(h)
		}
	}
	return ""
}
