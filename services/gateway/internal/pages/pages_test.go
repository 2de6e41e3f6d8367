package pages_test

import (
	"crypto/sha256"
	"encoding/base64"
	"slices"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

var site = content.Site{
	SiteName:    "DevOps Portfolio",
	Description: "Site description",
	Owner:       content.Owner{Headline: "DevOps Engineer & Cloud Infrastructure Specialist"},
}

var routes = []content.Route{
	{Path: "/", Section: content.SectionShell, Title: "Home", Description: "Home description"},
	{Path: "/skills", Section: content.SectionShell, Title: "Skills", Description: `Skills & "tools" <b>`},
	{Path: "/projects/{id}", Section: content.SectionShell, Title: "Project", Description: "A project"},
	{Path: "/admin/newsletter", Section: content.SectionAdmin, Title: "Newsletter Admin", Description: "Admin", NoIndex: true},
}

func hashOf(script string) string {
	sum := sha256.Sum256([]byte(script))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

func TestPageHeads(t *testing.T) {
	set, err := pages.New([]byte(webtest.IndexHTML), site, routes, nil, nil, nil, "https://example.com")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		route, url string
		want       []string
		notWant    []string
	}{
		{
			route: "/", url: "https://example.com/",
			want: []string{
				"<title>DevOps Portfolio · DevOps Engineer &amp; Cloud Infrastructure Specialist</title>",
				`<meta name="description" content="Home description">`,
				`<link rel="canonical" href="https://example.com/">`,
				`<meta property="og:url" content="https://example.com/">`,
				`<meta property="og:type" content="website">`,
				`<meta property="og:site_name" content="DevOps Portfolio">`,
				`<meta name="twitter:card" content="summary">`,
			},
			notWant: []string{"noindex"},
		},
		{
			route: "/skills", url: "https://example.com/skills",
			want: []string{
				"<title>Skills · DevOps Portfolio</title>",
				`<meta name="description" content="Skills &amp; &#34;tools&#34; &lt;b&gt;">`,
				`<meta property="og:description" content="Skills &amp; &#34;tools&#34; &lt;b&gt;">`,
				`<link rel="canonical" href="https://example.com/skills">`,
			},
		},
		{
			route: "/projects/{id}", url: "https://example.com/projects/42",
			want: []string{
				"<title>Project · DevOps Portfolio</title>",
				`<link rel="canonical" href="https://example.com/projects/42">`,
				`<meta property="og:url" content="https://example.com/projects/42">`,
			},
		},
		{
			route: "/projects/{id}", url: `https://example.com/projects/"><script>`,
			want:    []string{`<link rel="canonical" href="https://example.com/projects/&#34;&gt;&lt;script&gt;">`},
			notWant: []string{`"><script>`},
		},
		{
			route: "/admin/newsletter", url: "https://example.com/admin/newsletter",
			want: []string{`<meta name="robots" content="noindex">`, "<title>Newsletter Admin · DevOps Portfolio</title>"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			p, ok := set.Route(tt.route)
			if !ok {
				t.Fatalf("no page for %s", tt.route)
			}
			html := string(p.File(tt.url).Body)
			for _, w := range tt.want {
				if !strings.Contains(html, w) {
					t.Errorf("page lacks %s", w)
				}
			}
			for _, nw := range tt.notWant {
				if strings.Contains(html, nw) {
					t.Errorf("page contains %s", nw)
				}
			}
			checkTemplateKept(t, html)
		})
	}

	nf := string(set.NotFound().Body)
	for _, w := range []string{"<title>Page Not Found · DevOps Portfolio</title>", `<meta name="robots" content="noindex">`} {
		if !strings.Contains(nf, w) {
			t.Errorf("404 page lacks %s", w)
		}
	}
	if strings.Contains(nf, "canonical") || strings.Contains(nf, "og:url") {
		t.Error("404 page has a canonical URL")
	}
	checkTemplateKept(t, nf)
}

// checkTemplateKept: the template's own title and description are replaced, not
// duplicated, and the rest of index.html is untouched.
func checkTemplateKept(t *testing.T, html string) {
	t.Helper()
	for tag, want := range map[string]int{"<title>": 1, `<meta name="description"`: 1, "Shell placeholder": 0, "placeholder description": 0} {
		if got := strings.Count(html, tag); got != want {
			t.Errorf("%s occurs %d times, want %d", tag, got, want)
		}
	}
	for _, keep := range []string{"<script>" + webtest.ThemeScript + "</script>", `<script defer src="/static/js/index.3f9a1c2b.js"></script>`, `data-fixture="shell-index"`, `<meta name="viewport"`} {
		if !strings.Contains(html, keep) {
			t.Errorf("page lost %q", keep)
		}
	}
	if head, _, _ := strings.Cut(html, "</head>"); !strings.Contains(head, "<title>") {
		t.Error("title is not inside <head>")
	}
}

func TestStaticPagesAreBuiltOnce(t *testing.T) {
	set, err := pages.New([]byte(webtest.IndexHTML), site, routes, nil, nil, nil, "https://example.com")
	if err != nil {
		t.Fatal(err)
	}
	p, _ := set.Route("/skills")
	first, again := p.File("https://example.com/skills"), p.File("https://example.com/skills")
	if first != again {
		t.Error("a page without parameters is rebuilt per request")
	}
	if len(p.File("https://example.com/skills").Encodings()) == 0 {
		t.Error("page has no gzip variant")
	}
}

func TestScriptHashes(t *testing.T) {
	tests := []struct {
		name     string
		html     string
		want     []string
		warnings int
	}{
		{
			name: "fixture: the theme script only, not the JSON data block or external script",
			html: webtest.IndexHTML,
			want: []string{hashOf(webtest.ThemeScript)},
		},
		{
			name: "CRLF is hashed as LF, as browsers do",
			html: "<html><head><script>a();\r\nb();\r</script></head><body></body></html>",
			want: []string{hashOf("a();\nb();\n")},
		},
		{
			name: "modules and import maps count; duplicates once; empty scripts none",
			html: `<head><script type="module">m()</script><script type="importmap">{"imports":{}}</script><script type=module>m()</script><script></script><script type="text/plain">x</script></head>`,
			want: []string{hashOf("m()"), hashOf(`{"imports":{}}`)},
		},
		{
			name:     "inline event handlers are reported",
			html:     `<head></head><body><img src="x" onerror="alert(1)"></body>`,
			warnings: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := pages.New([]byte(tt.html), site, routes, nil, nil, nil, "https://example.com")
			if err != nil {
				t.Fatal(err)
			}
			if got := set.ScriptHashes(); !slices.Equal(got, tt.want) {
				t.Errorf("hashes = %v, want %v", got, tt.want)
			}
			if got := len(set.Warnings()); got != tt.warnings {
				t.Errorf("warnings = %v, want %d", set.Warnings(), tt.warnings)
			}
		})
	}
}

func TestTemplateVariants(t *testing.T) {
	tests := []struct {
		name    string
		html    string
		wantErr bool
		check   func(string) bool
	}{
		{
			name:  "no </head>: tags go before <body>",
			html:  "<!doctype html><html><title>x</title><body><p>hi</p></body></html>",
			check: func(h string) bool { return strings.Index(h, "<title>Skills") < strings.Index(h, "<body>") },
		},
		{
			name: "template's own Open Graph, Twitter, robots and canonical tags are replaced",
			html: `<head><meta property="og:title" content="old"><meta name="twitter:card" content="large"><meta name="robots" content="all"><link rel="canonical" href="/old"></head><body></body>`,
			check: func(h string) bool {
				return !strings.Contains(h, "old") && !strings.Contains(h, `content="large"`) && !strings.Contains(h, `content="all"`)
			},
		},
		{
			name:  "an svg title in the body is left alone",
			html:  `<head></head><body><svg><title>icon</title></svg></body>`,
			check: func(h string) bool { return strings.Contains(h, "<title>icon</title>") },
		},
		{name: "neither head nor body", html: "", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := pages.New([]byte(tt.html), site, routes, nil, nil, nil, "https://example.com")
			if tt.wantErr {
				if err == nil {
					t.Fatal("want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			p, _ := set.Route("/skills")
			if h := string(p.File("https://example.com/skills").Body); !tt.check(h) {
				t.Errorf("unexpected page:\n%s", h)
			}
		})
	}
}
