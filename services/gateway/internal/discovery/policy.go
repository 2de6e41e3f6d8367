package discovery

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

// feedPolicy is what the HTML of a feed's entry may hold (docs/decisions/
// 0052-feed-sanitiser-allow-list.md): what the articles are written with, and nothing
// else. A feed is shown by readers the site does not control, some of them web pages
// on other origins, so an element, attribute or URL scheme not listed here is dropped
// (the text in an element dropped is kept, but for script, style, SVG, MathML,
// template and the frames, whose content is no text of the article). Built once; a
// Policy is safe for concurrent use once built.
var feedPolicy = newFeedPolicy()

// Attribute values feedPolicy lets through.
var (
	// anchorID: a heading's id, as the blog's build makes them ("section-1-rbac-least-privilege").
	anchorID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)
	// highlightClass: the classes Shiki gives a code block and its lines ("shiki
	// shiki-themes github-light-default", "line"), and a language-* class.
	highlightClass = regexp.MustCompile(`^(?:(?:shiki|shiki-themes|line|highlighted|github-(?:light|dark)(?:-default)?|language-[A-Za-z0-9+#-]+)(?: |$))+$`)
	// shikiColour: the value of a Shiki colour variable (--shiki-light: #1f2328).
	shikiColour = regexp.MustCompile(`^#[0-9a-f]{3,8}$`)
	// pixels: an image's width or height.
	pixels = regexp.MustCompile(`^[0-9]{1,5}$`)
	// srcset: absolute http(s) image candidates (resolveURLs made them so).
	srcset = regexp.MustCompile(`^https?://[^\s,]+(?:\s+[0-9.]+[wx])?(?:,\s*https?://[^\s,]+(?:\s+[0-9.]+[wx])?)*$`)
	// dateTime: a <time>'s machine-readable date.
	dateTime = regexp.MustCompile(`^[0-9T:.+Z-]+$`)
	// number: a list's start, a table cell's span.
	number = regexp.MustCompile(`^[0-9]{1,4}$`)
)

func newFeedPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	// Text, sections and lists. Each is allowed with no attribute (bluemonday drops
	// some elements, <main> among them, left without one).
	bare := []string{"p", "br", "hr", "div", "main", "article", "section", "header", "footer", "nav", "aside",
		"figure", "figcaption", "blockquote", "strong", "b", "em", "i", "u", "s", "del", "ins", "sub", "sup",
		"small", "mark", "abbr", "cite", "q", "kbd", "samp", "var", "span", "details", "summary", "ul", "ol", "li",
		"dl", "dt", "dd", "time", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "code",
		"table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col"}
	p.AllowElements(bare...)
	p.AllowNoAttrs().OnElements(bare...)
	p.AllowAttrs("start").Matching(number).OnElements("ol")
	p.AllowAttrs("datetime").Matching(dateTime).OnElements("time")
	// Headings, with the ids the table of contents and the "#" links point to.
	p.AllowAttrs("id").Matching(anchorID).OnElements("h1", "h2", "h3", "h4", "h5", "h6")
	// Code blocks as Shiki highlights them: classes, and colours as CSS variables.
	p.AllowAttrs("class").Matching(highlightClass).OnElements("pre", "code", "span")
	p.AllowStyles("--shiki-light", "--shiki-dark", "--shiki-light-bg", "--shiki-dark-bg").
		Matching(shikiColour).OnElements("pre", "span")
	// Tables.
	p.AllowAttrs("colspan", "rowspan").Matching(number).OnElements("th", "td")
	p.AllowAttrs("scope").Matching(regexp.MustCompile(`^(?:row|col|rowgroup|colgroup)$`)).OnElements("th")
	// Links and images: http(s) and mailto URLs, and relative ones (resolveURLs leaves
	// none), parsed; blockquote's and q's cite too.
	p.RequireParseableURLs(true)
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowRelativeURLs(true)
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("cite").OnElements("blockquote", "q")
	p.AllowAttrs("src", "alt").OnElements("img")
	p.AllowAttrs("width", "height").Matching(pixels).OnElements("img")
	p.AllowAttrs("srcset").Matching(srcset).OnElements("img")
	p.SkipElementsContent("svg", "math", "template")
	return p
}
