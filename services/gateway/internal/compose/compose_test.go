package compose

import (
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// files is a front-end build in memory: each file stays the same *static.File until it
// changes, as a real build's do.
type files map[string]*static.File

func (f files) Lookup(name string) (*static.File, bool) {
	file, ok := f[name]
	return file, ok
}

func file(body string) *static.File {
	return static.NewFile("index.html", []byte(body), static.NoCache)
}

func TestPageShowsTheYearItIsServedIn(t *testing.T) {
	footer := `<footer><p>© <span data-current-year="">2025</span> Jane. All rights reserved.</p></footer>`
	shell := files{
		"prerender/contact.html":        file(`<main><h1>Contact</h1></main>` + footer),
		"prerender/blog.html":           file(`<main><template data-section="blog"></template></main>` + footer),
		"prerender/search.html":         file(`<main><h1>Search</h1></main>`), // no footer: nothing to write
		"prerender/two-years.html":      file(footer + footer),
		"prerender/not-the-marker.html": file(`<p>© <span data-current-year="x">2025</span></p><span data-current-year="">twenty</span>`),
	}
	blog := files{"prerender/blog.html": file(`<h1>Blog</h1>`)}
	doc := file(`<html><body><div id="root"></div></body></html>`)

	now := time.Date(2026, time.December, 31, 23, 59, 0, 0, time.UTC)
	c := New(shell, map[string]Section{"blog": {Files: blog, URL: "/mf/blog/"}})
	c.now = func() time.Time { return now }

	for _, tt := range []struct {
		name string
		part Part
		want []string // in the page, in this order
		not  []string
	}{
		{"the shell's page", Part{Shell: "/contact"}, []string{"<h1>Contact</h1>", `© <span data-current-year="">2026</span> Jane.`}, []string{"2025"}},
		{"a section's page", Part{Shell: "/blog", Section: "blog", Key: "/blog"}, []string{"<h1>Blog</h1>", `<span data-current-year="">2026</span>`}, []string{"2025"}},
		{"no footer", Part{Shell: "/search"}, []string{"<h1>Search</h1>"}, []string{"data-current-year"}},
		{"every year element", Part{Shell: "/two-years"}, []string{`"">2026</span>`, `"">2026</span>`}, []string{"2025"}},
		{"only the marker as the shell renders it", Part{Shell: "/not-the-marker"}, []string{`<span data-current-year="x">2025</span>`, `<span data-current-year="">twenty</span>`}, []string{"2026"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			page := string(c.Page(doc, tt.part).Body)
			rest := page
			for _, w := range tt.want {
				at := strings.Index(rest, w)
				if at < 0 {
					t.Fatalf("page lacks %q (in order):\n%s", w, page)
				}
				rest = rest[at+len(w):]
			}
			for _, n := range tt.not {
				if strings.Contains(page, n) {
					t.Errorf("page has %q:\n%s", n, page)
				}
			}
		})
	}

	// The same page the same year is the same file (cached); New Year makes a new one,
	// whose ETag differs, so a browser's copy from last year is not revalidated as fresh.
	part := Part{Shell: "/contact"}
	first := c.Page(doc, part)
	if again := c.Page(doc, part); again != first {
		t.Error("the same page in the same year was composed again")
	}
	now = now.Add(time.Minute) // 2027-01-01 00:00 UTC
	next := c.Page(doc, part)
	if !strings.Contains(string(next.Body), `<span data-current-year="">2027</span>`) {
		t.Errorf("on New Year the page says:\n%s", next.Body)
	}
	if next.ETag == first.ETag {
		t.Errorf("the ETag stayed %s across New Year", next.ETag)
	}
}
