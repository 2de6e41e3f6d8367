package discovery_test

import (
	"encoding/xml"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
)

const publicURL = "https://example.com"

// input is the real content, as run() loads it.
func input(t *testing.T) discovery.Input {
	t.Helper()
	fsys := content.FS()
	site, err := content.LoadSite(fsys)
	if err != nil {
		t.Fatal(err)
	}
	routes, err := content.LoadRoutes(fsys)
	if err != nil {
		t.Fatal(err)
	}
	posts, err := content.LoadPosts(fsys)
	if err != nil {
		t.Fatal(err)
	}
	projects, err := content.LoadProjects(fsys)
	if err != nil {
		t.Fatal(err)
	}
	legal, err := content.LoadLegal(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return discovery.Input{Site: site, Routes: routes, Posts: posts, Projects: projects.Projects, Legal: legal, PublicURL: publicURL}
}

func TestRSSParsesAndListsThePublishedPosts(t *testing.T) {
	in := input(t)
	body, err := discovery.RSS(in)
	if err != nil {
		t.Fatal(err)
	}
	feed, err := gofeed.NewParser().ParseString(string(body))
	if err != nil {
		t.Fatalf("gofeed cannot parse the feed: %v\n%s", err, body)
	}
	if feed.FeedType != "rss" || feed.FeedVersion != "2.0" {
		t.Errorf("feed type = %s %s, want rss 2.0", feed.FeedType, feed.FeedVersion)
	}
	if feed.Title != in.Site.SiteName+" · Blog" {
		t.Errorf("title = %q", feed.Title)
	}
	if feed.Link != publicURL+"/blog" {
		t.Errorf("link = %q, want %s/blog", feed.Link, publicURL)
	}
	if feed.FeedLink != publicURL+"/rss.xml" {
		t.Errorf("atom:link self = %q, want %s/rss.xml", feed.FeedLink, publicURL)
	}
	if feed.Description == "" {
		t.Error("no channel description")
	}

	// The site's three articles, newest first; the coming-soon posts are not in the feed.
	want := []struct {
		slug, pubDate string
		published     time.Time
	}{
		{"kubernetes-security", "Fri, 15 Dec 2023 00:00:00 +0000", time.Date(2023, 12, 15, 0, 0, 0, 0, time.UTC)},
		{"terraform-guide", "Fri, 08 Dec 2023 00:00:00 +0000", time.Date(2023, 12, 8, 0, 0, 0, 0, time.UTC)},
		{"microservices-monitoring", "Thu, 30 Nov 2023 00:00:00 +0000", time.Date(2023, 11, 30, 0, 0, 0, 0, time.UTC)},
	}
	if len(feed.Items) != len(want) {
		t.Fatalf("%d items, want %d", len(feed.Items), len(want))
	}
	for i, w := range want {
		item := feed.Items[i]
		i := slices.IndexFunc(in.Posts, func(p content.Post) bool { return p.Slug == w.slug })
		if i < 0 {
			t.Fatalf("no post %s", w.slug)
		}
		post := in.Posts[i]
		link := publicURL + "/blog/" + w.slug
		checks := []struct {
			name      string
			got, want any
		}{
			{"title", item.Title, post.Title},
			{"link", item.Link, link},
			{"guid", item.GUID, link},
			{"pubDate (raw, RFC 1123 with numeric zone)", item.Published, w.pubDate},
			{"pubDate (parsed)", item.PublishedParsed.Equal(w.published), true},
			{"description", item.Description, post.Excerpt},
			{"first category", item.Categories[0], string(post.Category)},
			{"categories", strings.Join(item.Categories, ","), strings.Join(uniq(append([]string{string(post.Category)}, post.Tags...)), ",")},
			{"author", item.Author != nil && item.Author.Name == in.Site.Owner.Name, true},
		}
		for _, c := range checks {
			if c.got != c.want {
				t.Errorf("item %d (%s): %s = %v, want %v", i, w.slug, c.name, c.got, c.want)
			}
		}
	}
	if got := feed.UpdatedParsed; got == nil || !got.Equal(want[0].published) {
		t.Errorf("lastBuildDate = %v, want the newest post's date", got)
	}
}

func uniq(list []string) []string {
	var out []string
	for _, s := range list {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func TestRSSEscapesContent(t *testing.T) {
	in := discovery.Input{
		Site:      content.Site{SiteName: "A & B"},
		PublicURL: publicURL,
		Posts: []content.Post{{
			Title: `Less <than> & "more"`, Slug: "x", Excerpt: "a < b && c > d", Status: content.PostPublished,
			Date: time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC), Category: content.PostCategoryCloud, Tags: []string{"<t>"},
		}},
	}
	body, err := discovery.RSS(in)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(body), "<than>") || strings.Contains(string(body), "<t>") {
		t.Errorf("markup in the content reached the XML unescaped:\n%s", body)
	}
	feed, err := gofeed.NewParser().ParseString(string(body))
	if err != nil {
		t.Fatal(err)
	}
	if feed.Title != "A & B · Blog" || feed.Items[0].Title != `Less <than> & "more"` || feed.Items[0].Description != "a < b && c > d" {
		t.Errorf("round trip changed the text: %q, %q, %q", feed.Title, feed.Items[0].Title, feed.Items[0].Description)
	}
}

type urlSet struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

func TestSitemapListsEveryPublicPage(t *testing.T) {
	in := input(t)
	body, err := discovery.Sitemap(in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(body), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration: %.60s", body)
	}
	var set urlSet
	if err := xml.Unmarshal(body, &set); err != nil {
		t.Fatalf("sitemap does not parse: %v\n%s", err, body)
	}
	got := map[string]string{}
	var order []string
	for _, u := range set.URLs {
		if _, dup := got[u.Loc]; dup {
			t.Errorf("%s is listed twice", u.Loc)
		}
		got[u.Loc] = u.LastMod
		order = append(order, u.Loc)
	}
	paths := []string{
		"/", "/skills", "/resume", "/projects",
		"/projects/1", "/projects/2", "/projects/3", "/projects/4",
		"/projects/5", "/projects/6", "/projects/7", "/projects/8",
		"/blog", "/blog/all-posts", "/blog/tags", "/talks", "/contact", "/newsletter", "/privacy-policy", "/terms-of-use",
		"/blog/kubernetes-security", "/blog/terraform-guide", "/blog/microservices-monitoring",
	}
	var want []string
	for _, p := range paths {
		want = append(want, publicURL+p)
	}
	if !slices.Equal(order, want) {
		t.Errorf("sitemap URLs =\n%v\nwant\n%v", order, want)
	}
	for _, absent := range []string{"/admin/newsletter", "/projects/{id}", "/blog/aws-cost-optimization"} {
		if _, ok := got[publicURL+absent]; ok {
			t.Errorf("%s is listed", absent)
		}
	}
	lastMods := map[string]string{
		"/blog/kubernetes-security":      "2023-12-15",
		"/blog/terraform-guide":          "2023-12-08",
		"/blog/microservices-monitoring": "2023-11-30",
		"/blog":                          "2023-12-15",
		"/blog/all-posts":                "2023-12-15",
		"/blog/tags":                     "2023-12-15",
		"/privacy-policy":                in.Legal.Privacy.LastUpdated,
		"/terms-of-use":                  in.Legal.Terms.LastUpdated,
		"/skills":                        "",
	}
	for p, w := range lastMods {
		if got[publicURL+p] != w {
			t.Errorf("%s: lastmod = %q, want %q", p, got[publicURL+p], w)
		}
	}
}

// TestSitemapListsTagPages: the blog's tag routes (release.Describe adds one per tag of
// the published posts) are listed, each dated by its newest article.
func TestSitemapListsTagPages(t *testing.T) {
	in := input(t)
	for _, tag := range content.TagsOf(in.Posts) {
		in.Routes = append(in.Routes, tag.Route())
	}
	body, err := discovery.Sitemap(in)
	if err != nil {
		t.Fatal(err)
	}
	var set urlSet
	if err := xml.Unmarshal(body, &set); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, u := range set.URLs {
		got[u.Loc] = u.LastMod
	}
	for p, w := range map[string]string{
		"/blog/tags":            "2023-12-15",
		"/blog/tags/kubernetes": "2023-12-15",
		"/blog/tags/ci-cd":      "2023-12-08",
		"/blog/tags/grafana":    "2023-11-30",
	} {
		if lm, ok := got[publicURL+p]; !ok || lm != w {
			t.Errorf("%s: listed %v, lastmod %q, want %q", p, ok, lm, w)
		}
	}
	if _, ok := got[publicURL+"/blog/tags/finops"]; ok {
		t.Error("a tag only coming-soon posts have is listed")
	}
}

func TestRobots(t *testing.T) {
	got := string(discovery.Robots(publicURL))
	want := "User-agent: *\nDisallow: /admin/\nDisallow: /api/\nDisallow: /newsletter/confirm\nDisallow: /newsletter/unsubscribe\n\nSitemap: https://example.com/sitemap.xml\n"
	if got != want {
		t.Errorf("robots.txt =\n%s\nwant\n%s", got, want)
	}
}

func TestBuildServesTheRightTypes(t *testing.T) {
	files, err := discovery.Build(input(t))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, got, want string
	}{
		{"rss", files.RSS.ContentType, "application/rss+xml; charset=utf-8"},
		{"sitemap", files.Sitemap.ContentType, "application/xml; charset=utf-8"},
		{"robots", files.Robots.ContentType, "text/plain; charset=utf-8"},
		{"rss cache", files.RSS.CacheControl, "no-cache"},
		{"rss gzip", strings.Join(files.RSS.Encodings(), ","), "gzip"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}
