// Package pages prepares the shell's index.html for every route of the site and every
// published blog article: each page gets its own <title>, description, canonical URL,
// Open Graph and Twitter tags, with its share card where its build drew one
// (docs/decisions/0041-share-cards.md) (articles and the newsletter's edition pages also
// article:* tags and JSON-LD), and autodiscovery links to the feeds: every page the
// blog's RSS feed, the blog's pages also its Atom and JSON feeds (a tag's page its
// tag's feed), the newsletter's pages the editions' feed. The page's body is prerendered HTML that
// package compose puts into the root element per request. It also finds the inline
// scripts the Content-Security-Policy must allow by hash.
package pages

import (
	"encoding/json"
	"fmt"
	"html"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// Set is the shell's index.html prepared for every route, plus the 404 page.
type Set struct {
	routes       map[string]*Page // by route path, e.g. /projects/{id}
	notFound     *static.File
	scriptHashes []string
	warnings     []string
}

// Page is one route's HTML. Routes without parameters are rendered completely at
// start-up; a route with parameters (/projects/{id}) is rendered up to its URL, which
// is only known per request.
type Page struct {
	route content.Route
	file  *static.File // complete page, for routes without parameters
	parts []string     // the page split where the request's URL goes
}

// Meta is what the head of one page says about it.
type Meta struct {
	Title       string
	Description string
	URL         string // canonical URL; empty for pages that have none (404)
	NoIndex     bool
	Article     *Article         // nil for pages that are not articles (og:type website)
	Image       *sharecard.Image // the page's share card; nil when it has none
}

// Article is what the head of a blog article or an edition's page adds: Open Graph
// article:* tags and JSON-LD (a BlogPosting, an edition's Article).
type Article struct {
	Published time.Time
	// Modified is the last substantial revision; zero when there was none.
	Modified time.Time
	Section  string // the post's category
	Tags     []string
	Author   string
}

// New prepares index.html (the shell's built template) for every route, and for every
// published post its article page at post.URL(). A route at an edition's URL (the
// newsletter's release has one per edition) is that edition's page, with its JSON-LD.
// A page whose path has an image in images names it as its share card. publicURL has no
// trailing slash.
func New(indexHTML []byte, site content.Site, routes []content.Route, posts []content.Post, editions []content.Edition, images sharecard.Images, publicURL string) (*Set, error) {
	doc, err := parse(indexHTML)
	if err != nil {
		return nil, err
	}
	s := &Set{
		routes:       make(map[string]*Page, len(routes)+len(posts)),
		scriptHashes: doc.scriptHashes,
		warnings:     doc.warnings,
	}
	feeds := newFeedLinks(site, posts, publicURL)
	editionAt := make(map[string]content.Edition, len(editions))
	for _, e := range editions {
		editionAt[e.URL()] = e
	}
	for _, r := range routes {
		if e, ok := editionAt[r.Path]; ok && r.Section == content.SectionNewsletter {
			h, err := editionHead(r, e, site, feeds.of(r), imageOf(images, r.Path), publicURL)
			if err != nil {
				return nil, fmt.Errorf("pages: %s: %w", r.Path, err)
			}
			s.routes[r.Path] = &Page{route: r, file: htmlFile(doc.with(h))}
			continue
		}
		meta := Meta{
			Title:       r.Title + " · " + site.SiteName,
			Description: r.Description,
			URL:         urlPlaceholder,
			NoIndex:     r.NoIndex,
			Image:       imageOf(images, r.Path),
		}
		if r.Path == "/" {
			meta.Title = site.SiteName + " · " + site.Owner.Headline
		}
		parts := strings.Split(doc.with(head(meta, site.SiteName, feeds.of(r))), urlPlaceholder)
		if len(parts) != 3 { // canonical and og:url
			return nil, fmt.Errorf("pages: route %s: content contains the URL placeholder", r.Path)
		}
		p := &Page{route: r, parts: parts}
		if !strings.Contains(r.Path, "{") {
			p.file = htmlFile(p.render(publicURL + r.Path))
		}
		s.routes[r.Path] = p
	}
	for _, post := range content.PublishedPosts(posts) {
		route := ArticleRoute(post)
		if _, dup := s.routes[route.Path]; dup {
			return nil, fmt.Errorf("pages: %s is both a route of %s and a post", route.Path, content.RoutesFile)
		}
		meta := Meta{
			Title:       post.Title + " · " + site.SiteName,
			Description: post.Excerpt,
			URL:         publicURL + route.Path,
			Article: &Article{
				Published: post.Date,
				Modified:  post.Updated,
				Section:   string(post.Category),
				Tags:      post.Tags,
				Author:    site.Owner.Name,
			},
			Image: imageOf(images, route.Path),
		}
		h, err := articleHead(meta, post.Title, site.SiteName, feeds.of(route))
		if err != nil {
			return nil, fmt.Errorf("pages: %s: %w", route.Path, err)
		}
		s.routes[route.Path] = &Page{route: route, file: htmlFile(doc.with(h))}
	}
	s.notFound = htmlFile(doc.with(head(Meta{
		Title:       "Page Not Found · " + site.SiteName,
		Description: site.Description,
		NoIndex:     true,
	}, site.SiteName, feeds.rss)))
	return s, nil
}

// ArticleRoute is the route of a published post's article page: /blog/<slug>, rendered
// by the blog section, titled and described by the post.
func ArticleRoute(post content.Post) content.Route {
	return content.Route{Path: post.URL(), Section: content.SectionBlog, Title: post.Title, Description: post.Excerpt}
}

// imageOf is the share card of the page at path, or nil.
func imageOf(images sharecard.Images, path string) *sharecard.Image {
	if img, ok := images[path]; ok {
		return &img
	}
	return nil
}

// urlPlaceholder marks where a page's URL goes; NUL never occurs in escaped content.
const urlPlaceholder = "\x00url\x00"

// Route returns the page of a route path as written in routes.json, or of an article
// (its post's URL).
func (s *Set) Route(path string) (*Page, bool) {
	p, ok := s.routes[path]
	return p, ok
}

// NotFound is the page served with status 404: the shell renders its 404 screen.
func (s *Set) NotFound() *static.File { return s.notFound }

// ScriptHashes are the CSP sources ('sha256-…') of index.html's inline scripts.
func (s *Set) ScriptHashes() []string { return s.scriptHashes }

// Warnings describe things in index.html the CSP will block, such as inline event
// handlers; they are worth logging at start-up.
func (s *Set) Warnings() []string { return s.warnings }

// Route returns the route the page was built for.
func (p *Page) Route() content.Route { return p.route }

// File returns the page for a request to canonicalURL (public URL + escaped path).
// Pages of routes without parameters come ready-made.
func (p *Page) File(canonicalURL string) *static.File {
	if p.file != nil {
		return p.file
	}
	return static.NewFile("index.html", []byte(p.render(canonicalURL)), static.NoCache)
}

func (p *Page) render(canonicalURL string) string {
	return strings.Join(p.parts, html.EscapeString(canonicalURL))
}

// htmlFile makes a no-cache HTML file with a gzip variant: pages are built once, so
// compressing them once is cheap and saves every visitor the bytes.
func htmlFile(page string) *static.File {
	return static.NewGzipFile("index.html", []byte(page), static.NoCache)
}

// feedLink is a feed a page links for autodiscovery.
type feedLink struct{ Type, Title, URL string }

// feedLinks are the feeds pages link, by the pages that link them.
type feedLinks struct {
	rss      []feedLink          // every page's: the blog's RSS
	blog     []feedLink          // the blog's pages': RSS, Atom, JSON Feed
	editions []feedLink          // the newsletter's pages': RSS, the editions' Atom
	tags     map[string]feedLink // by the path of the tag's page
}

func newFeedLinks(site content.Site, posts []content.Post, publicURL string) feedLinks {
	title := discovery.FeedTitle(site)
	rss := feedLink{"application/rss+xml", title, publicURL + discovery.RSSPath}
	f := feedLinks{
		rss: []feedLink{rss},
		blog: []feedLink{
			rss,
			{"application/atom+xml", title, publicURL + discovery.AtomPath},
			{"application/feed+json", title, publicURL + discovery.JSONFeedPath},
		},
		editions: []feedLink{rss, {"application/atom+xml", discovery.EditionsFeedTitle(site), publicURL + discovery.EditionsFeedPath}},
		tags:     map[string]feedLink{},
	}
	for _, tag := range discovery.Tags(posts) {
		f.tags[discovery.TagPagePath(tag.Slug)] = feedLink{"application/atom+xml", discovery.TagFeedTitle(site, tag.Name), publicURL + tag.FeedPath()}
	}
	return f
}

// of are the feeds the page of route r links.
func (f feedLinks) of(r content.Route) []feedLink {
	switch r.Section {
	case content.SectionBlog:
		if tag, ok := f.tags[r.Path]; ok {
			return append(slices.Clone(f.blog), tag)
		}
		return f.blog
	case content.SectionNewsletter:
		return f.editions
	}
	return f.rss
}

// head renders the tags New puts into <head>, escaped for HTML text and attributes.
func head(m Meta, siteName string, feeds []feedLink) string {
	e := html.EscapeString
	var b strings.Builder
	line := func(s string) { b.WriteString(s); b.WriteByte('\n') }
	line("<title>" + e(m.Title) + "</title>")
	line(`<meta name="description" content="` + e(m.Description) + `">`)
	if m.URL != "" {
		line(`<link rel="canonical" href="` + e(m.URL) + `">`)
	}
	if m.NoIndex {
		line(`<meta name="robots" content="noindex">`)
	}
	for _, f := range feeds {
		line(`<link rel="alternate" type="` + e(f.Type) + `" title="` + e(f.Title) + `" href="` + e(f.URL) + `">`)
	}
	if m.Article != nil {
		line(`<meta property="og:type" content="article">`)
	} else {
		line(`<meta property="og:type" content="website">`)
	}
	line(`<meta property="og:site_name" content="` + e(siteName) + `">`)
	line(`<meta property="og:title" content="` + e(m.Title) + `">`)
	line(`<meta property="og:description" content="` + e(m.Description) + `">`)
	if m.URL != "" {
		line(`<meta property="og:url" content="` + e(m.URL) + `">`)
	}
	if img := m.Image; img != nil {
		line(`<meta property="og:image" content="` + e(img.URL) + `">`)
		line(`<meta property="og:image:type" content="image/png">`)
		line(`<meta property="og:image:width" content="` + strconv.Itoa(img.Width) + `">`)
		line(`<meta property="og:image:height" content="` + strconv.Itoa(img.Height) + `">`)
		line(`<meta property="og:image:alt" content="` + e(img.Alt) + `">`)
	}
	if a := m.Article; a != nil {
		line(`<meta property="article:published_time" content="` + e(a.Published.UTC().Format(time.RFC3339)) + `">`)
		if !a.Modified.IsZero() {
			line(`<meta property="article:modified_time" content="` + e(a.Modified.UTC().Format(time.RFC3339)) + `">`)
		}
		if a.Section != "" {
			line(`<meta property="article:section" content="` + e(a.Section) + `">`)
		}
		for _, tag := range a.Tags {
			line(`<meta property="article:tag" content="` + e(tag) + `">`)
		}
	}
	if img := m.Image; img != nil {
		line(`<meta name="twitter:card" content="summary_large_image">`)
	} else {
		line(`<meta name="twitter:card" content="summary">`)
	}
	line(`<meta name="twitter:title" content="` + e(m.Title) + `">`)
	line(`<meta name="twitter:description" content="` + e(m.Description) + `">`)
	if img := m.Image; img != nil {
		line(`<meta name="twitter:image" content="` + e(img.URL) + `">`)
		line(`<meta name="twitter:image:alt" content="` + e(img.Alt) + `">`)
	}
	return b.String()
}

// blogPosting is the schema.org BlogPosting of an article (https://schema.org/BlogPosting).
type blogPosting struct {
	Context          string `json:"@context"`
	Type             string `json:"@type"`
	Headline         string `json:"headline"`
	Description      string `json:"description"`
	DatePublished    string `json:"datePublished"`
	DateModified     string `json:"dateModified,omitempty"`
	Author           person `json:"author"`
	URL              string `json:"url"`
	MainEntityOfPage string `json:"mainEntityOfPage"`
	ArticleSection   string `json:"articleSection,omitempty"`
	Keywords         string `json:"keywords,omitempty"`
}

type person struct {
	Type string `json:"@type"`
	Name string `json:"name"`
}

// articleHead is head plus the article's JSON-LD. encoding/json escapes <, > and & as
// \u003c, \u003e and \u0026 (and U+2028/U+2029), so no content can close the script
// element or start a comment inside it.
func articleHead(m Meta, headline, siteName string, feeds []feedLink) (string, error) {
	a := m.Article
	ld, err := json.Marshal(blogPosting{
		Context:          "https://schema.org",
		Type:             "BlogPosting",
		Headline:         headline,
		Description:      m.Description,
		DatePublished:    a.Published.Format(time.DateOnly),
		DateModified:     dateOrEmpty(a.Modified),
		Author:           person{Type: "Person", Name: a.Author},
		URL:              m.URL,
		MainEntityOfPage: m.URL,
		ArticleSection:   a.Section,
		Keywords:         strings.Join(a.Tags, ", "),
	})
	if err != nil {
		return "", err
	}
	return head(m, siteName, feeds) + `<script type="application/ld+json">` + string(ld) + "</script>\n", nil
}

// dateOrEmpty is t as YYYY-MM-DD, or "" for the zero time.
func dateOrEmpty(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}

// newsletterArticle is the schema.org Article of an edition's page
// (https://schema.org/Article), part of the newsletter (a Periodical).
type newsletterArticle struct {
	Context          string     `json:"@context"`
	Type             string     `json:"@type"`
	Headline         string     `json:"headline"`
	Description      string     `json:"description"`
	DatePublished    string     `json:"datePublished"` // the edition's month, YYYY-MM
	Author           person     `json:"author"`
	URL              string     `json:"url"`
	MainEntityOfPage string     `json:"mainEntityOfPage"`
	Keywords         string     `json:"keywords,omitempty"`
	IsPartOf         periodical `json:"isPartOf"`
}

type periodical struct {
	Type string `json:"@type"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// editionHead is the head of edition e's page at route r (titled and described as the
// route says), with article:* tags and the edition's JSON-LD, escaped as articleHead's.
func editionHead(r content.Route, e content.Edition, site content.Site, feeds []feedLink, image *sharecard.Image, publicURL string) (string, error) {
	m := Meta{
		Title:       r.Title + " · " + site.SiteName,
		Description: r.Description,
		URL:         publicURL + r.Path,
		NoIndex:     r.NoIndex,
		Image:       image,
		Article: &Article{
			Published: e.Month,
			Section:   newsletter.Name,
			Tags:      e.Tags,
			Author:    site.Owner.Name,
		},
	}
	ld, err := json.Marshal(newsletterArticle{
		Context:          "https://schema.org",
		Type:             "Article",
		Headline:         e.Title,
		Description:      m.Description,
		DatePublished:    e.Month.Format("2006-01"),
		Author:           person{Type: "Person", Name: site.Owner.Name},
		URL:              m.URL,
		MainEntityOfPage: m.URL,
		Keywords:         strings.Join(e.Tags, ", "),
		IsPartOf:         periodical{Type: "Periodical", Name: newsletter.Name, URL: publicURL + newsletter.PagePath},
	})
	if err != nil {
		return "", err
	}
	return head(m, site.SiteName, feeds) + `<script type="application/ld+json">` + string(ld) + "</script>\n", nil
}
