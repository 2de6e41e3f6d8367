package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// The search page answers without JavaScript: the shell's prerendered form with the
// results of ?q= from the shell's and the sections' search.json (projects and talks,
// articles), the same documents /search.json serves.
func TestSearchPageAndIndex(t *testing.T) {
	dir := prerenderedBuild(t)
	for name, body := range map[string]string{
		"shell/dist/prerender/search.html": `<header>chrome</header><main id="main"><h1>Search</h1><form role="search" action="/search" method="get"><input id="search-query" name="q" type="search"/></form><template data-search-results=""></template></main>`,
		"blog/dist/search.json":            `{"documents":[{"id":"blog:terraform-guide","section":"blog","url":"/blog/terraform-guide","title":"Terraform at Scale","excerpt":"Modules and state.","date":"2025-02-10","headings":["Remote state"],"text":"Keep state in a remote backend with locking."}]}`,
		"shell/dist/search.json": `{"documents":[{"id":"projects:2","section":"projects","url":"/projects/2","title":"GitOps CI/CD Pipeline","excerpt":"Every commit built, scanned and signed.","date":"","headings":[],"text":"Technologies: Argo CD, Helm, Kubernetes."},` +
			`{"id":"talks:gitops-at-scale","section":"talks","url":"/talks#gitops-at-scale","title":"GitOps at Scale","excerpt":"One Argo CD became twelve.","date":"2024-11-14","headings":[],"text":"Cloud Native Summit. Kubernetes, Argo CD."}]}`,
	} {
		webtest.Write(t, filepath.Join(dir, name), []byte(body))
	}
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": dir})

	for _, tc := range []struct {
		query     string
		want, not []string
	}{
		{"", []string{"<h1>Search</h1>", `<input id="search-query" name="q" type="search"/>`}, []string{"search-results-heading", "data-search-results"}},
		{"terra", []string{
			"1 result for “terra”",
			`<a href="/blog/terraform-guide" class="underline-offset-4 hover:underline">Terraform at Scale</a>`,
			// Only the title matches: the excerpt stands in for the body.
			"Modules and state.",
		}, []string{"<mark>"}},
		{"remote locking", []string{`id="search-query" value="remote locking" name="q"`, "Keep state in a <mark>remote</mark> backend with <mark>locking</mark>."}, nil},
		{"helm", []string{"1 result for “helm”", ">Projects<", `<a href="/projects/2" class="underline-offset-4 hover:underline">GitOps CI/CD Pipeline</a>`, "Argo CD, <mark>Helm</mark>, Kubernetes."}, nil},
		{"argo", []string{"2 results for “argo”", ">Projects<", ">Talks<", `<a href="/talks#gitops-at-scale"`}, nil},
		// A typo is forgiven as the browser's palette forgives it; the word it was taken for is marked.
		{"kuberntes", []string{"2 results for “kuberntes”", "<mark>Kubernetes</mark>"}, nil},
		{"terrafrom", []string{"1 result for “terrafrom”", "Terraform at Scale"}, nil},
		{"zebra", []string{"No results for “zebra”"}, []string{"<li class="}},
		{`"><script>alert(1)</script>`, []string{`id="search-query" value="&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"`, "No results for"}, []string{"<script>alert"}},
	} {
		t.Run(tc.query, func(t *testing.T) {
			w := get(f.h, "/search?q="+url.QueryEscape(tc.query))
			if w.Code != http.StatusOK {
				t.Fatalf("status %d", w.Code)
			}
			body := w.Body.String()
			for _, s := range tc.want {
				if !strings.Contains(body, s) {
					t.Errorf("page lacks %s\n%s", s, rootOf(t, body))
				}
			}
			for _, s := range tc.not {
				if strings.Contains(body, s) {
					t.Errorf("page has %s", s)
				}
			}
			checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
			checkHeader(t, w, "Cache-Control", "no-cache")
		})
	}

	w := get(f.h, "/search.json")
	checkHeader(t, w, "Content-Type", "application/json")
	var index struct {
		Documents []struct{ ID, URL string } `json:"documents"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &index); err != nil {
		t.Fatal(err)
	}
	var urls []string
	for _, d := range index.Documents {
		urls = append(urls, d.URL)
	}
	if want := []string{"/projects/2", "/talks#gitops-at-scale", "/blog/terraform-guide"}; !slices.Equal(urls, want) {
		t.Errorf("/search.json has %v, want the shell's documents and the blog's, %v", urls, want)
	}
}
