package server

import (
	"html"
	"net/http"
	"strings"
	"unicode/utf8"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/search"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// searchPath is the search page: the shell's prerendered form, with the results of ?q=
// rendered here, so search works without JavaScript (docs/decisions/0042-search.md).
const searchPath = "/search"

// maxQueryBytes bounds the query a page is rendered for; the rest is ignored.
const maxQueryBytes = 200

// queryField is the start of the search form's field as the shell's prerender writes it
// (with no value: the query goes right after).
const queryField = `id="search-query"`

func handleSearchPage(logger *zap.Logger, web *Web, route content.Route, publicURL string) http.Handler {
	if !web.Ready() {
		return handleSiteNotBuilt(logger)
	}
	part := compose.Part{Shell: route.Path}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := web.stateOf(r)
		page, ok := st.Pages.Route(route.Path)
		if !ok {
			panic("server: no page for route " + route.Path) // a wiring bug, as in handlePage
		}
		doc := st.page(page.File(publicURL+route.Path), part)
		query := strings.TrimSpace(truncate(r.URL.Query().Get("q"), maxQueryBytes))
		body := strings.Replace(string(doc.Body), search.Slot, search.ResultsHTML(query, st.Search.Search(query)), 1)
		if query != "" {
			body = strings.Replace(body, queryField, queryField+` value="`+html.EscapeString(query)+`"`, 1)
		}
		// Per query: revalidated every time (the ETag still spares the body).
		static.Serve(w, r, static.NewFile("search.html", []byte(body), static.NoCache), http.StatusOK)
	})
}

// truncate cuts s to at most n bytes without splitting a character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
