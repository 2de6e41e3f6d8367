package server_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
)

func TestProjectPages(t *testing.T) {
	h, _ := newServer(t, nil)
	site, _ := content.LoadSite(content.FS())
	catalog, err := content.LoadProjects(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range catalog.Projects {
		path := "/projects/" + strconv.Itoa(p.ID)
		t.Run(path, func(t *testing.T) {
			w := get(h, path)
			if w.Code != http.StatusOK {
				t.Fatalf("status = %d, want 200", w.Code)
			}
			body := w.Body.String()
			for _, want := range []string{
				"<title>" + escape(p.Title+" · Project · "+site.SiteName) + "</title>",
				`<meta name="description" content="` + escape(p.Description) + `">`,
				`<meta property="og:title" content="` + escape(p.Title+" · Project · "+site.SiteName) + `">`,
				`<link rel="canonical" href="http://127.0.0.1:8080` + path + `">`,
				`data-fixture="shell-index"`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %s", want)
				}
			}
			checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
			checkHeader(t, w, "Cache-Control", "no-cache")
		})
	}

	// A leading zero is still the integer 1 (the shell reads ids the same way); the
	// canonical URL names the project's one address.
	w := get(h, "/projects/01")
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `<link rel="canonical" href="http://127.0.0.1:8080/projects/1">`) {
		t.Errorf("/projects/01: status %d, want 200 with project 1's canonical URL", w.Code)
	}
}

func TestUnknownProjectsServeThe404Page(t *testing.T) {
	h, _ := newServer(t, nil)
	for _, path := range []string{"/projects/abc", "/projects/0", "/projects/9", "/projects/99", "/projects/1.5", "/projects/-1", "/projects/+1", "/projects/1e0", "/projects/%201", "/projects/99999999999999999999"} {
		t.Run(path, func(t *testing.T) {
			for _, method := range []string{http.MethodGet, http.MethodHead} {
				w := do(h, req{method: method, path: path})
				if w.Code != http.StatusNotFound {
					t.Fatalf("%s: status = %d, want 404", method, w.Code)
				}
				checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
				if method == http.MethodGet {
					body := w.Body.String()
					for _, want := range []string{`data-fixture="shell-index"`, "<title>Page Not Found · ", `content="noindex"`} {
						if !strings.Contains(body, want) {
							t.Errorf("404 page lacks %s", want)
						}
					}
				}
			}
		})
	}
}

func TestProjectPageTrailingSlashRedirects(t *testing.T) {
	h, _ := newServer(t, nil)
	w := get(h, "/projects/2/")
	if w.Code != http.StatusMovedPermanently || w.Header().Get("Location") != "/projects/2" {
		t.Fatalf("status %d, Location %q; want 301 to /projects/2", w.Code, w.Header().Get("Location"))
	}
}
