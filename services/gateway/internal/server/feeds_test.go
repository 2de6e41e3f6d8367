package server_test

import (
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
)

type feedEntries struct {
	Entries []struct {
		ID      string `xml:"id"`
		Content string `xml:"content"`
	} `xml:"entry"`
}

// atomEntries reads an Atom feed's entries' ids and content.
func atomEntries(t *testing.T, body string) map[string]string {
	t.Helper()
	var f feedEntries
	if err := xml.Unmarshal([]byte(body), &f); err != nil {
		t.Fatalf("not XML: %v\n%s", err, body)
	}
	out := map[string]string{}
	for _, e := range f.Entries {
		out[e.ID] = e.Content
	}
	return out
}

// jsonItems reads a JSON feed's items' ids and content_html.
func jsonItems(t *testing.T, body string) map[string]string {
	t.Helper()
	var f struct {
		Items []struct {
			ID          string `json:"id"`
			ContentHTML string `json:"content_html"`
		} `json:"items"`
	}
	if err := json.Unmarshal([]byte(body), &f); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, body)
	}
	out := map[string]string{}
	for _, it := range f.Items {
		out[it.ID] = it.ContentHTML
	}
	return out
}

func TestFeedsAreServed(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": prerenderedBuild(t)})
	base := f.cfg.PublicURL
	rss := get(f.h, "/rss.xml")
	for path, contentType := range map[string]string{
		"/atom.xml":                     "application/atom+xml; charset=utf-8",
		"/feed.json":                    "application/feed+json; charset=utf-8",
		"/newsletter/feed.xml":          "application/atom+xml; charset=utf-8",
		"/blog/tags/ci-cd/feed.xml":     "application/atom+xml; charset=utf-8",
		"/blog/tags/terraform/feed.xml": "application/atom+xml; charset=utf-8",
	} {
		w := get(f.h, path)
		if w.Code != 200 || w.Header().Get("Content-Type") != contentType {
			t.Errorf("%s: %d %q, want 200 %q", path, w.Code, w.Header().Get("Content-Type"), contentType)
		}
		// The same caching as /rss.xml: revalidated each time, a 304 when unchanged.
		if got, want := w.Header().Get("Cache-Control"), rss.Header().Get("Cache-Control"); got != want || w.Header().Get("ETag") == "" {
			t.Errorf("%s: Cache-Control %q (RSS's %q), ETag %q", path, got, want, w.Header().Get("ETag"))
		}
		if again := do(f.h, req{path: path, header: map[string]string{"If-None-Match": w.Header().Get("ETag")}}); again.Code != 304 {
			t.Errorf("%s revalidated: %d, want 304", path, again.Code)
		}
		if z := do(f.h, req{path: path, header: map[string]string{"Accept-Encoding": "gzip"}}); z.Header().Get("Content-Encoding") != "gzip" || string(gunzip(t, z.Body.Bytes())) != w.Body.String() {
			t.Errorf("%s: no gzip variant of the same feed", path)
		}
		if r := do(f.h, req{method: "HEAD", path: path}); r.Code != 200 {
			t.Errorf("HEAD %s: %d", path, r.Code)
		}
	}

	// The article the blog's build prerendered is in the feeds whole (the text its page
	// marks, without its title), the others by excerpt.
	terraform := base + "/blog/terraform-guide"
	if got := atomEntries(t, get(f.h, "/atom.xml").Body.String())[terraform]; got != `<p>The whole article.</p>` {
		t.Errorf("/atom.xml's terraform-guide: %q", got)
	}
	if got := jsonItems(t, get(f.h, "/feed.json").Body.String())[terraform]; got != `<p>The whole article.</p>` {
		t.Errorf("/feed.json's terraform-guide: %q", got)
	}
	tagged := atomEntries(t, get(f.h, "/blog/tags/ci-cd/feed.xml").Body.String())
	if len(tagged) != 1 || tagged[terraform] == "" {
		t.Errorf("the CI/CD feed lists %v, want terraform-guide alone", tagged)
	}
	editions := atomEntries(t, get(f.h, "/newsletter/feed.xml").Body.String())
	if len(editions) == 0 || editions[base+"/newsletter/1"] == "" {
		t.Errorf("the editions' feed: %v", editions)
	}

	for _, path := range []string{"/blog/tags/no-such-tag/feed.xml", "/blog/tags/CI-CD/feed.xml", "/blog/tags/ci-cd/feed.xml/", "/blog/tags/feed.xml"} {
		if w := get(f.h, path); w.Code != 404 {
			t.Errorf("%s: %d, want 404", path, w.Code)
		}
	}
	if w := do(f.h, req{method: "POST", path: "/atom.xml"}); w.Code != 405 {
		t.Errorf("POST /atom.xml: %d, want 405", w.Code)
	}
}

// TestFeedsFollowReleases: a promoted blog release's new post is in /atom.xml, /feed.json
// and its tags' feeds at once, with the text of the release's prerendered page; going
// back to the shipped build takes it out.
func TestFeedsFollowReleases(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": prerenderedBuild(t)})
	url := f.cfg.PublicURL + "/blog/shipping-alone"
	if _, ok := atomEntries(t, get(f.h, "/atom.xml").Body.String())[url]; ok {
		t.Fatal("the new post is in the feed before its release")
	}
	b := releasetest.Build(t, "blog", "2.0.0-b", "from v2", releasetest.Post("shipping-alone", "Shipping Alone"))
	b.Files[compose.FileName("/blog/shipping-alone")] = []byte(`<article><h1>Shipping Alone</h1><div data-article-body=""><p>from v2</p></div></article>`)
	rel, err := release.Open(releasetest.Artifact(t, b), release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.web.Apply(map[string]*release.Release{"blog": rel}); err != nil {
		t.Fatal(err)
	}
	want := `<p>from v2</p>`
	if got, ok := atomEntries(t, get(f.h, "/atom.xml").Body.String())[url]; !ok || got != want {
		t.Errorf("/atom.xml after the release: %t %q, want %q", ok, got, want)
	}
	if got, ok := jsonItems(t, get(f.h, "/feed.json").Body.String())[url]; !ok || got != want {
		t.Errorf("/feed.json after the release: %t %q, want %q", ok, got, want)
	}
	if got := atomEntries(t, get(f.h, "/blog/tags/releases/feed.xml").Body.String()); len(got) != 1 || got[url] != want {
		t.Errorf("the new tag's feed: %v", got)
	}

	if err := f.web.Apply(nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := atomEntries(t, get(f.h, "/atom.xml").Body.String())[url]; ok {
		t.Error("the post is still in /atom.xml after going back")
	}
	if w := get(f.h, "/blog/tags/releases/feed.xml"); w.Code != 404 {
		t.Errorf("the tag's feed after going back: %d, want 404", w.Code)
	}
}

// TestFeedAutodiscovery: every page links RSS; the blog's pages also Atom and JSON
// Feed, a tag's page its feed; the newsletter's pages the editions' feed.
func TestFeedAutodiscovery(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": prerenderedBuild(t)})
	base := f.cfg.PublicURL
	// A blog release with a tag's page, as the tag pages bring them.
	b := releasetest.Build(t, "blog", "2.1.0", "tags", releasetest.Post("shipping-alone", "Shipping Alone"))
	tagPage := content.Route{Path: "/blog/tags/releases", Section: content.SectionBlog, Title: "Releases", Description: "Posts tagged Releases."}
	releasetest.AddPage(t, &b, tagPage, "<main><h1>Releases</h1></main>")
	rel, err := release.Open(releasetest.Artifact(t, b), release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.web.Apply(map[string]*release.Release{"blog": rel}); err != nil {
		t.Fatal(err)
	}

	rss := `type="application/rss+xml" title="DevOps Portfolio · Blog" href="` + base + `/rss.xml">`
	atom := `type="application/atom+xml" title="DevOps Portfolio · Blog" href="` + base + `/atom.xml">`
	jsonFeed := `type="application/feed+json" title="DevOps Portfolio · Blog" href="` + base + `/feed.json">`
	editions := `type="application/atom+xml" title="DevOps Portfolio · DevOps Digest" href="` + base + `/newsletter/feed.xml">`
	tag := `type="application/atom+xml" title="DevOps Portfolio · Blog · Releases" href="` + base + `/blog/tags/releases/feed.xml">`
	for _, tt := range []struct {
		path        string
		has, hasNot []string
	}{
		{"/", []string{rss}, []string{atom, jsonFeed, editions, tag}},
		{"/skills", []string{rss}, []string{atom, editions}},
		{"/blog", []string{rss, atom, jsonFeed}, []string{editions, tag}},
		{"/blog/shipping-alone", []string{rss, atom, jsonFeed}, []string{editions, tag}},
		{"/blog/tags/releases", []string{rss, atom, jsonFeed, tag}, []string{editions}},
		{"/newsletter", []string{rss, editions}, []string{atom, jsonFeed}},
		{"/newsletter/1", []string{rss, editions}, []string{atom, jsonFeed}},
		{"/no-such-page", []string{rss}, []string{atom, editions}},
	} {
		w := get(f.h, tt.path)
		head, _, _ := strings.Cut(w.Body.String(), "</head>")
		for _, s := range tt.has {
			if !strings.Contains(head, `<link rel="alternate" `+s) {
				t.Errorf("%s (%d): the head lacks %s", tt.path, w.Code, s)
			}
		}
		for _, s := range tt.hasNot {
			if strings.Contains(head, s) {
				t.Errorf("%s: the head links %s", tt.path, s)
			}
		}
		if w := get(f.h, strings.TrimSuffix(tt.path, "/")+"/feed.xml"); tt.path == "/blog/tags/releases" && w.Code != 200 {
			t.Errorf("the tag page's feed: %d", w.Code)
		}
	}
}
