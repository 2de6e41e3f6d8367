package pages

import (
	"bytes"
	"embed"
	"errors"
	htmltemplate "html/template"
	"slices"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/portfolio-site/portfolio/content"
)

//go:embed notices/*.html.tmpl
var templateFiles embed.FS

// templates are what the gateway renders itself for a browser that runs none of the
// site's JavaScript: notices, and the newsletter's form for /newsletter's <noscript>.
var templates = htmltemplate.Must(htmltemplate.ParseFS(templateFiles, "notices/*.html.tmpl"))

// chrome is what the site's header and footer around them show ("chrome-top" and
// "chrome-bottom"); Year is the year (UTC) the page is rendered in, as on the site's
// other pages (package compose).
type chrome struct {
	SiteName, Owner string
	Year            int
}

// Notice is a page the gateway renders itself, for a browser that runs none of the
// site's JavaScript: what opening a link from an email did, or what became of a form
// posted without JavaScript. It looks like the site (the shell's stylesheet and theme
// script) but the single-page app does not start over it.
type Notice struct {
	Kicker     string   // a short line above the title, e.g. "DevOps Digest"; optional
	Title      string   // the heading, and the page's <title>
	Paragraphs []string // text under the heading
	Action     *Action  // a button, if the page asks for one
	Links      []Link   // where to go next
}

// Action is a button that POSTs to URL.
type Action struct {
	URL   string
	Label string
}

// Link is a link of a notice.
type Link struct {
	URL   string
	Label string
}

// Notices renders notices into the shell's index.html: its stylesheet and inline theme
// script (the CSP already allows its hash) stay, its deferred and module scripts go,
// so the page shows the notice and nothing replaces it.
type Notices struct {
	before, after string // the document around the content of #root
	site          content.Site
	now           func() time.Time
}

// chrome is the header's and footer's data now.
func (n *Notices) chrome() chrome {
	return chrome{SiteName: n.site.SiteName, Owner: n.site.Owner.Name, Year: n.now().UTC().Year()}
}

// NewNotices prepares notices for the shell's index.html. Without one (the shell not
// built), notices are plain HTML without the site's styles, which still works.
func NewNotices(indexHTML []byte, site content.Site) (*Notices, error) {
	n := &Notices{site: site, now: time.Now}
	if indexHTML == nil {
		n.before = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" +
			"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" + noticeHeadMarker +
			"</head>\n<body>\n<div id=\"root\">"
		n.after = "</div>\n</body>\n</html>\n"
		return n, nil
	}
	before, after, err := cutRoot(indexHTML)
	if err != nil {
		return nil, err
	}
	n.before, n.after = before, after
	return n, nil
}

// noticeHeadMarker is where a notice's own head tags go.
const noticeHeadMarker = "\x00head\x00"

// Render returns the page of nt.
func (n *Notices) Render(nt Notice) []byte {
	var body bytes.Buffer
	data := struct {
		Notice
		chrome
	}{nt, n.chrome()}
	if err := templates.ExecuteTemplate(&body, "notice", data); err != nil {
		// Only a broken template gets here; the page must still say something.
		body.Reset()
		body.WriteString("<h1>" + html.EscapeString(nt.Title) + "</h1>")
	}
	return n.page(nt.Title, body.Bytes())
}

// page puts body into the shell's document, with title as its <title>, not indexed.
func (n *Notices) page(title string, body []byte) []byte {
	e := html.EscapeString
	head := "<title>" + e(title) + " · " + e(n.site.SiteName) + "</title>\n" +
		"<meta name=\"robots\" content=\"noindex\">\n"
	var out bytes.Buffer
	out.WriteString(strings.Replace(n.before, noticeHeadMarker, head, 1))
	out.Write(body)
	out.WriteString(n.after)
	return out.Bytes()
}

// cutRoot copies index.html token by token (raw bytes, so the rest stays as the build
// wrote it) without the tags a notice replaces or must not run, and cuts it inside
// <div id="root">, whose children are dropped.
func cutRoot(src []byte) (before, after string, err error) {
	var out strings.Builder
	var (
		cut       bool
		headDone  bool
		skipUntil string // an element being dropped, up to its end tag
		rootDepth int    // > 0 while inside #root
	)
	z := html.NewTokenizer(bytes.NewReader(src))
	for tt, raw := range tokens(z, &err) {
		if skipUntil != "" {
			if name, _ := z.TagName(); tt == html.EndTagToken && string(name) == skipUntil {
				skipUntil = ""
			}
			continue
		}
		if rootDepth > 0 {
			switch name, _ := z.TagName(); {
			case tt == html.StartTagToken && !voidElements[string(name)]:
				rootDepth++
			case tt == html.EndTagToken:
				rootDepth--
			}
			if rootDepth > 0 {
				continue
			}
			before = out.String()
			out.Reset()
			cut = true
		}
		switch tt {
		case html.StartTagToken, html.SelfClosingTagToken:
			name, attrs := tagOf(z)
			switch {
			case name == "title" || name == "noscript" || (name == "script" && runsCode(attrs)):
				// The notice has its own title; the shell's noscript says the site needs
				// JavaScript, which a notice does not; a script file would start the app.
				if tt == html.StartTagToken {
					skipUntil = name
				}
				continue
			case !headDone && managed(name, attrs), name == "link" && preloadsScript(attrs):
				continue
			case name == "body" && !headDone:
				out.WriteString(noticeHeadMarker)
				headDone = true
			case name == "div" && attr(attrs, "id") == "root" && tt == html.StartTagToken && !cut:
				out.WriteString(raw)
				rootDepth = 1
				continue
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); string(name) == "head" && !headDone {
				out.WriteString(noticeHeadMarker)
				headDone = true
			}
		}
		out.WriteString(raw)
	}
	if err != nil {
		return "", "", err
	}
	if !cut {
		return "", "", errors.New(`pages: index.html has no <div id="root"></div>`)
	}
	return before, out.String(), nil
}

// voidElements have no end tag.
var voidElements = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

// runsCode reports whether a <script> loads or is a module, or is the inline script
// that loads the entry (data-entry, docs/decisions/0067): what would start the app.
// Other inline classic scripts (the theme script) stay.
func runsCode(attrs []html.Attribute) bool {
	typ := strings.ToLower(strings.TrimSpace(attr(attrs, "type")))
	entry := slices.ContainsFunc(attrs, func(a html.Attribute) bool { return a.Key == "data-entry" })
	return entry || attr(attrs, "src") != "" || typ == "module" || typ == "importmap"
}

// preloadsScript reports whether a <link> fetches a script ahead of time.
func preloadsScript(attrs []html.Attribute) bool {
	rel := strings.Fields(strings.ToLower(attr(attrs, "rel")))
	for _, r := range rel {
		if r == "modulepreload" || (r == "preload" && strings.EqualFold(attr(attrs, "as"), "script")) {
			return true
		}
	}
	return false
}
