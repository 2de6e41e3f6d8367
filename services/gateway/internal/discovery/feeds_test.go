package discovery_test

import (
	"encoding/json"
	"encoding/xml"
	"net/url"
	"slices"
	"strconv"
	"testing"

	"golang.org/x/net/html"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// The structs the tests read the feeds into: what RFC 4287 and JSON Feed 1.1 require.
type atomFeed struct {
	XMLName xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string   `xml:"id"`
	Title   string   `xml:"title"`
	Updated string   `xml:"updated"`
	Links   []struct {
		Href string `xml:"href,attr"`
		Rel  string `xml:"rel,attr"`
	} `xml:"link"`
	Author *struct {
		Name string `xml:"name"`
	} `xml:"author"`
	Entries []atomEntry `xml:"entry"`
}

type atomEntry struct {
	ID      string `xml:"id"`
	Title   string `xml:"title"`
	Updated string `xml:"updated"`
	Link    struct {
		Href string `xml:"href,attr"`
		Rel  string `xml:"rel,attr"`
	} `xml:"link"`
	Categories []struct {
		Term string `xml:"term,attr"`
	} `xml:"category"`
	Content struct {
		Type  string `xml:"type,attr"`
		Value string `xml:",chardata"`
	} `xml:"content"`
}

type jsonFeed struct {
	Version     string `json:"version"`
	Title       string `json:"title"`
	HomePageURL string `json:"home_page_url"`
	FeedURL     string `json:"feed_url"`
	Items       []struct {
		ID            string   `json:"id"`
		URL           string   `json:"url"`
		Title         string   `json:"title"`
		ContentHTML   *string  `json:"content_html"`
		ContentText   *string  `json:"content_text"`
		DatePublished string   `json:"date_published"`
		Tags          []string `json:"tags"`
	} `json:"items"`
}

// article is a prerendered article page as the blog's build writes it: the page's
// <article> with chrome around the text it marks (data-article-body), a heading with
// its '#' link, a script, React's Suspense markers and relative links, and what a
// security probe got through the feeds (formaction, SVG's <set>).
const article = `<div class="wrap"><article class="mx-auto"><a href="/blog">Back to Blog</a>` +
	`<header><h1>Title</h1><p>7 min read</p><ul aria-label="Tags"><li><a href="/blog/tags/iac">IaC</a></li></ul></header><!--$-->` +
	`<div class="relative"><nav aria-label="On this page"><a href="#step-2">Step 2</a></nav>` +
	`<div data-article="terraform-guide" data-article-body="" class="article-body"><p>See <a href="/rss.xml">the feed</a>, ` +
	`<a href="#step-2">step 2</a> and <a href="../projects/1">a project</a>.</p>` +
	`<h2 id="step-2">Step 2<a class="heading-anchor" href="#step-2" aria-label="Link to this section: Step 2">#</a></h2>` +
	`<img src="/images/blog/diagram.png" srcset="/images/a.png 1x, /images/b.png 2x" alt="Diagram">` +
	`<script>alert(1)</script><p onclick="x()">Bye <a href="javascript:alert(1)">now</a></p>` +
	`<form><button formaction="javascript:alert(1)">Go</button></form>` +
	`<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>Go</text></a></svg></div></div><!--/$-->` +
	`<nav aria-label="More articles"><a href="/blog/kubernetes-security">Previous: Kubernetes</a></nav></article>` +
	`<script src="/static/js/main.js"></script></div>`

// articleBody is article as a feed carries it: the marked text alone, without the
// headings' '#' links.
const articleBody = `<p>See <a href="https://example.com/rss.xml">the feed</a>, ` +
	`<a href="https://example.com/blog/terraform-guide#step-2">step 2</a> and <a href="https://example.com/projects/1">a project</a>.</p>` +
	`<h2 id="step-2">Step 2</h2>` +
	`<img src="https://example.com/images/blog/diagram.png" srcset="https://example.com/images/a.png 1x, https://example.com/images/b.png 2x" alt="Diagram"/>` +
	`<p>Bye now</p>Go`

func TestArticleHTML(t *testing.T) {
	base, _ := url.Parse(publicURL + "/blog/terraform-guide")
	got, ok := discovery.ArticleHTML([]byte(article), base)
	if !ok || got != articleBody {
		t.Errorf("ArticleHTML:\n%s\nwant\n%s", got, articleBody)
	}
	// A page that marks no text gives none: the feed carries the excerpt rather than
	// the page around an article.
	if got, ok := discovery.ArticleHTML([]byte(`<article><a href="/blog">Back to Blog</a><h1>X</h1><p>Y</p></article>`), base); ok || got != "" {
		t.Errorf("without data-article-body: %q, %v", got, ok)
	}
	if _, ok := discovery.ArticleHTML([]byte(`<div data-article-body=""> <!-- --> <script>x</script></div>`), base); ok {
		t.Error("an empty article counts as a text")
	}
}

// withBuilds is the content with a blog build that has terraform-guide's page (only)
// and a newsletter build that has edition 1's.
func withBuilds(t *testing.T) discovery.Input {
	t.Helper()
	in := input(t)
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	in.Editions = editions
	in.Blog = static.FromMap("blog", map[string][]byte{compose.FileName("/blog/terraform-guide"): []byte(article)})
	in.Newsletter = static.FromMap("newsletter", map[string][]byte{
		compose.FileName("/newsletter/1"): []byte(`<article><a href="/newsletter">Back to Newsletter</a><h1>#1</h1><div data-article-body=""><p>Edition <a href="/newsletter">one</a>.</p></div></article>`),
	})
	return in
}

func parseAtom(t *testing.T, body []byte) atomFeed {
	t.Helper()
	var f atomFeed
	if err := xml.Unmarshal(body, &f); err != nil {
		t.Fatalf("not Atom: %v\n%s", err, body)
	}
	return f
}

// checkAtom checks what RFC 4287 requires of a feed and its entries, that every URL
// is absolute and that no content links relatively.
func checkAtom(t *testing.T, f atomFeed, self string) {
	t.Helper()
	if f.ID == "" || f.Title == "" || f.Updated == "" || f.Author == nil || f.Author.Name == "" {
		t.Errorf("feed lacks id, title, updated or author: %+v", f)
	}
	checkAbsolute(t, f.ID)
	var selfFound bool
	for _, l := range f.Links {
		checkAbsolute(t, l.Href)
		selfFound = selfFound || l.Rel == "self" && l.Href == self
	}
	if !selfFound {
		t.Errorf("no self link to %s: %+v", self, f.Links)
	}
	for _, e := range f.Entries {
		if e.ID == "" || e.Title == "" || e.Updated == "" || e.Link.Href == "" || e.Content.Type != "html" || e.Content.Value == "" {
			t.Errorf("entry lacks id, title, updated, link or html content: %+v", e)
		}
		checkAbsolute(t, e.ID)
		checkAbsolute(t, e.Link.Href)
		checkAllowed(t, e.Content.Value)
	}
}

func checkAbsolute(t *testing.T, s string) {
	t.Helper()
	if u, err := url.Parse(s); err != nil || !u.IsAbs() || u.Host == "" {
		t.Errorf("URL %q is not absolute", s)
	}
}

func TestAtomFeed(t *testing.T) {
	in := withBuilds(t)
	files, err := discovery.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	if files.Atom.ContentType != "application/atom+xml; charset=utf-8" {
		t.Errorf("content type %q", files.Atom.ContentType)
	}
	f := parseAtom(t, files.Atom.Body)
	checkAtom(t, f, publicURL+"/atom.xml")
	published := content.PublishedPosts(in.Posts)
	if len(f.Entries) != len(published) || len(published) < 2 {
		t.Fatalf("%d entries, want the %d published posts", len(f.Entries), len(published))
	}
	for i, p := range published {
		e := f.Entries[i]
		if e.ID != publicURL+p.URL() || e.Link.Href != publicURL+p.URL() || e.Title != p.Title {
			t.Errorf("entry %d: %+v, want %s", i, e, p.Slug)
		}
		want := "<p>" + html.EscapeString(p.Excerpt) + "</p>" // not in the build: its excerpt
		if p.Slug == "terraform-guide" {
			want = articleBody // the article's whole text as the build has it
		}
		if e.Content.Value != want {
			t.Errorf("%s's content:\n%s\nwant\n%s", p.Slug, e.Content.Value, want)
		}
	}
	if f.Updated != published[0].Date.Format("2006-01-02")+"T00:00:00Z" {
		t.Errorf("updated %s, want the newest post's date", f.Updated)
	}
}

func TestJSONFeed(t *testing.T) {
	in := withBuilds(t)
	files, err := discovery.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	if files.JSONFeed.ContentType != "application/feed+json; charset=utf-8" {
		t.Errorf("content type %q", files.JSONFeed.ContentType)
	}
	var f jsonFeed
	if err := json.Unmarshal(files.JSONFeed.Body, &f); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if f.Version != "https://jsonfeed.org/version/1.1" || f.Title == "" || f.FeedURL != publicURL+"/feed.json" {
		t.Errorf("version %q, title %q, feed_url %q", f.Version, f.Title, f.FeedURL)
	}
	checkAbsolute(t, f.HomePageURL)
	published := content.PublishedPosts(in.Posts)
	if len(f.Items) != len(published) {
		t.Fatalf("%d items, want %d", len(f.Items), len(published))
	}
	for i, it := range f.Items {
		if it.ID == "" || it.ContentHTML == nil && it.ContentText == nil {
			t.Errorf("item %d lacks id or content: %+v", i, it)
			continue
		}
		checkAbsolute(t, it.ID)
		checkAbsolute(t, it.URL)
		if it.URL != publicURL+published[i].URL() || it.Title != published[i].Title {
			t.Errorf("item %d: %s %q", i, it.URL, it.Title)
		}
		checkAllowed(t, *it.ContentHTML)
		if published[i].Slug == "terraform-guide" && *it.ContentHTML != articleBody {
			t.Errorf("terraform-guide's content_html:\n%s\nwant\n%s", *it.ContentHTML, articleBody)
		}
	}
}

func TestTagFeeds(t *testing.T) {
	in := withBuilds(t)
	files, err := discovery.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	tags := discovery.Tags(in.Posts)
	if !slices.Contains(tags, discovery.Tag{Slug: "ci-cd", Name: "CI/CD"}) {
		t.Fatalf("tags %v lack CI/CD as ci-cd", tags)
	}
	if len(files.Tags) != len(tags) {
		t.Errorf("%d tag feeds, %d tags", len(files.Tags), len(tags))
	}
	for _, tag := range tags {
		file, ok := files.Tag(tag.Slug)
		if !ok {
			t.Errorf("no feed for %s", tag.Slug)
			continue
		}
		f := parseAtom(t, file.Body)
		checkAtom(t, f, publicURL+"/blog/tags/"+tag.Slug+"/feed.xml")
		var want []string
		for _, p := range content.PublishedPosts(in.Posts) {
			if slices.ContainsFunc(p.Tags, func(s string) bool { return content.TagSlug(s) == tag.Slug }) {
				want = append(want, publicURL+p.URL())
			}
		}
		var got []string
		for _, e := range f.Entries {
			got = append(got, e.ID)
		}
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s's feed lists %v, want %v", tag.Slug, got, want)
		}
	}
	if _, ok := files.Tag("no-such-tag"); ok {
		t.Error("a feed for a tag no post has")
	}
	if _, ok := files.Tag("CI-CD"); ok {
		t.Error("a feed for a slug spelt otherwise")
	}
}

func TestEditionsFeed(t *testing.T) {
	in := withBuilds(t)
	files, err := discovery.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	f := parseAtom(t, files.Editions.Body)
	checkAtom(t, f, publicURL+"/newsletter/feed.xml")
	if len(f.Entries) != len(in.Editions) || len(in.Editions) == 0 {
		t.Fatalf("%d entries, %d editions", len(f.Entries), len(in.Editions))
	}
	for i, e := range f.Entries {
		if i > 0 && e.Updated > f.Entries[i-1].Updated {
			t.Errorf("entry %d is newer than the one before", i)
		}
		ed := in.Editions[slices.IndexFunc(in.Editions, func(ed content.Edition) bool { return publicURL+ed.URL() == e.ID })]
		want := "<p>" + html.EscapeString(ed.Excerpt) + "</p>"
		if ed.ID == 1 {
			want = `<p>Edition <a href="https://example.com/newsletter">one</a>.</p>`
		}
		if e.Content.Value != want || e.Link.Href != publicURL+"/newsletter/"+strconv.Itoa(ed.ID) {
			t.Errorf("edition %d: %s %q, want %q", ed.ID, e.Link.Href, e.Content.Value, want)
		}
	}
}

// Without the sections' builds every feed still lists everything, with the excerpts.
func TestFeedsWithoutBuilds(t *testing.T) {
	in := input(t)
	files, err := discovery.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	f := parseAtom(t, files.Atom.Body)
	checkAtom(t, f, publicURL+"/atom.xml")
	for i, p := range content.PublishedPosts(in.Posts) {
		if want := "<p>" + html.EscapeString(p.Excerpt) + "</p>"; f.Entries[i].Content.Value != want {
			t.Errorf("%s: %q, want the excerpt %q", p.Slug, f.Entries[i].Content.Value, want)
		}
	}
	if e := parseAtom(t, files.Editions.Body); len(e.Entries) != 0 || e.Updated == "" {
		t.Errorf("editions' feed without editions: %+v", e)
	}
}
