package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
)

// loginRecorder is an AdminAuth that records who Login was told the client is.
type loginRecorder struct{ clients []string }

func (l *loginRecorder) Configured(context.Context) (bool, error) { return true, nil }
func (l *loginRecorder) SessionTTL() time.Duration                { return time.Hour }
func (l *loginRecorder) SignIn(_ context.Context, at admin.Attempt) (admin.Session, string, error) {
	l.clients = append(l.clients, at.Client)
	return admin.Session{}, "", admin.ErrWrongCredentials
}
func (l *loginRecorder) Session(context.Context, string) (admin.Session, error) {
	return admin.Session{}, admin.ErrNoSession
}
func (l *loginRecorder) Logout(context.Context, string) error { return nil }
func (l *loginRecorder) DeviceCookie(context.Context, admin.Session) (string, error) {
	return "", admin.ErrNoSession
}
func (l *loginRecorder) DeviceTTL() time.Duration { return time.Hour }
func (l *loginRecorder) SetUp(context.Context, string, string, string) (admin.Session, string, error) {
	return admin.Session{}, "", admin.ErrNoSession
}

// The admin's sign-in limits count a client as every other limit does: an IPv6 client
// by its network, whichever address of it signs in.
func TestAdminSignInIsToldTheClientKey(t *testing.T) {
	rec := &loginRecorder{}
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	h := withClientIP(trusted, 64)(handleAdminLogin(zap.NewNop(), rec, newSessionCookie(false), newDeviceCookie(false)))
	for _, client := range []string{"2001:db8:7:8::1", "2001:db8:7:8:ffff::2", "198.51.100.7"} {
		r := httptest.NewRequest(http.MethodPost, "/api/admin/session", strings.NewReader(`{"user":"admin","password":"wrong"}`))
		r.RemoteAddr = "10.0.0.2:1"
		r.Header.Set("X-Forwarded-For", client)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusUnauthorized {
			t.Fatalf("sign-in from %s: %d", client, w.Code)
		}
	}
	want := []string{"2001:db8:7:8::/64", "2001:db8:7:8::/64", "198.51.100.7"}
	if strings.Join(rec.clients, " ") != strings.Join(want, " ") {
		t.Errorf("Login told the clients %v, want %v", rec.clients, want)
	}
}
