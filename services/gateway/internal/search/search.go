// Package search is site search on the server (docs/decisions/0042-search.md): the
// documents the shell's and each section's build wrote (dist/search.json: articles,
// editions, projects and talks, whole), merged into the one index the site serves at
// /search.json, which the browser's search palette indexes, and searched here for the
// results page that works without JavaScript. Both sides match words by one rule,
// forgiving a typo alike (docs/decisions/0054-search-everywhere-one-typo.md).
package search

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FileName is what a section's build writes its documents to.
const FileName = "search.json"

// Document is one searchable page.
type Document struct {
	ID       string   `json:"id"`
	Section  string   `json:"section"`
	URL      string   `json:"url"`
	Title    string   `json:"title"`
	Excerpt  string   `json:"excerpt"`
	Date     string   `json:"date"`
	Headings []string `json:"headings"`
	Text     string   `json:"text"`
}

// file is the shape of search.json, a section's and the site's.
type file struct {
	Documents []Document `json:"documents"`
}

// Parse reads a section's search.json.
func Parse(data []byte) ([]Document, error) {
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	for i, d := range f.Documents {
		if d.ID == "" || d.Title == "" || !strings.HasPrefix(d.URL, "/") || strings.HasPrefix(d.URL, "//") {
			return nil, fmt.Errorf("search: document %d: id, url (a path of this site) and title are required", i)
		}
	}
	return f.Documents, nil
}

// Field weights: a word in the title counts most, then headings, the excerpt, the body.
// The browser's palette boosts its fields alike (apps/shell/src/search/search-index.ts).
var fields = []struct {
	weight int
	text   func(Document) string
}{
	{5, func(d Document) string { return d.Title }},
	{3, func(d Document) string { return strings.Join(d.Headings, " ") }},
	{2, func(d Document) string { return d.Excerpt }},
	{1, func(d Document) string { return d.Text }},
}

type indexed struct {
	doc    Document
	fields [][]string // each field's words, lower case
}

// Index is the site's documents, ready to search.
type Index struct {
	docs  []indexed
	words []string // every word of every document, once, sorted
	json  []byte
}

// New indexes docs; the newest first when scores tie.
func New(docs []Document) (*Index, error) {
	ix := &Index{}
	for _, d := range docs {
		in := indexed{doc: d}
		for _, f := range fields {
			words := Words(f.text(d))
			in.fields = append(in.fields, words)
			ix.words = append(ix.words, words...)
		}
		ix.docs = append(ix.docs, in)
	}
	slices.Sort(ix.words)
	ix.words = slices.Compact(ix.words)
	all := make([]Document, len(docs))
	copy(all, docs)
	var err error
	if ix.json, err = json.Marshal(file{Documents: all}); err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	return ix, nil
}

// JSON is the index as /search.json serves it.
func (ix *Index) JSON() []byte { return ix.json }

// Len is the number of documents.
func (ix *Index) Len() int { return len(ix.docs) }

// Words splits text into lower-case words of letters and digits: what is matched.
func Words(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// MaxQueryWords bounds the work one query can ask for.
const MaxQueryWords = 8

// Result is a matching document with the part of its text that matched.
type Result struct {
	Document Document
	// Excerpt is the text around the first match, cut into plain and matched runs.
	Excerpt []Fragment
	score   int
}

// Fragment is a run of an excerpt; Match marks a matched word.
type Fragment struct {
	Text  string
	Match bool
}

// Search finds the documents that contain every word of query, each as a word or the
// start of one (so "terra" finds Terraform), best first. A word of TypoMinLetters or
// more that starts no word of the index is taken for a typo: it finds the words one
// edit away instead (OneEdit: so "kuberntes" finds Kubernetes and "terrafrom"
// Terraform). The browser's palette finds the same (apps/shell/src/search/search-index.ts).
func (ix *Index) Search(query string) []Result {
	terms := Words(query)
	if len(terms) > MaxQueryWords {
		terms = terms[:MaxQueryWords]
	}
	if len(terms) == 0 {
		return nil
	}
	matchers := make([]matcher, len(terms))
	for i, t := range terms {
		matchers[i] = ix.matcherFor(t)
		if matchers[i].none() {
			return nil // a word that matches nothing: no document has every word
		}
	}
	var results []Result
	for _, d := range ix.docs {
		score, all := 0, true
		for _, m := range matchers {
			found := 0
			for i, words := range d.fields {
				for _, w := range words {
					if m.match(w) {
						found += fields[i].weight
					}
				}
			}
			if found == 0 {
				all = false
				break
			}
			score += found
		}
		if all {
			results = append(results, Result{Document: d.doc, Excerpt: excerpt(d.doc, matchers), score: score})
		}
	}
	slices.SortStableFunc(results, func(a, b Result) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(b.Document.Date, a.Document.Date)
	})
	return results
}

// TypoMinLetters is the shortest word in which a typo is forgiven: in a shorter one an
// edit too often makes another real word ("helm", "hell").
const TypoMinLetters = 5

// matcher is what one word of a query finds: the words that start with prefix, or,
// for a typo, exactly the words in fixes.
type matcher struct {
	prefix string
	fixes  map[string]bool // nil unless the word is a typo
}

func (m matcher) match(word string) bool {
	if m.fixes != nil {
		return m.fixes[word]
	}
	return strings.HasPrefix(word, m.prefix)
}

// none reports whether m can match no word of the index.
func (m matcher) none() bool { return m.fixes != nil && len(m.fixes) == 0 }

// matcherFor is how term finds words: as the start of one when some word of the index
// starts with it; otherwise, when it has TypoMinLetters letters or more, as a typo of
// the words one edit away; otherwise nothing.
func (ix *Index) matcherFor(term string) matcher {
	i, _ := slices.BinarySearch(ix.words, term)
	if i < len(ix.words) && strings.HasPrefix(ix.words[i], term) {
		return matcher{prefix: term}
	}
	fixes := map[string]bool{}
	if utf8.RuneCountInString(term) >= TypoMinLetters {
		for _, w := range ix.words {
			if OneEdit(term, w) {
				fixes[w] = true
			}
		}
	}
	return matcher{fixes: fixes}
}

// OneEdit reports whether a and b are one edit apart: a letter added, dropped or
// changed, or two neighbours swapped ("kuberntes" and "kubernetes", "terrafrom"
// and "terraform"). Letters are runes; a word is not one edit from itself.
func OneEdit(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) > len(y) {
		x, y = y, x
	}
	if len(y)-len(x) > 1 {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	switch {
	case len(x) < len(y): // one letter more in y, at i
		return slices.Equal(x[i:], y[i+1:])
	case i == len(x): // the same word
		return false
	case slices.Equal(x[i+1:], y[i+1:]): // one letter changed
		return true
	default: // two neighbours swapped
		return i+1 < len(x) && x[i] == y[i+1] && x[i+1] == y[i] && slices.Equal(x[i+2:], y[i+2:])
	}
}

// Around a match: this many characters before and after it, at most.
const (
	before = 60
	after  = 140
)

// excerpt is the body text around the first word that matches a term (the excerpt
// field when the body has none), with every matching word marked.
func excerpt(d Document, terms []matcher) []Fragment {
	text := d.Text
	start := firstMatch(text, terms)
	if start < 0 {
		text, start = d.Excerpt, max(0, firstMatch(d.Excerpt, terms))
	}
	from, to := max(0, start-before), min(len(text), start+after)
	// Whole words only at the cut ends.
	for from > 0 && from < len(text) && !isSpace(text[from-1]) {
		from++
	}
	for to < len(text) && !isSpace(text[to]) {
		to++
	}
	window := strings.TrimSpace(text[min(from, to):to])
	var out []Fragment
	if from > 0 {
		out = append(out, Fragment{Text: "…"})
	}
	out = append(out, mark(window, terms)...)
	if to < len(text) {
		out = append(out, Fragment{Text: "…"})
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' }

// firstMatch is the byte offset of the first word of text that a term matches, or -1.
func firstMatch(text string, terms []matcher) int {
	for _, w := range wordSpans(text) {
		if matches(strings.ToLower(text[w[0]:w[1]]), terms) {
			return w[0]
		}
	}
	return -1
}

func matches(word string, terms []matcher) bool {
	for _, t := range terms {
		if t.match(word) {
			return true
		}
	}
	return false
}

// wordSpans are the byte ranges of text's words (as Words splits them).
func wordSpans(text string) [][2]int {
	var spans [][2]int
	start := -1
	for i, r := range text {
		inWord := unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			spans = append(spans, [2]int{start, i})
			start = -1
		}
	}
	if start >= 0 {
		spans = append(spans, [2]int{start, len(text)})
	}
	return spans
}

// mark cuts text into runs, the words a term matches marked.
func mark(text string, terms []matcher) []Fragment {
	var out []Fragment
	last := 0
	for _, w := range wordSpans(text) {
		if !matches(strings.ToLower(text[w[0]:w[1]]), terms) {
			continue
		}
		if w[0] > last {
			out = append(out, Fragment{Text: text[last:w[0]]})
		}
		out = append(out, Fragment{Text: text[w[0]:w[1]], Match: true})
		last = w[1]
	}
	if last < len(text) {
		out = append(out, Fragment{Text: text[last:]})
	}
	return out
}
