package discovery

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/content"
)

// projectRoute is the route pattern of a project's page; the sitemap lists one URL per
// project in its place.
const projectRoute = "/projects/{id}"

type urlSet struct {
	XMLName xml.Name     `xml:"urlset"`
	Xmlns   string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// Sitemap lists every public page (https://www.sitemaps.org/protocol.html): each route
// of routes.json but the noindex ones, a page per project for /projects/{id}, and each
// published article. lastmod is given where content knows it: an article's date, the
// newest article's for the blog's list pages (a tag's page: its newest article's), the
// legal pages' 'last updated'.
func Sitemap(in Input) ([]byte, error) {
	lastMod := lastModified(in)
	set := urlSet{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	add := func(path string) {
		set.URLs = append(set.URLs, sitemapURL{Loc: in.PublicURL + path, LastMod: lastMod[path]})
	}
	for _, r := range in.Routes {
		switch {
		case r.NoIndex:
		case r.Path == projectRoute:
			for _, p := range in.Projects {
				add(strings.Replace(projectRoute, "{id}", strconv.Itoa(p.ID), 1))
			}
		case strings.Contains(r.Path, "{"):
			// A pattern whose pages content does not enumerate: nothing to list.
		default:
			add(r.Path)
		}
	}
	for _, p := range content.PublishedPosts(in.Posts) {
		add(p.URL())
	}
	body, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("discovery: sitemap: %w", err)
	}
	return append([]byte(xml.Header), append(body, '\n')...), nil
}

// lastModified maps the paths whose last change content records to that date (W3C
// date, YYYY-MM-DD).
func lastModified(in Input) map[string]string {
	m := map[string]string{
		"/privacy-policy": in.Legal.Privacy.LastUpdated,
		"/terms-of-use":   in.Legal.Terms.LastUpdated,
	}
	published := content.PublishedPosts(in.Posts)
	for _, p := range published {
		m[p.URL()] = p.Date.Format(time.DateOnly)
	}
	if len(published) > 0 {
		newest := published[0].Date.Format(time.DateOnly)
		m["/blog"] = newest
		m["/blog/all-posts"] = newest
		m[content.TagsPath] = newest
	}
	for _, tag := range content.TagsOf(in.Posts) {
		m[tag.URL()] = tag.Posts[0].Date.Format(time.DateOnly) // newest first
	}
	return m
}
