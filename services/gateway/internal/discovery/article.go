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
// no <script>, <style>, <template>, <noscript>, <iframe>, <object> or <embed>, no
// comments (React's Suspense markers), no on* attributes; every href, src, srcset,
// poster, cite and action resolved against base, and dropped when not http(s), mailto
// or tel. ok is false when nothing but white space is left.
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
	clean(root, base)
	var b strings.Builder
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return "", false
		}
	}
	out := strings.TrimSpace(b.String())
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

// dropped are the elements a feed's content never carries.
var dropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Template: true, atom.Noscript: true,
	atom.Iframe: true, atom.Object: true, atom.Embed: true, atom.Link: true, atom.Meta: true, atom.Base: true,
}

// urlAttrs hold a URL (srcset a list of them).
var urlAttrs = map[string]bool{"href": true, "src": true, "poster": true, "cite": true, "action": true}

func clean(n *html.Node, base *url.URL) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch {
		case c.Type == html.CommentNode, c.Type == html.ElementNode && (dropped[c.DataAtom] || strings.EqualFold(c.Data, "script")):
			n.RemoveChild(c)
		case c.Type == html.ElementNode:
			c.Attr = cleanAttrs(c.Attr, base)
			clean(c, base)
		}
		c = next
	}
}

func cleanAttrs(attrs []html.Attribute, base *url.URL) []html.Attribute {
	out := attrs[:0]
	for _, a := range attrs {
		key := strings.ToLower(a.Key)
		switch {
		case a.Namespace == "" && strings.HasPrefix(key, "on"):
			continue
		case urlAttrs[key] || a.Namespace == "xlink" && key == "href":
			u, ok := absolute(a.Val, base)
			if !ok {
				continue
			}
			a.Val = u
		case key == "srcset":
			v, ok := absoluteSrcset(a.Val, base)
			if !ok {
				continue
			}
			a.Val = v
		}
		out = append(out, a)
	}
	return out
}

// absolute resolves ref against base; ok is false for a URL a feed must not carry
// (javascript:, data:, …) or one that does not parse.
func absolute(ref string, base *url.URL) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return "", false
	}
	u = base.ResolveReference(u)
	switch u.Scheme {
	case "http", "https", "mailto", "tel":
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
