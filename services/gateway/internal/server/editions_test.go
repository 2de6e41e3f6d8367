package server_test

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// editionsBuild is the fixture build with the newsletter prerendered as its build
// writes it: /newsletter, an edition's page and the section's not-found view. The shell
// has the chrome of /newsletter only: an edition's page gets the section mount's.
func editionsBuild(t *testing.T) string {
	t.Helper()
	dir := webtest.Build(t)
	chrome := func(label, section string) string {
		return `<header>` + label + `</header><main id="main"><!--$--><template data-section="` + section + `"></template><!--/$--></main>`
	}
	files := map[string]string{
		"shell/dist/index.html":                       strings.Replace(webtest.IndexHTML, `<div id="root" data-fixture="shell-index"></div>`, `<div id="root"></div>`, 1),
		"shell/dist/prerender/404.html":               `<header>chrome</header><main id="main"><h1>404 Page Not Found</h1></main>`,
		"shell/dist/prerender/newsletter.html":        chrome("newsletter chrome", "newsletter"),
		"shell/dist/prerender/404/newsletter.html":    chrome("newsletter 404 chrome", "newsletter"),
		"newsletter/dist/prerender/newsletter.html":   `<h1>DevOps Digest</h1>`,
		"newsletter/dist/prerender/newsletter/1.html": `<article><h1>#1 edition</h1><p>The whole edition.</p></article>`,
		"newsletter/dist/prerender/404.html":          `<h1>404 Page Not Found</h1>`,
	}
	for name, body := range files {
		webtest.Write(t, filepath.Join(dir, name), []byte(body))
	}
	return dir
}

// TestEditionPages: every edition has its page at /newsletter/<id> (a route of the
// newsletter's release), with the edition's own head and JSON-LD, and is in the sitemap.
func TestEditionPages(t *testing.T) {
	h, _ := newServer(t, map[string]string{"PORTFOLIO_WEB_DIR": editionsBuild(t)})
	site, _ := content.LoadSite(content.FS())
	editions, err := content.LoadEditions(content.FS())
	if err != nil || len(editions) < 6 {
		t.Fatalf("editions %d, %v", len(editions), err)
	}
	sitemap := get(h, "/sitemap.xml").Body.String()
	for _, e := range editions {
		path := "/newsletter/" + strconv.Itoa(e.ID)
		t.Run(path, func(t *testing.T) {
			w := get(h, path)
			if w.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", w.Code)
			}
			checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
			checkHeader(t, w, "Cache-Control", "no-cache")
			body := w.Body.String()
			url := "http://127.0.0.1:8080" + path
			title := escape(e.Title + " · " + site.SiteName)
			for _, want := range []string{
				"<title>" + title + "</title>",
				`<meta name="description" content="` + escape(e.Excerpt) + `">`,
				`<link rel="canonical" href="` + url + `">`,
				`<meta property="og:type" content="article">`,
				`<meta property="og:title" content="` + title + `">`,
				`<meta property="og:description" content="` + escape(e.Excerpt) + `">`,
				`<meta property="og:url" content="` + url + `">`,
				`<meta property="article:published_time" content="` + e.Month.Format("2006-01") + `-01T00:00:00Z">`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %s", want)
				}
			}
			if strings.Contains(body, `content="noindex"`) {
				t.Error("an edition's page is noindex")
			}
			m := jsonLD.FindStringSubmatch(body)
			if m == nil {
				t.Fatal("no JSON-LD")
			}
			var ld struct {
				Context       string `json:"@context"`
				Type          string `json:"@type"`
				Headline      string `json:"headline"`
				Description   string `json:"description"`
				DatePublished string `json:"datePublished"`
				URL           string `json:"url"`
				Author        struct {
					Type string `json:"@type"`
					Name string `json:"name"`
				} `json:"author"`
				IsPartOf struct {
					Type string `json:"@type"`
					Name string `json:"name"`
					URL  string `json:"url"`
				} `json:"isPartOf"`
			}
			if err := json.Unmarshal([]byte(m[1]), &ld); err != nil {
				t.Fatalf("JSON-LD does not parse: %v", err)
			}
			if ld.Context != "https://schema.org" || ld.Type != "Article" || ld.Headline != e.Title || ld.Description != e.Excerpt ||
				ld.DatePublished != e.Month.Format("2006-01") || ld.URL != url ||
				ld.Author.Type != "Person" || ld.Author.Name != site.Owner.Name ||
				ld.IsPartOf.Name != "DevOps Digest" || ld.IsPartOf.URL != "http://127.0.0.1:8080/newsletter" {
				t.Errorf("JSON-LD = %+v", ld)
			}
			if !strings.Contains(sitemap, "<loc>"+url+"</loc>") {
				t.Errorf("the sitemap lacks %s", url)
			}
			redirect := get(h, path+"/")
			if redirect.Code != http.StatusMovedPermanently || redirect.Header().Get("Location") != path {
				t.Errorf("%s/: status %d to %q, want 301 to %s", path, redirect.Code, redirect.Header().Get("Location"), path)
			}
		})
	}

	// The prerendered edition, in the chrome of the section's mount (the shell was not
	// built with this page).
	if got, want := rootOf(t, get(h, "/newsletter/1").Body.String()),
		`<header>newsletter chrome</header><main id="main"><!--$--><article><h1>#1 edition</h1><p>The whole edition.</p></article><!--/$--></main>`; got != want {
		t.Errorf("/newsletter/1 #root holds\n%s\nwant\n%s", got, want)
	}
}

// TestEditionPathsWithoutAnEditionAre404: any other number (or not a number) is the
// newsletter's not-found view, with status 404; the gateway's own newsletter pages
// keep working.
func TestEditionPathsWithoutAnEditionAre404(t *testing.T) {
	h, _ := newServer(t, map[string]string{"PORTFOLIO_WEB_DIR": editionsBuild(t)})
	for _, path := range []string{"/newsletter/99", "/newsletter/0", "/newsletter/abc", "/newsletter/01", "/newsletter/1/extra"} {
		t.Run(path, func(t *testing.T) {
			w := get(h, path)
			if w.Code != http.StatusNotFound {
				t.Fatalf("status = %d, want 404", w.Code)
			}
			body := w.Body.String()
			for _, want := range []string{"<title>Page Not Found · ", `content="noindex"`} {
				if !strings.Contains(body, want) {
					t.Errorf("404 page lacks %s", want)
				}
			}
			if got, want := rootOf(t, body), `<header>newsletter 404 chrome</header><main id="main"><!--$--><h1>404 Page Not Found</h1><!--/$--></main>`; got != want {
				t.Errorf("#root holds\n%s\nwant\n%s", got, want)
			}
		})
	}
	checkNotice(t, get(h, "/newsletter/confirm?token=nope"), http.StatusBadRequest, "This link is not valid")
	checkNotice(t, get(h, "/newsletter/unsubscribe?token=nope"), http.StatusBadRequest, "This link is not valid")
	if w := get(h, "/sitemap.xml"); strings.Contains(w.Body.String(), "/newsletter/99") {
		t.Error("the sitemap lists an edition that does not exist")
	}
}
