package discovery

import (
	"bytes"
	"net/url"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
)

// fullText is the HTML a feed carries for the page at path (a post's or an edition's):
// its section's prerendered page (compose.FileName(path) in build), cut to its
// <article> element's content, with every link absolute against pageURL. ok is false
// when the build is missing, has no such page, or the page has no text: the feed then
// carries the excerpt.
func fullText(build compose.Build, path, pageURL string) (string, bool) {
	if build == nil {
		return "", false
	}
	f, ok := build.Lookup(compose.FileName(path))
	if !ok {
		return "", false
	}
	base, err := url.Parse(pageURL)
	if err != nil {
		return "", false
	}
	return ArticleHTML(f.Body, base)
}

// ArticleHTML is the content of the first <article> element of a prerendered page (a
// fragment of HTML; the whole fragment when it has no <article>), made fit for a feed:
// every href, src, srcset and cite resolved against base, then what a feed reader
// shows passed through feedPolicy, an allow-list of what articles contain (decision
// 0052): no script, style, form, frame or SVG, no event handler, no URL but http(s)
// and mailto. ok is false when nothing but white space is left.
func ArticleHTML(page []byte, base *url.URL) (string, bool) {
	context := &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body}
	nodes, err := html.ParseFragment(bytes.NewReader(page), context)
	if err != nil {
		return "", false
	}
	root := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	for _, n := range nodes {
		root.AppendChild(n)
	}
	if article := find(root, atom.Article); article != nil {
		root = article
	}
	resolveURLs(root, base)
	var b strings.Builder
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return "", false
		}
	}
	out := strings.TrimSpace(feedPolicy.Sanitize(b.String()))
	return out, out != ""
}

// find is the first element a (depth first) below n.
func find(n *html.Node, a atom.Atom) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == a {
			return c
		}
		if found := find(c, a); found != nil {
			return found
		}
	}
	return nil
}

// urlAttrs hold a URL (srcset a list of them).
var urlAttrs = map[string]bool{"href": true, "src": true, "cite": true}

// resolveURLs makes the URLs below n absolute against base, for a reader that shows
// the entry away from the site; one that does not resolve to http(s) or mailto is
// dropped (feedPolicy would drop it too). It sanitises nothing else.
func resolveURLs(n *html.Node, base *url.URL) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		attrs := c.Attr[:0]
		for _, a := range c.Attr {
			key := strings.ToLower(a.Key)
			ok := true
			switch {
			case urlAttrs[key]:
				a.Val, ok = absolute(a.Val, base)
			case key == "srcset":
				a.Val, ok = absoluteSrcset(a.Val, base)
			}
			if ok {
				attrs = append(attrs, a)
			}
		}
		c.Attr = attrs
		resolveURLs(c, base)
	}
}

// absolute resolves ref against base; ok is false for a URL of another scheme than
// http(s) or mailto, or one that does not parse.
func absolute(ref string, base *url.URL) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return "", false
	}
	u = base.ResolveReference(u)
	switch u.Scheme {
	case "http", "https", "mailto":
		return u.String(), true
	}
	return "", false
}

// absoluteSrcset resolves each URL of a srcset ("a.png 1x, b.png 2x").
func absoluteSrcset(v string, base *url.URL) (string, bool) {
	var parts []string
	for _, candidate := range strings.Split(v, ",") {
		fields := strings.Fields(candidate)
		if len(fields) == 0 {
			continue
		}
		u, ok := absolute(fields[0], base)
		if !ok {
			return "", false
		}
		parts = append(parts, strings.Join(append([]string{u}, fields[1:]...), " "))
	}
	return strings.Join(parts, ", "), len(parts) > 0
}
