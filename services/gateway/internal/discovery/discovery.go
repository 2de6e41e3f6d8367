// Package discovery builds the files crawlers and feed readers use to find the site's
// pages: the RSS feed of the blog (/rss.xml), the sitemap (/sitemap.xml) and
// robots.txt. All three come from content (routes, posts, projects) and are built once
// at start-up.
package discovery

import (
	"bytes"
	"compress/gzip"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// Paths of the generated files.
const (
	RSSPath     = "/rss.xml"
	SitemapPath = "/sitemap.xml"
	RobotsPath  = "/robots.txt"
)

// Content types of the generated files.
const (
	RSSContentType     = "application/rss+xml; charset=utf-8"
	SitemapContentType = "application/xml; charset=utf-8"
	RobotsContentType  = "text/plain; charset=utf-8"
)

// Input is what the files are made of. PublicURL is absolute, without a trailing slash.
type Input struct {
	Site      content.Site
	Routes    []content.Route
	Posts     []content.Post // all posts; only published ones are listed
	Projects  []content.Project
	Legal     content.Legal // the legal pages' 'last updated' dates
	PublicURL string
}

// Files are the generated files, ready to serve: no-cache with an ETag (a deploy
// changes them, a revalidation costs a 304), with a gzip variant.
type Files struct {
	RSS     *static.File
	Sitemap *static.File
	Robots  *static.File
}

// Build makes the three files.
func Build(in Input) (*Files, error) {
	rss, err := RSS(in)
	if err != nil {
		return nil, err
	}
	sitemap, err := Sitemap(in)
	if err != nil {
		return nil, err
	}
	return &Files{
		RSS:     file("rss.xml", rss, RSSContentType),
		Sitemap: file("sitemap.xml", sitemap, SitemapContentType),
		Robots:  file("robots.txt", Robots(in.PublicURL), RobotsContentType),
	}, nil
}

// FeedTitle is the RSS channel's title, also the title of the autodiscovery link
// every page has in its head.
func FeedTitle(site content.Site) string { return site.SiteName + " · Blog" }

func file(name string, body []byte, contentType string) *static.File {
	f := static.NewFile(name, body, static.NoCache)
	f.ContentType = contentType
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	_, _ = zw.Write(body)                                    // writes to a bytes.Buffer do not fail
	if zw.Close() == nil {
		f.AddVariant(static.Gzip, buf.Bytes()) // dropped when it is not smaller
	}
	return f
}
