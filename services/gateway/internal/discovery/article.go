package discovery

import (
	"bytes"
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
)

// fullText is the HTML a feed carries for the page at path (a post's or an edition's):
// its section's prerendered page (compose.FileName(path) in build), cut to the
// article's own text (ArticleHTML), with every link absolute against pageURL. ok is
// false when the build is missing, has no such page, or the page marks no text: the
// feed then carries the excerpt.
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

// BodyAttr marks, in a prerendered page, the element that holds the article's own text:
// the HTML the content build rendered from its Markdown, which the blog's article page
// and an edition's page show as it is (docs/decisions/0056-feed-entries-carry-the-text.md).
// Everything around it (the way back, the title, date, tags, the tables of contents,
// the links to the next article) is the page's, not the article's.
const BodyAttr = "data-article-body"

// ArticleHTML is the content of the element of a prerendered page that BodyAttr marks,
// without the '#' links the content build adds to each heading (class
// "heading-anchor": the page's way to link a section, a bare "#" in a reader), made fit
// for a feed: every href, src, srcset and cite resolved against base, then what a feed
// reader shows passed through feedPolicy, an allow-list of what articles contain
// (decision 0052): no script, style, form, frame or SVG, no event handler, no URL but
// http(s) and mailto. ok is false when the page marks no text or nothing but white
// space is left.
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
	body := findFunc(root, func(n *html.Node) bool { return hasAttr(n, BodyAttr) })
	if body == nil {
		return "", false
	}
	for _, a := range findAll(body, func(n *html.Node) bool {
		return n.DataAtom == atom.A && slices.Contains(strings.Fields(attr(n, "class")), "heading-anchor")
	}) {
		a.Parent.RemoveChild(a)
	}
	resolveURLs(body, base)
	var b strings.Builder
	for c := body.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return "", false
		}
	}
	out := strings.TrimSpace(feedPolicy.Sanitize(b.String()))
	return out, out != ""
}

// findFunc is the first element below n (depth first) for which match is true.
func findFunc(n *html.Node, match func(*html.Node) bool) *html.Node {
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			return d
		}
	}
	return nil
}

// findAll is every element below n for which match is true, in document order.
func findAll(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			out = append(out, d)
		}
	}
	return out
}

// attr is the value of n's attribute key ("" when it has none).
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val
		}
	}
	return ""
}

// hasAttr reports whether n has the attribute key.
func hasAttr(n *html.Node, key string) bool {
	return slices.ContainsFunc(n.Attr, func(a html.Attribute) bool { return a.Namespace == "" && a.Key == key })
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
