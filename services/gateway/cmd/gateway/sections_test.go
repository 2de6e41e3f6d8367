package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// answered is what one gateway answers for the pages a release changes.
type answered struct {
	articleStatus int
	articleTitle  string
	jsonLD        bool
	rss, sitemap  bool
	remotesEntry  string
}

func look(t *testing.T, addr, slug string) answered {
	t.Helper()
	var s answered
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
func untilAll(t *testing.T, addrs []string, what string, ok func(answered) bool) time.Duration {
	t.Helper()
	start := time.Now()
	for {
		done := true
		var last answered
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

func servesV2(s answered) bool {
	return s.articleStatus == http.StatusOK && s.articleTitle == "Shipping Alone · DevOps Portfolio" && s.jsonLD && s.rss && s.sitemap &&
		s.remotesEntry == "/mf/blog/2.0.0-b/mf-manifest.json"
}

func servesShipped(s answered) bool {
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
	return deployRequest(t, addr, path, token, contentType, body, nil)
}

// deployRequest is deployCall with more headers (an Authorization there wins).
func deployRequest(t *testing.T, addr, path, token, contentType string, body []byte, header http.Header) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	maps.Copy(req.Header, header)
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

	c := newClient(t, g.adminAddr)
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
	// The shell first, then its remotes.
	if status != http.StatusOK || json.Unmarshal([]byte(body), &list) != nil || len(list.Sections) != 4 || list.Sections[0].Name != "shell" {
		t.Fatalf("sections: %d %s", status, body)
	}
	b := list.Sections[1]
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

// apiError is the API's JSON error: {"error": {"code", "message", "field"}}.
type apiError struct {
	Error struct{ Code, Message, Field string } `json:"error"`
}

// publishSigned posts artifact to the blog's deploy API with sig (the .sig file's body,
// base64) in the Release-Signature header, if any, and returns the status and error.
func publishSigned(t *testing.T, addr, token string, artifact []byte, sig string) (int, apiError) {
	t.Helper()
	header := http.Header{}
	if sig != "" {
		header.Set("Release-Signature", sig)
	}
	status, body := deployRequest(t, addr, "/api/sections/blog/releases", token, "application/gzip", artifact, header)
	var e apiError
	if status != http.StatusCreated && json.Unmarshal([]byte(body), &e) != nil {
		t.Fatalf("answer %d is not the API's JSON error: %s", status, body)
	}
	return status, e
}

// signArtifact signs an artifact as make release SIGNING_KEY=… does: release.json out of
// it (tar), signed by ssh-keygen -Y sign from stdin, written to <artifact>.sig; and
// returns the signature's base64 as the deploy API takes it.
func signArtifact(t *testing.T, key, artifact string) string {
	t.Helper()
	cmd := exec.Command("sh", "-c", `tar -xzOf "$1" release.json | ssh-keygen -q -Y sign -f "$2" -n portfolio-release > "$1.sig"`, "sh", artifact, key)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("signing %s: %v: %s", artifact, err, out)
	}
	armored, err := os.ReadFile(artifact + ".sig")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(armored)), "\n")
	return strings.Join(lines[1:len(lines)-1], "")
}

// TestSignedReleasesThroughTheCLIAndTheAPIs: the owner adds a key to the blog with the
// CLI; the deploy API then takes only releases it signed (403 and the API's JSON error
// otherwise, 400 for a header that is no signature); `publish --server` sends the
// .sig beside the artifact; the admin lists, adds and removes keys (session only, each
// in the history with its actor); a removed key's release is not promoted; with no key
// left, unsigned releases go again.
func TestSignedReleasesThroughTheCLIAndTheAPIs(t *testing.T) {
	keyA, keyB := releasetest.NewSSHKey(t, "blog-ci-a"), releasetest.NewSSHKey(t, "blog-ci-b")
	env, g, _ := startDeployable(t)
	env["USER"] = "ops" // the CLI's actor: cli:ops
	tok, err := sectionsCLI(t, env, "token", "create", "blog", "--ttl", "1h")
	if err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(tok)

	// The CLI: add, list; a private key is refused.
	out, err := sectionsCLI(t, env, "key", "add", "blog", keyA.Private+".pub")
	if err != nil || !strings.Contains(out, "blog: key "+keyA.Fingerprint+" added (ssh-ed25519 blog-ci-a)") {
		t.Fatalf("key add: %q, %v", out, err)
	}
	if _, err := sectionsCLI(t, env, "key", "add", "blog", keyB.Private); err == nil || !strings.Contains(err.Error(), "This is a private key") {
		t.Errorf("key add of a private key: %v", err)
	}
	out, err = sectionsCLI(t, env, "key", "list")
	if err != nil || !strings.Contains(out, "blog     "+keyA.Fingerprint+"  ssh-ed25519  blog-ci-a") || !strings.Contains(out, "cli:ops") || strings.Count(out, "\n") != 2 {
		t.Errorf("key list: %q, %v", out, err)
	}

	// The deploy API.
	path := writeArtifact(t, "3.0.0-a", "v3", "signed-post", "Signed Post")
	artifact, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(t.TempDir(), "other.tar.gz")
	if err := os.WriteFile(other, artifact, 0o600); err != nil {
		t.Fatal(err)
	}
	byB := signArtifact(t, keyB.Private, other)
	byA := signArtifact(t, keyA.Private, path)
	requires := "release: blog requires a signature by one of its keys; "
	refusals := []struct {
		name, sig     string
		status        int
		code, message string
		field         string
	}{
		{"unsigned", "", http.StatusForbidden, "forbidden", requires + "this release is unsigned", ""},
		{"signed by another key", byB, http.StatusForbidden, "forbidden", requires + "this release is signed by key " + keyB.Fingerprint + ", which is not one of blog's keys", ""},
		{"a header that is not base64", "not base64!", http.StatusBadRequest, "invalid", "The Release-Signature header must be the signature in base64: the lines of the .sig file between its BEGIN and END lines.", "signature"},
		{"base64 that is no signature", "bm90IGEgc2lnbmF0dXJl", http.StatusBadRequest, "invalid", "release: the signature is not an SSH signature (ssh-keygen -Y sign).", "signature"},
	}
	for _, c := range refusals {
		status, e := publishSigned(t, g.addr, token, artifact, c.sig)
		if status != c.status || e.Error.Code != c.code || e.Error.Message != c.message || e.Error.Field != c.field {
			t.Errorf("%s: %d %+v, want %d %s %q field %q", c.name, status, e.Error, c.status, c.code, c.message, c.field)
		}
	}
	// publish --server sends the .sig beside the artifact.
	version, err := sectionsCLI(t, env, "publish", "--server", "http://"+g.addr, "--token", token, path)
	if err != nil || strings.TrimSpace(version) != "3.0.0-a" {
		t.Fatalf("publish --server of a signed release: %q, %v", version, err)
	}
	if status, e := publishSigned(t, g.addr, token, artifact, byA); status != http.StatusCreated {
		t.Errorf("the same, signed, again: %d %+v", status, e.Error)
	}
	unsigned := writeArtifact(t, "3.0.0-b", "v3b", "unsigned-post", "Unsigned Post")
	if _, err := sectionsCLI(t, env, "publish", "--server", "http://"+g.addr, "--token", token, unsigned); err == nil || !strings.Contains(err.Error(), "403: "+requires+"this release is unsigned") {
		t.Errorf("publish --server of an unsigned release: %v", err)
	}
	// On the site itself: --signature names the file.
	local := writeArtifact(t, "3.0.0-c", "v3c", "local-post", "Local Post")
	signArtifact(t, keyA.Private, local)
	moved := filepath.Join(t.TempDir(), "blog.sig")
	if err := os.Rename(local+".sig", moved); err != nil {
		t.Fatal(err)
	}
	if _, err := sectionsCLI(t, env, "publish", local); err == nil || !strings.Contains(err.Error(), "this release is unsigned") {
		t.Errorf("publish without its .sig: %v", err)
	}
	if _, err := sectionsCLI(t, env, "publish", "--signature", keyA.Private+".pub", local); err == nil || !strings.Contains(err.Error(), keyA.Private+".pub is not an SSH signature file") {
		t.Errorf("publish --signature of a file that is no signature: %v", err)
	}
	if out, err := sectionsCLI(t, env, "publish", "--signature", moved, local); err != nil || strings.TrimSpace(out) != "3.0.0-c" {
		t.Errorf("publish --signature: %q, %v", out, err)
	}
	// list: who signed each release, and the keys' history.
	out, err = sectionsCLI(t, env, "list")
	lines := strings.Split(out, "\n")
	signedLine := slices.IndexFunc(lines, func(l string) bool {
		return strings.Contains(l, "3.0.0-c") && strings.HasSuffix(strings.TrimSpace(l), keyA.Fingerprint)
	})
	keyLine := slices.IndexFunc(lines, func(l string) bool {
		return strings.Contains(l, "key-add "+keyA.Fingerprint) && strings.HasSuffix(l, "cli:ops")
	})
	if err != nil || signedLine < 0 || keyLine < 0 {
		t.Errorf("list: %q, %v", out, err)
	}

	// The admin: keys are the session's alone, not a deploy token's.
	req, _ := http.NewRequest(http.MethodGet, "http://"+g.adminAddr+"/api/admin/sections/blog/keys", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("the keys with a deploy token: %v %v, want 401", resp.StatusCode, err)
	}
	c := newClient(t, g.adminAddr)
	if status, body := c.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
		t.Fatalf("sign in: %d %s", status, body)
	}
	addB, _ := json.Marshal(map[string]string{"publicKey": string(keyB.Public)})
	status, body := c.do(http.MethodPost, "/api/admin/sections/blog/keys", string(addB))
	if status != http.StatusCreated || !strings.Contains(body, `"fingerprint":"`+keyB.Fingerprint+`"`) || !strings.Contains(body, `"addedBy":"admin:owner"`) {
		t.Fatalf("the admin adds a key: %d %s", status, body)
	}
	adminRefusals := []struct {
		name, method, path, body string
		status                   int
		code, message, field     string
	}{
		{"the same key again", http.MethodPost, "/api/admin/sections/blog/keys", string(addB), http.StatusConflict, "conflict", "The key " + keyB.Fingerprint + " is already one of blog's keys.", ""},
		{"not a key", http.MethodPost, "/api/admin/sections/blog/keys", `{"publicKey":"hello"}`, http.StatusBadRequest, "invalid", "This is not an SSH public key: paste the line of its .pub file, such as ssh-ed25519 AAAA… you@host.", "publicKey"},
		{"no fingerprint", http.MethodDelete, "/api/admin/sections/blog/keys", "", http.StatusBadRequest, "invalid", "Name the key to remove: ?fingerprint=SHA256:…", "fingerprint"},
		{"an unknown key", http.MethodDelete, "/api/admin/sections/blog/keys?fingerprint=SHA256:nope", "", http.StatusNotFound, "not_found", "blog has no key SHA256:nope.", ""},
	}
	for _, r := range adminRefusals {
		status, body := c.do(r.method, r.path, r.body)
		var e apiError
		if status != r.status || json.Unmarshal([]byte(body), &e) != nil || e.Error.Code != r.code || e.Error.Message != r.message || e.Error.Field != r.field {
			t.Errorf("%s: %d %s, want %d %s %q field %q", r.name, status, body, r.status, r.code, r.message, r.field)
		}
	}
	status, body = c.do(http.MethodDelete, "/api/admin/sections/blog/keys?fingerprint="+url.QueryEscape(keyA.Fingerprint), "")
	if status != http.StatusNoContent {
		t.Fatalf("the admin removes key A: %d %s", status, body)
	}
	status, body = c.do(http.MethodGet, "/api/admin/sections/blog/keys", "")
	var keys struct {
		Keys []struct{ Fingerprint, Comment string }
	}
	if status != http.StatusOK || json.Unmarshal([]byte(body), &keys) != nil || len(keys.Keys) != 1 || keys.Keys[0].Fingerprint != keyB.Fingerprint || keys.Keys[0].Comment != "blog-ci-b" {
		t.Errorf("the blog's keys: %d %s", status, body)
	}
	// A removed key's release is not promoted; the overview shows why.
	if status, body := deployCall(t, g.addr, "/api/sections/blog/promote", token, "application/json", []byte(`{"version":"3.0.0-a"}`)); status != http.StatusForbidden ||
		!strings.Contains(body, requires+"this release is signed by key "+keyA.Fingerprint+", which is not one of blog's keys") {
		t.Errorf("promoting key A's release: %d %s", status, body)
	}
	_, body = c.do(http.MethodGet, "/api/admin/sections", "")
	var list struct {
		Sections []struct {
			Name     string
			Keys     []struct{ Fingerprint string }
			Releases []struct{ Version, SignedBy, Check string }
			History  []struct{ Action, Key, Actor string }
		}
	}
	if err := json.Unmarshal([]byte(body), &list); err != nil || len(list.Sections) != 4 {
		t.Fatalf("sections: %s", body)
	}
	blog := list.Sections[1]
	var history []string
	for _, e := range blog.History {
		if e.Key != "" {
			history = append(history, e.Action+" "+e.Key+" "+e.Actor)
		}
	}
	wantHistory := []string{"key-remove " + keyA.Fingerprint + " admin:owner", "key-add " + keyB.Fingerprint + " admin:owner", "key-add " + keyA.Fingerprint + " cli:ops"}
	if len(blog.Keys) != 1 || blog.Keys[0].Fingerprint != keyB.Fingerprint || !slices.Equal(history, wantHistory) {
		t.Errorf("the blog's keys %+v and their history %q, want %q", blog.Keys, history, wantHistory)
	}
	if len(blog.Releases) != 2 || blog.Releases[1].SignedBy != keyA.Fingerprint || !strings.Contains(blog.Releases[1].Check, "which is not one of blog's keys") {
		t.Errorf("the blog's releases: %+v", blog.Releases)
	}

	// The last key removed with the CLI: unsigned releases go again.
	if out, err := sectionsCLI(t, env, "key", "remove", "blog", keyB.Fingerprint); err != nil || !strings.Contains(out, "blog: key "+keyB.Fingerprint+" removed") {
		t.Fatalf("key remove: %q, %v", out, err)
	}
	unsignedRaw, err := os.ReadFile(unsigned)
	if err != nil {
		t.Fatal(err)
	}
	if status, e := publishSigned(t, g.addr, token, unsignedRaw, ""); status != http.StatusCreated {
		t.Errorf("an unsigned release with no key left: %d %+v", status, e.Error)
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
	admin := newClient(t, g.adminAddr)
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
		// Read from the release's row, never its artifact (docs/decisions/0049).
		{"the admin's list of releases with that one", nil, func() (int, string) {
			return admin.do(http.MethodGet, "/api/admin/sections", "")
		}, http.StatusOK, `"version":"2.0.0-c"`},
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
		status, body := deployRequest(t, g.addr, "/api/sections/blog/rollback", "", "", nil, http.Header{"Authorization": {c.authorization}})
		if status != c.status || !strings.Contains(body, c.message) {
			t.Errorf("Authorization: %.12s…: %d %s, want %d saying %q", c.authorization, status, body, c.status, c.message)
		}
	}
}
