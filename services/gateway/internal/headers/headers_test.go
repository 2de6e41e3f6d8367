package headers_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/headers"
)

func TestOrigin(t *testing.T) {
	tests := map[string]string{
		"http://127.0.0.1:3001/mf-manifest.json":  "http://127.0.0.1:3001",
		"https://cdn.example.com/blog/x.json?v=1": "https://cdn.example.com",
		"/mf/blog/mf-manifest.json":               "",
		"ftp://example.com/x":                     "",
		"":                                        "",
	}
	for in, want := range tests {
		if got := headers.Origin(in); got != want {
			t.Errorf("Origin(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCSP(t *testing.T) {
	tests := []struct {
		name   string
		policy headers.Policy
		want   string
	}{
		{
			name:   "production",
			policy: headers.Policy{ScriptHashes: []string{"'sha256-abc'"}, DevOrigins: []string{"http://127.0.0.1:3001"}},
			want:   "default-src 'self'; script-src 'self' 'sha256-abc'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
		},
		{
			name:   "dev, one origin listed once",
			policy: headers.Policy{Dev: true, DevOrigins: []string{"http://127.0.0.1:3001", "http://127.0.0.1:3001"}},
			want:   "default-src 'self'; script-src 'self' http://127.0.0.1:3001; style-src 'self' 'unsafe-inline' http://127.0.0.1:3001; img-src 'self' data: https: http://127.0.0.1:3001; font-src 'self' http://127.0.0.1:3001; connect-src 'self' http://127.0.0.1:3001 ws:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.policy.CSP(); got != tt.want {
				t.Errorf("CSP =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestSecurityHeadersSurviveHandlers(t *testing.T) {
	h := headers.Security(headers.Policy{HSTS: true})(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "nope", http.StatusTeapot)
	}))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/", nil))
	for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy", "X-Frame-Options", "Strict-Transport-Security"} {
		if w.Header().Get(k) == "" {
			t.Errorf("%s missing after http.Error", k)
		}
	}
	if !strings.Contains(w.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Error("CSP lacks frame-ancestors")
	}
}
