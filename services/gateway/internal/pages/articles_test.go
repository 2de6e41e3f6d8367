package pages_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

var posts = []content.Post{
	{
		Title: "Kubernetes Security", Slug: "kubernetes-security", Excerpt: `Harden "clusters" & <pods>`,
		Date: time.Date(2023, 12, 15, 0, 0, 0, 0, time.UTC), Updated: time.Date(2024, 2, 10, 0, 0, 0, 0, time.UTC),
		ReadTime: 5, Category: content.PostCategorySecurity,
		Tags: []string{"Kubernetes", "RBAC"}, Status: content.PostPublished, Body: "text",
	},
	{
		Title: "</script><script>alert(1)</script>", Slug: "tricky", Excerpt: "x",
		Date: time.Date(2023, 12, 1, 0, 0, 0, 0, time.UTC), ReadTime: 1, Category: content.PostCategoryCloud,
		Tags: []string{"<!--", "a&b"}, Status: content.PostPublished, Body: "text",
	},
	{
		Title: "Planned", Slug: "planned", Excerpt: "soon", Date: time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC),
		ReadTime: 3, Category: content.PostCategoryCloud, Tags: []string{"x"}, Status: content.PostComingSoon,
	},
}

var jsonLD = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)

func TestArticlePageHeads(t *testing.T) {
	s := site
	s.Owner.Name = "Ada Lovelace"
	set, err := pages.New([]byte(webtest.IndexHTML), s, routes, posts, nil, nil, "https://example.com")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path     string
		want     []string
		ld       map[string]any
		keywords string
	}{
		{
			path: "/blog/kubernetes-security",
			want: []string{
				"<title>Kubernetes Security · DevOps Portfolio</title>",
				`<meta name="description" content="Harden &#34;clusters&#34; &amp; &lt;pods&gt;">`,
				`<link rel="canonical" href="https://example.com/blog/kubernetes-security">`,
				`<link rel="alternate" type="application/rss+xml" title="DevOps Portfolio · Blog" href="https://example.com/rss.xml">`,
				`<meta property="og:type" content="article">`,
				`<meta property="og:url" content="https://example.com/blog/kubernetes-security">`,
				`<meta property="og:title" content="Kubernetes Security · DevOps Portfolio">`,
				`<meta property="article:published_time" content="2023-12-15T00:00:00Z">`,
				`<meta property="article:modified_time" content="2024-02-10T00:00:00Z">`,
				`<meta property="article:section" content="Security">`,
				`<meta property="article:tag" content="Kubernetes">`,
				`<meta property="article:tag" content="RBAC">`,
				`<meta name="twitter:card" content="summary">`,
				`<meta name="twitter:title" content="Kubernetes Security · DevOps Portfolio">`,
				`<meta name="twitter:description" content="Harden &#34;clusters&#34; &amp; &lt;pods&gt;">`,
			},
			ld: map[string]any{
				"@context":         "https://schema.org",
				"@type":            "BlogPosting",
				"headline":         "Kubernetes Security",
				"description":      `Harden "clusters" & <pods>`,
				"datePublished":    "2023-12-15",
				"dateModified":     "2024-02-10",
				"url":              "https://example.com/blog/kubernetes-security",
				"mainEntityOfPage": "https://example.com/blog/kubernetes-security",
				"articleSection":   "Security",
				"keywords":         "Kubernetes, RBAC",
			},
		},
		{
			path: "/blog/tricky",
			want: []string{`<meta property="article:tag" content="&lt;!--">`},
			ld: map[string]any{
				"headline": "</script><script>alert(1)</script>",
				"keywords": "<!--, a&b",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			p, ok := set.Route(tt.path)
			if !ok {
				t.Fatalf("no page for %s", tt.path)
			}
			if r := p.Route(); r.Path != tt.path || r.Section != content.SectionBlog {
				t.Errorf("route = %+v", r)
			}
			html := string(p.File("ignored: articles are built complete").Body)
			if revised := strings.Contains(html, "article:modified_time"); revised != (tt.path == "/blog/kubernetes-security") {
				t.Errorf("article:modified_time present = %v; only a revised post has one", revised)
			}
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("page lacks %s", w)
				}
			}
			if strings.Contains(html, `content="website"`) || strings.Contains(html, "noindex") {
				t.Error("an article is marked website or noindex")
			}
			checkTemplateKept(t, html)

			m := jsonLD.FindAllStringSubmatch(html, -1)
			if len(m) != 1 {
				t.Fatalf("%d JSON-LD scripts, want 1", len(m))
			}
			raw := m[0][1]
			if strings.ContainsAny(raw, "<>") {
				t.Errorf("JSON-LD has a raw < or >: %s", raw)
			}
			var ld map[string]any
			if err := json.Unmarshal([]byte(raw), &ld); err != nil {
				t.Fatalf("JSON-LD does not parse: %v\n%s", err, raw)
			}
			for k, v := range tt.ld {
				if ld[k] != v {
					t.Errorf("JSON-LD %s = %v, want %v", k, ld[k], v)
				}
			}
			if author, _ := ld["author"].(map[string]any); author["@type"] != "Person" || author["name"] != "Ada Lovelace" {
				t.Errorf("JSON-LD author = %v", ld["author"])
			}
		})
	}

	if _, ok := set.Route("/blog/planned"); ok {
		t.Error("a coming-soon post has a page")
	}
}

func TestEveryPageLinksTheFeed(t *testing.T) {
	// A template that already links a feed: the gateway's link replaces it.
	index := strings.Replace(webtest.IndexHTML, "</head>", `<link rel="alternate" type="application/rss+xml" href="/old.xml"></head>`, 1)
	set, err := pages.New([]byte(index), site, routes, posts, nil, nil, "https://example.com")
	if err != nil {
		t.Fatal(err)
	}
	const link = `<link rel="alternate" type="application/rss+xml" title="DevOps Portfolio · Blog" href="https://example.com/rss.xml">`
	pagesByName := map[string]string{"404": string(set.NotFound().Body)}
	for _, r := range routes {
		p, _ := set.Route(r.Path)
		pagesByName[r.Path] = string(p.File("https://example.com" + r.Path).Body)
	}
	for name, html := range pagesByName {
		head, _, _ := strings.Cut(html, "</head>")
		if strings.Count(head, link) != 1 {
			t.Errorf("%s: head has %d feed links, want 1", name, strings.Count(head, link))
		}
		if strings.Contains(html, "/old.xml") {
			t.Errorf("%s: the template's own feed link was kept", name)
		}
		if strings.Contains(html, "application/ld+json") {
			t.Errorf("%s: JSON-LD on a page that is not an article", name)
		}
	}
}

func TestPostAndRouteOnOnePathIsAnError(t *testing.T) {
	clash := append([]content.Route{}, routes...)
	clash = append(clash, content.Route{Path: "/blog/kubernetes-security", Section: content.SectionBlog, Title: "x", Description: "x"})
	if _, err := pages.New([]byte(webtest.IndexHTML), site, clash, posts, nil, nil, "https://example.com"); err == nil {
		t.Error("no error for a route of routes.json that is also a post's URL")
	}
}
