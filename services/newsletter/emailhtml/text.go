package emailhtml

import (
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// Text returns the plain-text part of clean HTML (Clean's): a blank line between
// blocks; a heading as its text; a list item as "- item" ("1. item" in an ordered
// list, from its start), its further lines indented under it; a code block as its
// lines, as written; a quote's lines after "> "; a link as its text and, unless the
// text is the address, the address in brackets: "k9s (https://k9scli.io)".
func Text(clean string) (string, error) {
	root, err := parse(clean)
	if err != nil {
		return "", err
	}
	cleanNodes(root, nil)
	return strings.Join(blocks(root), "\n\n"), nil
}

// blocks are the text blocks of n's children: inline content between block elements
// makes a block of its own.
func blocks(n *html.Node) []string {
	var out []string
	var inline strings.Builder
	flush := func() {
		if s := collapse(inline.String()); s != "" {
			out = append(out, s)
		}
		inline.Reset()
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode || !isBlock(c.DataAtom) {
			inlineText(&inline, c)
			continue
		}
		flush()
		var b string
		switch c.DataAtom {
		case atom.Pre:
			b = strings.TrimRight(textContent(c), "\n")
		case atom.Ul, atom.Ol:
			b = list(c)
		case atom.Blockquote:
			b = prefixLines(strings.Join(blocks(c), "\n\n"), "> ", "> ")
		case atom.Hr:
			b = "---"
		case atom.Table:
			b = table(c)
		default: // p, headings, li's content
			b = strings.Join(blocks(c), "\n\n")
		}
		if strings.TrimSpace(b) != "" {
			out = append(out, b)
		}
	}
	flush()
	return out
}

// list is a list's items, one after the other: "- item" or "<n>. item", an item's
// further lines (its paragraphs, a nested list) indented to its text.
func list(n *html.Node) string {
	next := 1
	if s, err := strconv.Atoi(attr(n, "start")); err == nil {
		next = s
	}
	var items []string
	for li := n.FirstChild; li != nil; li = li.NextSibling {
		if li.Type != html.ElementNode || li.DataAtom != atom.Li {
			continue
		}
		marker := "- "
		if n.DataAtom == atom.Ol {
			marker = strconv.Itoa(next) + ". "
			next++
		}
		text := strings.Join(blocks(li), "\n")
		items = append(items, prefixLines(text, marker, strings.Repeat(" ", len(marker))))
	}
	return strings.Join(items, "\n")
}

// table is a table's rows, one per line, the cells separated by " | ".
func table(n *html.Node) string {
	var rows []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			if c.DataAtom != atom.Tr {
				walk(c)
				continue
			}
			var cells []string
			for cell := c.FirstChild; cell != nil; cell = cell.NextSibling {
				if cell.Type == html.ElementNode {
					cells = append(cells, strings.ReplaceAll(strings.Join(blocks(cell), " "), "\n", " "))
				}
			}
			rows = append(rows, strings.Join(cells, " | "))
		}
	}
	walk(n)
	return strings.Join(rows, "\n")
}

// inlineText writes the text of inline content n: a line break for <br>, a link's
// address after its text, an image's alt text.
func inlineText(b *strings.Builder, n *html.Node) {
	switch {
	case n.Type == html.TextNode:
		// A line break in the source is a space; only <br> breaks a line.
		b.WriteString(strings.Map(func(r rune) rune {
			if r == '\n' || r == '\r' || r == '\t' || r == '\f' {
				return ' '
			}
			return r
		}, n.Data))
	case n.Type != html.ElementNode:
	case n.DataAtom == atom.Br:
		b.WriteString("\n")
	case n.DataAtom == atom.Img:
		b.WriteString(attr(n, "alt"))
	case n.DataAtom == atom.A:
		var text strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			inlineText(&text, c)
		}
		b.WriteString(text.String())
		href := attr(n, "href")
		label := strings.TrimSpace(text.String())
		if href != label && strings.TrimPrefix(href, "mailto:") != label {
			b.WriteString(" (" + href + ")")
		}
	default:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			inlineText(b, c)
		}
	}
}

// collapse is inline text as it reads: every run of white space one space, but line
// breaks (<br>), and no space at a line's ends.
func collapse(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Trim(strings.Join(lines, "\n"), "\n")
}

// prefixLines puts first before text's first line and rest before each other one
// (an empty line stays empty).
func prefixLines(text, first, rest string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		switch {
		case i == 0:
			lines[i] = first + l
		case l != "":
			lines[i] = rest + l
		}
	}
	return strings.Join(lines, "\n")
}

func isBlock(a atom.Atom) bool {
	switch a {
	case atom.P, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Ul, atom.Ol, atom.Li,
		atom.Pre, atom.Blockquote, atom.Hr, atom.Table, atom.Div:
		return true
	}
	return false
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
