package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// A wrong-case page path is sent to its lower-case page (the browser's router matches
// case-sensitively, as the gateway does); anything that is not a page keeps its 404.
func TestWrongCasePagePathsRedirectToTheLowerCasePage(t *testing.T) {
	h, _ := newServer(t, nil)
	redirects := []struct{ method, path, location string }{
		{http.MethodGet, "/BLOG", "/blog"},
		{http.MethodGet, "/Skills", "/skills"},
		{http.MethodHead, "/Skills", "/skills"},
		{http.MethodGet, "/Skills/", "/skills"},
		{http.MethodGet, "/PROJECTS/1", "/projects/1"},
		{http.MethodGet, "/Blog/All-Posts", "/blog/all-posts"},
		{http.MethodGet, "/blog/Terraform-Guide", "/blog/terraform-guide"},
		{http.MethodGet, "/Skills?ref=a&b=C", "/skills?ref=a&b=C"},
	}
	for _, tt := range redirects {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			w := do(h, req{method: tt.method, path: tt.path})
			if w.Code != http.StatusMovedPermanently {
				t.Fatalf("status = %d, want 301", w.Code)
			}
			checkHeader(t, w, "Location", tt.location)
			checkHeader(t, w, "Cache-Control", "no-cache")
		})
	}

	notFound := []struct {
		path      string
		plainText bool // a file or API path: never a page, never a redirect
	}{
		{"/NOPE", false},
		{"/Blog/No-Such-Post", false},
		{"/PROJECTS/999", false},            // no such project
		{"/Projects/{ID}", false},           // the route table's pattern, not a page
		{"/PROJECTS/1/extra", false},        // no page below a project
		{"/Mf/blog/mf-manifest.JSON", true}, // a file
		{"/FAVICON.ICO", true},
		{"/api/Contact", false}, // JSON
	}
	for _, tt := range notFound {
		t.Run(tt.path, func(t *testing.T) {
			w := get(h, tt.path)
			if w.Code != http.StatusNotFound {
				t.Fatalf("status = %d (Location %q), want 404", w.Code, w.Header().Get("Location"))
			}
			if loc := w.Header().Get("Location"); loc != "" {
				t.Errorf("Location = %q, want none", loc)
			}
			body := w.Body.String()
			switch {
			case strings.HasPrefix(tt.path, "/api/"):
				checkHeader(t, w, "Content-Type", "application/json")
			case tt.plainText:
				checkHeader(t, w, "Content-Type", "text/plain; charset=utf-8")
			case !strings.Contains(body, "<title>Page Not Found · "):
				t.Error("not the 404 page")
			}
		})
	}

	// Other methods are not redirected: a form must not be re-sent as a GET.
	w := do(h, req{method: http.MethodPost, path: "/Skills"})
	if w.Code == http.StatusMovedPermanently {
		t.Errorf("POST /Skills answered 301")
	}
}
