package server

import (
	"html"
	"strings"
	"unicode/utf8"

	"github.com/portfolio-site/portfolio/services/gateway/internal/search"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
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

// searchResults is the search page doc of st with the results of the query q rendered
// into it, revalidated every time (the ETag still spares the body).
func searchResults(doc *static.File, st *site.State, q string) *static.File {
	query := strings.TrimSpace(truncate(q, maxQueryBytes))
	body := strings.Replace(string(doc.Body), search.Slot, search.ResultsHTML(query, st.Search.Search(query)), 1)
	if query != "" {
		body = strings.Replace(body, queryField, queryField+` value="`+html.EscapeString(query)+`"`, 1)
	}
	return static.NewFile("search.html", []byte(body), static.NoCache)
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
