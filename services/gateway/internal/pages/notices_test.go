package pages_test

import (
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// builtIndex is index.html as the shell's production build wrote it before the entry
// loaded after the first paint: the deferred entry script and the stylesheet after the
// inline theme script, a noscript warning, and a preloaded module.
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>DevOps Portfolio</title>
    <script>(function(){document.documentElement.classList.add("dark")})()</script>
  <link rel="icon" href="/favicon.svg" type="image/svg+xml"><script defer src="/static/js/index.6ce4057c43.js"></script><link rel="modulepreload" href="/static/js/lib.js"><link href="/static/css/index.8839b3ef80.css" rel="stylesheet"></head>
  <body>
    <noscript>
      <p>This site needs JavaScript to show its pages.</p>
    </noscript>
    <div id="root"><div class="placeholder"><br>loading</div></div>
    <script type="module">import("/static/js/late.js")</script>
  </body>
</html>
`

// loaderIndex is index.html as the shell's production build writes it now
// (docs/decisions/0067): an inline script marked data-entry at the end of <body> loads
// the entry once the page is painted.
const loaderIndex = `<!doctype html>
<html lang="en">
  <head>
    <title>DevOps Portfolio</title>
    <script>(function(){document.documentElement.classList.add("dark")})()</script>
  <link href="/static/css/index.8839b3ef80.css" rel="stylesheet"></head>
  <body>
    <div id="root"></div>
    <template id="page-parsed"></template>
  <script data-entry="">(function(){var s=document.createElement("script");s.src="/static/js/index.6ce4057c43.js";document.head.appendChild(s)})()</script></body>
</html>
`

var notice = pages.Notice{
	Kicker:     "DevOps Digest",
	Title:      "Unsubscribe from DevOps Digest",
	Paragraphs: []string{`j•••@example.org will get no more editions <script>alert(1)</script>.`},
	Action:     &pages.Action{URL: "/newsletter/unsubscribe?token=a&b", Label: "Unsubscribe"},
	Links:      []pages.Link{{URL: "/", Label: "Home"}, {URL: "/newsletter", Label: "Back to the newsletter"}},
}

var noticeSite = content.Site{
	SiteName: "DevOps Portfolio",
	Owner:    content.Owner{Name: "Jane Owner"},
}

func TestNoticeLooksLikeTheSiteButRunsNoApp(t *testing.T) {
	for _, tt := range []struct {
		name, index string
		want        []string
	}{
		{"production build", builtIndex, []string{
			`<script>(function(){document.documentElement.classList.add("dark")})()</script>`,
			`<link href="/static/css/index.8839b3ef80.css" rel="stylesheet">`,
			`<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
		}},
		{"production build, entry after the first paint", loaderIndex, []string{
			`<script>(function(){document.documentElement.classList.add("dark")})()</script>`,
			`<link href="/static/css/index.8839b3ef80.css" rel="stylesheet">`,
		}},
		{"test build", webtest.IndexHTML, []string{
			"<script>" + webtest.ThemeScript + "</script>",
			`<link href="/static/css/index.a1b2c3d4.css" rel="stylesheet">`,
			`<script type="application/json" id="data">`,
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			n, err := pages.NewNotices([]byte(tt.index), noticeSite)
			if err != nil {
				t.Fatal(err)
			}
			// The footer's year is the year the page is rendered in (UTC), not the build's.
			pages.SetNow(n, func() time.Time { return time.Date(2027, time.January, 1, 0, 0, 1, 0, time.UTC) })
			page := string(n.Render(notice))
			want := append(tt.want,
				"<title>Unsubscribe from DevOps Digest · DevOps Portfolio</title>",
				`<meta name="robots" content="noindex">`,
				`<h1 id="notice-title" class="text-2xl font-bold tracking-tight sm:text-3xl">Unsubscribe from DevOps Digest</h1>`,
				`<form method="post" action="/newsletter/unsubscribe?token=a&amp;b">`,
				`>Unsubscribe</button>`,
				`<a href="/" class="`, `>Home</a>`,
				`<a href="/newsletter" class="`, `>Back to the newsletter</a>`,
				`&lt;script&gt;alert(1)&lt;/script&gt;`,
				"© 2027 Jane Owner.",
			)
			for _, w := range want {
				if !strings.Contains(page, w) {
					t.Errorf("page lacks %q:\n%s", w, page)
				}
			}
			for _, bad := range []string{
				"<script defer", "<script type=\"module\"", "modulepreload", "src=\"/static/js", "data-entry", "/static/js/",
				"placeholder", "<noscript", "needs JavaScript", "<title>DevOps Portfolio</title>", "<script>alert",
				"Shell placeholder", "placeholder description",
			} {
				if strings.Contains(page, bad) {
					t.Errorf("page contains %q:\n%s", bad, page)
				}
			}
			root := strings.Index(page, `<div id="root"`)
			if root < 0 || strings.Index(page, "notice-title") < root || strings.Count(page, "<title>") != 1 {
				t.Errorf("the notice is not rendered into #root:\n%s", page)
			}
			if strings.Index(page, "<title>") > strings.Index(page, "</head>") {
				t.Error("the title is not in the head")
			}
		})
	}
}

func TestNoticeWithoutBuild(t *testing.T) {
	n, err := pages.NewNotices(nil, noticeSite)
	if err != nil {
		t.Fatal(err)
	}
	page := string(n.Render(notice))
	for _, w := range []string{"<!doctype html>", "<title>Unsubscribe from DevOps Digest · DevOps Portfolio</title>", `content="noindex"`, ">Unsubscribe</button>", "</html>"} {
		if !strings.Contains(page, w) {
			t.Errorf("page lacks %q:\n%s", w, page)
		}
	}
}

func TestNoticeNeedsARoot(t *testing.T) {
	if _, err := pages.NewNotices([]byte("<!doctype html><html><head></head><body><main></main></body></html>"), noticeSite); err == nil {
		t.Error("an index.html without #root is accepted")
	}
}
