package search

import (
	"fmt"
	"html"
	"strings"
)

// Slot is where the shell's prerendered /search page leaves room for the results.
const Slot = "<template data-search-results=\"\"></template>"

// SectionLabels name a document's section as the results show it.
var SectionLabels = map[string]string{"blog": "Blog", "newsletter": "Newsletter", "projects": "Projects", "talks": "Talks"}

// ResultsHTML is the results for query as the search page shows them: the same markup
// as the app's (apps/shell/src/routes/search/search-results.tsx), every text escaped.
// Nothing for an empty query.
func ResultsHTML(query string, results []Result) string {
	query = strings.TrimSpace(query)
	if query == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString(`<section aria-labelledby="search-results-heading" class="mt-10"><h2 id="search-results-heading" class="text-xl font-semibold">`)
	switch len(results) {
	case 0:
		fmt.Fprintf(&b, "No results for “%s”", html.EscapeString(query))
	case 1:
		fmt.Fprintf(&b, "1 result for “%s”", html.EscapeString(query))
	default:
		fmt.Fprintf(&b, "%d results for “%s”", len(results), html.EscapeString(query))
	}
	b.WriteString(`</h2><ol class="mt-6 flex flex-col gap-4">`)
	for _, r := range results {
		b.WriteString(`<li class="rounded-lg border border-border p-5"><p class="text-xs font-medium uppercase tracking-wide text-muted-foreground">`)
		b.WriteString(html.EscapeString(SectionLabels[r.Document.Section]))
		b.WriteString(`</p><h3 class="mt-1 text-lg font-semibold"><a href="`)
		b.WriteString(html.EscapeString(r.Document.URL))
		b.WriteString(`" class="underline-offset-4 hover:underline">`)
		b.WriteString(html.EscapeString(r.Document.Title))
		b.WriteString(`</a></h3><p class="mt-2 text-sm text-muted-foreground">`)
		for _, f := range r.Excerpt {
			if f.Match {
				b.WriteString("<mark>" + html.EscapeString(f.Text) + "</mark>")
			} else {
				b.WriteString(html.EscapeString(f.Text))
			}
		}
		b.WriteString(`</p></li>`)
	}
	b.WriteString(`</ol></section>`)
	return b.String()
}
