package emailhtml

import (
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

const monospace = "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',monospace"

// Light colours are inline (the layout's dark-mode rules override them where a client
// honours prefers-color-scheme); text colour is inherited from the layout's body.
// Nothing may be wider than its box: code wraps (pre-wrap, and words break) instead
// of stretching the layout's table past a phone's width, as white-space:pre did.
const (
	headingStyle = "font-weight:700;overflow-wrap:anywhere;"
	listStyle    = "margin:0 0 16px;padding:0 0 0 24px;"
	cellStyle    = "padding:4px 8px;border:1px solid #e4e4e7;vertical-align:top;overflow-wrap:anywhere;"
)

// styles are each element's inline style.
var styles = map[atom.Atom]string{
	atom.P:  "margin:0 0 16px;",
	atom.H1: "margin:32px 0 12px;font-size:22px;line-height:1.3;" + headingStyle,
	atom.H2: "margin:32px 0 12px;font-size:19px;line-height:1.35;" + headingStyle,
	atom.H3: "margin:24px 0 8px;font-size:17px;line-height:1.4;" + headingStyle,
	atom.H4: "margin:20px 0 8px;font-size:16px;line-height:1.4;" + headingStyle,
	atom.H5: "margin:20px 0 8px;font-size:15px;line-height:1.4;" + headingStyle,
	atom.H6: "margin:20px 0 8px;font-size:14px;line-height:1.4;" + headingStyle,
	atom.Ul: listStyle,
	atom.Ol: listStyle,
	atom.Li: "margin:0 0 6px;",
	atom.Pre: "margin:0 0 16px;padding:12px 16px;border-radius:6px;background:#18181b;color:#fafafa;" +
		"font-size:13px;line-height:1.5;white-space:pre-wrap;word-break:break-word;overflow-wrap:anywhere;" +
		"max-width:100%;overflow-x:auto;",
	atom.Code: "font-family:" + monospace + ";font-size:0.9em;background:#f4f4f5;border-radius:4px;" +
		"padding:1px 4px;overflow-wrap:anywhere;",
	atom.Blockquote: "margin:0 0 16px;padding:0 0 0 16px;border-left:3px solid #d4d4d8;color:#52525b;",
	atom.A:          "color:#2563eb;text-decoration:underline;overflow-wrap:anywhere;",
	atom.Hr:         "margin:24px 0;border:0;border-top:1px solid #e4e4e7;",
	atom.Img:        "max-width:100%;height:auto;border:0;",
	atom.Table:      "margin:0 0 16px;border-collapse:collapse;width:100%;",
	atom.Th:         cellStyle + "text-align:left;",
	atom.Td:         cellStyle,
}

// Where an element's parent changes its style.
const (
	codeInPre     = "font-family:" + monospace + ";font-size:inherit;color:inherit;background:transparent;padding:0;"
	paragraphInLi = "margin:0 0 8px;"
	listInLi      = "margin:6px 0 0;padding:0 0 0 20px;"
)

// style sets the inline style of every element below n.
func style(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		s, ok := styles[c.DataAtom]
		switch {
		case c.DataAtom == atom.Code && n.DataAtom == atom.Pre:
			s = codeInPre
		case c.DataAtom == atom.P && n.DataAtom == atom.Li:
			s = paragraphInLi
		case (c.DataAtom == atom.Ul || c.DataAtom == atom.Ol) && n.DataAtom == atom.Li:
			s = listInLi
		}
		if ok {
			c.Attr = append(c.Attr, html.Attribute{Key: "style", Val: s})
		}
		style(c)
	}
}
