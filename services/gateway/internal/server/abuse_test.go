package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
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
