package server_test

import (
	"crypto/sha256"
	"crypto/tls"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// newServer builds the gateway's handler over the fixture build (or the web dir in
// env), with logs captured.
func newServer(t *testing.T, env map[string]string) (http.Handler, *observer.ObservedLogs) {
	t.Helper()
	f := newFixture(t, env)
	return f.h, f.logs
}

type req struct {
	method string
	path   string
	header map[string]string
	tls    bool
}

func do(h http.Handler, r req) *httptest.ResponseRecorder {
	if r.method == "" {
		r.method = http.MethodGet
	}
	hr := httptest.NewRequest(r.method, r.path, nil)
	for k, v := range r.header {
		hr.Header.Set(k, v)
	}
	if r.tls {
		hr.TLS = &tls.ConnectionState{}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, hr)
	return w
}

func get(h http.Handler, path string) *httptest.ResponseRecorder {
	return do(h, req{path: path})
}

func TestEveryRouteServesItsPage(t *testing.T) {
	f := newFixture(t, nil)
	site, _ := content.LoadSite(content.FS())
	routes, _ := content.LoadRoutes(content.FS())
	// The site's 17 routes, less the 404 and the three articles (they come from the
	// posts: TestBlogArticlePages), plus /blog/tags (a tag's own page comes from the
	// posts too: TestBlogTagPages) and /search.
	if len(routes) != 15 {
		t.Fatalf("%d routes, want 15", len(routes))
	}
	for _, route := range routes {
		path := strings.ReplaceAll(route.Path, "{id}", "3")
		t.Run(path, func(t *testing.T) {
			w := get(f.originOf(path), path)
			if w.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", w.Code)
			}
			body := w.Body.String()
			title := route.Title + " · " + site.SiteName
			description := route.Description
			switch route.Path {
			case "/":
				title = site.SiteName + " · " + site.Owner.Headline
			case "/projects/{id}": // the project's own head: TestProjectPages
				catalog, _ := content.LoadProjects(content.FS())
				p, _ := catalog.Project(3)
				title = p.Title + " · " + title
				description = p.Description
			}
			wants := []string{
				"<title>" + escape(title) + "</title>",
				`<link rel="canonical" href="http://127.0.0.1:8080` + path + `">`,
				`<meta name="description" content="` + escape(description) + `">`,
				`data-fixture="shell-index"`,
			}
			for _, want := range wants {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %s", want)
				}
			}
			if got := strings.Contains(body, `content="noindex"`); got != route.NoIndex {
				t.Errorf("noindex = %v, want %v", got, route.NoIndex)
			}
			// Pages work without JavaScript through their prerendered HTML: no page says it
			// needs JavaScript, and none carries a second, <noscript> form.
			if strings.Contains(body, `<noscript>`) {
				t.Error("the page has a <noscript>")
			}
			checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
			checkHeader(t, w, "Cache-Control", "no-cache")
		})
	}
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

func TestUnknownPathsServeThe404Page(t *testing.T) {
	f := newFixture(t, nil)
	for _, path := range []string{"/nope", "/blog/unknown-post", "/projects/1/extra", "/admin", "/admin/nope", "/healthz/x"} {
		t.Run(path, func(t *testing.T) {
			w := get(f.originOf(path), path)
			if w.Code != http.StatusNotFound {
				t.Fatalf("status = %d, want 404", w.Code)
			}
			body := w.Body.String()
			for _, want := range []string{`data-fixture="shell-index"`, "<title>Page Not Found · ", `content="noindex"`} {
				if !strings.Contains(body, want) {
					t.Errorf("404 page lacks %s", want)
				}
			}
			checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
		})
	}
}

func TestTrailingSlashRedirects(t *testing.T) {
	h, _ := newServer(t, nil)
	tests := []struct{ path, location string }{
		{"/skills/", "/skills"},
		{"/blog/all-posts/", "/blog/all-posts"},
		{"/projects/7/", "/projects/7"},
		{"/skills/?ref=x", "/skills?ref=x"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			w := get(h, tt.path)
			if w.Code != http.StatusMovedPermanently {
				t.Fatalf("status = %d, want 301", w.Code)
			}
			checkHeader(t, w, "Location", tt.location)
		})
	}
}

func TestAssets(t *testing.T) {
	f := newFixture(t, nil)
	const allEncodings = "gzip, deflate, br, zstd"
	tests := []struct {
		name           string
		path           string
		acceptEncoding string
		wantStatus     int
		wantBody       string
		wantType       string
		wantCache      string
		wantEncoding   string
		wantVary       bool
	}{
		{"hashed script, br preferred", "/static/js/index.3f9a1c2b.js", allEncodings, 200, webtest.ShellJSBr, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "br", true},
		{"hashed script, gzip when br refused", "/static/js/index.3f9a1c2b.js", "gzip, br;q=0", 200, "", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "gzip", true},
		{"hashed script, identity", "/static/js/index.3f9a1c2b.js", "", 200, webtest.ShellJS, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "", true},
		{"hashed script, everything refused", "/static/js/index.3f9a1c2b.js", "br;q=0, gzip;q=0", 200, webtest.ShellJS, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "", true},
		{"hashed css", "/static/css/index.a1b2c3d4.css", allEncodings, 200, webtest.ShellCSS, "text/css; charset=utf-8", "public, max-age=31536000, immutable", "", true},
		{"favicon", "/favicon.ico", "", 200, webtest.Favicon, "image/x-icon", "no-cache", "", true},
		{"remote manifest", "/mf/blog/mf-manifest.json", allEncodings, 200, webtest.BlogManifest, "application/json", "no-cache", "", true},
		{"remote entry, gzip", "/mf/blog/remoteEntry.js", allEncodings, 200, "", "text/javascript; charset=utf-8", "no-cache", "gzip", true},
		{"remote chunk", "/mf/blog/static/js/async/blog.0a1b2c3d.js", "", 200, webtest.BlogChunk, "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "", true},
		{"remote mjs", "/mf/admin/static/js/admin.deadbeef0123.mjs", "", 200, "export {};\n", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "", true},
		{"missing shell asset", "/static/js/missing.3f9a1c2b.js", "", 404, "404 page not found\n", "text/plain; charset=utf-8", "no-store", "", false},
		{"missing remote asset", "/mf/blog/static/js/missing.js", "", 404, "404 page not found\n", "text/plain; charset=utf-8", "no-store", "", false},
		{"unknown remote", "/mf/nope/mf-manifest.json", "", 404, "404 page not found\n", "text/plain; charset=utf-8", "no-store", "", false},
		{"precompressed sibling not served directly", "/static/js/index.3f9a1c2b.js.br", "", 404, "404 page not found\n", "text/plain; charset=utf-8", "no-store", "", false},
		{"hidden file", "/.hidden", "", 404, "404 page not found\n", "text/plain; charset=utf-8", "no-store", "", false},
		{"file-like unknown path", "/wp-login.php", "", 404, "404 page not found\n", "text/plain; charset=utf-8", "no-store", "", false},
		{"raw index.html", "/index.html", "", 404, "404 page not found\n", "text/plain; charset=utf-8", "no-store", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := f.h
			if strings.HasPrefix(tt.path, "/mf/admin/") { // the admin's origin's alone
				h = f.adm
			}
			w := do(h, req{path: tt.path, header: map[string]string{"Accept-Encoding": tt.acceptEncoding}})
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", w.Code, tt.wantStatus)
			}
			if tt.wantBody != "" && w.Body.String() != tt.wantBody {
				t.Errorf("body = %q, want %q", w.Body.String(), tt.wantBody)
			}
			checkHeader(t, w, "Content-Type", tt.wantType)
			checkHeader(t, w, "Cache-Control", tt.wantCache)
			checkHeader(t, w, "Content-Encoding", tt.wantEncoding)
			if got := w.Header().Get("Vary") == "Accept-Encoding"; got != tt.wantVary {
				t.Errorf("Vary = %q, want Accept-Encoding: %v", w.Header().Get("Vary"), tt.wantVary)
			}
		})
	}
}

func TestGzipVariantIsRealGzip(t *testing.T) {
	h, _ := newServer(t, nil)
	// Through a real client, which decompresses transparently.
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, err := srv.Client().Get(srv.URL + "/mf/blog/remoteEntry.js")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Uncompressed || string(body) != webtest.BlogEntry {
		t.Errorf("transparently decompressed = %v, body = %q", resp.Uncompressed, body)
	}
}

func TestConditionalRequests(t *testing.T) {
	h, _ := newServer(t, nil)
	for _, tt := range []struct{ path, acceptEncoding string }{
		{"/static/js/index.3f9a1c2b.js", ""},
		{"/static/js/index.3f9a1c2b.js", "br"},
		{"/mf/blog/mf-manifest.json", ""},
		{"/mf/remotes.json", ""},
		{"/skills", "gzip"},
		{"/projects/1", ""},
	} {
		t.Run(tt.path+" "+tt.acceptEncoding, func(t *testing.T) {
			first := do(h, req{path: tt.path, header: map[string]string{"Accept-Encoding": tt.acceptEncoding}})
			etag := first.Header().Get("ETag")
			if first.Code != 200 || !strings.HasPrefix(etag, `"`) || !strings.HasSuffix(etag, `"`) {
				t.Fatalf("status %d, ETag %q: want 200 and a strong ETag", first.Code, etag)
			}
			again := do(h, req{path: tt.path, header: map[string]string{"Accept-Encoding": tt.acceptEncoding, "If-None-Match": etag}})
			if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
				t.Errorf("revalidation: status %d with %d bytes, want 304 and none", again.Code, again.Body.Len())
			}
			stale := do(h, req{path: tt.path, header: map[string]string{"Accept-Encoding": tt.acceptEncoding, "If-None-Match": `"stale"`}})
			if stale.Code != http.StatusOK {
				t.Errorf("stale ETag: status %d, want 200", stale.Code)
			}
		})
	}
	identity := get(h, "/static/js/index.3f9a1c2b.js").Header().Get("ETag")
	br := do(h, req{path: "/static/js/index.3f9a1c2b.js", header: map[string]string{"Accept-Encoding": "br"}}).Header().Get("ETag")
	if identity == br {
		t.Error("identity and br representations share an ETag")
	}
}

func TestRemotesJSON(t *testing.T) {
	tests := []struct {
		name  string
		env   map[string]string
		admin bool // asked of the admin's origin
		want  string
	}{
		{
			name: "defaults",
			want: `{"remotes":[{"name":"blog","entry":"/mf/blog/mf-manifest.json"},{"name":"newsletter","entry":"/mf/newsletter/mf-manifest.json"}]}`,
		},
		{
			name: "blog on a dev server",
			env:  map[string]string{"PORTFOLIO_REMOTE_BLOG_URL": "http://127.0.0.1:3001/mf-manifest.json"},
			want: `{"remotes":[{"name":"blog","entry":"http://127.0.0.1:3001/mf-manifest.json"},{"name":"newsletter","entry":"/mf/newsletter/mf-manifest.json"}]}`,
		},
		{
			name:  "the admin's origin",
			admin: true,
			want:  `{"remotes":[{"name":"admin","entry":"/mf/admin/mf-manifest.json"}]}`,
		},
		{
			// make dev's server is one origin for every section.
			name: "dev",
			env:  map[string]string{"PORTFOLIO_DEV": "true", "PORTFOLIO_REMOTE_ADMIN_URL": "http://127.0.0.1:3003/mf-manifest.json"},
			want: `{"remotes":[{"name":"blog","entry":"/mf/blog/mf-manifest.json"},{"name":"newsletter","entry":"/mf/newsletter/mf-manifest.json"},{"name":"admin","entry":"http://127.0.0.1:3003/mf-manifest.json"}]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, tt.env)
			h := f.h
			if tt.admin {
				h = f.adm
			}
			w := get(h, "/mf/remotes.json")
			if w.Code != 200 {
				t.Fatalf("status = %d", w.Code)
			}
			if got := strings.TrimSpace(w.Body.String()); got != tt.want {
				t.Errorf("body = %s\nwant %s", got, tt.want)
			}
			checkHeader(t, w, "Content-Type", "application/json")
			checkHeader(t, w, "Cache-Control", "no-cache")
		})
	}
}

func TestSecurityHeaders(t *testing.T) {
	h, _ := newServer(t, nil)
	hash := sha256.Sum256([]byte(webtest.ThemeScript))
	themeHash := "'sha256-" + base64.StdEncoding.EncodeToString(hash[:]) + "'"
	tests := []struct {
		name       string
		r          req
		wantStatus int
	}{
		{"page", req{path: "/"}, 200},
		{"404 page", req{path: "/nope"}, 404},
		{"asset", req{path: "/static/js/index.3f9a1c2b.js"}, 200},
		{"missing asset", req{path: "/static/nope.js"}, 404},
		{"API 404", req{path: "/api/nope"}, 404},
		{"API 405", req{method: "POST", path: "/api/newsletter/stats"}, 405},
		{"healthz", req{path: "/healthz"}, 200},
		{"readyz", req{path: "/readyz"}, 200},
		{"redirect", req{path: "/skills/"}, 301},
		{"not modified", req{path: "/favicon.ico", header: map[string]string{"If-None-Match": "*"}}, 304},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(h, tt.r)
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", w.Code, tt.wantStatus)
			}
			checkSecurityHeaders(t, w)
			csp := w.Header().Get("Content-Security-Policy")
			script := directive(csp, "script-src")
			if !strings.Contains(script, themeHash) {
				t.Errorf("script-src %q lacks the inline script's hash %s", script, themeHash)
			}
			if strings.Contains(script, "unsafe-inline") || strings.Contains(script, "unsafe-eval") {
				t.Errorf("script-src allows unsafe sources: %q", script)
			}
			if got := w.Header().Get("Strict-Transport-Security"); got != "" {
				t.Errorf("HSTS over plain http with an http public URL: %q", got)
			}
		})
	}
}

func checkSecurityHeaders(t *testing.T, w *httptest.ResponseRecorder) {
	t.Helper()
	want := map[string]string{
		"X-Content-Type-Options":     "nosniff",
		"Referrer-Policy":            "strict-origin-when-cross-origin",
		"Permissions-Policy":         "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
		"Cross-Origin-Opener-Policy": "same-origin",
		"X-Frame-Options":            "DENY",
	}
	for k, v := range want {
		checkHeader(t, w, k, v)
	}
	csp := w.Header().Get("Content-Security-Policy")
	for _, d := range []string{
		"default-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: https:",
		"font-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'self'",
		"form-action 'self'", "object-src 'none'",
	} {
		if !strings.Contains(csp, d) {
			t.Errorf("CSP %q lacks %q", csp, d)
		}
	}
}

func directive(csp, name string) string {
	for d := range strings.SplitSeq(csp, ";") {
		d = strings.TrimSpace(d)
		if strings.HasPrefix(d, name+" ") {
			return d
		}
	}
	return ""
}

func TestHSTS(t *testing.T) {
	const want = "max-age=63072000; includeSubDomains"
	tests := []struct {
		name      string
		publicURL string
		tls       bool
		want      string
	}{
		{"http public URL", "http://127.0.0.1:8080", false, ""},
		{"https public URL", "https://portfolio.example", false, want},
		{"request over TLS", "http://127.0.0.1:8080", true, want},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, _ := newServer(t, map[string]string{"PORTFOLIO_PUBLIC_URL": tt.publicURL})
			for _, path := range []string{"/", "/nope", "/api/nope"} {
				w := do(h, req{path: path, tls: tt.tls})
				checkHeader(t, w, "Strict-Transport-Security", tt.want)
			}
		})
	}
}

func TestDevModeCSP(t *testing.T) {
	remotes := map[string]string{
		"PORTFOLIO_REMOTE_BLOG_URL":       "http://127.0.0.1:3001/mf-manifest.json",
		"PORTFOLIO_REMOTE_NEWSLETTER_URL": "http://localhost:3002/mf-manifest.json",
	}
	tests := []struct {
		name string
		dev  string
		want bool
	}{
		{"production ignores remote origins", "false", false},
		{"dev allows remote origins and hot reload", "true", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"PORTFOLIO_DEV": tt.dev}
			for k, v := range remotes {
				env[k] = v
			}
			h, _ := newServer(t, env)
			csp := get(h, "/").Header().Get("Content-Security-Policy")
			for _, d := range []string{"script-src", "style-src", "connect-src"} {
				got := directive(csp, d)
				for _, origin := range []string{"http://127.0.0.1:3001", "http://localhost:3002"} {
					if strings.Contains(got, origin) != tt.want {
						t.Errorf("%s = %q: contains %s should be %v", d, got, origin, tt.want)
					}
				}
			}
			if strings.Contains(directive(csp, "connect-src"), "ws:") != tt.want {
				t.Errorf("connect-src %q: ws: should be there: %v", directive(csp, "connect-src"), tt.want)
			}
			if s := directive(csp, "script-src"); strings.Contains(s, "unsafe") {
				t.Errorf("script-src %q has an unsafe source", s)
			}
		})
	}
}

func TestAPI(t *testing.T) {
	h, _ := newServer(t, nil)
	tests := []struct {
		name       string
		r          req
		wantStatus int
		wantCode   string
		wantAllow  string
		wantBody   string
	}{
		{name: "newsletter stats", r: req{path: "/api/newsletter/stats"}, wantStatus: 200, wantBody: `{"subscribers":35}`},
		{name: "unknown endpoint", r: req{path: "/api/nope"}, wantStatus: 404, wantCode: "not_found"},
		{name: "unknown endpoint, POST", r: req{method: "POST", path: "/api/contact/nope"}, wantStatus: 404, wantCode: "not_found"},
		{name: "api root", r: req{path: "/api"}, wantStatus: 404, wantCode: "not_found"},
		{name: "wrong method", r: req{method: "DELETE", path: "/api/newsletter/stats"}, wantStatus: 405, wantCode: "method_not_allowed", wantAllow: "GET, HEAD"},
		{name: "wrong method on a page", r: req{method: "PUT", path: "/skills"}, wantStatus: 405, wantCode: "method_not_allowed", wantAllow: "GET, HEAD"},
		{name: "wrong method on remotes.json", r: req{method: "POST", path: "/mf/remotes.json"}, wantStatus: 405, wantCode: "method_not_allowed", wantAllow: "GET, HEAD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(h, tt.r)
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d; body %s", w.Code, tt.wantStatus, w.Body)
			}
			checkHeader(t, w, "Content-Type", "application/json")
			if tt.wantBody != "" {
				if got := strings.TrimSpace(w.Body.String()); got != tt.wantBody {
					t.Errorf("body = %s, want %s", got, tt.wantBody)
				}
				return
			}
			var body struct {
				Error struct {
					Code    string `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
				t.Fatalf("body %q is not the error JSON: %v", w.Body, err)
			}
			if body.Error.Code != tt.wantCode || body.Error.Message == "" {
				t.Errorf("error = %+v, want code %q and a message", body.Error, tt.wantCode)
			}
			checkHeader(t, w, "Allow", tt.wantAllow)
			checkHeader(t, w, "Cache-Control", "no-store")
		})
	}
}

func TestProbes(t *testing.T) {
	tests := []struct {
		name   string
		built  bool
		path   string
		accept string
		status int
		body   string
		typ    string
	}{
		{"healthz", true, "/healthz", "", 200, `{"commit":"unknown","status":"ok","version":"dev"}`, "application/json"},
		{"readyz when built", true, "/readyz", "", 200, `{"status":"ready"}`, "application/json"},
		{"healthz when not built", false, "/healthz", "", 200, `{"commit":"unknown","status":"ok","version":"dev"}`, "application/json"},
		{"readyz when not built", false, "/readyz", "", 503, `{"error":{"code":"unavailable","message":"site not built: run make build"}}`, "application/json"},
		{"page when not built, browser", false, "/skills", "text/html,application/xhtml+xml", 503, "", "text/html; charset=utf-8"},
		{"page when not built, API client", false, "/skills", "application/json", 503, `{"error":{"code":"unavailable","message":"site not built: run make build"}}`, "application/json"},
		{"404 page when not built", false, "/nope", "text/html", 503, "", "text/html; charset=utf-8"},
		{"asset when not built", false, "/static/js/index.3f9a1c2b.js", "", 404, "404 page not found", "text/plain; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{}
			if !tt.built {
				env["PORTFOLIO_WEB_DIR"] = t.TempDir() // nothing built
			}
			h, _ := newServer(t, env)
			w := do(h, req{path: tt.path, header: map[string]string{"Accept": tt.accept}})
			if w.Code != tt.status {
				t.Fatalf("status = %d, want %d", w.Code, tt.status)
			}
			if tt.body != "" && strings.TrimSpace(w.Body.String()) != tt.body {
				t.Errorf("body = %s, want %s", w.Body, tt.body)
			}
			if tt.typ == "text/html; charset=utf-8" && !strings.Contains(w.Body.String(), "site not built: run make build") {
				t.Errorf("body = %s, want the not-built message", w.Body)
			}
			checkHeader(t, w, "Content-Type", tt.typ)
			checkSecurityHeaders(t, w)
		})
	}
}

func TestRequestLog(t *testing.T) {
	h, logs := newServer(t, nil)
	do(h, req{path: "/skills"})
	do(h, req{path: "/healthz"})
	entries := logs.FilterMessage("request").AllUntimed()
	if len(entries) != 2 {
		t.Fatalf("%d request log entries, want 2", len(entries))
	}
	page := entries[0].ContextMap()
	for _, field := range []string{"method", "path", "status", "bytes", "duration", "remote"} {
		if _, ok := page[field]; !ok {
			t.Errorf("request log lacks %q: %v", field, page)
		}
	}
	if page["path"] != "/skills" || page["status"] != int64(200) || page["bytes"].(int64) <= 0 {
		t.Errorf("request log = %v", page)
	}
	if entries[0].Level != zap.InfoLevel || entries[1].Level != zap.DebugLevel {
		t.Errorf("levels = %v, %v; want info for pages, debug for probes", entries[0].Level, entries[1].Level)
	}
}

func checkHeader(t *testing.T, w *httptest.ResponseRecorder, key, want string) {
	t.Helper()
	if got := w.Header().Get(key); got != want {
		t.Errorf("%s = %q, want %q", key, got, want)
	}
}

// Go's profiles are the operator's, like the metrics: on their listener only.
func TestProfilesOnTheMetricsListenerOnly(t *testing.T) {
	f := newFixture(t, nil)
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/heap", "/debug/pprof/goroutine"} {
		if w := get(f.h, path); w.Code != http.StatusNotFound {
			t.Errorf("GET %s on the site = %d, want 404", path, w.Code)
		}
		if w := get(server.MetricsHandler(f.reg), path); w.Code != http.StatusOK {
			t.Errorf("GET %s on the metrics listener = %d, want 200", path, w.Code)
		}
	}
}

func TestMetrics(t *testing.T) {
	f := newFixture(t, nil)
	h := f.h
	for _, path := range []string{"/projects/1", "/projects/2", "/nope", "/random-1", "/static/js/index.3f9a1c2b.js"} {
		get(h, path)
	}
	do(h, req{method: "DELETE", path: "/api/newsletter/stats"})
	// Not on the site: the metrics have a listener of their own.
	if w := get(h, "/metrics"); w.Code != http.StatusNotFound {
		t.Errorf("GET /metrics on the site = %d, want 404", w.Code)
	}
	w := get(server.MetricsHandler(f.reg), "/metrics")
	if w.Code != 200 {
		t.Fatalf("status = %d", w.Code)
	}
	body := w.Body.String()
	for _, want := range []string{
		`portfolio_http_requests_total{code="200",method="GET",route="/projects/{id}"} 2`,
		`portfolio_http_requests_total{code="404",method="GET",route="unmatched"} 3`,
		`portfolio_http_requests_total{code="200",method="GET",route="{shell file}"} 1`,
		`portfolio_http_requests_total{code="405",method="DELETE",route="method_not_allowed"} 1`,
		`portfolio_http_request_duration_seconds_bucket{method="GET",route="/projects/{id}",le="+Inf"} 2`,
		"go_goroutines",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
