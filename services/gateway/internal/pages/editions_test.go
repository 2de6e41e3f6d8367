package pages_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

var editions = []content.Edition{
	{
		ID: 1, Title: "#1 It Was DNS", Month: time.Date(2024, 12, 1, 0, 0, 0, 0, time.UTC),
		Excerpt: `Why "it's always DNS" & <resolv.conf>`, ReadTime: 5, Tags: []string{"DNS", "Kubernetes"}, Body: "text",
	},
	{
		ID: 2, Title: "#2 </script><script>alert(1)</script>", Month: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		Excerpt: "x", ReadTime: 1, Tags: []string{"<!--", "a&b"}, Body: "text",
	},
	// No route: an edition the release has no page for gets none.
	{ID: 3, Title: "#3 Unrouted", Month: time.Date(2025, 2, 1, 0, 0, 0, 0, time.UTC), Excerpt: "y", ReadTime: 1, Tags: []string{"x"}, Body: "text"},
}

// editionRoutes are the routes the newsletter's release has: its page, then one per
// edition (release.Describe).
func editionRoutes() []content.Route {
	rs := append([]content.Route{}, routes...)
	rs = append(rs, content.Route{Path: "/newsletter", Section: content.SectionNewsletter, Title: "DevOps Digest Newsletter", Description: "Monthly"})
	for _, e := range editions[:2] {
		rs = append(rs, content.Route{Path: e.URL(), Section: content.SectionNewsletter, Title: e.Title, Description: e.Excerpt})
	}
	return rs
}

func TestEditionPageHeads(t *testing.T) {
	s := site
	s.Owner.Name = "Ada Lovelace"
	set, err := pages.New([]byte(webtest.IndexHTML), s, editionRoutes(), nil, editions, nil, "https://example.com")
	if err != nil {
		t.Fatal(err)
	}
	p, ok := set.Route("/newsletter/1")
	if !ok {
		t.Fatal("no page for /newsletter/1")
	}
	body := string(p.File("https://example.com/newsletter/1").Body)
	for _, want := range []string{
		"<title>#1 It Was DNS · DevOps Portfolio</title>",
		`<meta name="description" content="Why &#34;it&#39;s always DNS&#34; &amp; &lt;resolv.conf&gt;">`,
		`<link rel="canonical" href="https://example.com/newsletter/1">`,
		`<meta property="og:type" content="article">`,
		`<meta property="og:url" content="https://example.com/newsletter/1">`,
		`<meta property="og:title" content="#1 It Was DNS · DevOps Portfolio">`,
		`<meta property="article:published_time" content="2024-12-01T00:00:00Z">`,
		`<meta property="article:section" content="DevOps Digest">`,
		`<meta property="article:tag" content="DNS">`,
		`<meta name="twitter:title" content="#1 It Was DNS · DevOps Portfolio">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	m := jsonLD.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no JSON-LD")
	}
	var ld map[string]any
	if err := json.Unmarshal([]byte(m[1]), &ld); err != nil {
		t.Fatalf("JSON-LD does not parse: %v\n%s", err, m[1])
	}
	for k, v := range map[string]any{
		"@context":         "https://schema.org",
		"@type":            "Article",
		"headline":         "#1 It Was DNS",
		"description":      `Why "it's always DNS" & <resolv.conf>`,
		"datePublished":    "2024-12",
		"url":              "https://example.com/newsletter/1",
		"mainEntityOfPage": "https://example.com/newsletter/1",
		"keywords":         "DNS, Kubernetes",
	} {
		if ld[k] != v {
			t.Errorf("JSON-LD %s = %v, want %v", k, ld[k], v)
		}
	}
	if author, _ := ld["author"].(map[string]any); author["@type"] != "Person" || author["name"] != "Ada Lovelace" {
		t.Errorf("JSON-LD author = %v", ld["author"])
	}
	if part, _ := ld["isPartOf"].(map[string]any); part["@type"] != "Periodical" || part["name"] != "DevOps Digest" ||
		part["url"] != "https://example.com/newsletter" {
		t.Errorf("JSON-LD isPartOf = %v", ld["isPartOf"])
	}

	// Content cannot close the script element or open a comment in it.
	tricky, _ := set.Route("/newsletter/2")
	html := string(tricky.File("https://example.com/newsletter/2").Body)
	m = jsonLD.FindStringSubmatch(html)
	if m == nil || strings.Contains(m[1], "<") || strings.Count(html, "</script>") != strings.Count(webtest.IndexHTML, "</script>")+1 {
		t.Errorf("the JSON-LD of a hostile title is not escaped:\n%s", html)
	}
	if !strings.Contains(m[1], `\u003c/script\u003e`) {
		t.Errorf("JSON-LD = %s", m[1])
	}

	// The newsletter's own page is no article, and an edition without a route has no page.
	home, _ := set.Route("/newsletter")
	if b := string(home.File("https://example.com/newsletter").Body); strings.Contains(b, "application/ld+json") || !strings.Contains(b, `content="website"`) {
		t.Error("/newsletter has JSON-LD or is not og:type website")
	}
	if _, ok := set.Route("/newsletter/3"); ok {
		t.Error("an edition without a route has a page")
	}
}
