// Package emailhtml presents an edition in an email. An edition's HTML is rendered
// once, by the content build, from its Markdown (content.Edition.HTML: the HTML its web
// page shows); this package makes the email's two parts of that same HTML
// (docs/decisions/0050-one-renderer-for-editions.md):
//
//   - Clean, when the email is queued: only the elements and attributes an email
//     carries, code as plain text (the site colours it with CSS an email does not
//     have), links made absolute.
//   - Styled, when it is sent: the clean HTML with inline styles that email clients
//     keep, and that never make it wider than a phone: code wraps inside its box.
//   - Text, when it is sent: the plain-text part: lists as "- item" or "1. item",
//     headings as their text, code as its lines.
package emailhtml

import (
	"fmt"
	"html/template"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// kept are the elements an email carries, with the attributes each keeps. Any other
// element is unwrapped (its content kept), but those in dropped.
var kept = map[atom.Atom][]string{
	atom.P: nil, atom.H1: nil, atom.H2: nil, atom.H3: nil, atom.H4: nil, atom.H5: nil, atom.H6: nil,
	atom.Ul: nil, atom.Ol: {"start"}, atom.Li: nil, atom.Pre: nil, atom.Code: nil, atom.Blockquote: nil,
	atom.Strong: nil, atom.B: nil, atom.Em: nil, atom.I: nil, atom.Del: nil, atom.S: nil,
	atom.Br: nil, atom.Hr: nil, atom.A: {"href", "title"}, atom.Img: {"src", "alt", "title"},
	atom.Table: nil, atom.Thead: nil, atom.Tbody: nil, atom.Tr: nil, atom.Th: nil, atom.Td: nil,
}

// dropped are the elements removed with their content.
var dropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Template: true, atom.Noscript: true, atom.Iframe: true,
	atom.Object: true, atom.Embed: true, atom.Svg: true, atom.Math: true, atom.Head: true, atom.Title: true,
	atom.Form: true, atom.Input: true, atom.Button: true, atom.Select: true, atom.Textarea: true,
}

// Clean returns fragment (an edition's HTML) as its email carries it: the elements of
// kept with their attributes, every other element unwrapped or (dropped) removed, no
// comments; a code block's text alone in <pre><code>; every href and src resolved
// against base (the edition's page) and kept only when http(s) or, for href, mailto
// (a link left without one is unwrapped, its text kept; an image without one is
// removed).
func Clean(fragment string, base *url.URL) (string, error) {
	root, err := parse(fragment)
	if err != nil {
		return "", err
	}
	cleanNodes(root, base)
	return render(root)
}

// Styled returns clean HTML (Clean's; cleaned again, so it only ever holds kept
// elements) with each element's inline style: what the HTML part of an edition's email
// shows. Email clients drop or ignore a <style> sheet often enough that every rule that
// matters is inline; the layout's dark-mode rules override colours only.
func Styled(clean string) (template.HTML, error) {
	root, err := parse(clean)
	if err != nil {
		return "", err
	}
	cleanNodes(root, nil)
	style(root)
	out, err := render(root)
	//nolint:gosec // G203: only kept elements and attributes, URLs checked, text escaped by render.
	return template.HTML(out), err
}

// parse reads an HTML fragment as the content of a <div>.
func parse(fragment string) (*html.Node, error) {
	root := &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div}
	nodes, err := html.ParseFragment(strings.NewReader(fragment), root)
	if err != nil {
		return nil, fmt.Errorf("emailhtml: %w", err)
	}
	for _, n := range nodes {
		root.AppendChild(n)
	}
	return root, nil
}

func render(root *html.Node) (string, error) {
	var b strings.Builder
	for c := root.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return "", fmt.Errorf("emailhtml: %w", err)
		}
	}
	return b.String(), nil
}

// cleanNodes cleans n's children (Clean); a nil base keeps only absolute URLs.
func cleanNodes(n *html.Node, base *url.URL) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		switch {
		case c.Type == html.TextNode:
		case c.Type != html.ElementNode, dropped[c.DataAtom], c.DataAtom == 0:
			n.RemoveChild(c) // comments, doctypes, unknown elements (<foo>, <svg:x>)
		case c.DataAtom == atom.Pre:
			code := &html.Node{Type: html.ElementNode, Data: "code", DataAtom: atom.Code}
			code.AppendChild(&html.Node{Type: html.TextNode, Data: textContent(c)})
			c.Attr = nil
			for c.FirstChild != nil {
				c.RemoveChild(c.FirstChild)
			}
			c.AppendChild(code)
		default:
			cleanNodes(c, base)
			attrs, ok := cleanAttrs(c, base)
			_, isKept := kept[c.DataAtom]
			switch {
			case !ok && c.DataAtom == atom.Img:
				n.RemoveChild(c)
			case !ok, !isKept:
				unwrap(n, c)
			default:
				c.Attr = attrs
			}
		}
		c = next
	}
}

// cleanAttrs are n's kept attributes; ok is false for a link or image whose URL an
// email must not carry (javascript:, data:, relative without a base, ...).
func cleanAttrs(n *html.Node, base *url.URL) ([]html.Attribute, bool) {
	var out []html.Attribute
	for _, a := range n.Attr {
		if a.Namespace != "" || !slices.Contains(kept[n.DataAtom], a.Key) {
			continue
		}
		switch a.Key {
		case "href", "src":
			u, ok := absolute(a.Val, base, a.Key == "href")
			if !ok {
				return nil, false
			}
			a.Val = u
		case "start":
			if _, err := strconv.Atoi(a.Val); err != nil {
				continue
			}
		}
		out = append(out, a)
	}
	needsURL := n.DataAtom == atom.A || n.DataAtom == atom.Img
	if needsURL && !slices.ContainsFunc(out, func(a html.Attribute) bool { return a.Key == "href" || a.Key == "src" }) {
		return nil, false
	}
	return out, true
}

// absolute resolves ref against base (nil: ref must be absolute already); ok is false
// unless the result is http(s), or mailto where mailto is allowed.
func absolute(ref string, base *url.URL, mailto bool) (string, bool) {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil {
		return "", false
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	switch {
	case (u.Scheme == "http" || u.Scheme == "https") && u.Host != "", mailto && u.Scheme == "mailto":
		return u.String(), true
	}
	return "", false
}

// unwrap replaces c, a child of n, by its children.
func unwrap(n, c *html.Node) {
	for c.FirstChild != nil {
		gc := c.FirstChild
		c.RemoveChild(gc)
		n.InsertBefore(gc, c)
	}
	n.RemoveChild(c)
}

// textContent is the text of n and its descendants, as written.
func textContent(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode:
				b.WriteString(c.Data)
			case c.Type == html.ElementNode && c.DataAtom == atom.Br:
				b.WriteString("\n")
			case c.Type == html.ElementNode:
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}
