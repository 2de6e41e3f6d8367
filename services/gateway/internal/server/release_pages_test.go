package server_test

import (
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
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
