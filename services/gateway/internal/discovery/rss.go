package discovery

import (
	"encoding/xml"
	"fmt"
	"slices"
	"time"

	"github.com/portfolio-site/portfolio/content"
)

// RSS 2.0 (https://www.rssboard.org/rss-specification) with the Atom self link the
// RSS Advisory Board recommends, and dc:creator for the author (RSS's own <author>
// must be an email address).
type rssDoc struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	Atom    string     `xml:"xmlns:atom,attr"`
	DC      string     `xml:"xmlns:dc,attr"`
	Channel rssChannel `xml:"channel"`
}

type rssChannel struct {
	Title         string    `xml:"title"`
	Link          string    `xml:"link"`
	Description   string    `xml:"description"`
	Language      string    `xml:"language"`
	LastBuildDate string    `xml:"lastBuildDate,omitempty"`
	Self          atomLink  `xml:"atom:link"`
	Items         []rssItem `xml:"item"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

type rssItem struct {
	Title       string   `xml:"title"`
	Link        string   `xml:"link"`
	GUID        rssGUID  `xml:"guid"`
	PubDate     string   `xml:"pubDate"`
	Creator     string   `xml:"dc:creator,omitempty"`
	Description string   `xml:"description"`
	Categories  []string `xml:"category"`
}

type rssGUID struct {
	IsPermaLink bool   `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

// RSS is the feed of the published posts, newest first: absolute links from the public
// URL, dates in RFC 1123 with a numeric zone (RFC1123Z), the excerpt as description,
// the category and tags as categories. lastBuildDate is the newest post's date, so the
// feed changes only when the posts do.
func RSS(in Input) ([]byte, error) {
	published := content.PublishedPosts(in.Posts) // LoadPosts sorts newest first
	doc := rssDoc{
		Version: "2.0",
		Atom:    "http://www.w3.org/2005/Atom",
		DC:      "http://purl.org/dc/elements/1.1/",
		Channel: rssChannel{
			Title:       FeedTitle(in.Site),
			Link:        in.PublicURL + "/blog",
			Description: blogDescription(in),
			Language:    "en",
			Self:        atomLink{Href: in.PublicURL + RSSPath, Rel: "self", Type: "application/rss+xml"},
		},
	}
	if len(published) > 0 {
		doc.Channel.LastBuildDate = rssDate(published[0].Date)
	}
	for _, p := range published {
		link := in.PublicURL + p.URL()
		doc.Channel.Items = append(doc.Channel.Items, rssItem{
			Title:       p.Title,
			Link:        link,
			GUID:        rssGUID{IsPermaLink: true, Value: link},
			PubDate:     rssDate(p.Date),
			Creator:     in.Site.Owner.Name,
			Description: p.Excerpt,
			Categories:  categories(p),
		})
	}
	body, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("discovery: rss: %w", err)
	}
	return append([]byte(xml.Header), append(body, '\n')...), nil
}

// categories are the post's category then its tags, each once ("Security" is often both).
func categories(p content.Post) []string {
	out := []string{string(p.Category)}
	for _, tag := range p.Tags {
		if !slices.Contains(out, tag) {
			out = append(out, tag)
		}
	}
	return out
}

// rssDate formats a date as RSS wants it: "Fri, 15 Dec 2023 00:00:00 +0000".
func rssDate(t time.Time) string { return t.UTC().Format(time.RFC1123Z) }

// blogDescription is the /blog route's description, else the site's.
func blogDescription(in Input) string {
	for _, r := range in.Routes {
		if r.Path == "/blog" {
			return r.Description
		}
	}
	return in.Site.Description
}
