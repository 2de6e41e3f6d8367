package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// followDeadline is how soon every replica must serve a promote or a rollback.
const followDeadline = 5 * time.Second

// sectionsCLI runs `gateway sections args…` with env, as a person beside the site
// would, and returns its standard output.
func sectionsCLI(t *testing.T, env map[string]string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"gateway", "sections"}, args...), func(k string) string { return env[k] }, strings.NewReader(""), &out, &errOut)
	if err != nil {
		return out.String(), fmt.Errorf("%w (stderr: %s)", err, errOut.String())
	}
	return out.String(), nil
}

// writeArtifact packs a blog release at version whose build says mark, with one more
// post (slug), and returns the artifact's path.
func writeArtifact(t *testing.T, version, mark, slug, title string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "blog-"+version+".tar.gz")
	b := releasetest.Build(t, "blog", version, mark, releasetest.Post(slug, title))
	if err := os.WriteFile(path, releasetest.Artifact(t, b), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// site is what one gateway answers for the pages a release changes.
type site struct {
	articleStatus int
	articleTitle  string
	jsonLD        bool
	rss, sitemap  bool
	remotesEntry  string
}

func look(t *testing.T, addr, slug string) site {
	t.Helper()
	var s site
	resp, body := fetch(t, "http://"+addr+"/blog/"+slug, nil)
	s.articleStatus = resp.StatusCode
	if i := strings.Index(body, "<title>"); i >= 0 {
		s.articleTitle, _, _ = strings.Cut(body[i+len("<title>"):], "</title>")
	}
	s.jsonLD = strings.Contains(body, `"@type":"BlogPosting"`) && strings.Contains(body, `/blog/`+slug+`"`)
	_, rss := fetch(t, "http://"+addr+"/rss.xml", nil)
	s.rss = strings.Contains(rss, "/blog/"+slug+"<")
	_, sitemap := fetch(t, "http://"+addr+"/sitemap.xml", nil)
	s.sitemap = strings.Contains(sitemap, "/blog/"+slug+"<")
	_, remotes := fetch(t, "http://"+addr+"/mf/remotes.json", nil)
	var r struct {
		Remotes []struct{ Name, Entry string }
	}
	if err := json.Unmarshal([]byte(remotes), &r); err != nil {
		t.Fatal(err)
	}
	for _, rm := range r.Remotes {
		if rm.Name == "blog" {
			s.remotesEntry = rm.Entry
		}
	}
	return s
}

// untilAll polls every gateway until ok holds for each, and returns how long that took.
func untilAll(t *testing.T, addrs []string, what string, ok func(site) bool) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		done := true
		var last site
		for _, a := range addrs {
			if last = look(t, a, "shipping-alone"); !ok(last) {
				done = false
				break
			}
		}
		if done {
			return time.Since(start)
		}
		if time.Since(start) > followDeadline {
			t.Fatalf("%s: not on every replica within %s; one answers %+v", what, followDeadline, last)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func servesV2(s site) bool {
	return s.articleStatus == http.StatusOK && s.articleTitle == "Shipping Alone · DevOps Portfolio" && s.jsonLD && s.rss && s.sitemap &&
		s.remotesEntry == "/mf/blog/2.0.0-b/mf-manifest.json"
}

func servesShipped(s site) bool {
	return s.articleStatus == http.StatusNotFound && !s.rss && !s.sitemap && s.remotesEntry == "/mf/blog/mf-manifest.json"
}

// TestSectionReleaseOnOneMachine: a blog release with a new article, published and
// promoted beside a running gateway on SQLite with its settings, is served (page,
// head, JSON-LD, feed, sitemap, remotes.json) without a restart; the shipped build's
// chunks and the release's own stay addressable; a rollback takes it all away again.
func TestSectionReleaseOnOneMachine(t *testing.T) {
	env := map[string]string{
		"PORTFOLIO_DATA_DIR":     filepath.Join(t.TempDir(), "data"),
		"PORTFOLIO_WEB_DIR":      webtest.Build(t),
		"PORTFOLIO_METRICS_ADDR": "off",
	}
	g := startGateway(t, env)
	addrs := []string{g.addr}
	untilAll(t, addrs, "before", servesShipped)

	version, err := sectionsCLI(t, env, "publish", writeArtifact(t, "2.0.0-b", "v2", "shipping-alone", "Shipping Alone"))
	if err != nil || strings.TrimSpace(version) != "2.0.0-b" {
		t.Fatalf("publish printed %q, %v", version, err)
	}
	if look(t, g.addr, "shipping-alone").articleStatus != http.StatusNotFound {
		t.Fatal("published but not promoted, and already served")
	}
	if _, err := sectionsCLI(t, env, "promote", "blog", "2.0.0-b"); err != nil {
		t.Fatal(err)
	}
	t.Logf("promote served within %s", untilAll(t, addrs, "promote", servesV2))

	// The release's files under its version, immutable; the shipped build's hashed chunk
	// still answers at its old URL, for a tab that loaded it before the promote.
	resp, body := fetch(t, "http://"+g.addr+"/mf/blog/2.0.0-b/static/js/async/chunk.2.0.0-b.js", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, "v2") || resp.Header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("versioned chunk: %d %q %q", resp.StatusCode, resp.Header.Get("Cache-Control"), body)
	}
	resp, body = fetch(t, "http://"+g.addr+"/mf/blog/static/js/async/blog.0a1b2c3d.js", nil)
	if resp.StatusCode != http.StatusOK || body != webtest.BlogChunk {
		t.Errorf("the shipped build's chunk after the promote: %d %q", resp.StatusCode, body)
	}
	resp, _ = fetch(t, "http://"+g.addr+"/mf/blog/9.9.9/remoteEntry.js", nil)
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("an unknown version: %d, want 404", resp.StatusCode)
	}

	out, err := sectionsCLI(t, env, "rollback", "blog")
	if err != nil || !strings.Contains(out, "blog now serves shipped") {
		t.Fatalf("rollback: %q, %v", out, err)
	}
	t.Logf("rollback served within %s", untilAll(t, addrs, "rollback", servesShipped))
	// A tab still on 2.0.0-b keeps its chunks after the rollback.
	if resp, _ := fetch(t, "http://"+g.addr+"/mf/blog/2.0.0-b/remoteEntry.js", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("2.0.0-b after the rollback: %d", resp.StatusCode)
	}
	out, err = sectionsCLI(t, env, "list")
	if err != nil || !strings.Contains(out, "blog") || !strings.Contains(out, "serving shipped") || !strings.Contains(out, "2.0.0-b") {
		t.Errorf("list: %q, %v", out, err)
	}
}

// TestSectionReleaseOnThreeReplicas: on PostgreSQL, a promote and a rollback made
// through one database reach every replica within followDeadline.
func TestSectionReleaseOnThreeReplicas(t *testing.T) {
	dbURL := pgtest.URL(t)
	gs := startTogether(t, 3, map[string]string{"PORTFOLIO_DATABASE_URL": dbURL})
	addrs := []string{gs[0].addr, gs[1].addr, gs[2].addr}
	env := map[string]string{"PORTFOLIO_DATABASE_URL": dbURL, "PORTFOLIO_DATA_DIR": t.TempDir(), "PORTFOLIO_WEB_DIR": webtest.Build(t)}
	if _, err := sectionsCLI(t, env, "publish", writeArtifact(t, "2.0.0-b", "v2", "shipping-alone", "Shipping Alone")); err != nil {
		t.Fatal(err)
	}
	if _, err := sectionsCLI(t, env, "promote", "blog", "2.0.0-b"); err != nil {
		t.Fatal(err)
	}
	t.Logf("promote on 3 replicas within %s", untilAll(t, addrs, "promote", servesV2))
	if _, err := sectionsCLI(t, env, "rollback", "blog"); err != nil {
		t.Fatal(err)
	}
	t.Logf("rollback on 3 replicas within %s", untilAll(t, addrs, "rollback", servesShipped))
}

// deployCall is one request to the deploy API with a token.
func deployCall(t *testing.T, addr, path, token, contentType string, body []byte) (int, string) {
	t.Helper()
	if token != "" {
		token = "Bearer " + token
	}
	return deployCallAuthorized(t, addr, path, token, contentType, body)
}

// deployCallAuthorized is deployCall with the whole Authorization header given.
func deployCallAuthorized(t *testing.T, addr, path, authorization, contentType string, body []byte) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// startDeployable starts a gateway on SQLite with an admin (owner, "s3cret admin
// pw") and returns its settings, itself, and what makes a deploy token for a section.
func startDeployable(t *testing.T) (map[string]string, *gateway, func(section string) string) {
	t.Helper()
	var hash bytes.Buffer
	if err := hashPassword(nil, strings.NewReader("s3cret admin pw\n"), &hash, io.Discard, bcrypt.MinCost); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{
		"PORTFOLIO_DATA_DIR":            filepath.Join(t.TempDir(), "data"),
		"PORTFOLIO_WEB_DIR":             webtest.Build(t),
		"PORTFOLIO_METRICS_ADDR":        "off",
		"PORTFOLIO_ADMIN_USER":          "owner",
		"PORTFOLIO_ADMIN_PASSWORD_HASH": strings.TrimSpace(hash.String()),
	}
	g := startGateway(t, env)
	return env, g, func(section string) string {
		t.Helper()
		out, err := sectionsCLI(t, env, "token", "create", section, "--ttl", "1h")
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(out)
	}
}

// TestDeployTokensAndTheAdminsSections: CI publishes and promotes with a token scoped
// to its section; another section's, a revoked, a made-up or no token is refused with
// the API's JSON error; the admin sees the releases with their checks and history.
func TestDeployTokensAndTheAdminsSections(t *testing.T) {
	env, g, token := startDeployable(t)
	blog, newsletterToken := token("blog"), token("newsletter")
	artifact, err := os.ReadFile(writeArtifact(t, "2.0.0-b", "v2", "shipping-alone", "Shipping Alone"))
	if err != nil {
		t.Fatal(err)
	}
	revoked := token("blog")
	id := strings.Split(revoked, "_")[1]
	if _, err := sectionsCLI(t, env, "token", "revoke", id); err != nil {
		t.Fatal(err)
	}
	refusals := []struct {
		name, path, token string
		status            int
		message           string
	}{
		{"no token", "/api/sections/blog/releases", "", http.StatusUnauthorized, "Send a deploy token"},
		{"made-up token", "/api/sections/blog/releases", "pfd_000000000000_" + strings.Repeat("A", 43), http.StatusUnauthorized, "not valid"},
		{"revoked token", "/api/sections/blog/releases", revoked, http.StatusUnauthorized, "not valid"},
		{"the newsletter's token for the blog", "/api/sections/blog/releases", newsletterToken, http.StatusForbidden, "for the newsletter section, not blog"},
		{"the blog's artifact through the newsletter's path", "/api/sections/newsletter/releases", newsletterToken, http.StatusForbidden, "a release of blog, not newsletter"},
	}
	for _, c := range refusals {
		status, body := deployCall(t, g.addr, c.path, c.token, "application/gzip", artifact)
		if status != c.status || !strings.Contains(body, `"message":`) || !strings.Contains(body, c.message) {
			t.Errorf("%s: %d %s, want %d saying %q", c.name, status, body, c.status, c.message)
		}
	}
	if status, body := deployCall(t, g.addr, "/api/sections/blog/releases", blog, "application/gzip", artifact[:len(artifact)/2]); status != http.StatusBadRequest || !strings.Contains(body, "truncated or corrupt") {
		t.Errorf("a truncated artifact: %d %s", status, body)
	}
	if status, body := deployCall(t, g.addr, "/api/sections/blog/releases", blog, "application/gzip", artifact); status != http.StatusCreated || !strings.Contains(body, `"version":"2.0.0-b"`) {
		t.Fatalf("publish with the blog's token: %d %s", status, body)
	}
	if status, body := deployCall(t, g.addr, "/api/sections/blog/promote", blog, "application/json", []byte(`{"version":"2.0.0-b"}`)); status != http.StatusOK || body != `{"section":"blog","serving":"2.0.0-b"}`+"\n" {
		t.Fatalf("promote with the blog's token: %d %s", status, body)
	}
	untilAll(t, []string{g.addr}, "promote through the deploy API", servesV2)

	c := newAdminClient(t, g.addr)
	if status, _ := c.do(http.MethodGet, "/api/admin/sections", ""); status != http.StatusUnauthorized {
		t.Errorf("sections before signing in: %d, want 401", status)
	}
	if status, body := c.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
		t.Fatalf("sign in: %d %s", status, body)
	}
	status, body := c.do(http.MethodGet, "/api/admin/sections", "")
	var list struct {
		Sections []struct {
			Name, Serving string
			Releases      []struct{ Version, PublishedBy, Check string }
			History       []struct{ Action, Version, Actor string }
		}
	}
	if status != http.StatusOK || json.Unmarshal([]byte(body), &list) != nil || len(list.Sections) != 3 {
		t.Fatalf("sections: %d %s", status, body)
	}
	b := list.Sections[0]
	tokenActor := "token:" + strings.Split(blog, "_")[1]
	if b.Name != "blog" || b.Serving != "2.0.0-b" || len(b.Releases) != 1 || b.Releases[0].Check != "" || b.Releases[0].PublishedBy != tokenActor ||
		len(b.History) != 2 || b.History[0].Action != "promote" || b.History[0].Actor != tokenActor {
		t.Errorf("the blog's overview: %+v", b)
	}
	if status, body := c.do(http.MethodPost, "/api/admin/sections/blog/rollback", ""); status != http.StatusOK || !strings.Contains(body, `"serving":""`) {
		t.Fatalf("the admin rolls back: %d %s", status, body)
	}
	if status, body := c.do(http.MethodPost, "/api/admin/sections/blog/rollback", ""); status != http.StatusConflict || !strings.Contains(body, "nothing to roll back") {
		t.Errorf("rolling back past the shipped build: %d %s", status, body)
	}
	if status, body := c.do(http.MethodPost, "/api/admin/sections/blog/promote", `{"version":"7.7.7"}`); status != http.StatusNotFound {
		t.Errorf("promoting an unpublished version: %d %s", status, body)
	}
	if status, body := c.do(http.MethodPost, "/api/admin/sections/blog/promote", `{"version":"2.0.0-b"}`); status != http.StatusOK {
		t.Fatalf("the admin promotes: %d %s", status, body)
	}
	_, body = c.do(http.MethodGet, "/api/admin/sections", "")
	if !strings.Contains(body, `"actor":"admin:owner"`) {
		t.Errorf("the admin's promote is not in the history: %s", body)
	}
}

// TestDeployAPIErrorsNameNoPath: no answer of the deploy API or the admin's sections
// API names a path of the data directory, whatever went wrong; a published release
// whose artifact is missing (restored without it, removed by hand) is a 404 naming the
// release, and one that cannot be read a 500 saying nothing of why (the log says).
func TestDeployAPIErrorsNameNoPath(t *testing.T) {
	env, g, token := startDeployable(t)
	dataDir := env["PORTFOLIO_DATA_DIR"]
	blog := token("blog")
	artifact := func(version, mark string) []byte {
		b, err := os.ReadFile(writeArtifact(t, version, mark, "shipping-alone", "Shipping Alone"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	artifactPath := filepath.Join(dataDir, "releases", "blog", "2.0.0-c.tar.gz")
	admin := newAdminClient(t, g.addr)
	if status, body := admin.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
		t.Fatalf("sign in: %d %s", status, body)
	}
	for _, c := range []struct {
		name    string
		setUp   func()
		call    func() (int, string)
		status  int
		message string
	}{
		{"rollback with nothing to roll back", nil, func() (int, string) {
			return deployCall(t, g.addr, "/api/sections/blog/rollback", blog, "", nil)
		}, http.StatusConflict, "nothing to roll back: blog"},
		{"a truncated artifact", nil, func() (int, string) {
			a := artifact("2.0.0-b", "v2")
			return deployCall(t, g.addr, "/api/sections/blog/releases", blog, "application/gzip", a[:len(a)/2])
		}, http.StatusBadRequest, "truncated or corrupt"},
		{"a version published again with other contents", func() {
			if status, body := deployCall(t, g.addr, "/api/sections/blog/releases", blog, "application/gzip", artifact("2.0.0-b", "v2")); status != http.StatusCreated {
				t.Fatalf("publish: %d %s", status, body)
			}
		}, func() (int, string) {
			return deployCall(t, g.addr, "/api/sections/blog/releases", blog, "application/gzip", artifact("2.0.0-b", "v3"))
		}, http.StatusConflict, "version already published with other contents"},
		{"promoting a version never published", nil, func() (int, string) {
			return deployCall(t, g.addr, "/api/sections/blog/promote", blog, "application/json", []byte(`{"version":"9.9.9"}`))
		}, http.StatusNotFound, "no such release: blog 9.9.9"},
		{"promoting without a version", nil, func() (int, string) {
			return deployCall(t, g.addr, "/api/sections/blog/promote", blog, "application/json", []byte(`{}`))
		}, http.StatusBadRequest, "Name the version to promote."},
		{"promoting a release whose artifact is gone", func() {
			if status, body := deployCall(t, g.addr, "/api/sections/blog/releases", blog, "application/gzip", artifact("2.0.0-c", "v4")); status != http.StatusCreated {
				t.Fatalf("publish: %d %s", status, body)
			}
			if err := os.Remove(artifactPath); err != nil {
				t.Fatal(err)
			}
		}, func() (int, string) {
			return deployCall(t, g.addr, "/api/sections/blog/promote", blog, "application/json", []byte(`{"version":"2.0.0-c"}`))
		}, http.StatusNotFound, "no such release: blog 2.0.0-c has no artifact"},
		{"the admin promoting it", nil, func() (int, string) {
			return admin.do(http.MethodPost, "/api/admin/sections/blog/promote", `{"version":"2.0.0-c"}`)
		}, http.StatusNotFound, "no such release: blog 2.0.0-c has no artifact"},
		{"promoting a release whose artifact cannot be read", func() {
			if err := os.Mkdir(artifactPath, 0o700); err != nil { // read(2) on it fails
				t.Fatal(err)
			}
		}, func() (int, string) {
			return deployCall(t, g.addr, "/api/sections/blog/promote", blog, "application/json", []byte(`{"version":"2.0.0-c"}`))
		}, http.StatusInternalServerError, "Something went wrong. Please try again later."},
		{"the admin's list of releases with that one", nil, func() (int, string) {
			return admin.do(http.MethodGet, "/api/admin/sections", "")
		}, http.StatusOK, `"check":"The release could not be read; the gateway's log says why."`},
	} {
		if c.setUp != nil {
			c.setUp()
		}
		status, body := c.call()
		if status != c.status || !strings.Contains(body, c.message) {
			t.Errorf("%s: %d %s, want %d saying %q", c.name, status, body, c.status, c.message)
		}
		if strings.Contains(body, dataDir) || strings.Contains(body, filepath.Dir(dataDir)) {
			t.Errorf("%s: the answer names the data directory %s: %s", c.name, dataDir, body)
		}
	}
	// What the answers leave out is in the log.
	var logged bool
	for _, e := range g.logs.all() {
		if strings.Contains(fmt.Sprint(e["error"]), artifactPath) {
			logged = true
		}
	}
	if !logged {
		t.Errorf("no log line names %s", artifactPath)
	}
}

// TestDeployTokenSchemeInAnyCase: the scheme of Authorization is case-insensitive
// (RFC 9110 11.1, RFC 6750 2.1), so "bearer" and "BEARER" are "Bearer"; another scheme,
// or the scheme alone, is still refused.
func TestDeployTokenSchemeInAnyCase(t *testing.T) {
	_, g, token := startDeployable(t)
	blog := token("blog")
	for _, c := range []struct {
		authorization string
		status        int
		message       string
	}{
		{"Bearer " + blog, http.StatusConflict, "nothing to roll back: blog"},
		{"bearer " + blog, http.StatusConflict, "nothing to roll back: blog"},
		{"BEARER " + blog, http.StatusConflict, "nothing to roll back: blog"},
		{"bEaReR " + blog, http.StatusConflict, "nothing to roll back: blog"},
		{"Bearer   " + blog, http.StatusConflict, "nothing to roll back: blog"},
		{"Basic " + blog, http.StatusUnauthorized, "Send a deploy token: Authorization: Bearer "},
		{"Bearer" + blog, http.StatusUnauthorized, "Send a deploy token: Authorization: Bearer "},
		{"bearer", http.StatusUnauthorized, "Send a deploy token: Authorization: Bearer "},
		{blog, http.StatusUnauthorized, "Send a deploy token: Authorization: Bearer "},
	} {
		status, body := deployCallAuthorized(t, g.addr, "/api/sections/blog/rollback", c.authorization, "", nil)
		if status != c.status || !strings.Contains(body, c.message) {
			t.Errorf("Authorization: %.12s…: %d %s, want %d saying %q", c.authorization, status, body, c.status, c.message)
		}
	}
}
