package server_test

import (
	"net/http"
	"testing"
)

// A trailing slash, however it is spelt, redirects once to the page: /skills%2F is
// /skills/ to the router, and used to redirect to itself forever. So does a page's other
// name (pageAliases), the query kept.
func TestRedirectsToThePageOnce(t *testing.T) {
	h, _ := newServer(t, nil)
	for path, location := range map[string]string{
		"/skills/":                   "/skills",
		"/skills%2F":                 "/skills",
		"/blog/all-posts%2f":         "/blog/all-posts",
		"/blog/all-posts/":           "/blog/all-posts",
		"/skills/?a=1":               "/skills?a=1",
		"/terms-of-service":          "/terms-of-use",
		"/terms-of-service/":         "/terms-of-use",
		"/terms-of-service?ref=mail": "/terms-of-use?ref=mail",
	} {
		t.Run(path, func(t *testing.T) {
			w := get(h, path)
			if w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != location {
				t.Fatalf("%d to %q, want 301 to %q", w.Code, w.Header().Get("Location"), location)
			}
			if again := get(h, location); again.Code != http.StatusOK {
				t.Errorf("%s then answers %d, want 200", location, again.Code)
			}
		})
	}
}
