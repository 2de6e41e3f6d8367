package server_test

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// TestAReleaseIsServedWhole: once a blog release is applied, its pages are composed
// from its own prerendered HTML and link its own stylesheet under its version; its new
// article has a page with its head; the shell's pages are untouched; and going back to
// the shipped build brings back the shipped pages.
func TestAReleaseIsServedWhole(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": prerenderedBuild(t)})
	rel, err := release.Open(releasetest.Artifact(t, releasetest.Build(t, "blog", "2.0.0-b", "from v2", releasetest.Post("shipping-alone", "Shipping Alone"))), release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.web.Apply(map[string]*release.Release{"blog": rel}); err != nil {
		t.Fatal(err)
	}
	blog := get(f.h, "/blog")
	body := blog.Body.String()
	if blog.Code != 200 || rootOf(t, body) != `<header>blog chrome</header><main id="main"><!--$--><main><h1>Blog</h1><p>from v2</p></main><!--/$--></main>` {
		t.Errorf("/blog with the release: %d %s", blog.Code, rootOf(t, body))
	}
	if !strings.Contains(body, `<link rel="stylesheet" href="/mf/blog/2.0.0-b/static/css/blog.2.0.0-b.css">`) {
		t.Errorf("/blog does not link the release's stylesheet under its version:\n%s", body)
	}
	article := get(f.h, "/blog/shipping-alone")
	if article.Code != 200 || !strings.Contains(article.Body.String(), "<title>Shipping Alone · DevOps Portfolio</title>") ||
		!strings.Contains(article.Body.String(), `"headline":"Shipping Alone"`) {
		t.Errorf("the release's article: %d\n%s", article.Code, article.Body.String())
	}
	// The shell was built without this article: its page gets the chrome of /blog.
	if got := rootOf(t, article.Body.String()); got != `<header>blog chrome</header><main id="main"><!--$--><main><h1>Shipping Alone</h1><p>from v2</p></main><!--/$--></main>` {
		t.Errorf("the release's article is not prerendered in the blog's chrome: %s", got)
	}
	// Its manifest at the unversioned URL names the version as its public path, so a
	// tab that asked there loads every chunk under the version.
	if w := get(f.h, "/mf/blog/mf-manifest.json"); w.Code != 200 || !strings.Contains(w.Body.String(), `"publicPath":"/mf/blog/2.0.0-b/"`) || w.Header().Get("Cache-Control") != "no-cache" {
		t.Errorf("the release's unversioned manifest: %d %q %s", w.Code, w.Header().Get("Cache-Control"), w.Body.String())
	}
	if w := get(f.h, "/blog/shipping-alone/"); w.Code != 301 || w.Header().Get("Location") != "/blog/shipping-alone" {
		t.Errorf("the article with a trailing slash: %d %q", w.Code, w.Header().Get("Location"))
	}
	if w := get(f.h, "/skills"); w.Code != 200 || !strings.Contains(w.Body.String(), "Technical Skills") {
		t.Errorf("a page of the shell: %d", w.Code)
	}

	if err := f.web.Apply(nil); err != nil {
		t.Fatal(err)
	}
	if w := get(f.h, "/blog"); rootOf(t, w.Body.String()) != `<header>blog chrome</header><main id="main"><!--$--><h1>Latest Blog Posts</h1><!--/$--></main>` {
		t.Errorf("/blog back on the shipped build: %s", rootOf(t, w.Body.String()))
	}
	if w := get(f.h, "/blog/shipping-alone"); w.Code != 404 {
		t.Errorf("the release's article after going back: %d, want 404", w.Code)
	}
}

// A release that names paths outside its section's, promoted before the gate refused
// such releases, is not served: its section serves its shipped build, and the paths it
// claimed stay their owners'.
func TestAReleaseClaimingAnothersPathsIsNotServed(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": prerenderedBuild(t)})
	b := releasetest.Build(t, "blog", "6.6.6-evil", "from the attacker")
	releasetest.AddPage(t, &b, content.Route{Path: "/favicon.ico", Section: content.SectionBlog, Title: "Evil"}, "<main>evil</main>")
	rel, err := release.Open(releasetest.Artifact(t, b), release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.web.Apply(map[string]*release.Release{"blog": rel}); err != nil {
		t.Fatal(err)
	}
	if v := f.web.State().Sections["blog"].Version; v != "" {
		t.Errorf("the blog serves %q, want its shipped build", v)
	}
	if w := get(f.h, "/blog"); strings.Contains(w.Body.String(), "from the attacker") {
		t.Errorf("/blog serves the release: %s", rootOf(t, w.Body.String()))
	}
	if w := get(f.h, "/favicon.ico"); w.Code != 200 || w.Header().Get("Content-Type") != "image/x-icon" {
		t.Errorf("/favicon.ico: %d %s, want the shell's icon", w.Code, w.Header().Get("Content-Type"))
	}
	logged := f.logs.FilterMessage("sections: not serving a release that names paths outside its section's; serving the shipped build").All()
	if len(logged) != 1 || !strings.Contains(logged[0].ContextMap()["error"].(string), "/favicon.ico") {
		t.Errorf("logged %v", logged)
	}
}

// TestAShellReleaseIsServedWhole: a shell release's page, its project pages, its
// top-level files, its inline script's CSP hash and the notices of the forms without
// JavaScript all come from it once applied, the sections' pages stay theirs, a file of
// the shipped shell stays served for a tab that loaded it, and going back brings the
// shipped shell back (docs/decisions/0060).
func TestAShellReleaseIsServedWhole(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": prerenderedBuild(t)})
	b := releasetest.Build(t, release.Shell, "2.0.0-s", "shell v2")
	script := "document.documentElement.dataset.v2='1';"
	page := strings.Replace(string(b.Files["index.html"]), "</head>", "<script>"+script+"</script></head>", 1)
	b.Files["index.html"] = []byte(strings.Replace(page, "index.a1b2c3d4.css", "index.v2.css", 1))
	b.Files["favicon.ico"] = []byte("v2 icon")
	rel, err := release.Open(releasetest.Artifact(t, b), release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	shippedCSP := get(f.h, "/skills").Header().Get("Content-Security-Policy")
	if err := f.web.Apply(map[string]*release.Release{release.Shell: rel}); err != nil {
		t.Fatal(err)
	}
	skills := get(f.h, "/skills")
	if skills.Code != 200 || !strings.Contains(skills.Body.String(), "shell v2") || !strings.Contains(skills.Body.String(), "<title>Skills") {
		t.Errorf("/skills from the shell's release: %d\n%s", skills.Code, skills.Body.String())
	}
	if !strings.Contains(skills.Body.String(), `shell=2.0.0-s`) {
		t.Errorf("/skills does not name the shell's version for the vitals")
	}
	sum := sha256.Sum256([]byte(script))
	if csp := skills.Header().Get("Content-Security-Policy"); csp == shippedCSP || !strings.Contains(csp, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'") {
		t.Errorf("the CSP does not allow the release's inline script: %s", csp)
	}
	if w := get(f.h, "/projects/1"); w.Code != 200 || !strings.Contains(w.Body.String(), "shell v2") {
		t.Errorf("a project's page from the release: %d", w.Code)
	}
	if w := get(f.h, "/favicon.ico"); w.Code != 200 || w.Body.String() != "v2 icon" {
		t.Errorf("/favicon.ico from the release: %d %q", w.Code, w.Body.String())
	}
	if w := get(f.h, "/static/js/index.3f9a1c2b.js"); w.Code != 200 {
		t.Errorf("the shipped shell's chunk for an open tab: %d", w.Code)
	}
	if w := get(f.h, "/blog"); w.Code != 200 || !strings.Contains(w.Body.String(), "<title>Blog · ") || !strings.Contains(w.Body.String(), "blog=shipped") {
		t.Errorf("/blog on the shell's release: %d\n%s", w.Code, w.Body.String())
	}
	if w := get(f.h, "/newsletter/confirm?token=x"); !strings.Contains(w.Body.String(), "index.v2.css") {
		t.Errorf("a notice is not in the release's page: %d\n%s", w.Code, w.Body.String())
	}

	if err := f.web.Apply(nil); err != nil {
		t.Fatal(err)
	}
	back := get(f.h, "/skills")
	if strings.Contains(back.Body.String(), "shell v2") || back.Header().Get("Content-Security-Policy") != shippedCSP {
		t.Errorf("/skills back on the shipped shell: %s", back.Body.String())
	}
	if w := get(f.h, "/favicon.ico"); w.Body.String() != webtest.Favicon {
		t.Errorf("/favicon.ico back on the shipped shell: %q", w.Body.String())
	}
}
