// Package pages prepares the shell's index.html for every route of the site: each page
// gets its own <title>, description, canonical URL, Open Graph and Twitter tags, built
// once at start-up. It also finds the inline scripts the Content-Security-Policy must
// allow by hash.
package pages

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"html"
	"strings"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
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
}

// New prepares index.html (the shell's built template) for every route. publicURL has
// no trailing slash.
func New(indexHTML []byte, site content.Site, routes []content.Route, publicURL string) (*Set, error) {
	doc, err := parse(indexHTML)
	if err != nil {
		return nil, err
	}
	s := &Set{
		routes:       make(map[string]*Page, len(routes)),
		scriptHashes: doc.scriptHashes,
		warnings:     doc.warnings,
	}
	for _, r := range routes {
		meta := Meta{
			Title:       r.Title + " · " + site.SiteName,
			Description: r.Description,
			URL:         urlPlaceholder,
			NoIndex:     r.NoIndex,
		}
		if r.Path == "/" {
			meta.Title = site.SiteName + " · " + site.Owner.Headline
		}
		parts := strings.Split(doc.with(head(meta, site.SiteName)), urlPlaceholder)
		if len(parts) != 3 { // canonical and og:url
			return nil, fmt.Errorf("pages: route %s: content contains the URL placeholder", r.Path)
		}
		p := &Page{route: r, parts: parts}
		if !strings.Contains(r.Path, "{") {
			p.file = htmlFile(p.render(publicURL + r.Path))
		}
		s.routes[r.Path] = p
	}
	s.notFound = htmlFile(doc.with(head(Meta{
		Title:       "Page Not Found · " + site.SiteName,
		Description: site.Description,
		NoIndex:     true,
	}, site.SiteName)))
	return s, nil
}

// urlPlaceholder marks where a page's URL goes; NUL never occurs in escaped content.
const urlPlaceholder = "\x00url\x00"

// Route returns the page of a route path as written in routes.json.
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
	f := static.NewFile("index.html", []byte(page), static.NoCache)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	_, _ = zw.Write(f.Body)                                  // writes to a bytes.Buffer do not fail
	if zw.Close() == nil {
		f.AddVariant(static.Gzip, buf.Bytes())
	}
	return f
}

// head renders the tags New puts into <head>, escaped for HTML text and attributes.
func head(m Meta, siteName string) string {
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
	line(`<meta property="og:type" content="website">`)
	line(`<meta property="og:site_name" content="` + e(siteName) + `">`)
	line(`<meta property="og:title" content="` + e(m.Title) + `">`)
	line(`<meta property="og:description" content="` + e(m.Description) + `">`)
	if m.URL != "" {
		line(`<meta property="og:url" content="` + e(m.URL) + `">`)
	}
	line(`<meta name="twitter:card" content="summary">`)
	line(`<meta name="twitter:title" content="` + e(m.Title) + `">`)
	line(`<meta name="twitter:description" content="` + e(m.Description) + `">`)
	return b.String()
}
