package server_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mmcdole/gofeed"

	"github.com/portfolio-site/portfolio/content"
)

var jsonLD = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

// TestBlogArticlePages: each published post has its page, with the post's own head; the
// routes come from the posts, not routes.json.
func TestBlogArticlePages(t *testing.T) {
	h, _ := newServer(t, nil)
	site, _ := content.LoadSite(content.FS())
	posts, _ := content.LoadPosts(content.FS())
	tests := []struct{ slug, date string }{
		{"kubernetes-security", "2023-12-15"},
		{"terraform-guide", "2023-12-08"},
		{"microservices-monitoring", "2023-11-30"},
	}
	for _, tt := range tests {
		t.Run(tt.slug, func(t *testing.T) {
			i := slices.IndexFunc(posts, func(p content.Post) bool { return p.Slug == tt.slug })
			if i < 0 || !posts[i].Published() {
				t.Fatalf("%s is not a published post", tt.slug)
			}
			post := posts[i]
			path := "/blog/" + tt.slug
			w := get(h, path)
			if w.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", w.Code)
			}
			checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
			checkHeader(t, w, "Cache-Control", "no-cache")
			body := w.Body.String()
			url := "http://127.0.0.1:8080" + path
			wants := []string{
				`data-fixture="shell-index"`,
				"<title>" + escape(post.Title+" · "+site.SiteName) + "</title>",
				`<meta name="description" content="` + escape(post.Excerpt) + `">`,
				`<link rel="canonical" href="` + url + `">`,
				`<meta property="og:type" content="article">`,
				`<meta property="og:url" content="` + url + `">`,
				`<meta property="article:published_time" content="` + tt.date + `T00:00:00Z">`,
				`<meta name="twitter:title" content="` + escape(post.Title+" · "+site.SiteName) + `">`,
				`<link rel="alternate" type="application/rss+xml" title="` + escape(site.SiteName+" · Blog") + `" href="http://127.0.0.1:8080/rss.xml">`,
			}
			for _, tag := range post.Tags {
				wants = append(wants, `<meta property="article:tag" content="`+escape(tag)+`">`)
			}
			for _, want := range wants {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %s", want)
				}
			}
			m := jsonLD.FindStringSubmatch(body)
			if m == nil {
				t.Fatal("no JSON-LD")
			}
			var ld struct {
				Type          string `json:"@type"`
				Headline      string `json:"headline"`
				DatePublished string `json:"datePublished"`
				URL           string `json:"url"`
				Keywords      string `json:"keywords"`
				Author        struct {
					Name string `json:"name"`
				} `json:"author"`
			}
			if err := json.Unmarshal([]byte(m[1]), &ld); err != nil {
				t.Fatalf("JSON-LD does not parse: %v", err)
			}
			if ld.Type != "BlogPosting" || ld.Headline != post.Title || ld.DatePublished != tt.date || ld.URL != url ||
				ld.Author.Name != site.Owner.Name || ld.Keywords != strings.Join(post.Tags, ", ") {
				t.Errorf("JSON-LD = %+v", ld)
			}

			redirect := get(h, path+"/")
			if redirect.Code != http.StatusMovedPermanently || redirect.Header().Get("Location") != path {
				t.Errorf("%s/: status %d to %q, want 301 to %s", path, redirect.Code, redirect.Header().Get("Location"), path)
			}
		})
	}
}

func TestBlogPathsWithoutAnArticleAre404(t *testing.T) {
	h, _ := newServer(t, nil)
	posts, _ := content.LoadPosts(content.FS())
	// A wrong-case article path (/blog/Kubernetes-Security) is a 301 to the article now:
	// case_test.go.
	paths := []string{"/blog/no-such-post", "/blog/kubernetes-security/extra", "/blog/Kubernetes-Security/extra"}
	for _, p := range posts {
		if !p.Published() {
			paths = append(paths, p.URL()) // coming soon: no page yet
		}
	}
	if len(paths) < 4 {
		t.Fatal("no coming-soon post to test")
	}
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			w := get(h, path)
			if w.Code != http.StatusNotFound {
				t.Fatalf("status = %d, want 404", w.Code)
			}
			body := w.Body.String()
			// The shell's index.html: the blog remote shows its not-found state.
			for _, want := range []string{`data-fixture="shell-index"`, "<title>Page Not Found · ", `content="noindex"`} {
				if !strings.Contains(body, want) {
					t.Errorf("404 page lacks %s", want)
				}
			}
		})
	}
}

func TestEveryPageLinksTheFeed(t *testing.T) {
	f := newFixture(t, nil)
	routes, _ := content.LoadRoutes(content.FS())
	paths := []string{"/nope", "/blog/kubernetes-security"}
	for _, r := range routes {
		paths = append(paths, strings.ReplaceAll(r.Path, "{id}", "2"))
	}
	for _, path := range paths {
		body := get(f.originOf(path), path).Body.String()
		head, _, _ := strings.Cut(body, "</head>")
		if n := strings.Count(head, `<link rel="alternate" type="application/rss+xml"`); n != 1 {
			t.Errorf("%s: %d RSS links in the head, want 1", path, n)
		}
	}
}

func TestDiscoveryFiles(t *testing.T) {
	h, _ := newServer(t, nil)
	tests := []struct {
		path, contentType string
		contains          []string
	}{
		{"/rss.xml", "application/rss+xml; charset=utf-8", []string{`<rss version="2.0"`, "<link>http://127.0.0.1:8080/blog/kubernetes-security</link>"}},
		{"/sitemap.xml", "application/xml; charset=utf-8", []string{"<loc>http://127.0.0.1:8080/blog/terraform-guide</loc>", "<loc>http://127.0.0.1:8080/projects/8</loc>"}},
		{"/robots.txt", "text/plain; charset=utf-8", []string{"Disallow: /admin/\n", "Disallow: /api/\n", "Sitemap: http://127.0.0.1:8080/sitemap.xml\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			w := get(h, tt.path)
			if w.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", w.Code)
			}
			checkHeader(t, w, "Content-Type", tt.contentType)
			checkHeader(t, w, "Cache-Control", "no-cache")
			checkSecurityHeaders(t, w)
			for _, want := range tt.contains {
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("body lacks %q", want)
				}
			}
			etag := w.Header().Get("ETag")
			again := do(h, req{path: tt.path, header: map[string]string{"If-None-Match": etag}})
			if etag == "" || again.Code != http.StatusNotModified {
				t.Errorf("revalidation with ETag %q: status %d, want 304", etag, again.Code)
			}
			if head := do(h, req{method: http.MethodHead, path: tt.path}); head.Code != http.StatusOK || head.Body.Len() != 0 {
				t.Errorf("HEAD: status %d with %d bytes", head.Code, head.Body.Len())
			}
		})
	}

	// What a feed reader sees over HTTP.
	feed, err := gofeed.NewParser().ParseString(get(h, "/rss.xml").Body.String())
	if err != nil {
		t.Fatal(err)
	}
	if len(feed.Items) != 3 || feed.Items[0].Link != "http://127.0.0.1:8080/blog/kubernetes-security" {
		t.Errorf("feed has %d items, first %v", len(feed.Items), feed.Items)
	}
	gz := do(h, req{path: "/rss.xml", header: map[string]string{"Accept-Encoding": "gzip"}})
	checkHeader(t, gz, "Content-Encoding", "gzip")
}

// TestBlogTagPages: /blog/tags and a page per tag of the published posts, each with its
// own head, from the blog's description (routes.json and release.Describe's tag routes);
// an unknown tag, or one only coming-soon posts have, is the blog's 404.
func TestBlogTagPages(t *testing.T) {
	h, _ := newServer(t, nil)
	site, _ := content.LoadSite(content.FS())
	posts, _ := content.LoadPosts(content.FS())
	tags := content.TagsOf(posts)
	kubernetes := slices.IndexFunc(tags, func(t content.Tag) bool { return t.Slug == "kubernetes" })
	cicd := slices.IndexFunc(tags, func(t content.Tag) bool { return t.Slug == "ci-cd" })
	if kubernetes < 0 || cicd < 0 {
		t.Fatalf("tags %v lack kubernetes or ci-cd", tags)
	}
	pages := []struct{ path, title, description string }{
		{"/blog/tags", "Tags · " + site.SiteName, "Every topic of the blog's articles, with how many articles cover it."},
		{"/blog/tags/kubernetes", "Posts tagged “Kubernetes” · " + site.SiteName, tags[kubernetes].Description()},
		{"/blog/tags/ci-cd", "Posts tagged “CI/CD” · " + site.SiteName, tags[cicd].Description()},
	}
	if !strings.Contains(pages[1].description, "Kubernetes Security") {
		t.Errorf("kubernetes description %q does not name its article", pages[1].description)
	}
	for _, p := range pages {
		t.Run(p.path, func(t *testing.T) {
			w := get(h, p.path)
			if w.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", w.Code)
			}
			checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
			body := w.Body.String()
			url := "http://127.0.0.1:8080" + p.path
			for _, want := range []string{
				`data-fixture="shell-index"`,
				"<title>" + escape(p.title) + "</title>",
				`<meta name="description" content="` + escape(p.description) + `">`,
				`<link rel="canonical" href="` + url + `">`,
				`<meta property="og:type" content="website">`,
				`<meta property="og:url" content="` + url + `">`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %s", want)
				}
			}
			if strings.Contains(body, `content="noindex"`) {
				t.Error("a tag page is noindex")
			}
			if redirect := get(h, p.path+"/"); redirect.Code != http.StatusMovedPermanently || redirect.Header().Get("Location") != p.path {
				t.Errorf("%s/: status %d to %q, want 301 to %s", p.path, redirect.Code, redirect.Header().Get("Location"), p.path)
			}
		})
	}

	sitemap := get(h, "/sitemap.xml").Body.String()
	for _, path := range []string{"/blog/tags", "/blog/tags/kubernetes", "/blog/tags/ci-cd", "/blog/tags/terraform"} {
		if !strings.Contains(sitemap, "<loc>http://127.0.0.1:8080"+path+"</loc>") {
			t.Errorf("sitemap lacks %s", path)
		}
	}
	if n := strings.Count(sitemap, "<loc>http://127.0.0.1:8080/blog/tags/"); n != len(tags) {
		t.Errorf("sitemap lists %d tag pages, want %d", n, len(tags))
	}

	// A tag page in the wrong case is its page's path, like every page's: one redirect.
	if w := get(h, "/blog/tags/Kubernetes"); w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != "/blog/tags/kubernetes" {
		t.Errorf("/blog/tags/Kubernetes: %d to %q, want 301 to /blog/tags/kubernetes", w.Code, w.Header().Get("Location"))
	}
	for _, path := range []string{"/blog/tags/nope", "/blog/tags/finops", "/blog/tags/kubernetes/extra"} {
		t.Run(path, func(t *testing.T) {
			w := get(h, path)
			if w.Code != http.StatusNotFound {
				t.Fatalf("status = %d, want 404", w.Code)
			}
			for _, want := range []string{"<title>Page Not Found · ", `content="noindex"`} {
				if !strings.Contains(w.Body.String(), want) {
					t.Errorf("404 page lacks %s", want)
				}
			}
		})
	}
}
