package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf16"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
)

// Twenty addresses of one IPv6 /64 are one client: a machine gets a whole /64, so
// keyed by the full address it could take a fresh allowance with every request.
func TestIPv6ClientsAreLimitedByTheirNetwork(t *testing.T) {
	f := newFixture(t, map[string]string{
		"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "5",
		"PORTFOLIO_TRUSTED_PROXIES":       "10.0.0.0/8",
	})
	viaProxy := func(path, contentType, body, client string) int {
		return f.send(send{path: path, contentType: contentType, body: body, remote: "10.0.0.2:4444",
			header: map[string]string{"X-Forwarded-For": client}}).Code
	}
	for _, ep := range []struct{ path, contentType, body string }{
		{"/api/contact", "application/json", with(nil)},
		{"/api/newsletter/subscriptions", "application/json", `{"email":"jane@example.org"}`},
	} {
		t.Run(ep.path, func(t *testing.T) {
			var codes []int
			for i := range 20 {
				codes = append(codes, viaProxy(ep.path, ep.contentType, ep.body, fmt.Sprintf("2001:db8:5:6:%x:%x::%x", (i*7919)&0xffff, (i*104729)&0xffff, i+1)))
			}
			for i, c := range codes {
				if want := map[bool]int{true: http.StatusAccepted, false: http.StatusTooManyRequests}[i < 5]; c != want {
					t.Errorf("post %d from the /64: %d, want %d (all: %v)", i+1, c, want, codes)
				}
			}
			if c := viaProxy(ep.path, ep.contentType, ep.body, "2001:db8:5:7::1"); c != http.StatusAccepted {
				t.Errorf("the next /64: %d, want 202", c)
			}
			// IPv4 clients stay keyed by their address.
			for i := range 3 {
				if c := viaProxy(ep.path, ep.contentType, ep.body, fmt.Sprintf("198.51.100.%d", i+1)); c != http.StatusAccepted {
					t.Errorf("IPv4 client %d: %d, want 202", i+1, c)
				}
			}
		})
	}
	ms, err := f.contacts.List(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 9 || ms[len(ms)-1].IP != "2001:db8:5:6::1" {
		t.Errorf("%d messages stored, the first from %q; want 9, the first from the full address", len(ms), ms[len(ms)-1].IP)
	}
}

func TestIPv6PrefixIsConfigurable(t *testing.T) {
	f := newFixture(t, map[string]string{
		"PORTFOLIO_RATE_LIMIT_PER_MINUTE":  "1",
		"PORTFOLIO_RATE_LIMIT_IPV6_PREFIX": "48",
	})
	if w := f.post(post{body: with(nil), remote: "[2001:db8:9:1::1]:1"}); w.Code != http.StatusAccepted {
		t.Fatalf("first post: %d", w.Code)
	}
	if w := f.post(post{body: with(nil), remote: "[2001:db8:9:2::1]:1"}); w.Code != http.StatusTooManyRequests {
		t.Errorf("another /64 of the same /48: %d, want 429", w.Code)
	}
}

// When the database cannot take a write (its disk full: here SQLite's size limit,
// max_page_count, reached), /readyz says so, so a load balancer stops sending forms
// there; it recovers with the room.
func TestReadyzReflectsADatabaseThatCannotBeWritten(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	if w := get(f.h, "/readyz"); w.Code != http.StatusOK {
		t.Fatalf("/readyz before: %d %s", w.Code, w.Body.String())
	}
	// max_page_count holds per connection: keep to one.
	f.db.SetMaxOpenConns(1)
	// The probe left a free page; VACUUM drops it, so the file is exactly full.
	if _, err := f.db.ExecContext(ctx, "VACUUM"); err != nil {
		t.Fatal(err)
	}
	var pages int
	if err := f.db.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.ExecContext(ctx, fmt.Sprintf("PRAGMA max_page_count = %d", pages)); err != nil {
		t.Fatal(err)
	}
	var free int
	if err := f.db.QueryRowContext(ctx, "PRAGMA freelist_count").Scan(&free); err != nil || free != 0 {
		t.Fatalf("%d free pages (%v): the file is not full", free, err)
	}
	if w := f.post(post{body: with(map[string]any{"message": strings.Repeat("A long message. ", 300)})}); w.Code != http.StatusServiceUnavailable {
		t.Fatalf("contact with the database full: %d, want 503", w.Code)
	}
	w := get(f.h, "/readyz")
	if w.Code != http.StatusServiceUnavailable {
		t.Fatalf("/readyz with the database full: %d %s, want 503", w.Code, w.Body.String())
	}
	if e := decodeError(t, w); e.Error.Code != "unavailable" || e.Error.Message != "database cannot be written" {
		t.Errorf("error = %+v", e.Error)
	}
	if _, err := f.db.ExecContext(ctx, "PRAGMA max_page_count = 1073741823"); err != nil {
		t.Fatal(err)
	}
	if w := get(f.h, "/readyz"); w.Code != http.StatusOK {
		t.Errorf("/readyz with room again: %d %s", w.Code, w.Body.String())
	}
	if w := f.post(post{body: with(nil)}); w.Code != http.StatusAccepted {
		t.Errorf("contact with room again: %d", w.Code)
	}
}

// The largest valid form, with every character encoded in the costliest way the
// encodings allow: JSON with every character a \u escape (two for an emoji), and
// form-urlencoding with every byte a %XX.
func TestLargestValidFormsAreNotTooLarge(t *testing.T) {
	const emoji = "\U0001F600"
	name := strings.Repeat(emoji, 100)
	email := strings.Repeat("a", 64) + "@" + strings.Repeat("b", 63) + "." + strings.Repeat("c", 63) + "." + strings.Repeat("d", 57) + ".org"
	if len(email) != 254 {
		t.Fatalf("email of %d characters", len(email))
	}
	message := strings.Repeat(emoji, 5000)

	t.Run("contact, JSON", func(t *testing.T) {
		f := newFixture(t, nil)
		body := escapedJSON([][2]string{{"name", name}, {"email", email}, {"subject", "collaboration"}, {"message", message}, {"website", ""}})
		if len(body) <= 16<<10 {
			t.Fatalf("body of %d bytes: not the worst case", len(body))
		}
		if w := f.post(post{body: body}); w.Code != http.StatusAccepted {
			t.Fatalf("largest valid message (%d bytes): %d %s", len(body), w.Code, w.Body.String())
		}
		ms, err := f.contacts.List(context.Background(), 1)
		if err != nil || len(ms) != 1 || ms[0].Body != message || ms[0].Name != name {
			t.Fatalf("stored %d messages (%v), not the one sent", len(ms), err)
		}
		// One character more is a rule broken (400), not a body too large.
		body = escapedJSON([][2]string{{"name", name}, {"email", email}, {"subject", "collaboration"}, {"message", message + emoji}, {"website", ""}})
		if w := f.post(post{body: body, remote: "198.51.100.9:1"}); w.Code != http.StatusBadRequest || decodeError(t, w).Error.Message != "Message must be at most 5000 characters" {
			t.Errorf("one character too many: %d %s", w.Code, w.Body.String())
		}
	})
	t.Run("newsletter, JSON", func(t *testing.T) {
		f := newFixture(t, nil)
		body := escapedJSON([][2]string{{"email", email}, {"name", name}, {"website", ""}})
		if w := f.send(send{path: "/api/newsletter/subscriptions", contentType: "application/json", body: body}); w.Code != http.StatusAccepted {
			t.Fatalf("largest valid subscription (%d bytes): %d %s", len(body), w.Code, w.Body.String())
		}
	})
	t.Run("newsletter, form-urlencoded", func(t *testing.T) {
		f := newFixture(t, nil)
		body := percentEncoded([][2]string{{"form-name", "newsletter"}, {"email", email}, {"name", name}, {"website", ""}})
		if w := f.send(send{path: "/", contentType: "application/x-www-form-urlencoded", body: body}); w.Code != http.StatusOK {
			t.Fatalf("largest valid subscription (%d bytes): %d %s", len(body), w.Code, w.Body.String())
		}
	})
}

// escapedJSON is a JSON object of fields with every character of every value escaped.
func escapedJSON(fields [][2]string) string {
	var b strings.Builder
	b.WriteString("{")
	for i, kv := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q: \"", kv[0])
		for _, r := range kv[1] {
			if r > 0xffff {
				r1, r2 := utf16.EncodeRune(r)
				fmt.Fprintf(&b, `\u%04x\u%04x`, r1, r2)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		}
		b.WriteString(`"`)
	}
	b.WriteString("}")
	return b.String()
}

// percentEncoded is a form-urlencoded body with every byte of every value as %XX.
func percentEncoded(fields [][2]string) string {
	var parts []string
	for _, kv := range fields {
		var v strings.Builder
		for _, c := range []byte(kv[1]) {
			fmt.Fprintf(&v, "%%%02X", c)
		}
		parts = append(parts, kv[0]+"="+v.String())
	}
	return strings.Join(parts, "&")
}

// The auto-reply goes to an address nobody verified: past the site's hourly cap,
// messages are still stored and the owner still notified, but nobody is answered. A
// cap of 0 sends none at all: the owner's switch during a spam wave.
func TestAutoRepliesAreCappedSiteWide(t *testing.T) {
	for _, tc := range []struct {
		perHour string
		replies []string
	}{
		{"2", []string{"visitor0@example.org", "visitor1@example.org"}},
		{"0", nil},
	} {
		t.Run("cap "+tc.perHour, func(t *testing.T) {
			f := newFixture(t, map[string]string{"PORTFOLIO_CONTACT_AUTOREPLY_PER_HOUR": tc.perHour})
			ctx := context.Background()
			for i := range 4 {
				body := with(map[string]any{"email": fmt.Sprintf("visitor%d@example.org", i)})
				if w := f.post(post{body: body, remote: fmt.Sprintf("198.51.100.%d:1", i+1)}); w.Code != http.StatusAccepted {
					t.Fatalf("message %d: %d %s", i+1, w.Code, w.Body.String())
				}
			}
			if n := f.stored(t); n != 4 {
				t.Errorf("%d messages stored, want 4", n)
			}
			var toOwner, replies []string
			for id := int64(1); ; id++ {
				e, err := f.outbox.Get(ctx, id)
				if err != nil {
					break
				}
				to := e.Message.To[0].Email
				if to == f.contactsOwner(t) {
					toOwner = append(toOwner, e.Message.Subject)
				} else {
					replies = append(replies, to)
					if strings.Contains(e.Message.Subject, "Jane") {
						t.Errorf("the auto-reply's subject carries the visitor's name: %q", e.Message.Subject)
					}
				}
			}
			if len(toOwner) != 4 {
				t.Errorf("%d notifications to the owner, want 4", len(toOwner))
			}
			if strings.Join(replies, ",") != strings.Join(tc.replies, ",") {
				t.Errorf("auto-replies to %v, want %v", replies, tc.replies)
			}
			if n := len(f.logs.FilterMessage("contact: message accepted").FilterField(zap.Bool("auto_reply", false)).All()); n != 4-len(tc.replies) {
				t.Errorf("%d messages logged as accepted without an auto-reply, want %d", n, 4-len(tc.replies))
			}
		})
	}
}

// contactsOwner is the owner's address, as content has it.
func (f *fixture) contactsOwner(t *testing.T) string {
	t.Helper()
	site, err := content.LoadSite(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	return site.Owner.Email
}
