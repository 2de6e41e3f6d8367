package discovery

import (
	"bytes"
	"cmp"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"slices"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// Atom 1.0 (RFC 4287). The feed's author stands for every entry's.
type atomFeed struct {
	XMLName  xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Lang     string      `xml:"xml:lang,attr,omitempty"`
	ID       string      `xml:"id"`
	Title    string      `xml:"title"`
	Subtitle string      `xml:"subtitle,omitempty"`
	Updated  string      `xml:"updated"`
	Links    []atomLink  `xml:"link"`
	Author   atomPerson  `xml:"author"`
	Entries  []atomEntry `xml:"entry"`
}

type atomPerson struct {
	Name string `xml:"name"`
	URI  string `xml:"uri,omitempty"`
}

type atomEntry struct {
	ID         string         `xml:"id"`
	Title      string         `xml:"title"`
	Updated    string         `xml:"updated"`
	Published  string         `xml:"published"`
	Link       atomLink       `xml:"link"`
	Summary    string         `xml:"summary,omitempty"`
	Categories []atomCategory `xml:"category"`
	Content    atomContent    `xml:"content"`
}

type atomCategory struct {
	Term string `xml:"term,attr"`
}

type atomContent struct {
	Type  string `xml:"type,attr"`
	Value string `xml:",chardata"`
}

// feedItem is one entry of a feed, whatever its format.
type feedItem struct {
	URL, Title, Summary string
	Date                time.Time
	HTML                string // the full text, or the summary as HTML when there is none
	Categories          []string
}

// feedMeta is what a feed says about itself.
type feedMeta struct {
	Title, Description string
	Self, Alternate    string // absolute URLs
	SelfType           string // the self link's media type
}

// atomDoc renders items as an Atom feed. updated is the newest item's date (the epoch
// for a feed without items), so the feed changes only when its items do.
func atomDoc(in Input, meta feedMeta, items []feedItem) ([]byte, error) {
	doc := atomFeed{
		Lang:     "en",
		ID:       meta.Self,
		Title:    meta.Title,
		Subtitle: meta.Description,
		Updated:  atomDate(time.Unix(0, 0)),
		Links: []atomLink{
			{Href: meta.Self, Rel: "self", Type: meta.SelfType},
			{Href: meta.Alternate, Rel: "alternate", Type: "text/html"},
		},
		Author: atomPerson{Name: in.Site.Owner.Name, URI: in.PublicURL},
	}
	if len(items) > 0 {
		doc.Updated = atomDate(items[0].Date)
	}
	for _, it := range items {
		e := atomEntry{
			ID:        it.URL,
			Title:     it.Title,
			Updated:   atomDate(it.Date),
			Published: atomDate(it.Date),
			Link:      atomLink{Href: it.URL, Rel: "alternate", Type: "text/html"},
			Summary:   it.Summary,
			Content:   atomContent{Type: "html", Value: it.HTML},
		}
		for _, c := range it.Categories {
			e.Categories = append(e.Categories, atomCategory{Term: c})
		}
		doc.Entries = append(doc.Entries, e)
	}
	body, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("discovery: atom %s: %w", meta.Self, err)
	}
	return append([]byte(xml.Header), append(body, '\n')...), nil
}

// atomDate is an RFC 3339 date in UTC, as Atom wants it.
func atomDate(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/).
type jsonFeed struct {
	Version     string       `json:"version"`
	Title       string       `json:"title"`
	HomePageURL string       `json:"home_page_url"`
	FeedURL     string       `json:"feed_url"`
	Description string       `json:"description,omitempty"`
	Language    string       `json:"language"`
	Authors     []jsonAuthor `json:"authors"`
	Items       []jsonItem   `json:"items"`
}

type jsonAuthor struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

type jsonItem struct {
	ID            string   `json:"id"`
	URL           string   `json:"url"`
	Title         string   `json:"title"`
	ContentHTML   string   `json:"content_html"`
	Summary       string   `json:"summary,omitempty"`
	DatePublished string   `json:"date_published"`
	Tags          []string `json:"tags,omitempty"`
}

// JSONFeedVersion is the version URL of the JSON Feed format /feed.json follows.
const JSONFeedVersion = "https://jsonfeed.org/version/1.1"

func jsonDoc(in Input, meta feedMeta, items []feedItem) ([]byte, error) {
	doc := jsonFeed{
		Version:     JSONFeedVersion,
		Title:       meta.Title,
		HomePageURL: meta.Alternate,
		FeedURL:     meta.Self,
		Description: meta.Description,
		Language:    "en",
		Authors:     []jsonAuthor{{Name: in.Site.Owner.Name, URL: in.PublicURL}},
		Items:       []jsonItem{},
	}
	for _, it := range items {
		doc.Items = append(doc.Items, jsonItem{
			ID:            it.URL,
			URL:           it.URL,
			Title:         it.Title,
			ContentHTML:   it.HTML,
			Summary:       it.Summary,
			DatePublished: atomDate(it.Date),
			Tags:          it.Categories,
		})
	}
	// The HTML as it is, not with <, > and & as \u003c…: the feed is no script's.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("discovery: json feed: %w", err)
	}
	return buf.Bytes(), nil
}

// postItems are the published posts, newest first, each with its article's full text
// from the blog's build (the excerpt when the build has none).
func postItems(in Input) []feedItem {
	var items []feedItem
	for _, p := range content.PublishedPosts(in.Posts) {
		url := in.PublicURL + p.URL()
		text, ok := fullText(in.Blog, p.URL(), url)
		if !ok {
			text = paragraph(p.Excerpt)
		}
		items = append(items, feedItem{
			URL: url, Title: p.Title, Summary: p.Excerpt, Date: p.Date,
			HTML: text, Categories: categories(p),
		})
	}
	return items
}

// editionItems are the editions, newest first, each with its page's full text from the
// newsletter's build (the excerpt when the build has none).
func editionItems(in Input) []feedItem {
	// Newest first: by month, then by id within a month.
	editions := slices.SortedStableFunc(slices.Values(in.Editions), func(a, b content.Edition) int {
		if c := b.Month.Compare(a.Month); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	var items []feedItem
	for _, e := range editions {
		url := in.PublicURL + e.URL()
		text, ok := fullText(in.Newsletter, e.URL(), url)
		if !ok {
			text = paragraph(e.Excerpt)
		}
		items = append(items, feedItem{
			URL: url, Title: e.Title, Summary: e.Excerpt, Date: e.Month,
			HTML: text, Categories: e.Tags,
		})
	}
	return items
}

// paragraph is text as one HTML paragraph.
func paragraph(text string) string { return "<p>" + html.EscapeString(text) + "</p>" }

// Tag is a tag of the published posts: its slug (content.TagSlug) and its name as the
// first post with it spells it. Tags whose slugs are equal are one.
type Tag struct {
	Slug, Name string
}

// FeedPath is the tag's feed, /blog/tags/<slug>/feed.xml.
func (t Tag) FeedPath() string { return TagPagePath(t.Slug) + "/feed.xml" }

// TagPagePath is the page of the tag with slug, /blog/tags/<slug>.
func TagPagePath(slug string) string { return "/blog/tags/" + slug }

// Tags are the tags of the published posts, in the order they first appear (newest
// post first), each once; tags without a slug (only punctuation) are left out.
func Tags(posts []content.Post) []Tag {
	var tags []Tag
	seen := map[string]bool{}
	for _, p := range content.PublishedPosts(posts) {
		for _, name := range p.Tags {
			slug := content.TagSlug(name)
			if slug == "" || seen[slug] {
				continue
			}
			seen[slug] = true
			tags = append(tags, Tag{Slug: slug, Name: name})
		}
	}
	return tags
}

// hasTag reports whether one of the post's tags has slug.
func hasTag(p content.Post, slug string) bool {
	for _, t := range p.Tags {
		if content.TagSlug(t) == slug {
			return true
		}
	}
	return false
}

// EditionsFeedTitle is the title of the editions' feed and of its autodiscovery link.
func EditionsFeedTitle(site content.Site) string {
	return site.SiteName + " · " + newsletter.Name
}

// TagFeedTitle is the title of a tag's feed and of its autodiscovery link.
func TagFeedTitle(site content.Site, tag string) string {
	return FeedTitle(site) + " · " + tag
}

// feeds builds the Atom and JSON feeds of the blog, one Atom feed per tag and the
// editions' Atom feed into f.
func (f *Files) feeds(in Input) error {
	posts := postItems(in)
	blog := feedMeta{
		Title: FeedTitle(in.Site), Description: blogDescription(in),
		Alternate: in.PublicURL + "/blog",
	}
	atomMeta := blog
	atomMeta.Self, atomMeta.SelfType = in.PublicURL+AtomPath, "application/atom+xml"
	body, err := atomDoc(in, atomMeta, posts)
	if err != nil {
		return err
	}
	f.Atom = file("atom.xml", body, AtomContentType)
	jsonMeta := blog
	jsonMeta.Self, jsonMeta.SelfType = in.PublicURL+JSONFeedPath, "application/feed+json"
	if body, err = jsonDoc(in, jsonMeta, posts); err != nil {
		return err
	}
	f.JSONFeed = file("feed.json", body, JSONFeedContentType)

	published := content.PublishedPosts(in.Posts)
	f.Tags = map[string]*static.File{}
	for _, tag := range Tags(in.Posts) {
		var items []feedItem
		for i, p := range published {
			if hasTag(p, tag.Slug) {
				items = append(items, posts[i])
			}
		}
		meta := feedMeta{
			Title:       TagFeedTitle(in.Site, tag.Name),
			Description: fmt.Sprintf("Articles tagged %s.", tag.Name),
			Self:        in.PublicURL + tag.FeedPath(), SelfType: "application/atom+xml",
			Alternate: in.PublicURL + TagPagePath(tag.Slug),
		}
		if body, err = atomDoc(in, meta, items); err != nil {
			return err
		}
		f.Tags[tag.Slug] = file("feed.xml", body, AtomContentType)
	}

	meta := feedMeta{
		Title:       EditionsFeedTitle(in.Site),
		Description: editionsDescription(in),
		Self:        in.PublicURL + EditionsFeedPath, SelfType: "application/atom+xml",
		Alternate: in.PublicURL + newsletter.PagePath,
	}
	if body, err = atomDoc(in, meta, editionItems(in)); err != nil {
		return err
	}
	f.Editions = file("feed.xml", body, AtomContentType)
	return nil
}

// editionsDescription is the /newsletter route's description, else the site's.
func editionsDescription(in Input) string {
	for _, r := range in.Routes {
		if r.Path == newsletter.PagePath {
			return r.Description
		}
	}
	return in.Site.Description
}

// Tag is the Atom feed of the tag with slug; ok is false for a tag no published post
// has.
func (f *Files) Tag(slug string) (*static.File, bool) {
	file, ok := f.Tags[slug]
	return file, ok
}
