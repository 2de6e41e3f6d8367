package server

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestVariesByVisitor(t *testing.T) {
	for path, want := range map[string]bool{
		"/blog":                                true,
		"/":                                    true,
		"/mf/remotes.json":                     true,
		"/mf/blog/mf-manifest.json":            true,
		"/mf/blog/static/js/main.js":           true,
		"/mf/blog/1.2.0-abc/static/js/main.js": false,
		"/static/js/index.123.js":              false,
		"/images/me.webp":                      false,
	} {
		if got := variesByVisitor(path); got != want {
			t.Errorf("variesByVisitor(%q) = %v, want %v", path, got, want)
		}
	}
}

// A panic while a request's variant is chosen (here: opening a preview, with nothing
// behind the releases) answers 500 with the API's error body, on both origins.
func TestAPanicChoosingTheVariantIsA500(t *testing.T) {
	h := NewServer(unwiredDeps(t))
	for name, origin := range map[string]http.Handler{"public": h.Public, "admin": h.Admin} {
		t.Run(name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.AddCookie(&http.Cookie{Name: previewCookie, Value: "a-token"})
			w := httptest.NewRecorder()
			origin.ServeHTTP(w, r)
			if w.Code != http.StatusInternalServerError || !strings.Contains(w.Body.String(), `"code":"internal"`) {
				t.Errorf("%d %s, want 500 with the internal error", w.Code, w.Body)
			}
		})
	}
}
