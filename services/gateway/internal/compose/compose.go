// Package compose puts together a page from parts rendered at build time: the page's
// document (index.html with the route's own head, from package pages), the shell's
// prerendered HTML for the route (its own page, or the chrome with a
// <template data-section="name"> where a section's page goes), and the owning section's
// prerendered HTML, read from that section's build as it is now
// (docs/decisions/0001-prerender-composition.md). The footer's year is the year it is
// when the page is served, not when it was built.
package compose

import (
	"bytes"
	"encoding/json"
	"html"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// Build is a front-end build the prerendered parts are read from (static.Dir,
// static.Live).
type Build interface {
	Lookup(name string) (*static.File, bool)
}

// Part names one prerendered piece: the build's key (a path such as /blog/x, or 404,
// 404:/blog for the not-found views).
type Part struct {
	Shell   string // key in the shell's build
	Section string // owning section's name; empty for the shell's own pages
	Key     string // key in the section's build
}

// rootElement is where the shell's index.html leaves room for the app.
const rootElement = `<div id="root"></div>`

// Section is a section's build and the URL it is served under (/mf/<name>/<version>/),
// where the page links its stylesheets: a page and its CSS come from one release.
type Section struct {
	Files Build
	URL   string // ends with /
}

// Composer composes pages and keeps each composed page until one of its parts changes
// or the year does.
type Composer struct {
	shell    Build
	sections map[string]Section
	now      func() time.Time

	mu    sync.Mutex
	cache map[cacheKey]*static.File
}

// cacheKey identifies a composed page by the very files it came from and the year it
// shows: a section's new build brings new *static.File values, and New Year a new year,
// so its pages are composed afresh (with a new ETag).
type cacheKey struct {
	doc, shell, section *static.File
	year                int
}

// New returns a Composer reading the shell's parts from shell and each section's from
// sections (by name; a section that is not built is absent).
func New(shell Build, sections map[string]Section) *Composer {
	return &Composer{shell: shell, sections: sections, now: time.Now, cache: make(map[cacheKey]*static.File)}
}

// FileName is where a part with key lives in its build (as the build's prerender
// step writes it: packages/build-config/src/prerender.ts).
func FileName(key string) string {
	if key == "/" {
		return "prerender/index.html"
	}
	return "prerender/" + strings.ReplaceAll(strings.TrimPrefix(key, "/"), ":", "") + ".html"
}

// Page returns doc with the route's prerendered HTML inside its root element. When a
// part is missing (a build from before prerendering, a section not built), it returns
// doc unchanged: the browser then renders the page itself.
func (c *Composer) Page(doc *static.File, part Part) *static.File {
	shell, ok := c.lookup(c.shell, part.Shell)
	if !ok {
		return doc
	}
	var section *static.File
	if part.Section != "" {
		if section, ok = c.lookup(c.sections[part.Section].Files, part.Key); !ok {
			return doc
		}
	}
	key := cacheKey{doc, shell, section, c.now().UTC().Year()}
	c.mu.Lock()
	f, ok := c.cache[key]
	c.mu.Unlock()
	if ok {
		return f
	}
	body, ok := compose(doc.Body, shell.Body, part.Section, section)
	if !ok {
		return doc
	}
	body = withYear(body, key.year)
	if part.Section != "" {
		body = withStylesheets(body, c.stylesheets(part.Section))
	}
	f = htmlFile(doc, body)
	c.mu.Lock()
	// A page's older compositions are dropped: the cache holds one per route and document.
	for k := range c.cache {
		if k.doc == doc && k != key {
			delete(c.cache, k)
		}
	}
	c.cache[key] = f
	c.mu.Unlock()
	return f
}

// yearElement is the footer's year as the shell prerenders it (chrome/footer.tsx): the
// year of the build.
var yearElement = regexp.MustCompile(`<span data-current-year="">[0-9]{4}</span>`)

// withYear writes year into the page's year elements. A build renders the year it was
// made in; served in January, a page built in December would say last year's.
func withYear(body []byte, year int) []byte {
	return yearElement.ReplaceAllLiteral(body, []byte(`<span data-current-year="">`+strconv.Itoa(year)+`</span>`))
}

// stylesheets are the URLs of the CSS a section's routes load (its mf-manifest.json's
// exposes[].assets.css), at the URL the section is served under.
func (c *Composer) stylesheets(name string) []string {
	s := c.sections[name]
	if s.Files == nil {
		return nil
	}
	f, ok := s.Files.Lookup("mf-manifest.json")
	if !ok {
		return nil
	}
	var manifest struct {
		Exposes []struct {
			Assets struct {
				CSS struct {
					Sync  []string `json:"sync"`
					Async []string `json:"async"`
				} `json:"css"`
			} `json:"assets"`
		} `json:"exposes"`
	}
	if json.Unmarshal(f.Body, &manifest) != nil {
		return nil
	}
	var urls []string
	seen := map[string]bool{}
	for _, e := range manifest.Exposes {
		for _, css := range append(e.Assets.CSS.Sync, e.Assets.CSS.Async...) {
			if !seen[css] && !strings.Contains(css, "..") && !strings.HasPrefix(css, "/") {
				seen[css] = true
				urls = append(urls, s.URL+css)
			}
		}
	}
	return urls
}

// withStylesheets links the sheets at the end of the document's head, after the
// shell's own, so the section's page is styled at its first paint.
func withStylesheets(doc []byte, urls []string) []byte {
	at := bytes.Index(doc, []byte("</head>"))
	if at < 0 || len(urls) == 0 {
		return doc
	}
	var links strings.Builder
	for _, u := range urls {
		links.WriteString(`<link rel="stylesheet" href="` + html.EscapeString(u) + `">` + "\n")
	}
	out := make([]byte, 0, len(doc)+links.Len())
	out = append(out, doc[:at]...)
	out = append(out, links.String()...)
	return append(out, doc[at:]...)
}

func (c *Composer) lookup(b Build, key string) (*static.File, bool) {
	if b == nil || key == "" {
		return nil, false
	}
	return b.Lookup(FileName(key))
}

// compose puts section's HTML in place of the shell's slot for it, and the result into
// the document's root element.
func compose(doc, shell []byte, name string, section *static.File) ([]byte, bool) {
	root := shell
	if name != "" {
		slot := []byte(`<template data-section="` + name + `"></template>`)
		if bytes.Count(shell, slot) != 1 {
			return nil, false
		}
		root = bytes.Replace(shell, slot, section.Body, 1)
	}
	at := bytes.Index(doc, []byte(rootElement))
	if at < 0 {
		return nil, false
	}
	open := len(`<div id="root">`)
	var b bytes.Buffer
	b.Grow(len(doc) + len(root))
	b.Write(doc[:at+open])
	b.Write(root)
	b.Write(doc[at+open:])
	return b.Bytes(), true
}

// htmlFile is the composed page with doc's name and caching, and a gzip variant.
func htmlFile(doc *static.File, body []byte) *static.File {
	return static.NewGzipFile(doc.Name, body, doc.CacheControl)
}
