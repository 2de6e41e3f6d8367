// Package discovery builds the files crawlers and feed readers use to find the site's
// pages: the feeds of the blog (RSS /rss.xml, Atom /atom.xml, JSON Feed /feed.json,
// an Atom feed per tag /blog/tags/<slug>/feed.xml), the editions' Atom feed
// (/newsletter/feed.xml), the sitemap (/sitemap.xml) and robots.txt. They come from
// content (routes, posts, editions, projects) and the sections' builds (the articles'
// and editions' prerendered pages, for the feeds' full text), and are built again
// whenever a section's release changes.
package discovery

import (
	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// Paths of the generated files.
const (
	RSSPath          = "/rss.xml"
	AtomPath         = "/atom.xml"
	JSONFeedPath     = "/feed.json"
	EditionsFeedPath = "/newsletter/feed.xml"
	// TagFeedRoute is the route of the tags' feeds (Tag.FeedPath), {slug} a TagSlug.
	TagFeedRoute = "/blog/tags/{slug}/feed.xml"
	SitemapPath  = "/sitemap.xml"
	RobotsPath   = "/robots.txt"
)

// Content types of the generated files.
const (
	RSSContentType      = "application/rss+xml; charset=utf-8"
	AtomContentType     = "application/atom+xml; charset=utf-8"
	JSONFeedContentType = "application/feed+json; charset=utf-8"
	SitemapContentType  = "application/xml; charset=utf-8"
	RobotsContentType   = "text/plain; charset=utf-8"
)

// Input is what the files are made of. PublicURL is absolute, without a trailing slash.
type Input struct {
	Site      content.Site
	Routes    []content.Route
	Posts     []content.Post // all posts; only published ones are listed
	Editions  []content.Edition
	Projects  []content.Project
	Legal     content.Legal // the legal pages' 'last updated' dates
	PublicURL string
	// Blog and Newsletter are the sections' builds as served now, where each published
	// post's and each edition's prerendered page is (compose.FileName of its URL); nil
	// when a section is not built. The feeds then carry the excerpts.
	Blog, Newsletter compose.Build
}

// Files are the generated files, ready to serve: no-cache with an ETag (a deploy
// changes them, a revalidation costs a 304), with a gzip variant.
type Files struct {
	RSS      *static.File
	Atom     *static.File
	JSONFeed *static.File
	Tags     map[string]*static.File // each tag's Atom feed, by slug (Tag)
	Editions *static.File            // the editions' Atom feed
	Sitemap  *static.File
	Robots   *static.File
}

// Build makes the files.
func Build(in Input) (*Files, error) {
	rss, err := RSS(in)
	if err != nil {
		return nil, err
	}
	sitemap, err := Sitemap(in)
	if err != nil {
		return nil, err
	}
	f := &Files{
		RSS:     file("rss.xml", rss, RSSContentType),
		Sitemap: file("sitemap.xml", sitemap, SitemapContentType),
		Robots:  file("robots.txt", Robots(in.PublicURL), RobotsContentType),
	}
	if err := f.feeds(in); err != nil {
		return nil, err
	}
	return f, nil
}

// FeedTitle is the title of the blog's feeds (RSS, Atom, JSON Feed), also the title of
// their autodiscovery links in the pages' heads.
func FeedTitle(site content.Site) string { return site.SiteName + " · Blog" }

func file(name string, body []byte, contentType string) *static.File {
	f := static.NewGzipFile(name, body, static.NoCache)
	f.ContentType = contentType
	return f
}
