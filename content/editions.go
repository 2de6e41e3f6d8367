package content

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// NewsletterDir holds the DevOps Digest editions, one Markdown file per edition:
// newsletter/<id>-<slug>.md (e.g. 01-its-always-dns.md).
const NewsletterDir = "newsletter"

// NewsletterEditionSchema is the schema of an edition's front matter, in schema/.
const NewsletterEditionSchema = "newsletter-edition.schema.json"

// Edition is one DevOps Digest edition.
type Edition struct {
	ID    int    `json:"id"`
	Title string `json:"title"` // "#<id> ..."
	// Month is the edition's month: its first day, midnight UTC.
	Month    time.Time `json:"month"`
	Excerpt  string    `json:"excerpt"`
	ReadTime int       `json:"readTime"` // minutes
	Tags     []string  `json:"tags"`
	// Body is the edition's full text (Markdown, one paragraph per line, "\n" line
	// endings, trimmed), as written.
	Body string `json:"body"`
	// HTML is Body rendered by the content build (RenderedEditionsFile): what the
	// edition's web page shows, and what its email shows with email styles. Empty when
	// the content was not built.
	HTML string `json:"html,omitempty"`
}

// MonthText is the edition's month as the site shows it, e.g. "December 2024".
func (e Edition) MonthText() string { return e.Month.Format("January 2006") }

// URL is the path of the edition's page on the site, e.g. /newsletter/1: the edition
// whole, rendered by the newsletter section (its route comes with the section's
// release) and linked from every email of it.
func (e Edition) URL() string { return "/" + NewsletterDir + "/" + strconv.Itoa(e.ID) }

// editionFrontMatter mirrors schema/newsletter-edition.schema.json.
type editionFrontMatter struct {
	ID       int      `yaml:"id"`
	Title    string   `yaml:"title"`
	Date     string   `yaml:"date"`
	Excerpt  string   `yaml:"excerpt"`
	ReadTime int      `yaml:"readTime"`
	Tags     []string `yaml:"tags"`
}

var (
	editionFileRe  = regexp.MustCompile(`^(\d+)-[a-z0-9-]+\.md$`)
	editionTitleRe = regexp.MustCompile(`^#(\d+) `)
	// editionGreetingRe is a first line that greets ("Hi there,", "Hello everyone!"):
	// the edition's email greets each subscriber by name above the text, so a greeting
	// in the text is a second one (the npm build's rule too, scripts/markdown/validate.mjs).
	editionGreetingRe = regexp.MustCompile(`(?i)^(?:hi|hello|hey|dear|greetings)\b[^\n]{0,40}[,!:]\s*$`)
)

// RenderedEditionsFile is where the content build (scripts/build-markdown.mjs) writes
// each edition's id, text and HTML: one Markdown renderer for the site and the emails.
const RenderedEditionsFile = "rendered/editions.json"

// LoadEditions reads every newsletter/*.md of fsys (usually FS()) and returns the
// editions by id, #1 first, each with its HTML from RenderedEditionsFile when fsys has
// one (an error when that file was rendered from other texts: build the content again). The front matter must match
// schema/newsletter-edition.schema.json (decoded strictly), the file name must be
// <id>-<slug>.md with the edition's id, the title must start with "#<id> ", ids must
// run 1, 2, 3... without gaps or repeats, each edition must be of a later month than
// the one before, and the body must not be empty. All problems are reported at once,
// each naming the file and the field.
func LoadEditions(fsys fs.FS) ([]Edition, error) {
	ids := map[int]string{} // id → the file that has it
	editions, err := loadMarkdownDir(fsys, NewsletterDir, NewsletterEditionSchema, func(c *fieldChecker, f markdownFile, fm editionFrontMatter) Edition {
		base := path.Base(f.name)
		if m := editionFileRe.FindStringSubmatch(base); m == nil {
			c.addf("file name", "must be <id>-<slug>.md, e.g. 0%d-my-topic.md", fm.ID)
		} else if n, err := strconv.Atoi(m[1]); err != nil || n != fm.ID {
			c.addf("/id", "%d does not match the file name prefix %q", fm.ID, m[1])
		}
		if m := editionTitleRe.FindStringSubmatch(fm.Title); m == nil || m[1] != strconv.Itoa(fm.ID) {
			c.addf("/title", "must start with \"#%d \" (the edition's id)", fm.ID)
		}
		if other, ok := ids[fm.ID]; ok {
			c.addf("/id", "%d is also the id of %s", fm.ID, other)
		}
		ids[fm.ID] = f.name
		month, err := time.Parse("2006-01", fm.Date)
		if err != nil {
			c.addf("/date", "%q is not a month written YYYY-MM", fm.Date)
		}
		body := strings.TrimSpace(f.body)
		firstLine, _, _ := strings.Cut(body, "\n")
		switch {
		case body == "":
			c.addf("body", "the edition's text is missing after the front matter")
		case editionGreetingRe.MatchString(firstLine):
			c.addf("body", "starts with a greeting (%q): the email greets each subscriber by name, so the text must not", firstLine)
		}
		return Edition{
			ID: fm.ID, Title: fm.Title, Month: month, Excerpt: fm.Excerpt,
			ReadTime: fm.ReadTime, Tags: fm.Tags, Body: body,
		}
	})
	if err != nil {
		return nil, err
	}
	// Ids run 1..n without gaps, and a later edition is of a later month.
	var errs []error
	slices.SortStableFunc(editions, func(a, b Edition) int { return a.ID - b.ID })
	for i, e := range editions {
		file := ids[e.ID]
		switch {
		case e.ID != i+1:
			errs = append(errs, fmt.Errorf("content: %s: /id: editions must be numbered 1, 2, 3, ... without gaps; expected %d, got %d", file, i+1, e.ID))
		case i > 0 && !e.Month.After(editions[i-1].Month):
			errs = append(errs, fmt.Errorf("content: %s: /date: %s must be after the date of edition %d (%s)",
				file, e.Month.Format("2006-01"), i, editions[i-1].Month.Format("2006-01")))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if err := addRenderedHTML(fsys, editions, ids); err != nil {
		return nil, err
	}
	return editions, nil
}

// renderedEdition is one edition of RenderedEditionsFile.
type renderedEdition struct {
	ID   int    `json:"id"`
	Text string `json:"text"`
	HTML string `json:"html"`
}

// addRenderedHTML gives each edition its HTML from fsys's RenderedEditionsFile, if it
// has one. The file must have been rendered from these editions' texts, each and no
// other: HTML of an older text would send subscribers what the site no longer says.
// files are the editions' file names by id, for the messages.
func addRenderedHTML(fsys fs.FS, editions []Edition, files map[int]string) error {
	data, err := fs.ReadFile(fsys, RenderedEditionsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	var rendered struct {
		Editions []renderedEdition `json:"editions"`
	}
	if err := json.Unmarshal(data, &rendered); err != nil {
		return fmt.Errorf("content: %s: %w", RenderedEditionsFile, err)
	}
	byID := make(map[int]renderedEdition, len(rendered.Editions))
	for _, r := range rendered.Editions {
		byID[r.ID] = r
	}
	const rebuild = "build the content again (pnpm --filter @portfolio/content build, or make build)"
	var errs []error
	for i, e := range editions {
		r, ok := byID[e.ID]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("content: %s: edition %d (%s) is not rendered: %s", RenderedEditionsFile, e.ID, files[e.ID], rebuild))
		case r.Text != e.Body:
			errs = append(errs, fmt.Errorf("content: %s: edition %d was rendered from another text than %s's: %s", RenderedEditionsFile, e.ID, files[e.ID], rebuild))
		default:
			editions[i].HTML = r.HTML
		}
		delete(byID, e.ID)
	}
	for _, id := range slices.Sorted(maps.Keys(byID)) {
		errs = append(errs, fmt.Errorf("content: %s: edition %d is rendered but newsletter/ has none: %s", RenderedEditionsFile, id, rebuild))
	}
	return errors.Join(errs...)
}

// FindEdition returns the edition with the given id.
func FindEdition(editions []Edition, id int) (Edition, bool) {
	i := slices.IndexFunc(editions, func(e Edition) bool { return e.ID == id })
	if i < 0 {
		return Edition{}, false
	}
	return editions[i], true
}
