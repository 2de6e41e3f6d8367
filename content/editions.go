package content

import (
	"errors"
	"fmt"
	"io/fs"
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
	// endings, trimmed): what the newsletter page shows with line breaks preserved and
	// what a plain-text email carries.
	Body string `json:"body"`
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
)

// LoadEditions reads every newsletter/*.md of fsys (usually FS()) and returns the
// editions by id, #1 first. The front matter must match
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
		if body == "" {
			c.addf("body", "the edition's text is missing after the front matter")
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
	return editions, nil
}

// FindEdition returns the edition with the given id.
func FindEdition(editions []Edition, id int) (Edition, bool) {
	i := slices.IndexFunc(editions, func(e Edition) bool { return e.ID == id })
	if i < 0 {
		return Edition{}, false
	}
	return editions[i], true
}
