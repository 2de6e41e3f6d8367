package pages_test

import (
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

var noscriptRoutes = []content.Route{
	{Path: "/", Section: content.SectionShell, Title: "Home", Description: "Home description"},
	{Path: "/blog", Section: content.SectionBlog, Title: "Blog", Description: "Blog description"},
	{Path: "/newsletter", Section: content.SectionNewsletter, Title: "DevOps Digest Newsletter", Description: "Newsletter"},
}

func newsletterCopy(t *testing.T) content.NewsletterPage {
	t.Helper()
	c, err := content.LoadNewsletterPage(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// pageOf builds the pages of noscriptRoutes from index with the newsletter's form on
// /newsletter, and returns the page of route.
func pageOf(t *testing.T, index, route string, c content.NewsletterPage) string {
	t.Helper()
	set, err := pages.New([]byte(index), noticeSite, noscriptRoutes, nil, "https://example.com", pages.WithNewsletterForm("/newsletter", c))
	if err != nil {
		t.Fatal(err)
	}
	p, ok := set.Route(route)
	if !ok {
		t.Fatalf("no page for %s", route)
	}
	return string(p.File("https://example.com" + route).Body)
}

// parseWithoutScripting parses a page as a browser without JavaScript does: the
// content of <noscript> is markup, not text.
func parseWithoutScripting(t *testing.T, page string) *html.Node {
	t.Helper()
	doc, err := html.ParseWithOptions(strings.NewReader(page), html.ParseOptionEnableScripting(false))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestNoscriptFormOnlyOnNewsletter(t *testing.T) {
	c := newsletterCopy(t)
	for _, tt := range []struct {
		name, index, route string
		form               bool
	}{
		{"newsletter, production build", builtIndex, "/newsletter", true},
		{"newsletter, test build", webtest.IndexHTML, "/newsletter", true},
		{"home", builtIndex, "/", false},
		{"blog", builtIndex, "/blog", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			page := pageOf(t, tt.index, tt.route, c)
			doc := parseWithoutScripting(t, page)
			forms := findAll(doc, func(n *html.Node) bool { return n.Data == "form" })
			if !tt.form {
				if len(forms) != 0 || strings.Contains(page, "form-name") {
					t.Errorf("%s has a form:\n%s", tt.route, page)
				}
				if tt.index == builtIndex && !strings.Contains(page, "needs JavaScript") {
					t.Errorf("%s lost the shell's <noscript>:\n%s", tt.route, page)
				}
				return
			}
			if strings.Contains(page, "needs JavaScript") || strings.Count(page, "<noscript>") != 1 {
				t.Errorf("the shell's <noscript> is still there:\n%s", page)
			}
			root := findAll(doc, func(n *html.Node) bool { return attrOf(n, "id") == "root" })
			if len(root) != 1 {
				t.Fatalf("want one #root, got %d:\n%s", len(root), page)
			}
			noscript := nextElement(root[0])
			if noscript == nil || noscript.Data != "noscript" {
				t.Fatalf("no <noscript> right after #root:\n%s", page)
			}
			if len(forms) != 1 || !contains(noscript, forms[0]) {
				t.Fatalf("want one form, inside the <noscript>, got %d:\n%s", len(forms), page)
			}
			checkNewsletterForm(t, doc, forms[0], c)
			if h1 := findAll(noscript, func(n *html.Node) bool { return n.Data == "h1" }); len(h1) != 1 || textOf(h1[0]) != c.Form.Heading {
				t.Errorf("want the heading %q", c.Form.Heading)
			}
			if !strings.Contains(textOf(noscript), c.Intro) {
				t.Errorf("the <noscript> lacks the sentence %q", c.Intro)
			}
			checkTemplateKeptIn(t, tt.index, page)
		})
	}
}

// checkNewsletterForm checks the form is the one the gateway accepts without
// JavaScript, labelled from c.
func checkNewsletterForm(t *testing.T, doc, form *html.Node, c content.NewsletterPage) {
	t.Helper()
	if m, a := attrOf(form, "method"), attrOf(form, "action"); m != "post" || a != "/" {
		t.Errorf("form method=%q action=%q, want post /", m, a)
	}
	inputs := map[string]*html.Node{}
	for _, in := range findAll(form, func(n *html.Node) bool { return n.Data == "input" }) {
		inputs[attrOf(in, "name")] = in
	}
	if len(inputs) != 4 {
		t.Errorf("want the inputs form-name, name, email and bot-field, got %v", keys(inputs))
	}
	for _, tt := range []struct {
		field, attr, want string
	}{
		{"form-name", "type", "hidden"},
		{"form-name", "value", "newsletter"},
		{"name", "type", "text"},
		{"name", "autocomplete", "name"},
		{"email", "type", "email"},
		{"email", "autocomplete", "email"},
		{"bot-field", "type", "text"},
		{"bot-field", "tabindex", "-1"},
		{"bot-field", "autocomplete", "off"},
	} {
		if got := attrOf(inputs[tt.field], tt.attr); got != tt.want {
			t.Errorf("%s: %s=%q, want %q", tt.field, tt.attr, got, tt.want)
		}
	}
	if !hasAttr(inputs["email"], "required") || hasAttr(inputs["name"], "required") {
		t.Error("the email must be required, the name not")
	}
	for field, want := range map[string]string{
		"name":  c.Form.Fields.Name.Label + " " + c.Form.OptionalLabel, // Name (optional)
		"email": c.Form.Fields.Email.Label,
	} {
		if got := labelOf(doc, inputs[field]); got != want {
			t.Errorf("%s is labelled %q, want %q", field, got, want)
		}
	}
	if p := inputs["bot-field"].Parent; p == nil || attrOf(p, "aria-hidden") != "true" || !strings.Contains(attrOf(p, "class"), "sr-only") {
		t.Error("the honeypot is not in an aria-hidden, sr-only wrapper")
	}
	buttons := findAll(form, func(n *html.Node) bool { return n.Data == "button" })
	if len(buttons) != 1 || attrOf(buttons[0], "type") != "submit" || textOf(buttons[0]) != "Subscribe to DevOps Digest" {
		t.Error("want one submit button 'Subscribe to DevOps Digest'")
	}
}

// checkTemplateKeptIn: apart from the <noscript>, the page is index.html as built: the
// app still has its root element and its scripts.
func checkTemplateKeptIn(t *testing.T, index, page string) {
	t.Helper()
	for _, keep := range []string{`<div id="root"`, `<script defer src="/static/js/index.`, `</body>`} {
		if strings.Count(page, keep) != strings.Count(index, keep) {
			t.Errorf("%q occurs %d times, want %d as in index.html", keep, strings.Count(page, keep), strings.Count(index, keep))
		}
	}
}

func TestNoscriptFormEscapesContent(t *testing.T) {
	c := newsletterCopy(t)
	c.Intro = `Tips & tricks <script>alert(1)</script>`
	c.Form.Heading = `Subscribe <b>now</b>`
	c.Form.Fields.Email.Label = `E-mail "address"`
	c.Form.Fields.Email.Placeholder = `"><script>alert(2)</script>`
	c.Form.SubmitLabel = `Go </button><a href="https://evil.example">`
	page := pageOf(t, builtIndex, "/newsletter", c)
	for _, bad := range []string{"<script>alert", "<b>now", `"><script>`, `<a href="https://evil.example">`} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains %q unescaped:\n%s", bad, page)
		}
	}
	for _, want := range []string{
		"Tips &amp; tricks &lt;script&gt;alert(1)&lt;/script&gt;",
		"Subscribe &lt;b&gt;now&lt;/b&gt;",
		"E-mail &#34;address&#34;",
		`placeholder="&#34;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"`,
		"Go &lt;/button&gt;&lt;a href=&#34;https://evil.example&#34;&gt;",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
}

func TestNoscriptFormErrors(t *testing.T) {
	c := newsletterCopy(t)
	for _, tt := range []struct {
		name, index, path string
	}{
		{"no such route", builtIndex, "/subscribe"},
		{"no root element", "<!doctype html><html><head></head><body><main></main></body></html>", "/newsletter"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := pages.New([]byte(tt.index), noticeSite, noscriptRoutes, nil, "https://example.com", pages.WithNewsletterForm(tt.path, c)); err == nil {
				t.Error("want an error")
			}
		})
	}
}

func findAll(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var found []*html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			found = append(found, d)
		}
	}
	return found
}

func contains(ancestor, n *html.Node) bool {
	for p := n.Parent; p != nil; p = p.Parent {
		if p == ancestor {
			return true
		}
	}
	return false
}

func nextElement(n *html.Node) *html.Node {
	for s := n.NextSibling; s != nil; s = s.NextSibling {
		if s.Type == html.ElementNode {
			return s
		}
	}
	return nil
}

func attrOf(n *html.Node, key string) string {
	if n == nil {
		return ""
	}
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

// textOf is n's text with white space folded.
func textOf(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// labelOf is the text of the <label for> of input.
func labelOf(doc, input *html.Node) string {
	id := attrOf(input, "id")
	for _, l := range findAll(doc, func(n *html.Node) bool { return n.Data == "label" }) {
		if id != "" && attrOf(l, "for") == id {
			return textOf(l)
		}
	}
	return ""
}

func keys(m map[string]*html.Node) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}
