package admin_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
)

// checkHolder is an Options.HoldingPasswordCheck that, once armed, holds the next
// password check taken until released.
type checkHolder struct {
	mu   sync.Mutex
	hold func()
}

func (h *checkHolder) hook() {
	h.mu.Lock()
	hold := h.hold
	h.hold = nil
	h.mu.Unlock()
	if hold != nil {
		hold()
	}
}

// fill takes a's only ordinary password check with a wrong sign-in from an address of
// its own, and holds it until the test ends.
func (h *checkHolder) fill(t *testing.T, a *admin.Auth) {
	t.Helper()
	holding, release := make(chan struct{}), make(chan struct{})
	h.mu.Lock()
	h.hold = func() {
		close(holding)
		<-release
	}
	h.mu.Unlock()
	done := make(chan error, 1)
	go func() {
		_, _, err := a.Login(context.Background(), "someone", "wrong", "192.0.2.250")
		done <- err
	}()
	<-holding
	t.Cleanup(func() {
		close(release)
		if err := <-done; !errors.Is(err, admin.ErrWrongCredentials) {
			t.Errorf("the held sign-in: %v", err)
		}
	})
}

// heldAuth is an Auth with one ordinary password check (and the default kept for
// trusted devices), and its holder.
func heldAuth(t *testing.T, creds admin.Credentials, store admin.Store) (*admin.Auth, *clock, *checkHolder) {
	t.Helper()
	h := &checkHolder{}
	a, c := newAuthWith(t, creds, store, admin.Options{PasswordChecks: 1, HoldingPasswordCheck: h.hook})
	return a, c, h
}

// deviceOf signs user in with password from client and returns the device cookie the
// browser gets.
func deviceOf(t *testing.T, a *admin.Auth, user, password, client string) string {
	t.Helper()
	ctx := context.Background()
	s, _, err := a.Login(ctx, user, password, client)
	if err != nil {
		t.Fatalf("sign-in for a device cookie: %v", err)
	}
	d, err := a.DeviceCookie(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func randomB64(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// TestTrustedDeviceSignsInWhileTheChecksAreFull: with the ordinary password check
// held (a sign-in flood), the owner's browser with its device cookie still signs in;
// anything that is not a valid device cookie for the user tried is ignored, so that
// attempt is refused as busy like any other.
func TestTrustedDeviceSignsInWhileTheChecksAreFull(t *testing.T) {
	ctx := context.Background()
	creds := admin.Credentials{User: "owner", PasswordHash: hash(t, "correct horse")}

	for _, tt := range []struct {
		name string
		// device returns the cookie the attempt presents, made before the flood.
		device  func(t *testing.T, a *admin.Auth, c *clock, store admin.Store) string
		user    string
		trusted bool
	}{
		{"a device cookie of this browser", func(t *testing.T, a *admin.Auth, _ *clock, _ admin.Store) string {
			return deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
		}, "owner", true},
		{"a second before it expires", func(t *testing.T, a *admin.Auth, c *clock, _ admin.Store) string {
			d := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
			c.Add(admin.DefaultDeviceTTL - time.Second)
			return d
		}, "owner", true},
		{"no device cookie", func(*testing.T, *admin.Auth, *clock, admin.Store) string { return "" }, "owner", false},
		{"expired", func(t *testing.T, a *admin.Auth, c *clock, _ admin.Store) string {
			d := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
			c.Add(admin.DefaultDeviceTTL)
			return d
		}, "owner", false},
		{"signed for the credentials before the password changed", func(t *testing.T, _ *admin.Auth, _ *clock, store admin.Store) string {
			before, _ := newAuth(t, admin.Credentials{User: "owner", PasswordHash: hash(t, "old password")}, store)
			return deviceOf(t, before, "owner", "old password", "192.0.2.1")
		}, "owner", false},
		{"presented for another user name", func(t *testing.T, a *admin.Auth, _ *clock, _ admin.Store) string {
			return deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
		}, "Owner", false},
		{"forged: a MAC of another key", func(*testing.T, *admin.Auth, *clock, admin.Store) string {
			return "1772355600." + randomB64(16) + "." + randomB64(32)
		}, "owner", false},
		{"its issued-at moved on", func(t *testing.T, a *admin.Auth, _ *clock, _ admin.Store) string {
			d := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
			issued, rest, _ := strings.Cut(d, ".")
			n, _ := strconv.ParseInt(issued, 10, 64)
			return strconv.FormatInt(n+int64(admin.DefaultDeviceTTL/time.Second), 10) + "." + rest
		}, "owner", false},
		{"its MAC mangled", func(t *testing.T, a *admin.Auth, _ *clock, _ admin.Store) string {
			d := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
			last := "A"
			if strings.HasSuffix(d, "A") {
				last = "Q"
			}
			return d[:len(d)-1] + last
		}, "owner", false},
		{"its nonce swapped", func(t *testing.T, a *admin.Auth, _ *clock, _ admin.Store) string {
			parts := strings.Split(deviceOf(t, a, "owner", "correct horse", "192.0.2.1"), ".")
			return parts[0] + "." + randomB64(16) + "." + parts[2]
		}, "owner", false},
		{"truncated", func(t *testing.T, a *admin.Auth, _ *clock, _ admin.Store) string {
			d := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
			return d[:len(d)-2]
		}, "owner", false},
		{"a session token", func(t *testing.T, a *admin.Auth, _ *clock, _ admin.Store) string {
			_, token, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1")
			if err != nil {
				t.Fatal(err)
			}
			return token
		}, "owner", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			store := sessions(t)
			a, c, h := heldAuth(t, creds, store)
			device := tt.device(t, a, c, store)
			h.fill(t, a)

			// The ordinary check is taken: an attempt without a device cookie is busy,
			// and so are several (none of them takes the trusted devices' check).
			for i := range 3 {
				if _, _, err := a.Login(ctx, "owner", "correct horse", fmt.Sprintf("203.0.113.%d", i+1)); !errors.Is(err, admin.ErrBusy) {
					t.Fatalf("without a device cookie: %v, want ErrBusy", err)
				}
			}
			s, token, err := a.SignIn(ctx, admin.Attempt{User: tt.user, Password: "correct horse", Client: "198.51.100.9", Device: device})
			if !tt.trusted {
				if !errors.Is(err, admin.ErrBusy) {
					t.Fatalf("SignIn = %v, want ErrBusy (the cookie ignored)", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("SignIn with the device cookie = %v, want a session", err)
			}
			if got, err := a.Session(ctx, token); err != nil || got.User != "owner" || s.User != "owner" {
				t.Errorf("the session: %+v, %v", got, err)
			}
		})
	}
}

// TestTrustedDeviceIsLimitedOnItsOwn: a trusted device's attempts count against that
// device, not its address nor the user name, and it is not held to the user name's
// "under attack" allowance; it still gets MaxFailures per window.
func TestTrustedDeviceIsLimitedOnItsOwn(t *testing.T) {
	ctx := context.Background()
	creds := admin.Credentials{User: "owner", PasswordHash: hash(t, "correct horse")}
	attempt := func(a *admin.Auth, password, client, device string) error {
		_, _, err := a.SignIn(ctx, admin.Attempt{User: "owner", Password: password, Client: client, Device: device})
		return err
	}
	wrong := func(t *testing.T, a *admin.Auth, client, device string) {
		t.Helper()
		if err := attempt(a, "wrong", client, device); !errors.Is(err, admin.ErrWrongCredentials) {
			t.Fatalf("a wrong password from %s (device %t): %v, want ErrWrongCredentials", client, device != "", err)
		}
	}
	limited := func(t *testing.T, err error) {
		t.Helper()
		if e, ok := apperr.From(err); !ok || e.Code != apperr.RateLimited || e.RetryAfter <= 0 {
			t.Fatalf("err = %v, want apperr.RateLimited with a RetryAfter", err)
		}
	}

	t.Run("its failures do not count against its address", func(t *testing.T) {
		a, c := newAuth(t, creds, sessions(t))
		device := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
		for range admin.DefaultMaxFailures {
			wrong(t, a, "192.0.2.1", device)
		}
		// The device has had its failures: limited like any client, even with the
		// right password.
		limited(t, attempt(a, "correct horse", "192.0.2.1", device))
		// Its address has not failed at all.
		for range admin.DefaultMaxFailures - 1 {
			wrong(t, a, "192.0.2.1", "")
		}
		if err := attempt(a, "correct horse", "192.0.2.1", ""); err != nil {
			t.Errorf("its address without the cookie: %v, want a session", err)
		}
		c.Add(admin.DefaultFailureWindow)
		if err := attempt(a, "correct horse", "192.0.2.1", device); err != nil {
			t.Errorf("the device after its window: %v, want a session", err)
		}
	})

	t.Run("its address's failures do not count against it", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		device := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
		for range admin.DefaultMaxFailures {
			wrong(t, a, "192.0.2.1", "")
		}
		limited(t, attempt(a, "correct horse", "192.0.2.1", ""))
		if err := attempt(a, "correct horse", "192.0.2.1", device); err != nil {
			t.Errorf("the device from the limited address: %v, want a session", err)
		}
	})

	t.Run("the under-attack allowance does not apply to it", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		device := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
		for i := range 3 * admin.DefaultMaxFailures {
			wrong(t, a, fmt.Sprintf("198.51.100.%d", i+1), "")
		}
		// A new client gets UnderAttackAllowance tries now; the device gets all of its own.
		for range admin.DefaultMaxFailures - 1 {
			wrong(t, a, "203.0.113.7", device)
		}
		if err := attempt(a, "correct horse", "203.0.113.7", device); err != nil {
			t.Errorf("the device after %d typos while the name is under attack: %v, want a session", admin.DefaultMaxFailures-1, err)
		}
		for range admin.UnderAttackAllowance {
			wrong(t, a, "203.0.113.8", "")
		}
		limited(t, attempt(a, "correct horse", "203.0.113.8", ""))
	})

	t.Run("its failures do not put the user name under attack", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		device := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
		for range admin.DefaultMaxFailures {
			wrong(t, a, "192.0.2.1", device)
		}
		// A new client still gets more than UnderAttackAllowance tries.
		for range admin.UnderAttackAllowance + 1 {
			wrong(t, a, "203.0.113.9", "")
		}
	})

	t.Run("a success clears its count", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		device := deviceOf(t, a, "owner", "correct horse", "192.0.2.1")
		for range 3 {
			for range admin.DefaultMaxFailures - 1 {
				wrong(t, a, "192.0.2.1", device)
			}
			if err := attempt(a, "correct horse", "192.0.2.1", device); err != nil {
				t.Fatalf("sign-in after %d failures: %v", admin.DefaultMaxFailures-1, err)
			}
		}
	})
}

func TestDeviceCookie(t *testing.T) {
	ctx := context.Background()
	creds := admin.Credentials{User: "owner", PasswordHash: hash(t, "correct horse")}
	store := sessions(t)
	a, _ := newAuth(t, creds, store)
	s, _, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	one, err1 := a.DeviceCookie(ctx, s)
	other, err2 := a.DeviceCookie(ctx, s)
	if err := errors.Join(err1, err2); err != nil {
		t.Fatal(err)
	}
	if one == other {
		t.Error("two device cookies are the same: each needs its own nonce (its own failure count)")
	}
	if strings.Contains(one, "owner") || strings.Contains(one, creds.PasswordHash[7:]) {
		t.Errorf("device cookie %q shows the user name or the hash", one)
	}
	if got := a.DeviceTTL(); got != 90*24*time.Hour {
		t.Errorf("DeviceTTL = %v, want 90 days", got)
	}
	changed, _ := newAuth(t, admin.Credentials{User: "owner", PasswordHash: hash(t, "battery staple")}, store)
	if _, err := changed.DeviceCookie(ctx, s); !errors.Is(err, admin.ErrNoSession) {
		t.Errorf("a device cookie for a session of the old credentials: %v, want ErrNoSession", err)
	}
}
