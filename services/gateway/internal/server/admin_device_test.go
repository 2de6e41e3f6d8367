package server_test

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
)

// cookieNamed returns the cookie w sets under name, or fails the test.
func cookieNamed(t *testing.T, w *httptest.ResponseRecorder, name string) *http.Cookie {
	t.Helper()
	for _, c := range w.Result().Cookies() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("no %s cookie in %q", name, w.Header().Values("Set-Cookie"))
	return nil
}

// setCookieLine returns w's Set-Cookie line for name.
func setCookieLine(w *httptest.ResponseRecorder, name string) string {
	for _, line := range w.Header().Values("Set-Cookie") {
		if strings.HasPrefix(line, name+"=") {
			return line
		}
	}
	return ""
}

// holdPasswordCheck takes a password check with a wrong sign-in from remote and holds
// it (the hook runs while it is taken, before bcrypt); checks taken meanwhile run.
// release lets it go and returns that sign-in's status.
func (f *fixture) holdPasswordCheck(remote string) (release func() int) {
	holding, let := make(chan struct{}), make(chan struct{})
	var held atomic.Bool
	f.admin.mu.Lock()
	f.admin.holding = func() {
		if held.CompareAndSwap(false, true) {
			close(holding)
			<-let
		}
	}
	f.admin.mu.Unlock()
	done := make(chan int, 1)
	go func() { done <- f.login(adminUser, "wrong", remote).Code }()
	<-holding
	return func() int {
		close(let)
		return <-done
	}
}

// A successful sign-in gives the browser a device cookie for 90 days, which a browser
// sends back to the sign-in endpoint only; the session cookie goes everywhere.
func TestAdminSignInSetsADeviceCookie(t *testing.T) {
	for _, tt := range []struct {
		name, site, session, device string
		secure                      bool
	}{
		{"http", "http://example.com", "portfolio_admin", "portfolio_admin_device", false},
		{"https", "https://example.com", "__Host-portfolio_admin", "__Secure-portfolio_admin_device", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// The admin's origin decides its cookies, whatever the public one's scheme.
			f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_ADMIN_URL": tt.site, "PORTFOLIO_PUBLIC_URL": "https://www.example.com"}))
			origin := map[string]string{"Origin": tt.site}
			body := jsonBody(map[string]any{"user": adminUser, "password": adminPassword})
			w := f.adminCall(http.MethodPost, "/api/admin/session", nil, send{contentType: "application/json", body: body, header: origin})
			if w.Code != http.StatusNoContent {
				t.Fatalf("sign-in: %d %s", w.Code, w.Body)
			}
			line := setCookieLine(w, tt.device)
			for _, want := range []string{"Path=/api/admin/session", "Max-Age=7776000", "HttpOnly", "SameSite=Strict"} {
				if !strings.Contains(line, want) {
					t.Errorf("Set-Cookie %q lacks %q", line, want)
				}
			}
			if strings.Contains(line, "Secure") != tt.secure {
				t.Errorf("Set-Cookie %q: Secure should be %t", line, tt.secure)
			}
			if v := cookieNamed(t, w, tt.device).Value; len(v) < 60 || strings.Contains(v, adminUser) {
				t.Errorf("device cookie value %q", v)
			}

			// What a browser sends back, and where.
			jar, err := cookiejar.New(nil)
			if err != nil {
				t.Fatal(err)
			}
			site, _ := url.Parse(tt.site + "/api/admin/session")
			jar.SetCookies(site, w.Result().Cookies())
			for _, tc := range []struct {
				path   string
				device bool
			}{
				{"/api/admin/session", true},
				{"/api/admin/stats", false},
				{"/api/admin/subscribers", false},
				{"/admin/newsletter", false},
				{"/", false},
				{"/api/contact", false},
			} {
				u, _ := url.Parse(tt.site + tc.path)
				var names []string
				for _, c := range jar.Cookies(u) {
					names = append(names, c.Name)
				}
				got := strings.Join(names, " ")
				if strings.Contains(got, tt.device) != tc.device || !strings.Contains(got, tt.session) {
					t.Errorf("cookies sent to %s: %q, want the session's and the device's %t", tc.path, got, tc.device)
				}
			}
		})
	}

	t.Run("not on a failure, kept on sign-out", func(t *testing.T) {
		f := newFixture(t, adminEnv(t, nil))
		if w := f.login(adminUser, "wrong", ""); setCookieLine(w, "portfolio_admin_device") != "" {
			t.Errorf("a failed sign-in set %q", setCookieLine(w, "portfolio_admin_device"))
		}
		w := f.adminCall(http.MethodDelete, "/api/admin/session", f.signIn(t), send{})
		if w.Code != http.StatusNoContent || setCookieLine(w, "portfolio_admin_device") != "" {
			t.Errorf("sign-out: %d %q, want the device cookie left alone", w.Code, w.Header().Values("Set-Cookie"))
		}
	})

	t.Run("setting the admin up", func(t *testing.T) {
		f := newFixture(t, nil)
		token, _, err := f.admin.auth.StartSetup(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		w := f.adminCall(http.MethodPost, "/api/admin/setup", nil, send{contentType: "application/json",
			body: jsonBody(map[string]any{"token": token, "user": "jane", "password": "a long enough password"})})
		if w.Code != http.StatusNoContent {
			t.Fatalf("setup: %d %s", w.Code, w.Body)
		}
		if line := setCookieLine(w, "portfolio_admin_device"); !strings.Contains(line, "Path=/api/admin/session") {
			t.Errorf("setup's device cookie: %q", line)
		}
	})
}

// TestAdminDeviceCookieSignsInDuringAFlood holds the only password check (a flood of
// sign-ins) and checks that the owner's browser, presenting its device cookie from a
// new address, signs in, while the same password without the cookie (or with a
// mangled one) gets the quick 503.
func TestAdminDeviceCookieSignsInDuringAFlood(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_ADMIN_PASSWORD_CHECKS": "1"}))
	w := f.login(adminUser, adminPassword, "192.0.2.10:1000")
	if w.Code != http.StatusNoContent {
		t.Fatalf("sign-in before the flood: %d %s", w.Code, w.Body)
	}
	device := cookieNamed(t, w, "portfolio_admin_device")

	release := f.holdPasswordCheck("198.51.100.1:1000")
	defer func() {
		if code := release(); code != http.StatusUnauthorized {
			t.Errorf("the held sign-in: %d, want 401", code)
		}
	}()

	signIn := func(cookie *http.Cookie) *httptest.ResponseRecorder {
		return f.adminCall(http.MethodPost, "/api/admin/session", cookie, send{contentType: "application/json",
			body: jsonBody(map[string]any{"user": adminUser, "password": adminPassword}), remote: "203.0.113.77:1000"})
	}
	mangled := *device
	mangled.Value = "1" + device.Value // another issued-at, under the same MAC
	for _, tc := range []struct {
		name   string
		cookie *http.Cookie
	}{{"no device cookie", nil}, {"a mangled device cookie", &mangled}} {
		w := signIn(tc.cookie)
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "1" {
			t.Errorf("%s during the flood: %d %s, want 503 with Retry-After: 1", tc.name, w.Code, w.Body)
		}
	}
	w = signIn(device)
	if w.Code != http.StatusNoContent {
		t.Fatalf("the device cookie during the flood: %d %s, want 204", w.Code, w.Body)
	}
	session := cookieNamed(t, w, "portfolio_admin")
	if got := f.probe(t, session); got["authenticated"] != true {
		t.Errorf("the session signed in during the flood: %v", got)
	}
	if next := cookieNamed(t, w, "portfolio_admin_device"); next.Value == device.Value {
		t.Error("the sign-in did not renew the device cookie")
	}
}
