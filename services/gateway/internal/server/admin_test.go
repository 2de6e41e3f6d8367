package server_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	adminstore "github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/mail/templates"
	"github.com/portfolio-site/portfolio/services/newsletter"
	nlstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
)

// adminParts is a fixture's admin API over real things: the admin's authentication
// with its sessions in the fixture's database, and the publisher over the newsletter
// store and the outbox, in batches of two. Tests move its clock and hook into each
// batch.
type adminParts struct {
	api   server.Admin
	auth  *admin.Auth
	store *nlstore.Store

	mu          sync.Mutex
	offset      time.Duration // added to the real time
	beforeBatch func(ctx context.Context, p newsletter.Publication, batch int) error
	holding     func() // called while a sign-in holds the password check
}

func newAdminParts(t *testing.T, f *fixture, inbox *contact.Inbox) *adminParts {
	t.Helper()
	ctx := context.Background()
	if err := adminstore.Migrate(ctx, f.db); err != nil {
		t.Fatal(err)
	}
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	p := &adminParts{store: nlstore.New(f.db, f.outbox)}
	auth := admin.New(
		admin.Credentials{User: f.cfg.AdminUser, PasswordHash: f.cfg.AdminPasswordHash.Reveal()},
		adminstore.New(f.db),
		admin.Options{
			SessionTTL: f.cfg.AdminSessionTTL, PasswordChecks: f.cfg.AdminPasswordChecks, PasswordCost: bcrypt.MinCost, Now: p.now,
			HoldingPasswordCheck: func() {
				p.mu.Lock()
				hold := p.holding
				p.mu.Unlock()
				if hold != nil {
					hold()
				}
			},
		},
	)
	p.auth = auth
	pub := newsletter.NewPublisher(p.store, f.subs, editions, newsletter.PublisherOptions{
		BatchSize: 2,
		BeforeBatch: func(ctx context.Context, pub newsletter.Publication, batch int) error {
			p.mu.Lock()
			hook := p.beforeBatch
			p.mu.Unlock()
			if hook == nil {
				return nil
			}
			return hook(ctx, pub, batch)
		},
	})
	p.api = server.Admin{Auth: auth, Subscribers: f.subs, Publisher: pub, Messages: inbox, Mail: f.outbox, Suppressions: f.hygiene}
	return p
}

func (p *adminParts) now() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return time.Now().Add(p.offset)
}

func (p *adminParts) advance(d time.Duration) {
	p.mu.Lock()
	p.offset += d
	p.mu.Unlock()
}

func (p *adminParts) hook(h func(ctx context.Context, pub newsletter.Publication, batch int) error) {
	p.mu.Lock()
	p.beforeBatch = h
	p.mu.Unlock()
}

const (
	adminUser     = "admin"
	adminPassword = "correct horse battery"
)

// adminEnv configures the admin; extra adds or overrides settings.
func adminEnv(t *testing.T, extra map[string]string) map[string]string {
	t.Helper()
	hash, err := bcrypt.GenerateFromPassword([]byte(adminPassword), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"PORTFOLIO_ADMIN_USER": adminUser, "PORTFOLIO_ADMIN_PASSWORD_HASH": string(hash)}
	for k, v := range extra {
		env[k] = v
	}
	return env
}

// adminCall makes a same-origin request to the admin API, on the admin's origin, with
// the session cookie (none if nil).
func (f *fixture) adminCall(method, path string, cookie *http.Cookie, s send) *httptest.ResponseRecorder {
	s.method, s.path, s.admin = method, path, true
	if cookie != nil {
		if s.header == nil {
			s.header = map[string]string{}
		}
		s.header["Cookie"] = cookie.Name + "=" + cookie.Value
	}
	return f.send(s)
}

func (f *fixture) login(user, password, remote string) *httptest.ResponseRecorder {
	return f.adminCall(http.MethodPost, "/api/admin/session", nil, send{
		contentType: "application/json", body: jsonBody(map[string]any{"user": user, "password": password}), remote: remote,
	})
}

// signIn signs the admin in and returns the session cookie.
func (f *fixture) signIn(t *testing.T) *http.Cookie {
	t.Helper()
	w := f.login(adminUser, adminPassword, "")
	if w.Code != http.StatusNoContent {
		t.Fatalf("sign-in: %d %s", w.Code, w.Body)
	}
	for _, c := range w.Result().Cookies() {
		if strings.HasSuffix(c.Name, "portfolio_admin") {
			return c
		}
	}
	t.Fatalf("sign-in set no session cookie: %v", w.Header().Values("Set-Cookie"))
	return nil
}

// getJSON GETs an admin path with cookie and decodes the 200 answer into v.
func (f *fixture) getJSON(t *testing.T, path string, cookie *http.Cookie, v any) {
	t.Helper()
	w := f.adminCall(http.MethodGet, path, cookie, send{})
	if w.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, w.Code, w.Body)
	}
	if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
		t.Fatalf("GET %s: %v in %s", path, err, w.Body)
	}
}

// every admin endpoint, with a request body where it takes one.
var adminEndpoints = []struct{ method, path, body string }{
	{http.MethodPost, "/api/admin/session", `{"user":"admin","password":"x"}`},
	{http.MethodDelete, "/api/admin/session", ""},
	{http.MethodGet, "/api/admin/stats", ""},
	{http.MethodGet, "/api/admin/editions", ""},
	{http.MethodPost, "/api/admin/editions/1/publish", ""},
	{http.MethodGet, "/api/admin/subscribers", ""},
	{http.MethodGet, "/api/admin/subscribers.csv", ""},
	{http.MethodPost, "/api/admin/subscribers/import", "email\nann@example.org\n"},
	{http.MethodGet, "/api/admin/messages", ""},
	{http.MethodGet, "/api/admin/mail", ""},
	{http.MethodPost, "/api/admin/mail/1/retry", ""},
	{http.MethodPut, "/api/admin/editions/1/schedule", `{"at":"2099-01-01T09:00:00Z"}`},
	{http.MethodDelete, "/api/admin/editions/1/schedule", ""},
	{http.MethodGet, "/api/admin/suppressions", ""},
	{http.MethodDelete, "/api/admin/suppressions?email=a@example.org", ""},
}

// probe GETs /api/admin/session with cookie (none if nil): always 200, and what it says.
func (f *fixture) probe(t *testing.T, cookie *http.Cookie) map[string]any {
	t.Helper()
	w := f.adminCall(http.MethodGet, "/api/admin/session", cookie, send{})
	if w.Code != http.StatusOK {
		t.Fatalf("GET /api/admin/session: %d %s, want 200", w.Code, w.Body)
	}
	if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("GET /api/admin/session: Cache-Control = %q", cc)
	}
	var v map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestAdminSessionProbeAnswers200(t *testing.T) {
	unconfigured := newFixture(t, nil)
	if got := unconfigured.probe(t, nil); !reflect.DeepEqual(got, map[string]any{"authenticated": false, "configured": false}) {
		t.Errorf("no admin: %v", got)
	}
	f := newFixture(t, adminEnv(t, nil))
	if got := f.probe(t, nil); !reflect.DeepEqual(got, map[string]any{"authenticated": false, "configured": true}) {
		t.Errorf("signed out: %v", got)
	}
	forged := &http.Cookie{Name: "portfolio_admin", Value: strings.Repeat("A", 43)}
	if got := f.probe(t, forged); got["authenticated"] != false {
		t.Errorf("a forged cookie: %v", got)
	}
	got := f.probe(t, f.signIn(t))
	if got["authenticated"] != true || got["user"] != adminUser || got["expiresAt"] == nil || got["configured"] != nil {
		t.Errorf("signed in: %v", got)
	}
}

func TestAdminIsClosedWhenUnconfigured(t *testing.T) {
	f := newFixture(t, nil)
	for _, e := range adminEndpoints {
		t.Run(e.method+" "+e.path, func(t *testing.T) {
			w := f.adminCall(e.method, e.path, nil, send{contentType: "application/json", body: e.body})
			if w.Code != http.StatusServiceUnavailable {
				t.Fatalf("status %d, want 503: %s", w.Code, w.Body)
			}
			got := decodeError(t, w)
			if got.Error.Code != "not_configured" ||
				!strings.Contains(got.Error.Message, "PORTFOLIO_ADMIN_USER") || !strings.Contains(got.Error.Message, "PORTFOLIO_ADMIN_PASSWORD_HASH") {
				t.Errorf("error = %+v, want not_configured naming both settings", got.Error)
			}
			if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control = %q", cc)
			}
		})
	}
}

func TestAdminNeedsASession(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	forged := &http.Cookie{Name: "portfolio_admin", Value: strings.Repeat("A", 43)}
	for _, e := range adminEndpoints {
		if e.path == "/api/admin/session" {
			continue // signing in and out need no session
		}
		for _, cookie := range []*http.Cookie{nil, forged} {
			t.Run(fmt.Sprintf("%s %s cookie=%v", e.method, e.path, cookie != nil), func(t *testing.T) {
				w := f.adminCall(e.method, e.path, cookie, send{})
				if w.Code != http.StatusUnauthorized {
					t.Fatalf("status %d, want 401: %s", w.Code, w.Body)
				}
				if got := decodeError(t, w); got.Error.Code != "unauthorized" {
					t.Errorf("code = %q", got.Error.Code)
				}
				if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
					t.Errorf("Cache-Control = %q", cc)
				}
			})
		}
	}
	if got := f.queued(t); got.Pending != 0 {
		t.Errorf("%d emails queued by unauthenticated requests", got.Pending)
	}
}

func TestAdminRefusesCrossSiteRequests(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	for _, e := range adminEndpoints {
		for name, header := range map[string]map[string]string{
			"Sec-Fetch-Site":   {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
			"Origin only":      {"Sec-Fetch-Site": "", "Origin": "https://evil.example"},
			"same-site domain": {"Sec-Fetch-Site": "same-site", "Origin": "http://sub.example.com"},
		} {
			t.Run(e.method+" "+e.path+" "+name, func(t *testing.T) {
				w := f.adminCall(e.method, e.path, cookie, send{contentType: "application/json", body: e.body, header: header})
				if w.Code != http.StatusForbidden {
					t.Fatalf("status %d, want 403: %s", w.Code, w.Body)
				}
				if got := decodeError(t, w); got.Error.Code != "forbidden" {
					t.Errorf("code = %q", got.Error.Code)
				}
			})
		}
	}
	// The probe and the setup are same-origin only too.
	for _, e := range []struct{ method, path, body string }{
		{http.MethodGet, "/api/admin/session", ""},
		{http.MethodPost, "/api/admin/setup", `{"token":"x","user":"jane","password":"a long enough password"}`},
	} {
		w := f.adminCall(e.method, e.path, cookie, send{contentType: "application/json", body: e.body, header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}})
		if w.Code != http.StatusForbidden {
			t.Errorf("%s %s cross-site: %d, want 403", e.method, e.path, w.Code)
		}
	}
	// The session still works from the site itself.
	if got := f.probe(t, cookie); got["authenticated"] != true {
		t.Errorf("same-origin probe after the refusals: %v", got)
	}
}

func TestAdminSignInAndOut(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))

	w := f.login(adminUser, "wrong password", "")
	if w.Code != http.StatusUnauthorized {
		t.Fatalf("wrong password: %d %s", w.Code, w.Body)
	}
	if got := decodeError(t, w); got.Error.Message != "Wrong user name or password." {
		t.Errorf("message = %q", got.Error.Message)
	}
	if len(w.Result().Cookies()) != 0 {
		t.Error("a failed sign-in set a cookie")
	}
	if w := f.login("someone", adminPassword, ""); w.Code != http.StatusUnauthorized {
		t.Errorf("wrong user: %d", w.Code)
	}

	w = f.login(adminUser, adminPassword, "")
	if w.Code != http.StatusNoContent || w.Body.Len() != 0 {
		t.Fatalf("sign-in: %d %q", w.Code, w.Body)
	}
	setCookie := w.Header().Get("Set-Cookie")
	for _, want := range []string{"portfolio_admin=", "Path=/", "Max-Age=43200", "HttpOnly", "SameSite=Strict"} {
		if !strings.Contains(setCookie, want) {
			t.Errorf("Set-Cookie %q lacks %q", setCookie, want)
		}
	}
	if strings.Contains(setCookie, "Secure") || strings.HasPrefix(setCookie, "__Host-") {
		t.Errorf("Set-Cookie %q is Secure on a plain http site (the browser would drop it)", setCookie)
	}
	cookie := w.Result().Cookies()[0]

	var s struct {
		Authenticated   bool
		User, ExpiresAt string
	}
	f.getJSON(t, "/api/admin/session", cookie, &s)
	expires, err := time.Parse(time.RFC3339, s.ExpiresAt)
	if !s.Authenticated || s.User != adminUser || err != nil || time.Until(expires) < 11*time.Hour || time.Until(expires) > 12*time.Hour {
		t.Errorf("session = %+v (%v), want admin for 12 hours", s, err)
	}

	w = f.adminCall(http.MethodDelete, "/api/admin/session", cookie, send{})
	if w.Code != http.StatusNoContent {
		t.Fatalf("sign-out: %d %s", w.Code, w.Body)
	}
	if cleared := w.Header().Get("Set-Cookie"); !strings.Contains(cleared, "portfolio_admin=;") || !strings.Contains(cleared, "Max-Age=0") {
		t.Errorf("sign-out Set-Cookie = %q, want the cookie cleared", cleared)
	}
	// The old cookie is worth nothing now, even if the browser kept it.
	if w := f.adminCall(http.MethodGet, "/api/admin/stats", cookie, send{}); w.Code != http.StatusUnauthorized {
		t.Errorf("after sign-out: %d, want 401", w.Code)
	}
	if w := f.adminCall(http.MethodDelete, "/api/admin/session", nil, send{}); w.Code != http.StatusNoContent {
		t.Errorf("signing out without a session: %d, want 204", w.Code)
	}
}

func TestAdminSessionExpires(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_ADMIN_SESSION_TTL": "30m"}))
	cookie := f.signIn(t)
	f.admin.advance(29 * time.Minute)
	if w := f.adminCall(http.MethodGet, "/api/admin/stats", cookie, send{}); w.Code != http.StatusOK {
		t.Fatalf("before expiry: %d %s", w.Code, w.Body)
	}
	f.admin.advance(time.Minute)
	if w := f.adminCall(http.MethodGet, "/api/admin/stats", cookie, send{}); w.Code != http.StatusUnauthorized {
		t.Errorf("at expiry: %d, want 401", w.Code)
	}
}

func TestAdminCookieOverHTTPS(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_ADMIN_URL": "https://example.com", "PORTFOLIO_PUBLIC_URL": "http://www.example.com"}))
	w := f.adminCall(http.MethodPost, "/api/admin/session", nil, send{
		contentType: "application/json", body: jsonBody(map[string]any{"user": adminUser, "password": adminPassword}),
		header: map[string]string{"Origin": "https://example.com"},
	})
	if w.Code != http.StatusNoContent {
		t.Fatalf("sign-in: %d %s", w.Code, w.Body)
	}
	setCookie := w.Header().Get("Set-Cookie")
	if !strings.HasPrefix(setCookie, "__Host-portfolio_admin=") || !strings.Contains(setCookie, "Secure") {
		t.Errorf("Set-Cookie = %q, want __Host-portfolio_admin and Secure", setCookie)
	}
	cookie := w.Result().Cookies()[0]
	w = f.adminCall(http.MethodGet, "/api/admin/session", cookie, send{header: map[string]string{"Origin": "https://example.com"}})
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"authenticated":true`) {
		t.Errorf("GET session with the __Host- cookie: %d %s", w.Code, w.Body)
	}
}

func TestAdminSignInIsRateLimited(t *testing.T) {
	t.Run("per client", func(t *testing.T) {
		f := newFixture(t, adminEnv(t, nil))
		for i := range admin.DefaultMaxFailures {
			if w := f.login(fmt.Sprintf("user%d", i), "wrong", "192.0.2.7:1000"); w.Code != http.StatusUnauthorized {
				t.Fatalf("failure %d: %d", i+1, w.Code)
			}
		}
		w := f.login(adminUser, adminPassword, "192.0.2.7:1000")
		if w.Code != http.StatusTooManyRequests {
			t.Fatalf("after %d failures, even the right password: %d, want 429", admin.DefaultMaxFailures, w.Code)
		}
		if got := decodeError(t, w); got.Error.Code != "rate_limited" {
			t.Errorf("code = %q", got.Error.Code)
		}
		if ra := w.Header().Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("Retry-After = %q", ra)
		}
		if w := f.login(adminUser, adminPassword, "198.51.100.2:1000"); w.Code != http.StatusNoContent {
			t.Errorf("another client: %d, want 204", w.Code)
		}
	})
	t.Run("failures for the admin's name from anywhere do not lock the owner out", func(t *testing.T) {
		f := newFixture(t, adminEnv(t, nil))
		for i := range 4 * admin.DefaultMaxFailures {
			if w := f.login(adminUser, "wrong", fmt.Sprintf("203.0.113.%d:1000", i+1)); w.Code != http.StatusUnauthorized {
				t.Fatalf("failure %d: %d", i+1, w.Code)
			}
		}
		// A failing client is still limited (more strictly while the name is under attack).
		for range admin.UnderAttackAllowance - 1 {
			if w := f.login(adminUser, "wrong", "203.0.113.1:1000"); w.Code != http.StatusUnauthorized {
				t.Fatalf("a failing client's second try: %d", w.Code)
			}
		}
		if w := f.login(adminUser, adminPassword, "203.0.113.1:1000"); w.Code != http.StatusTooManyRequests {
			t.Errorf("a failing client: %d, want 429", w.Code)
		}
		// The owner, from an address that has not been failing, signs in.
		if w := f.login(adminUser, adminPassword, "198.51.100.20:1000"); w.Code != http.StatusNoContent {
			t.Errorf("the owner from a clean address after %d failures for the name elsewhere: %d %s, want 204", 4*admin.DefaultMaxFailures, w.Code, w.Body)
		}
	})
	t.Run("successes do not count", func(t *testing.T) {
		f := newFixture(t, adminEnv(t, nil))
		for range 3 * admin.DefaultMaxFailures {
			f.signIn(t)
		}
	})
}

// TestAdminSignInFloodIsRefusedQuickly holds the only password check (the hook runs
// while it is taken, before bcrypt) and checks that another sign-in is answered at
// once, 503 with Retry-After, while pages and the API are served as usual.
func TestAdminSignInFloodIsRefusedQuickly(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_ADMIN_PASSWORD_CHECKS": "1"}))
	release := f.holdPasswordCheck("192.0.2.1:1000")

	for i := range 2 * admin.DefaultMaxFailures {
		w := f.login(adminUser, adminPassword, fmt.Sprintf("198.51.100.%d:1000", i+1))
		if w.Code != http.StatusServiceUnavailable {
			t.Fatalf("sign-in while the check is taken: %d %s, want 503", w.Code, w.Body)
		}
		if ra := w.Header().Get("Retry-After"); ra != "1" {
			t.Errorf("Retry-After = %q, want 1", ra)
		}
		got := decodeError(t, w)
		if got.Error.Code != "unavailable" || got.Error.Message != "Too many sign-ins are being checked right now. Please try again in a moment." {
			t.Errorf("error = %+v", got.Error)
		}
	}
	// Everything else is served meanwhile.
	for _, path := range []string{"/", "/api/newsletter/stats"} {
		if w := f.send(send{method: http.MethodGet, path: path}); w.Code != http.StatusOK {
			t.Errorf("GET %s while the check is taken: %d", path, w.Code)
		}
	}
	for _, path := range []string{"/admin/newsletter", "/api/admin/session"} {
		if w := f.adminCall(http.MethodGet, path, nil, send{}); w.Code != http.StatusOK {
			t.Errorf("GET %s (the admin's origin) while the check is taken: %d", path, w.Code)
		}
	}
	if code := release(); code != http.StatusUnauthorized {
		t.Errorf("the held sign-in: %d, want 401", code)
	}
	// The refused attempts did not count as failures.
	if w := f.login(adminUser, adminPassword, "198.51.100.1:1000"); w.Code != http.StatusNoContent {
		t.Errorf("sign-in once the check is free: %d %s", w.Code, w.Body)
	}
}

func TestAdminSignInRequestGuards(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	tests := []struct {
		name        string
		contentType string
		body        string
		status      int
		field       string
	}{
		{"form post", "application/x-www-form-urlencoded", "user=admin&password=x", http.StatusUnsupportedMediaType, ""},
		{"text", "text/plain", `{"user":"admin","password":"x"}`, http.StatusUnsupportedMediaType, ""},
		{"too large", "application/json", `{"user":"admin","password":"` + strings.Repeat("x", 20<<10) + `"}`, http.StatusRequestEntityTooLarge, ""},
		{"no user", "application/json", `{"user":" ","password":"x"}`, http.StatusBadRequest, "user"},
		{"no password", "application/json", `{"user":"admin","password":""}`, http.StatusBadRequest, "password"},
		{"unknown field", "application/json", `{"user":"admin","password":"x","remember":true}`, http.StatusBadRequest, "remember"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := f.adminCall(http.MethodPost, "/api/admin/session", nil, send{contentType: tt.contentType, body: tt.body})
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if got := decodeError(t, w); got.Error.Field != tt.field {
				t.Errorf("field = %q, want %q", got.Error.Field, tt.field)
			}
		})
	}
}

// seedSubscribers stores confirmed subscribers and one unconfirmed and one
// unsubscribed, through the store's own transitions and queueing no email, and
// returns the confirmed ones.
func (f *fixture) seedSubscribers(t *testing.T, confirmed ...string) []newsletter.Subscriber {
	t.Helper()
	ctx := context.Background()
	noEmails := func(newsletter.Subscriber) ([]mail.Message, error) { return nil, nil }
	add := func(email string, state newsletter.State) newsletter.Subscriber {
		now := time.Now()
		hash := newsletter.HashToken("token of " + email)
		_, sub, err := f.admin.store.Subscribe(ctx, newsletter.Subscription{
			Email: email, EmailKey: newsletter.EmailKey(email), Name: strings.Split(email, "@")[0], At: now, SentBefore: now,
			Token: newsletter.ConfirmationToken{Hash: hash, ExpiresAt: now.Add(time.Hour)},
		}, noEmails)
		if err != nil {
			t.Fatal(err)
		}
		if state != newsletter.StateUnconfirmed {
			if _, sub, err = f.admin.store.Confirm(ctx, hash, now, noEmails); err != nil {
				t.Fatal(err)
			}
		}
		if state == newsletter.StateUnsubscribed {
			if sub, err = f.admin.store.Unsubscribe(ctx, sub.ID, now); err != nil {
				t.Fatal(err)
			}
		}
		return sub
	}
	var out []newsletter.Subscriber
	for _, email := range confirmed {
		out = append(out, add(email, newsletter.StateConfirmed))
	}
	add("waiting@example.net", newsletter.StateUnconfirmed)
	add("left@example.net", newsletter.StateUnsubscribed)
	return out
}

func TestAdminStatsAndLists(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	f.seedSubscribers(t, "ada@example.org", "=cmd|calc@example.org")
	for _, m := range []contact.Message{
		{Name: "First Sender", Email: "first@example.org", Subject: "job", Body: "The first message of all."},
		{Name: "Second Sender", Email: "second@example.org", Subject: "other", Body: "The second message, newer."},
	} {
		m.CreatedAt = time.Now()
		if err := f.contacts.Add(context.Background(), &m); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond) // distinct times: newest first is decidable
	}

	var stats struct {
		Subscribers struct{ Unconfirmed, Confirmed, Unsubscribed int }
		Editions    int
		Published   int
		Schedule    string
	}
	f.getJSON(t, "/api/admin/stats", cookie, &stats)
	if stats.Subscribers.Confirmed != 2 || stats.Subscribers.Unconfirmed != 1 || stats.Subscribers.Unsubscribed != 1 ||
		stats.Editions != 6 || stats.Published != 0 || stats.Schedule != "Monthly" {
		t.Errorf("stats = %+v", stats)
	}

	var editions []struct {
		ID                 int
		Title, Date        string
		Excerpt, ReadTime  string
		LastPublishedAt    *string
		LastPublishedCount *int
	}
	f.getJSON(t, "/api/admin/editions", cookie, &editions)
	if len(editions) != 6 || editions[0].ID != 1 || editions[0].Date != "December 2024" || !strings.HasPrefix(editions[0].Title, "#1 ") ||
		!strings.HasSuffix(editions[0].ReadTime, " min read") || editions[0].Excerpt == "" || editions[0].LastPublishedAt != nil || editions[0].LastPublishedCount != nil {
		t.Errorf("editions[0] = %+v", editions[0])
	}

	type page struct {
		Items []struct {
			Email, Name, State, SubscribedAt string
			ConfirmedAt, UnsubscribedAt      *string
		}
		Page, PerPage, Total int
	}
	var all, confirmed, second page
	f.getJSON(t, "/api/admin/subscribers", cookie, &all)
	if all.Total != 4 || len(all.Items) != 4 || all.Page != 1 || all.PerPage != 50 || all.Items[0].Email != "left@example.net" {
		t.Errorf("all subscribers = %+v, want 4, newest first", all)
	}
	f.getJSON(t, "/api/admin/subscribers?state=confirmed&perPage=1&page=2", cookie, &second)
	if second.Total != 2 || len(second.Items) != 1 || second.Items[0].State != "confirmed" || second.Items[0].ConfirmedAt == nil || second.Items[0].UnsubscribedAt != nil {
		t.Errorf("second page of confirmed = %+v", second)
	}
	f.getJSON(t, "/api/admin/subscribers?state=confirmed", cookie, &confirmed)
	if len(confirmed.Items) != 2 || confirmed.Items[1].Email != second.Items[0].Email {
		t.Errorf("confirmed = %+v, page 2 of 1 = %+v", confirmed.Items, second.Items)
	}
	for _, bad := range []string{"state=gone", "page=0", "page=x", "perPage=501"} {
		if w := f.adminCall(http.MethodGet, "/api/admin/subscribers?"+bad, cookie, send{}); w.Code != http.StatusBadRequest {
			t.Errorf("?%s: %d, want 400", bad, w.Code)
		}
	}

	w := f.adminCall(http.MethodGet, "/api/admin/subscribers.csv", cookie, send{})
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "text/csv; charset=utf-8" ||
		!strings.HasPrefix(w.Header().Get("Content-Disposition"), `attachment; filename="subscribers-`) || w.Header().Get("Cache-Control") != "no-store" {
		t.Fatalf("CSV: %d %v", w.Code, w.Header())
	}
	rows, err := csv.NewReader(strings.NewReader(w.Body.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || !slices.Equal(rows[0], []string{"email", "name", "state", "subscribedAt", "confirmedAt", "unsubscribedAt", "source", "suppressed", "suppressedAt"}) {
		t.Fatalf("CSV rows = %q", rows)
	}
	var injected []string
	for _, row := range rows[1:] {
		if strings.Contains(row[0], "calc") {
			injected = row
		}
	}
	if injected == nil || injected[0] != "'=cmd|calc@example.org" || injected[1] != "'=cmd|calc" {
		t.Errorf("cells starting with = are not neutralised: %q", injected)
	}

	var msgs struct {
		Items []struct {
			ID                                       int64
			Name, Email, Subject, Message, CreatedAt string
		}
	}
	f.getJSON(t, "/api/admin/messages", cookie, &msgs)
	if len(msgs.Items) != 2 || msgs.Items[0].Name != "Second Sender" || msgs.Items[1].Message != "The first message of all." || msgs.Items[0].Subject != "other" {
		t.Errorf("messages = %+v, want both, newest first", msgs.Items)
	}
	f.getJSON(t, "/api/admin/messages?limit=1", cookie, &msgs)
	if len(msgs.Items) != 1 || msgs.Items[0].Name != "Second Sender" {
		t.Errorf("limit=1: %+v", msgs.Items)
	}
}

// deliverTo runs a mail worker that sends the fixture's outbox to srv over SMTP.
func (f *fixture) deliverTo(t *testing.T, srv *smtptest.Server) {
	t.Helper()
	transport, err := smtp.New(smtp.Config{Host: srv.Host, Port: srv.Port, TLS: smtp.TLSNone, Timeout: 5 * time.Second, HELO: "localhost"})
	if err != nil {
		t.Fatal(err)
	}
	worker, err := outbox.NewWorker(f.outbox, templates.Transport{Templates: siteEmails(t), Next: transport}, zap.NewNop(), outbox.Options{PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- worker.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("mail worker: %v", err)
		}
	})
}

func TestAdminPublishSendsTheEditionToEachConfirmedSubscriber(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	subs := f.seedSubscribers(t, "ada@example.org", "grace@example.org", "linus@example.org")
	smtpd := smtptest.Start(t, smtptest.Options{})
	f.deliverTo(t, smtpd)

	w := f.adminCall(http.MethodPost, "/api/admin/editions/2/publish", cookie, send{})
	if w.Code != http.StatusOK {
		t.Fatalf("publish: %d %s", w.Code, w.Body)
	}
	var res struct {
		Sent  int
		Title string
	}
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	const title = "#2 Terraform State Surgery Without the Scalpel"
	if res.Sent != 3 || res.Title != title {
		t.Errorf("answer = %+v, want 3 sent of %q", res, title)
	}

	msgs := smtpd.Wait(t, 3, 10*time.Second)
	time.Sleep(200 * time.Millisecond) // anything more would arrive now
	if got := len(smtpd.Messages()); got != 3 {
		t.Fatalf("the SMTP server got %d emails, want 3 (one per confirmed subscriber)", got)
	}
	var to []string
	unsubscribeLinks := map[string]bool{}
	for _, m := range msgs {
		p, err := m.Parse()
		if err != nil {
			t.Fatal(err)
		}
		if len(m.To) != 1 {
			t.Fatalf("envelope recipients %v", m.To)
		}
		to = append(to, m.To[0])
		if got, want := p.Get("Subject"), "DevOps Digest - January 2025 - "+title; got != want {
			t.Errorf("Subject = %q, want %q", got, want)
		}
		lu := p.Get("List-Unsubscribe")
		if !strings.HasPrefix(lu, "<http://127.0.0.1:8080/newsletter/unsubscribe?token=") || !strings.HasSuffix(lu, ">") {
			t.Errorf("List-Unsubscribe = %q", lu)
		}
		if got := p.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
			t.Errorf("List-Unsubscribe-Post = %q", got)
		}
		link := strings.Trim(lu, "<>")
		unsubscribeLinks[link] = true
		if !strings.Contains(p.Text, link) || !strings.Contains(p.HTML, strings.ReplaceAll(link, "&", "&amp;")) {
			t.Errorf("the body lacks the subscriber's own unsubscribe link %s", link)
		}
		if !strings.Contains(p.Text, "moved {") || !strings.Contains(p.HTML, title) {
			t.Errorf("the email lacks the edition's text")
		}
	}
	slices.Sort(to)
	want := []string{subs[0].Email, subs[1].Email, subs[2].Email}
	if !slices.Equal(to, want) {
		t.Errorf("sent to %v, want %v (nobody unconfirmed or unsubscribed)", to, want)
	}
	if len(unsubscribeLinks) != 3 {
		t.Errorf("%d distinct unsubscribe links, want one per subscriber", len(unsubscribeLinks))
	}

	// Each link unsubscribes its own subscriber (RFC 8058 one-click).
	for link := range unsubscribeLinks {
		path := strings.TrimPrefix(link, "http://127.0.0.1:8080")
		w := f.send(send{path: path, contentType: "application/x-www-form-urlencoded", body: "List-Unsubscribe=One-Click", header: map[string]string{"Sec-Fetch-Site": "", "Origin": ""}})
		if w.Code != http.StatusOK {
			t.Errorf("one-click unsubscribe: %d", w.Code)
		}
		break
	}

	var stats struct {
		Subscribers struct{ Confirmed int }
		Published   int
	}
	f.getJSON(t, "/api/admin/stats", cookie, &stats)
	if stats.Published != 1 || stats.Subscribers.Confirmed != 2 {
		t.Errorf("stats after publishing and one unsubscribe = %+v, want 1 published, 2 confirmed", stats)
	}
	var editions []struct {
		ID                 int
		LastPublishedAt    *string
		LastPublishedCount *int
	}
	f.getJSON(t, "/api/admin/editions", cookie, &editions)
	if e := editions[1]; e.LastPublishedAt == nil || e.LastPublishedCount == nil || *e.LastPublishedCount != 3 {
		t.Errorf("edition 2 = %+v, want its publish time and count 3", e)
	} else if at, err := time.Parse(time.RFC3339, *e.LastPublishedAt); err != nil || time.Since(at) > time.Minute {
		t.Errorf("lastPublishedAt = %q (%v)", *e.LastPublishedAt, err)
	}
	if editions[0].LastPublishedAt != nil {
		t.Errorf("edition 1 was never published: %+v", editions[0])
	}
}

func TestAdminPublishOneAtATime(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	f.seedSubscribers(t, "ada@example.org", "grace@example.org", "linus@example.org")
	started, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	f.admin.hook(func(_ context.Context, p newsletter.Publication, _ int) error {
		if p.EditionID == 3 {
			once.Do(func() { close(started) })
			<-release
		}
		return nil
	})
	first := make(chan *httptest.ResponseRecorder, 1)
	go func() { first <- f.adminCall(http.MethodPost, "/api/admin/editions/3/publish", cookie, send{}) }()
	<-started

	w := f.adminCall(http.MethodPost, "/api/admin/editions/3/publish", cookie, send{})
	if w.Code != http.StatusConflict {
		t.Fatalf("second publish of edition 3: %d %s, want 409", w.Code, w.Body)
	}
	if got := decodeError(t, w); got.Error.Code != "conflict" {
		t.Errorf("code = %q", got.Error.Code)
	}
	if w := f.adminCall(http.MethodPost, "/api/admin/editions/4/publish", cookie, send{}); w.Code != http.StatusOK {
		t.Errorf("another edition meanwhile: %d %s", w.Code, w.Body)
	}
	close(release)
	if w := <-first; w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"sent":3`) {
		t.Errorf("first publish: %d %s", w.Code, w.Body)
	}
	if got := f.queued(t).Pending; got != 6 {
		t.Errorf("%d emails queued, want 6 (editions 3 and 4, once each, to 3 subscribers)", got)
	}
}

func TestAdminPublishUnknownEdition(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	f.seedSubscribers(t, "ada@example.org")
	for _, id := range []string{"7", "0", "-1", "abc", "99999999999999999999"} {
		w := f.adminCall(http.MethodPost, "/api/admin/editions/"+id+"/publish", cookie, send{})
		if w.Code != http.StatusNotFound {
			t.Errorf("edition %q: %d, want 404", id, w.Code)
			continue
		}
		if got := decodeError(t, w); got.Error.Code != "not_found" {
			t.Errorf("edition %q: code %q", id, got.Error.Code)
		}
	}
	if got := f.queued(t).Pending; got != 0 {
		t.Errorf("%d emails queued", got)
	}
	// A body, if any, must be JSON.
	w := f.adminCall(http.MethodPost, "/api/admin/editions/1/publish", cookie, send{contentType: "text/plain", body: "x"})
	if w.Code != http.StatusUnsupportedMediaType {
		t.Errorf("text body: %d, want 415", w.Code)
	}
}

func TestAdminPublishFailureTellsNothingInternal(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	f.seedSubscribers(t, "ada@example.org")
	f.admin.hook(func(context.Context, newsletter.Publication, int) error {
		return errors.New("disk on fire at /var/lib/secret")
	})
	w := f.adminCall(http.MethodPost, "/api/admin/editions/1/publish", cookie, send{})
	if w.Code != http.StatusInternalServerError {
		t.Fatalf("status %d, want 500", w.Code)
	}
	if strings.Contains(w.Body.String(), "disk") || strings.Contains(w.Body.String(), "/var") {
		t.Errorf("the answer shows the internal error: %s", w.Body)
	}
}

// TestAdminSetupLink sets the admin up through a first-run setup link: once, signed in
// at once, then as any configured admin; the token never appears in an answer or a
// log line of the server.
func TestAdminSetupLink(t *testing.T) {
	f := newFixture(t, nil)
	ctx := context.Background()
	token, _, err := f.admin.auth.StartSetup(ctx)
	if err != nil || token == "" {
		t.Fatalf("StartSetup = %q, %v", token, err)
	}
	setup := func(body map[string]any) *httptest.ResponseRecorder {
		return f.adminCall(http.MethodPost, "/api/admin/setup", nil, send{contentType: "application/json", body: jsonBody(body)})
	}
	var answers []string
	keep := func(w *httptest.ResponseRecorder) *httptest.ResponseRecorder {
		answers = append(answers, fmt.Sprint(w.Header())+w.Body.String())
		return w
	}

	for _, tt := range []struct {
		name  string
		body  map[string]any
		field string
		msg   string
	}{
		{"no token", map[string]any{"token": "", "user": "jane", "password": "a long enough password"}, "token", "Open the setup link from the gateway's log."},
		{"made-up token", map[string]any{"token": strings.Repeat("A", 43), "user": "jane", "password": "a long enough password"}, "token", "This setup link is not valid: it has been used or has expired. Restart the gateway for a new one (it is printed in the log)."},
		{"no user", map[string]any{"token": token, "user": "", "password": "a long enough password"}, "user", "Enter a user name."},
		{"short password", map[string]any{"token": token, "user": "jane", "password": "too short"}, "password", "The password must be at least 12 characters."},
		{"a user name that looks like another", map[string]any{"token": token, "user": "own\ufeffer", "password": "a long enough password"}, "user", "The user name must not contain invisible characters."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := keep(setup(tt.body))
			if w.Code != http.StatusBadRequest {
				t.Fatalf("%d %s, want 400", w.Code, w.Body)
			}
			if got := decodeError(t, w); got.Error.Code != "invalid" || got.Error.Field != tt.field || got.Error.Message != tt.msg {
				t.Errorf("error = %+v, want %s %q", got.Error, tt.field, tt.msg)
			}
		})
	}
	if got := f.probe(t, nil); got["configured"] != false {
		t.Fatalf("refused setups set the admin up: %v", got)
	}

	w := keep(setup(map[string]any{"token": token, "user": "jane", "password": "a long enough password"}))
	if w.Code != http.StatusNoContent {
		t.Fatalf("setup: %d %s", w.Code, w.Body)
	}
	cookie := w.Result().Cookies()[0]
	if got := f.probe(t, cookie); got["authenticated"] != true || got["user"] != "jane" {
		t.Errorf("after setup: %v, want signed in as jane", got)
	}
	w = keep(setup(map[string]any{"token": token, "user": "mallory", "password": "another long password"}))
	if w.Code != http.StatusConflict || decodeError(t, w).Error.Message != "The admin is already set up. Please sign in." {
		t.Errorf("the link a second time: %d %s, want 409", w.Code, w.Body)
	}
	if w := f.login("jane", "a long enough password", ""); w.Code != http.StatusNoContent {
		t.Errorf("signing in as the admin set up: %d %s", w.Code, w.Body)
	}
	if w := f.login("mallory", "another long password", ""); w.Code != http.StatusUnauthorized {
		t.Errorf("signing in as the refused second admin: %d", w.Code)
	}

	// Pages, the API and the admin's answers never carry the token.
	for _, path := range []string{"/", "/admin/newsletter", "/admin/newsletter?setup=1", "/newsletter", "/api/admin/session", "/api/admin/stats", "/api/admin/messages", "/robots.txt"} {
		answers = append(answers, fmt.Sprint(keep(f.adminCall(http.MethodGet, path, cookie, send{})).Header()))
	}
	for _, a := range answers {
		if strings.Contains(a, token) {
			t.Errorf("an answer carries the setup token: %.300s", a)
		}
	}
	for _, e := range f.logs.All() {
		if strings.Contains(fmt.Sprint(e.Message, e.ContextMap()), token) {
			t.Errorf("a log line carries the setup token: %s %v", e.Message, e.ContextMap())
		}
	}
}
