package content_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/portfolio-site/portfolio/content"
)

func TestLoadPosts(t *testing.T) {
	posts, err := content.LoadPosts(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) != 8 {
		t.Fatalf("got %d posts, want the site's 8", len(posts))
	}
	// The site's three articles, newest first, with its dates and read times.
	want := []struct {
		slug     string
		date     string
		updated  string // "" when never revised
		readTime int
		category content.PostCategory
	}{
		{"kubernetes-security", "2023-12-15", "2024-02-10", 5, content.PostCategorySecurity},
		{"terraform-guide", "2023-12-08", "", 7, content.PostCategoryInfrastructure},
		{"microservices-monitoring", "2023-11-30", "", 6, content.PostCategoryMonitoring},
	}
	published := content.PublishedPosts(posts)
	if len(published) != len(want) {
		t.Fatalf("got %d published posts, want %d", len(published), len(want))
	}
	for i, w := range want {
		p := published[i]
		t.Run(w.slug, func(t *testing.T) {
			checks := []struct {
				name      string
				got, want any
			}{
				{"slug", p.Slug, w.slug},
				{"date", p.Date.Format(time.DateOnly), w.date},
				{"date is midnight UTC", p.Date.Equal(time.Date(p.Date.Year(), p.Date.Month(), p.Date.Day(), 0, 0, 0, 0, time.UTC)), true},
				{"updated", w.updated == "" && p.Updated.IsZero() || p.Updated.Format(time.DateOnly) == w.updated, true},
				{"updated is midnight UTC", p.Updated.IsZero() || p.Updated.Location() == time.UTC && p.Updated.Hour() == 0, true},
				{"readTime", p.ReadTime, w.readTime},
				{"category", p.Category, w.category},
				{"URL", p.URL(), "/blog/" + w.slug},
				{"has a title", p.Title != "", true},
				{"has an excerpt", p.Excerpt != "", true},
				{"has tags", len(p.Tags) > 0, true},
				{"body is the Markdown, not the front matter", strings.HasPrefix(p.Body, "---") || strings.Contains(p.Body, "\nstatus: "), false},
				{"body has code samples", strings.Count(p.Body, "```") >= 4, true},
				{"body has headings", strings.Contains(p.Body, "\n## "), true},
			}
			for _, c := range checks {
				if c.got != c.want {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
		})
	}

	for i := 1; i < len(posts); i++ {
		if posts[i].Date.After(posts[i-1].Date) {
			t.Errorf("posts not newest first: %s (%s) after %s (%s)", posts[i].Slug,
				posts[i].Date.Format(time.DateOnly), posts[i-1].Slug, posts[i-1].Date.Format(time.DateOnly))
		}
	}
	for _, p := range posts {
		if !p.Published() && p.Status != content.PostComingSoon {
			t.Errorf("%s: status %q", p.Slug, p.Status)
		}
	}
	for _, c := range content.PostCategories {
		if !slices.ContainsFunc(posts, func(p content.Post) bool { return p.Category == c }) {
			t.Errorf("no post of category %s: want all 8 of the content", c)
		}
	}
	if i := slices.IndexFunc(posts, func(p content.Post) bool { return p.Slug == "terraform-guide" }); i < 0 || posts[i].ReadTime != 7 {
		t.Errorf("terraform-guide: at %d", i)
	}
}

func TestLoadEditions(t *testing.T) {
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	wantMonths := []string{"December 2024", "January 2025", "February 2025", "March 2025", "May 2025", "June 2025"}
	if len(editions) != len(wantMonths) {
		t.Fatalf("got %d editions, want 6", len(editions))
	}
	for i, e := range editions {
		if e.ID != i+1 {
			t.Errorf("editions[%d].ID = %d, want %d", i, e.ID, i+1)
		}
		if prefix := "#" + string(rune('1'+i)) + " "; !strings.HasPrefix(e.Title, prefix) {
			t.Errorf("edition %d title %q does not start with %q", e.ID, e.Title, prefix)
		}
		if got := e.MonthText(); got != wantMonths[i] {
			t.Errorf("edition %d month = %q, want %q", e.ID, got, wantMonths[i])
		}
		if e.Month.Day() != 1 || e.Month.Location() != time.UTC {
			t.Errorf("edition %d month = %v, want the first of the month UTC", e.ID, e.Month)
		}
		if e.ReadTime < 1 || len(e.Tags) == 0 || e.Excerpt == "" {
			t.Errorf("edition %d: readTime %d, tags %v, excerpt %q", e.ID, e.ReadTime, e.Tags, e.Excerpt)
		}
		if strings.Count(e.Body, "\n\n") < 5 || e.Body != strings.TrimSpace(e.Body) || strings.Contains(e.Body, "\r") {
			t.Errorf("edition %d body is not the trimmed multi-paragraph text", e.ID)
		}
		// Its sections ("Tool of the month: ...", "3 AM wisdom") are headings of level 2,
		// under the page's h1 and the email's: what a reader and a screen reader skim by.
		if got := sectionTitles(e.Body); len(got) < 2 || !slices.Contains(got, "3 AM wisdom") ||
			!slices.ContainsFunc(got, func(h string) bool { return strings.HasPrefix(h, "Tool of the month: ") }) {
			t.Errorf("edition %d has the sections %q, want a tool of the month and 3 AM wisdom among them", e.ID, got)
		}
	}
	if e, ok := content.FindEdition(editions, 6); !ok || e.MonthText() != "June 2025" || e.URL() != "/newsletter/6" {
		t.Errorf("FindEdition(6) = %v, %v, at %s", e.Title, ok, e.URL())
	}
	if _, ok := content.FindEdition(editions, 7); ok {
		t.Error("FindEdition found edition 7")
	}
}

// sectionTitles are the texts of the "## " headings of Markdown outside code fences.
func sectionTitles(md string) []string {
	var titles []string
	code := false
	for line := range strings.SplitSeq(md, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			code = !code
		case !code && strings.HasPrefix(line, "## "):
			titles = append(titles, strings.TrimPrefix(line, "## "))
		}
	}
	return titles
}

// validPost and validEdition are testdata/markdown-documents.json, which
// tests/markdown.test.ts starts from too.
var validPost, validEdition = func() (string, string) {
	data, err := os.ReadFile("testdata/markdown-documents.json")
	if err != nil {
		panic(err)
	}
	var docs struct{ Post, Edition string }
	if err := json.Unmarshal(data, &docs); err != nil {
		panic(err)
	}
	return docs.Post, docs.Edition
}()

// replaceLine swaps the front matter line starting with key+":" for line ("" drops it).
func replaceLine(doc, key, line string) string {
	lines := strings.Split(doc, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, key+":") {
			if line == "" {
				return strings.Join(slices.Delete(lines, i, i+1), "\n")
			}
			lines[i] = line
			return strings.Join(lines, "\n")
		}
	}
	panic("no line " + key)
}

// addLine adds a front matter line after the opening "---".
func addLine(doc, line string) string { return strings.Replace(doc, "---\n", "---\n"+line+"\n", 1) }

func TestLoadPostsRejectsInvalidFrontMatter(t *testing.T) {
	tests := []struct {
		name string
		file string // under blog/
		doc  string
		want []string // substrings of the error; the first names file and field
	}{
		{"missing field", "a-post.md", replaceLine(validPost, "excerpt", ""),
			[]string{"content: blog/a-post.md: /excerpt: is required"}},
		{"read time as text", "a-post.md", replaceLine(validPost, "readTime", `readTime: "4"`),
			[]string{"content: blog/a-post.md: /readTime: must be integer"}},
		{"read time as words", "a-post.md", replaceLine(validPost, "readTime", `readTime: four minutes`),
			[]string{"content: blog/a-post.md: /readTime: must be integer"}},
		{"read time zero", "a-post.md", replaceLine(validPost, "readTime", `readTime: 0`),
			[]string{"content: blog/a-post.md: /readTime: "}},
		{"unknown field", "a-post.md", addLine(validPost, "author: me"),
			[]string{"content: blog/a-post.md: /author: is not a known field"}},
		{"field with a capital letter", "a-post.md", replaceLine(validPost, "readTime", "ReadTime: 4"),
			[]string{"content: blog/a-post.md: /ReadTime: is not a known field", "content: blog/a-post.md: /readTime: is required"}},
		{"bad slug", "A Post.md", replaceLine(validPost, "slug", "slug: A Post"),
			[]string{"content: blog/A Post.md: /slug: "}},
		{"slug is not the file name", "other.md", validPost,
			[]string{`content: blog/other.md: /slug: "a-post" must equal the file name`}},
		{"unknown category", "a-post.md", replaceLine(validPost, "category", "category: Serverless"),
			[]string{`content: blog/a-post.md: /category: "Serverless" must be one of Security, Infrastructure`}},
		{"unknown status", "a-post.md", replaceLine(validPost, "status", "status: draft"),
			[]string{`content: blog/a-post.md: /status: "draft" must be one of published, coming-soon`}},
		{"display date", "a-post.md", replaceLine(validPost, "date", `date: "May 1, 2024"`),
			[]string{"content: blog/a-post.md: /date: "}},
		{"impossible date", "a-post.md", replaceLine(validPost, "date", "date: 2024-02-30"),
			[]string{`content: blog/a-post.md: /date: "2024-02-30" must match format "date"`}},
		{"impossible updated date", "a-post.md", addLine(validPost, "updated: 2024-06-31"),
			[]string{`content: blog/a-post.md: /updated: "2024-06-31" must match format "date"`}},
		{"updated as display text", "a-post.md", addLine(validPost, `updated: "June 2, 2024"`),
			[]string{"content: blog/a-post.md: /updated: "}},
		{"updated before the date", "a-post.md", addLine(validPost, "updated: 2024-04-30"),
			[]string{"content: blog/a-post.md: /updated: 2024-04-30 must not be before the publication date (2024-05-01)"}},
		{"no tags", "a-post.md", replaceLine(validPost, "tags", "tags: []"),
			[]string{"content: blog/a-post.md: /tags: "}},
		{"empty tag", "a-post.md", replaceLine(validPost, "tags", `tags: [AWS, ""]`),
			[]string{"content: blog/a-post.md: /tags/1: "}},
		{"duplicate tag", "a-post.md", replaceLine(validPost, "tags", "tags: [AWS, AWS]"),
			[]string{"content: blog/a-post.md: /tags: "}},
		{"key given twice", "a-post.md", addLine(validPost, "title: Again"),
			[]string{"content: blog/a-post.md: front matter: ", "already defined"}},
		{"broken YAML", "a-post.md", replaceLine(validPost, "tags", "tags: [AWS"),
			[]string{"content: blog/a-post.md: front matter: "}},
		{"no front matter", "a-post.md", "# Just Markdown\n",
			[]string{"content: blog/a-post.md: front matter: missing"}},
		{"published without a body", "a-post.md", validPost[:strings.Index(validPost, "## Hello")],
			[]string{"content: blog/a-post.md: body: a published post needs its article text"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"blog/" + tt.file: {Data: []byte(tt.doc)}}
			posts, err := content.LoadPosts(fsys)
			if err == nil {
				t.Fatalf("LoadPosts accepted it: %+v", posts)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestLoadPostsAcceptsAndOrders(t *testing.T) {
	older := strings.NewReplacer("slug: a-post", "slug: b-post", "date: 2024-05-01", `date: "2023-01-02"`,
		"status: published", "status: coming-soon").Replace(validPost)
	fsys := fstest.MapFS{
		"blog/b-post.md": {Data: []byte(strings.ReplaceAll(older, "\n", "\r\n"))}, // CRLF, quoted date
		"blog/a-post.md": {Data: []byte(validPost)},
		"blog/notes.txt": {Data: []byte("not a post")},
	}
	posts, err := content.LoadPosts(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) != 2 || posts[0].Slug != "a-post" || posts[1].Slug != "b-post" {
		t.Fatalf("posts = %+v, want a-post then b-post", posts)
	}
	if got, want := posts[0].Body, "## Hello\n\nSome text."; got != want {
		t.Errorf("body = %q, want %q", got, want)
	}
	if posts[1].Date != time.Date(2023, 1, 2, 0, 0, 0, 0, time.UTC) || posts[1].Published() {
		t.Errorf("b-post = %+v", posts[1])
	}
	if !posts[0].Updated.IsZero() || !posts[1].Updated.IsZero() {
		t.Errorf("updated without an updated field: %v, %v", posts[0].Updated, posts[1].Updated)
	}

	// updated: optional, a date on or after date (the same day too).
	for _, day := range []string{"2024-05-01", `"2024-06-02"`} {
		fsys := fstest.MapFS{"blog/a-post.md": {Data: []byte(addLine(validPost, "updated: "+day))}}
		posts, err := content.LoadPosts(fsys)
		if err != nil {
			t.Fatalf("updated: %s: %v", day, err)
		}
		want, _ := time.Parse(time.DateOnly, strings.Trim(day, `"`))
		if !posts[0].Updated.Equal(want) || posts[0].Updated.Location() != time.UTC {
			t.Errorf("updated: %s: got %v", day, posts[0].Updated)
		}
	}
	for _, p := range posts {
		if p.Category != content.PostCategoryCloud {
			t.Errorf("%s: category %s, want Cloud", p.Slug, p.Category)
		}
	}
}

func TestLoadPostsReportsEveryFile(t *testing.T) {
	fsys := fstest.MapFS{
		"blog/a-post.md": {Data: []byte(replaceLine(validPost, "readTime", "readTime: x"))},
		"blog/b-post.md": {Data: []byte(strings.Replace(validPost, "slug: a-post", "slug: b-post\nextra: 1", 1))},
	}
	_, err := content.LoadPosts(fsys)
	if err == nil {
		t.Fatal("accepted")
	}
	for _, w := range []string{"blog/a-post.md: /readTime", "blog/b-post.md: /extra"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error does not mention %q:\n%v", w, err)
		}
	}
}

func TestLoadEditionsRejectsInvalidFrontMatter(t *testing.T) {
	second := strings.NewReplacer("id: 1", "id: 2", "#1 First", "#2 Second", "date: 2024-12", "date: 2025-01").Replace(validEdition)
	tests := []struct {
		name  string
		files map[string]string // under newsletter/
		want  []string
	}{
		{"missing field", map[string]string{"01-first.md": replaceLine(validEdition, "excerpt", "")},
			[]string{"content: newsletter/01-first.md: /excerpt: is required"}},
		{"id as text", map[string]string{"01-first.md": replaceLine(validEdition, "id", `id: "1"`)},
			[]string{"content: newsletter/01-first.md: /id: must be integer"}},
		{"unknown field", map[string]string{"01-first.md": addLine(validEdition, "content: x")},
			[]string{"content: newsletter/01-first.md: /content: is not a known field"}},
		{"title without its number", map[string]string{"01-first.md": replaceLine(validEdition, "title", "title: First")},
			[]string{"content: newsletter/01-first.md: /title: "}},
		{"title with another number", map[string]string{"01-first.md": replaceLine(validEdition, "title", `title: "#2 First"`)},
			[]string{`content: newsletter/01-first.md: /title: must start with "#1 "`}},
		{"date as a full date", map[string]string{"01-first.md": replaceLine(validEdition, "date", "date: 2024-12-01")},
			[]string{"content: newsletter/01-first.md: /date: "}},
		{"month 13", map[string]string{"01-first.md": replaceLine(validEdition, "date", "date: 2024-13")},
			[]string{"content: newsletter/01-first.md: /date: "}},
		{"file name without id", map[string]string{"first.md": validEdition},
			[]string{"content: newsletter/first.md: file name: must be <id>-<slug>.md"}},
		{"file name with another id", map[string]string{"02-first.md": validEdition},
			[]string{`content: newsletter/02-first.md: /id: 1 does not match the file name prefix "02"`}},
		{"gap in ids", map[string]string{"01-first.md": validEdition, "03-third.md": strings.NewReplacer("id: 2", "id: 3", "#2", "#3").Replace(second)},
			[]string{"content: newsletter/03-third.md: /id: editions must be numbered 1, 2, 3"}},
		{"not starting at 1", map[string]string{"02-second.md": second},
			[]string{"content: newsletter/02-second.md: /id: editions must be numbered"}},
		{"duplicate id", map[string]string{"01-first.md": validEdition, "1-again.md": validEdition},
			[]string{"id: 1 is also the id of newsletter/01-first.md"}},
		{"month not after the one before", map[string]string{"01-first.md": validEdition, "02-second.md": replaceLine(second, "date", "date: 2024-11")},
			[]string{"content: newsletter/02-second.md: /date: 2024-11 must be after the date of edition 1"}},
		{"empty body", map[string]string{"01-first.md": validEdition[:strings.Index(validEdition, "Welcome")]},
			[]string{"content: newsletter/01-first.md: body: "}},
		// The email greets each subscriber above the text: a greeting in it is a second.
		{"greeting", map[string]string{"01-first.md": strings.Replace(validEdition, "Welcome", "Hi there,\n\nWelcome", 1)},
			[]string{`content: newsletter/01-first.md: body: starts with a greeting ("Hi there,"): the email greets each subscriber by name, so the text must not`}},
		{"greeting with a name", map[string]string{"01-first.md": strings.Replace(validEdition, "Welcome", "Hello DevOps friends!\n\nWelcome", 1)},
			[]string{`body: starts with a greeting ("Hello DevOps friends!")`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, doc := range tt.files {
				fsys["newsletter/"+name] = &fstest.MapFile{Data: []byte(doc)}
			}
			editions, err := content.LoadEditions(fsys)
			if err == nil {
				t.Fatalf("LoadEditions accepted it: %+v", editions)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

// TestLoadEditionsAddsRenderedHTML: each edition gets the HTML the content build
// rendered from its text (rendered/editions.json), and only from its text as it is.
func TestLoadEditionsAddsRenderedHTML(t *testing.T) {
	const text = "Welcome to the first one.\n\nText."
	const html = "<p>Welcome to the first one.</p>\n<p>Text.</p>\n"
	rendered := func(editions ...string) string {
		return `{"editions":[` + strings.Join(editions, ",") + `]}`
	}
	first := `{"id":1,"text":` + strconv.Quote(text) + `,"html":` + strconv.Quote(html) + `}`
	tests := []struct {
		name     string
		rendered string // "" for no rendered/editions.json
		wantHTML string
		wantErr  string
	}{
		{"rendered from its text", rendered(first), html, ""},
		{"not built", "", "", ""},
		{"rendered from an older text", rendered(strings.Replace(first, "Text.", "Old text.", 1)), "",
			"content: rendered/editions.json: edition 1 was rendered from another text than newsletter/01-first.md's: build the content again"},
		{"edition not rendered", rendered(), "",
			"content: rendered/editions.json: edition 1 (newsletter/01-first.md) is not rendered: build the content again"},
		{"an edition rendered that is gone", rendered(first, strings.Replace(first, `"id":1`, `"id":2`, 1)), "",
			"content: rendered/editions.json: edition 2 is rendered but newsletter/ has none"},
		{"not JSON", "<p>", "", "content: rendered/editions.json: invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"newsletter/01-first.md": {Data: []byte(validEdition)}}
			if tt.rendered != "" {
				fsys[content.RenderedEditionsFile] = &fstest.MapFile{Data: []byte(tt.rendered)}
			}
			editions, err := content.LoadEditions(fsys)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(editions) != 1 || editions[0].Body != text || editions[0].HTML != tt.wantHTML {
				t.Fatalf("editions = %+v, want #1 with HTML %q", editions, tt.wantHTML)
			}
		})
	}
}

// TestMarkdownIsEmbedded keeps embed.go's pattern in step with the Markdown folders
// and out of the npm build's output.
func TestMarkdownIsEmbedded(t *testing.T) {
	fsys := content.FS()
	for _, pattern := range []string{"blog/*.md", "newsletter/*.md", "images/*.svg"} {
		if names, _ := fs.Glob(fsys, pattern); len(names) == 0 {
			t.Errorf("nothing embedded matches %s", pattern)
		}
	}
	for _, dir := range []string{"dist", "node_modules", "scripts"} {
		if _, err := fs.Stat(fsys, dir); err == nil {
			t.Errorf("%s/ is embedded", dir)
		}
	}
}
