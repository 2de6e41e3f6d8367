package pages_test

import (
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// TestHeadsNameTheirShareCard: a page with a share card names it for Open Graph and X
// (with its type, size and alt text, escaped, and the large-image card); a page
// without one (a route with a parameter, the 404 page) keeps the plain summary card.
func TestHeadsNameTheirShareCard(t *testing.T) {
	card := func(path string) sharecard.Image {
		return sharecard.Image{URL: "https://example.com/mf/blog/og" + path + ".0123456789.png", Alt: `Blog · "Kubernetes" & <pods>`, Width: 1200, Height: 630}
	}
	images := sharecard.Images{
		"/":                         {URL: "https://example.com/og/index.0123456789.png", Alt: "Portfolio · Home", Width: 1200, Height: 630},
		"/blog/kubernetes-security": card("/blog/kubernetes-security"),
		"/newsletter/1":             card("/newsletter/1"),
	}
	edition := content.Edition{ID: 1, Title: "#1 DNS", Excerpt: "It was DNS.", Tags: []string{"DNS"}}
	all := append(append([]content.Route{}, routes...), content.Route{Path: edition.URL(), Section: content.SectionNewsletter, Title: edition.Title, Description: edition.Excerpt})
	set, err := pages.New([]byte(webtest.IndexHTML), site, all, posts, []content.Edition{edition}, images, "https://example.com")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		route, url string
		image      *sharecard.Image
		alt        string // as escaped in the head
	}{
		{"/", "https://example.com/", new(images["/"]), "Portfolio · Home"},
		{"/blog/kubernetes-security", "https://example.com/blog/kubernetes-security", new(images["/blog/kubernetes-security"]), "Blog · &#34;Kubernetes&#34; &amp; &lt;pods&gt;"},
		{"/newsletter/1", "https://example.com/newsletter/1", new(images["/newsletter/1"]), "Blog · &#34;Kubernetes&#34; &amp; &lt;pods&gt;"},
		{"/skills", "https://example.com/skills", nil, ""},
		{"/projects/{id}", "https://example.com/projects/3", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.route, func(t *testing.T) {
			p, ok := set.Route(tt.route)
			if !ok {
				t.Fatalf("no page for %s", tt.route)
			}
			html := string(p.File(tt.url).Body)
			if tt.image == nil {
				if strings.Contains(html, "og:image") || strings.Contains(html, "twitter:image") || !strings.Contains(html, `<meta name="twitter:card" content="summary">`) {
					t.Errorf("a page without a card names an image:\n%s", html)
				}
				return
			}
			for _, want := range []string{
				`<meta property="og:image" content="` + tt.image.URL + `">`,
				`<meta property="og:image:type" content="image/png">`,
				`<meta property="og:image:width" content="1200">`,
				`<meta property="og:image:height" content="630">`,
				`<meta property="og:image:alt" content="` + tt.alt + `">`,
				`<meta name="twitter:card" content="summary_large_image">`,
				`<meta name="twitter:image" content="` + tt.image.URL + `">`,
				`<meta name="twitter:image:alt" content="` + tt.alt + `">`,
			} {
				if strings.Count(html, want) != 1 {
					t.Errorf("page has %d× %s", strings.Count(html, want), want)
				}
			}
			if strings.Contains(html, `content="summary">`) {
				t.Error("page still says twitter:card summary")
			}
		})
	}
	if nf := string(set.NotFound().Body); strings.Contains(nf, "og:image") {
		t.Error("the 404 page names an image")
	}
}
