package server_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// prerenderedBuild is the fixture build with prerendered parts, as the apps' builds
// write them (dist/prerender/<key>.html): the shell's pages and chrome (with a section
// slot), and each section's pages.
func prerenderedBuild(t *testing.T) string {
	t.Helper()
	dir := webtest.Build(t)
	index := strings.Replace(webtest.IndexHTML, `<div id="root" data-fixture="shell-index"></div>`, `<div id="root"></div>`, 1)
	chrome := func(label, section string) string {
		return `<header>` + label + `</header><main id="main"><!--$--><template data-section="` + section + `"></template><!--/$--></main>`
	}
	files := map[string]string{
		"shell/dist/index.html":                          index,
		"shell/dist/prerender/index.html":                `<header>home chrome</header><main id="main"><h1>Home page</h1></main>`,
		"shell/dist/prerender/skills.html":               `<header>chrome</header><main id="main"><h1>Technical Skills</h1></main>`,
		"shell/dist/prerender/projects/2.html":           `<header>chrome</header><main id="main"><h1>Project two</h1></main>`,
		"shell/dist/prerender/404.html":                  `<header>chrome</header><main id="main"><h1>404 Page Not Found</h1></main>`,
		"shell/dist/prerender/404/projects.html":         `<header>chrome</header><main id="main"><h1>Project Not Found</h1></main>`,
		"shell/dist/prerender/blog.html":                 chrome("blog chrome", "blog"),
		"shell/dist/prerender/blog/terraform-guide.html": chrome("article chrome", "blog"),
		"shell/dist/prerender/404/blog.html":             chrome("blog 404 chrome", "blog"),
		"shell/dist/prerender/newsletter.html":           chrome("newsletter chrome", "newsletter"),
		"blog/dist/prerender/blog.html":                  `<h1>Latest Blog Posts</h1>`,
		"blog/dist/prerender/blog/terraform-guide.html":  `<h1>Terraform article</h1><section data-article-body=""><p>The whole article.</p></section>`,
		"blog/dist/prerender/404.html":                   `<h1>No such article</h1>`,
	}
	for name, body := range files {
		webtest.Write(t, filepath.Join(dir, name), []byte(body))
	}
	return dir
}

// rootOf is what the page has inside <div id="root">.
func rootOf(t *testing.T, page string) string {
	t.Helper()
	_, after, ok := strings.Cut(page, `<div id="root">`)
	if !ok {
		t.Fatalf("no root element in %q", page)
	}
	inner, _, ok := strings.Cut(after, "</div>") // the fixture's parts have no <div>
	if !ok {
		t.Fatalf("root element not closed in %q", page)
	}
	return inner
}

func TestPrerenderedPages(t *testing.T) {
	h, _ := newServer(t, map[string]string{"PORTFOLIO_WEB_DIR": prerenderedBuild(t)})
	posts, err := content.LoadPosts(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	if len(content.PublishedPosts(posts)) == 0 || content.PublishedPosts(posts)[0].URL() == "" {
		t.Fatal("no published post to test with")
	}
	tests := []struct {
		name, path string
		status     int
		root       string // exact content of #root
		title      string
	}{
		{"shell page", "/", 200, `<header>home chrome</header><main id="main"><h1>Home page</h1></main>`, "<title>DevOps Portfolio · "},
		{"shell page", "/skills", 200, `<header>chrome</header><main id="main"><h1>Technical Skills</h1></main>`, "<title>Skills · "},
		{"project", "/projects/2", 200, `<header>chrome</header><main id="main"><h1>Project two</h1></main>`, "<title>"},
		{"project by another spelling", "/projects/02", 200, `<header>chrome</header><main id="main"><h1>Project two</h1></main>`, "<title>"},
		{"section page", "/blog", 200, `<header>blog chrome</header><main id="main"><!--$--><h1>Latest Blog Posts</h1><!--/$--></main>`, "<title>Blog · "},
		{"article", "/blog/terraform-guide", 200, `<header>article chrome</header><main id="main"><!--$--><h1>Terraform article</h1><section data-article-body=""><p>The whole article.</p></section><!--/$--></main>`, "<title>Infrastructure as Code with Terraform"},
		{"unknown article", "/blog/no-such-post", 404, `<header>blog 404 chrome</header><main id="main"><!--$--><h1>No such article</h1><!--/$--></main>`, "<title>Page Not Found · "},
		{"unknown project", "/projects/99", 404, `<header>chrome</header><main id="main"><h1>Project Not Found</h1></main>`, "<title>Page Not Found · "},
		{"non-numeric project", "/projects/abc", 404, `<header>chrome</header><main id="main"><h1>Project Not Found</h1></main>`, "<title>Page Not Found · "},
		{"below a project", "/projects/1/extra", 404, `<header>chrome</header><main id="main"><h1>404 Page Not Found</h1></main>`, "<title>Page Not Found · "},
		{"unknown path", "/no/such/page", 404, `<header>chrome</header><main id="main"><h1>404 Page Not Found</h1></main>`, "<title>Page Not Found · "},
		// The newsletter's build has no prerendered part: the page is the bare document,
		// which the browser renders itself.
		{"section not prerendered", "/newsletter", 200, ``, "<title>DevOps Digest Newsletter · "},
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+tt.path, func(t *testing.T) {
			w := get(h, tt.path)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d", w.Code, tt.status)
			}
			body := w.Body.String()
			if got := rootOf(t, body); got != tt.root {
				t.Errorf("#root holds\n%s\nwant\n%s", got, tt.root)
			}
			if !strings.Contains(body, tt.title) {
				t.Errorf("head lacks %q", tt.title)
			}
			for k, want := range map[string]string{
				"Content-Type":  "text/html; charset=utf-8",
				"Cache-Control": "no-cache",
			} {
				if got := w.Header().Get(k); got != want {
					t.Errorf("%s: %q, want %q", k, got, want)
				}
			}
			if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self' 'sha256-") {
				t.Errorf("CSP %q lacks the inline script's hash", csp)
			}
			if w.Header().Get("ETag") == "" {
				t.Error("no ETag")
			}
		})
	}
	t.Run("gzip variant is the same page", func(t *testing.T) {
		plain := get(h, "/blog/terraform-guide").Body.String()
		w := do(h, req{path: "/blog/terraform-guide", header: map[string]string{"Accept-Encoding": "gzip"}})
		if w.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("Content-Encoding %q", w.Header().Get("Content-Encoding"))
		}
		if got := string(gunzip(t, w.Body.Bytes())); got != plain {
			t.Errorf("gzip body differs from the plain one")
		}
	})
	t.Run("prerendered files are not served as assets", func(t *testing.T) {
		if w := get(h, "/prerender/skills.html"); w.Code != 404 {
			t.Errorf("status %d, want 404", w.Code)
		}
	})
}

// A section rebuilt alone and copied over its old build changes its pages, and its
// files are served, on the next request: same gateway, same shell.
func TestSectionRebuiltOnDisk(t *testing.T) {
	web := prerenderedBuild(t)
	h, _ := newServer(t, map[string]string{"PORTFOLIO_WEB_DIR": web})
	if got := rootOf(t, get(h, "/blog").Body.String()); !strings.Contains(got, "<h1>Latest Blog Posts</h1>") {
		t.Fatalf("before: %s", got)
	}
	etag := get(h, "/blog").Header().Get("ETag")

	// The new build: new HTML, a new chunk and a new manifest (written by every build).
	later := time.Now().Add(2 * time.Second)
	for name, body := range map[string]string{
		"blog/dist/prerender/blog.html":              `<h1 class="brand-new-class">Rebuilt blog</h1>`,
		"blog/dist/static/js/async/blog.99aa88bb.js": "export default function Rebuilt(){}\n",
		"blog/dist/mf-manifest.json":                 `{"name":"blog","rebuilt":true}`,
	} {
		path := filepath.Join(web, name)
		webtest.Write(t, path, []byte(body))
		if err := os.Chtimes(path, later, later); err != nil {
			t.Fatal(err)
		}
	}

	w := get(h, "/blog")
	if got := rootOf(t, w.Body.String()); got != `<header>blog chrome</header><main id="main"><!--$--><h1 class="brand-new-class">Rebuilt blog</h1><!--/$--></main>` {
		t.Errorf("after the rebuild #root holds %s", got)
	}
	if w.Header().Get("ETag") == etag {
		t.Error("the rebuilt page kept its ETag")
	}
	if w := get(h, "/mf/blog/static/js/async/blog.99aa88bb.js"); w.Code != 200 || w.Body.String() != "export default function Rebuilt(){}\n" {
		t.Errorf("new chunk: %d %q", w.Code, w.Body.String())
	}
	if w := get(h, "/mf/blog/mf-manifest.json"); !strings.Contains(w.Body.String(), "rebuilt") {
		t.Errorf("manifest still the old one: %s", w.Body.String())
	}
	// The shell's own pages are untouched.
	if got := rootOf(t, get(h, "/skills").Body.String()); got != `<header>chrome</header><main id="main"><h1>Technical Skills</h1></main>` {
		t.Errorf("/skills #root %s", got)
	}
}

func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
