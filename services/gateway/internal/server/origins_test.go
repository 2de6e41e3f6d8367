package server_test

import (
	"net/http"
	"strings"
	"testing"
)

const (
	testPublicURL = "https://www.example.org"
	testAdminURL  = "https://admin.example.org"
)

// Each origin serves its own and nothing of the other's (docs/decisions/0047): the
// public one, where every section's code runs, has no admin API and sends the admin's
// pages to the admin's origin; the admin's has no other section's files or pages.
func TestEachOriginServesOnlyItsOwn(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_PUBLIC_URL": testPublicURL, "PORTFOLIO_ADMIN_URL": testAdminURL}))
	cookie := f.signIn(t)
	tests := []struct {
		origin       string // "public" or "admin"
		method, path string
		status       int
		location     string // for a redirect
		body         string // contained in the answer
	}{
		// The public origin: the admin's pages lead to its origin, bookmarks and all.
		{"public", "GET", "/admin/newsletter", 302, testAdminURL + "/admin/newsletter", ""},
		{"public", "HEAD", "/admin/newsletter", 302, testAdminURL + "/admin/newsletter", ""},
		{"public", "GET", "/admin/newsletter?tab=traffic", 302, testAdminURL + "/admin/newsletter?tab=traffic", ""},
		{"public", "GET", "/Admin/Newsletter", 302, testAdminURL + "/Admin/Newsletter", ""},
		{"public", "GET", "/admin", 302, testAdminURL + "/admin", ""},
		{"public", "GET", "/admin/evil", 302, testAdminURL + "/admin/evil", ""},
		{"public", "GET", "/administrator", 404, "", "Page Not Found"},
		// ... and its API is not there, whoever asks: the owner's cookie included.
		{"public", "GET", "/api/admin/session", 404, "", "There is no such API endpoint."},
		{"public", "POST", "/api/admin/session", 404, "", "There is no such API endpoint."},
		{"public", "GET", "/api/admin/subscribers", 404, "", "There is no such API endpoint."},
		{"public", "GET", "/API/admin/subscribers", 404, "", ""},
		{"public", "POST", "/api/admin/editions/1/publish", 404, "", "There is no such API endpoint."},
		{"public", "GET", "/mf/admin/mf-manifest.json", 404, "", "404 page not found"},
		{"public", "GET", "/mf/admin/static/js/admin.deadbeef0123.mjs", 404, "", "404 page not found"},
		{"public", "GET", "/mf/remotes.json", 200, "", `"newsletter"`},
		{"public", "GET", "/blog", 200, "", ""},

		// The admin's origin: its pages, its API, the shell's and the admin's files.
		{"admin", "GET", "/", 302, testPublicURL + "/", ""}, // a link from its pages: the site's home
		{"admin", "GET", "/admin/newsletter", 200, "", `data-fixture="shell-index"`},
		{"admin", "GET", "/Admin/Newsletter", 301, "/admin/newsletter", ""},
		{"admin", "GET", "/admin/nope", 404, "", "Page Not Found"},
		{"admin", "GET", "/api/admin/stats", 200, "", `"confirmed"`},
		{"admin", "GET", "/mf/admin/mf-manifest.json", 200, "", ""},
		{"admin", "GET", "/mf/remotes.json", 200, "", `{"remotes":[{"name":"admin","entry":"/mf/admin/mf-manifest.json"}]}`},
		{"admin", "GET", "/static/js/index.3f9a1c2b.js", 200, "", ""},
		{"admin", "GET", "/favicon.ico", 200, "", ""},
		{"admin", "GET", "/healthz", 200, "", ""},
		// ... and no other section's code or page: a page is the public origin's.
		{"admin", "GET", "/mf/blog/mf-manifest.json", 404, "", "404 page not found"},
		{"admin", "GET", "/mf/blog/remoteEntry.js", 404, "", "404 page not found"},
		{"admin", "GET", "/mf/newsletter/mf-manifest.json", 404, "", "404 page not found"},
		{"admin", "GET", "/blog", 302, testPublicURL + "/blog", ""},
		{"admin", "GET", "/blog/kubernetes-security", 302, testPublicURL + "/blog/kubernetes-security", ""},
		{"admin", "GET", "/newsletter", 302, testPublicURL + "/newsletter", ""},
		{"admin", "GET", "/projects/1?from=admin", 302, testPublicURL + "/projects/1?from=admin", ""},
		{"admin", "GET", "//evil.example/x", 301, "/evil.example/x", ""},  // a local path, cleaned first
		{"admin", "GET", "/rss.xml", 302, testPublicURL + "/rss.xml", ""}, // the footer's link
		{"admin", "GET", "/robots.txt", 200, "", "User-agent: *\nDisallow: /\n"},
		{"admin", "GET", "/api/newsletter/stats", 404, "", "There is no such API endpoint."},
		{"admin", "POST", "/api/contact", 404, "", "There is no such API endpoint."},
		{"admin", "POST", "/api/newsletter/subscriptions", 404, "", "There is no such API endpoint."},
		{"admin", "POST", "/", 405, "", "This endpoint does not accept POST."}, // no form to post here
	}
	for _, tt := range tests {
		t.Run(tt.origin+" "+tt.method+" "+tt.path, func(t *testing.T) {
			w := f.send(send{method: tt.method, path: tt.path, admin: tt.origin == "admin", header: map[string]string{"Cookie": cookie.Name + "=" + cookie.Value}})
			if w.Code != tt.status {
				t.Fatalf("status = %d (Location %q), want %d: %.200s", w.Code, w.Header().Get("Location"), tt.status, w.Body)
			}
			if tt.location != "" {
				checkHeader(t, w, "Location", tt.location)
			}
			if !strings.Contains(w.Body.String(), tt.body) {
				t.Errorf("body %.300q lacks %q", w.Body, tt.body)
			}
		})
	}
}

// The admin origin's root is the admin's page for its owner arriving there, and the
// site's home for the Home link of the admin's pages.
func TestTheAdminOriginsRoot(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_PUBLIC_URL": testPublicURL, "PORTFOLIO_ADMIN_URL": testAdminURL})
	for _, tt := range []struct{ site, location string }{
		{"none", "/admin/newsletter"},        // typed, a bookmark, the link in the log
		{"", "/admin/newsletter"},            // not a browser
		{"same-origin", testPublicURL + "/"}, // the header's Home on the admin's page
		{"cross-site", testPublicURL + "/"},  // a link from elsewhere
	} {
		w := f.send(send{method: http.MethodGet, path: "/", admin: true, header: map[string]string{"Sec-Fetch-Site": tt.site}})
		if w.Code != http.StatusFound || w.Header().Get("Location") != tt.location {
			t.Errorf("Sec-Fetch-Site %q: %d to %q, want 302 to %q", tt.site, w.Code, w.Header().Get("Location"), tt.location)
		}
	}
}

// The admin API answers the admin's own pages only: another port or a sibling host
// is the same site, where a section's script runs and a SameSite=Strict cookie still
// goes, and is refused as any other origin is.
func TestTheAdminAPIAnswersItsOwnOriginOnly(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_PUBLIC_URL": testPublicURL, "PORTFOLIO_ADMIN_URL": testAdminURL}))
	cookie := f.signIn(t)
	const refused = "Only the admin's own pages may use the admin API."
	tests := []struct {
		name         string
		site, origin string // Sec-Fetch-Site and Origin; empty: not sent
		ok           bool
	}{
		{"the admin's page", "same-origin", testAdminURL, true},
		{"the public origin's script", "same-site", testPublicURL, false},
		{"another port of the admin's host", "same-site", testAdminURL + ":8443", false},
		{"another site", "cross-site", "https://evil.example", false},
		{"typed in the address bar", "none", "", false},
		{"an old browser on the admin's page", "", testAdminURL, true},
		{"an old browser on the public origin", "", testPublicURL, false},
		{"an old browser on a sandboxed page", "", "null", false},
		{"not a browser", "", "", true},
	}
	for _, tt := range tests {
		header := map[string]string{"Sec-Fetch-Site": tt.site, "Origin": tt.origin}
		for _, call := range []struct{ method, path, contentType, body string }{
			{http.MethodGet, "/api/admin/subscribers", "", ""},
			{http.MethodGet, "/api/admin/subscribers.csv", "", ""},
			{http.MethodGet, "/api/admin/session", "", ""},
			// An action with a body the admin API refuses anyway: only the origin's
			// refusal is 403.
			{http.MethodPost, "/api/admin/mail/999999/retry", "", ""},
		} {
			t.Run(tt.name+" "+call.method+" "+call.path, func(t *testing.T) {
				w := f.adminCall(call.method, call.path, cookie, send{header: header, contentType: call.contentType, body: call.body})
				if tt.ok {
					if w.Code == http.StatusForbidden {
						t.Fatalf("refused: %d %s", w.Code, w.Body)
					}
					return
				}
				if w.Code != http.StatusForbidden {
					t.Fatalf("status = %d, want 403: %.200s", w.Code, w.Body)
				}
				if e := decodeError(t, w).Error; e.Code != "forbidden" || e.Message != refused {
					t.Errorf("error = %+v", e)
				}
				checkHeader(t, w, "Cache-Control", "no-store")
			})
		}
	}
}

// The admin's cookies follow the admin's origin: __Host- and Secure over HTTPS, and
// host-only (no Domain), so a sibling host never receives them.
func TestTheSessionCookieIsTheAdminOrigins(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_PUBLIC_URL": testPublicURL, "PORTFOLIO_ADMIN_URL": testAdminURL}))
	w := f.login(adminUser, adminPassword, "")
	if w.Code != http.StatusNoContent {
		t.Fatalf("sign-in: %d %s", w.Code, w.Body)
	}
	line := setCookieLine(w, "__Host-portfolio_admin")
	for _, want := range []string{"Path=/", "HttpOnly", "Secure", "SameSite=Strict"} {
		if !strings.Contains(line, want) {
			t.Errorf("Set-Cookie %q lacks %q", line, want)
		}
	}
	if strings.Contains(strings.ToLower(line), "domain=") {
		t.Errorf("Set-Cookie %q names a domain: sibling hosts would receive it", line)
	}
	if hsts := w.Header().Get("Strict-Transport-Security"); hsts == "" {
		t.Error("the admin's origin over HTTPS sends no HSTS")
	}
}
