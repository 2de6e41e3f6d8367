package search_test

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/search"
)

type fixture struct {
	Documents []search.Document `json:"documents"`
	Queries   []struct {
		Query   string   `json:"query"`
		IDs     []string `json:"ids"`
		Ordered bool     `json:"ordered"`
	} `json:"queries"`
}

func loadFixture(t *testing.T) fixture {
	t.Helper()
	data, err := os.ReadFile("testdata/queries.json")
	if err != nil {
		t.Fatal(err)
	}
	var f fixture
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// The same table the browser's search is held to (apps/shell/tests/search.test.ts).
func TestSearchFindsWhatTheBrowserFinds(t *testing.T) {
	f := loadFixture(t)
	ix, err := search.New(f.Documents)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range f.Queries {
		t.Run(q.Query, func(t *testing.T) {
			var got []string
			for _, r := range ix.Search(q.Query) {
				got = append(got, r.Document.ID)
			}
			want := slices.Clone(q.IDs)
			if !q.Ordered {
				slices.Sort(got)
				slices.Sort(want)
			}
			if !slices.Equal(got, want) && (len(got) != 0 || len(want) != 0) {
				t.Errorf("Search(%q) = %v, want %v", q.Query, got, want)
			}
		})
	}
}

func TestExcerptMarksTheMatchesAroundTheFirst(t *testing.T) {
	ix, err := search.New(loadFixture(t).Documents)
	if err != nil {
		t.Fatal(err)
	}
	results := ix.Search("ndots")
	if len(results) != 1 {
		t.Fatalf("got %d results", len(results))
	}
	var text, marked strings.Builder
	for _, f := range results[0].Excerpt {
		text.WriteString(f.Text)
		if f.Match {
			marked.WriteString(f.Text)
		}
	}
	if marked.String() != "ndots" {
		t.Errorf("marked %q, want the word ndots", marked.String())
	}
	if !strings.Contains(text.String(), "The ndots setting multiplied the queries") {
		t.Errorf("excerpt %q lacks the sentence of the match", text.String())
	}
}

func TestResultsHTMLEscapesEverything(t *testing.T) {
	docs := []search.Document{{ID: "blog:x", Section: "blog", URL: "/blog/x", Title: "<b>Bold</b> & co", Text: "a <script> tag"}}
	ix, err := search.New(docs)
	if err != nil {
		t.Fatal(err)
	}
	got := search.ResultsHTML(`script "<x>"`, ix.Search("script"))
	for _, bad := range []string{"<b>", "<script>", `"<x>"`} {
		if strings.Contains(got, bad) {
			t.Errorf("unescaped %q in %s", bad, got)
		}
	}
	for _, want := range []string{"1 result for “script &#34;&lt;x&gt;&#34;”", "&lt;b&gt;Bold&lt;/b&gt; &amp; co", "<mark>script</mark>", `href="/blog/x"`, ">Blog<"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in %s", want, got)
		}
	}
	if got := search.ResultsHTML("  ", nil); got != "" {
		t.Errorf("an empty query renders %q", got)
	}
	if got := search.ResultsHTML("zebra", nil); !strings.Contains(got, "No results for “zebra”") {
		t.Errorf("no results: %s", got)
	}
}

func TestParseRefusesDocumentsWithoutWhatAResultNeeds(t *testing.T) {
	for _, bad := range []string{
		`{`,
		`{"documents":[{"id":"","url":"/x","title":"T"}]}`,
		`{"documents":[{"id":"a","url":"https://evil.example/","title":"T"}]}`,
		`{"documents":[{"id":"a","url":"/x","title":""}]}`,
		`{"documents":[{"id":"a","url":"//evil.example/","title":"T"}]}`,
	} {
		if _, err := search.Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%s) accepted it", bad)
		}
	}
}
