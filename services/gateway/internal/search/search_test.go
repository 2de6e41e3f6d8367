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
	// OneEdit are [a, b, whether they are one edit apart].
	OneEdit [][3]json.RawMessage `json:"oneEdit"`
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
			if len(got)+len(want) > 0 && !slices.Equal(got, want) {
				t.Errorf("Search(%q) = %v, want %v", q.Query, got, want)
			}
		})
	}
}

// onlyResult is the one result of query over the fixture's documents.
func onlyResult(t *testing.T, query string) search.Result {
	t.Helper()
	ix, err := search.New(loadFixture(t).Documents)
	if err != nil {
		t.Fatal(err)
	}
	results := ix.Search(query)
	if len(results) != 1 {
		t.Fatalf("%q: got %d results", query, len(results))
	}
	return results[0]
}

func TestExcerptMarksTheMatchesAroundTheFirst(t *testing.T) {
	var text, marked strings.Builder
	for _, f := range onlyResult(t, "ndots").Excerpt {
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

// A typo's excerpt marks the word it was taken for.
func TestExcerptMarksTheWordATypoFinds(t *testing.T) {
	var marked []string
	for _, f := range onlyResult(t, "kuberntes velero").Excerpt {
		if f.Match {
			marked = append(marked, f.Text)
		}
	}
	if want := []string{"Velero", "Kubernetes"}; !slices.Equal(marked, want) {
		t.Errorf("marked %q, want %q", marked, want)
	}
}

// The same pairs the browser's oneEdit is held to.
func TestOneEdit(t *testing.T) {
	pairs := loadFixture(t).OneEdit
	if len(pairs) < 10 {
		t.Fatalf("%d pairs in testdata/queries.json", len(pairs))
	}
	for _, pair := range pairs {
		var a, b string
		var want bool
		if err := json.Unmarshal(pair[0], &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(pair[1], &b); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(pair[2], &want); err != nil {
			t.Fatal(err)
		}
		if search.OneEdit(a, b) != want || search.OneEdit(b, a) != want {
			t.Errorf("OneEdit(%q, %q) is not %v both ways", a, b, want)
		}
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
