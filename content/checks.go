package content

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Image is a picture shown by the site: a site-local path under /images/ (shipped in
// images/ of this package and served by the gateway) or an external https URL. Width
// and height are the intrinsic size, so pages can reserve the space before it loads.
type Image struct {
	Src    string `json:"src"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Alt    string `json:"alt"`
}

// IsLocal reports whether the image ships with the site (Src starts with "/").
func (i Image) IsLocal() bool { return strings.HasPrefix(i.Src, "/") }

// FSPath is the image's path in FS() ("/images/projects/1.svg" → "images/projects/1.svg"),
// or "" for an external image.
func (i Image) FSPath() string {
	if !i.IsLocal() {
		return ""
	}
	return strings.TrimPrefix(i.Src, "/")
}

// fieldChecker collects the semantic problems of one content file. Every problem names
// the file and the field (e.g. "content: skills.json: skills[3].achievements: ..."), and
// all of them are reported at once.
type fieldChecker struct {
	file string
	errs []error
}

func newFieldChecker(file string) *fieldChecker { return &fieldChecker{file: file} }

func (c *fieldChecker) addf(field, format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("content: %s: %s: %s", c.file, field, fmt.Sprintf(format, args...)))
}

func (c *fieldChecker) err() error { return errors.Join(c.errs...) }

// text requires a value with at least one non-space character.
func (c *fieldChecker) text(field, v string) {
	if strings.TrimSpace(v) == "" {
		c.addf(field, "is empty")
	}
}

// positive requires n >= 1.
func (c *fieldChecker) positive(field string, n int) {
	if n < 1 {
		c.addf(field, "must be positive, got %d", n)
	}
}

// count requires lo <= n <= hi; hi < 0 means no upper bound.
func (c *fieldChecker) count(field string, n, lo, hi int) {
	switch {
	case lo == hi && n != lo:
		c.addf(field, "want %d items, got %d", lo, n)
	case n < lo:
		c.addf(field, "want at least %d items, got %d", lo, n)
	case hi >= 0 && n > hi:
		c.addf(field, "want at most %d items, got %d", hi, n)
	}
}

// texts checks a list of strings: its length and that every entry has text.
func (c *fieldChecker) texts(field string, vs []string, lo, hi int) {
	c.count(field, len(vs), lo, hi)
	for i, v := range vs {
		c.text(fmt.Sprintf("%s[%d]", field, i), v)
	}
}

// uniqueTexts is texts plus no entry listed twice.
func (c *fieldChecker) uniqueTexts(field string, vs []string, lo, hi int) {
	c.texts(field, vs, lo, hi)
	seen := make(map[string]bool, len(vs))
	for i, v := range vs {
		if seen[v] {
			c.addf(fmt.Sprintf("%s[%d]", field, i), "%q is listed twice", v)
		}
		seen[v] = true
	}
}

// oneOf requires v to be one of allowed.
func (c *fieldChecker) oneOf(field, v string, allowed []string) {
	if !slices.Contains(allowed, v) {
		c.addf(field, "%q is not one of %s", v, strings.Join(allowed, ", "))
	}
}

// httpsURL requires an absolute https URL with a host.
func (c *fieldChecker) httpsURL(field, v string) {
	u, err := url.Parse(v)
	if err != nil || u.Scheme != "https" || u.Host == "" || strings.ContainsAny(v, " \t\n") {
		c.addf(field, "%q is not an https URL", v)
	}
}

// isoDate requires a real calendar date written YYYY-MM-DD.
func (c *fieldChecker) isoDate(field, v string) {
	if _, err := time.Parse(time.DateOnly, v); err != nil {
		c.addf(field, "%q is not a date written YYYY-MM-DD", v)
	}
}

// image checks an Image; a local one must exist in fsys.
func (c *fieldChecker) image(fsys fs.FS, field string, img Image) {
	c.text(field+".alt", img.Alt)
	if img.Width < 1 || img.Height < 1 {
		c.addf(field, "width and height must be positive, got %dx%d", img.Width, img.Height)
	}
	if !img.IsLocal() {
		c.httpsURL(field+".src", img.Src)
		return
	}
	p := img.FSPath()
	if !strings.HasPrefix(img.Src, "/images/") || !fs.ValidPath(p) || path.Clean(p) != p {
		c.addf(field+".src", "%q is not a path under /images/", img.Src)
		return
	}
	if st, err := fs.Stat(fsys, p); err != nil || st.IsDir() {
		c.addf(field+".src", "%q is not a file shipped with the content (%s)", img.Src, p)
	}
}

// allowedHTMLTag matches the only tags content HTML may use: attribute-less p, ul, ol,
// li, strong, em, code and h3 (opening or closing). schema/project-details.schema.json
// states the same rule as a pattern.
var allowedHTMLTag = regexp.MustCompile(`</?(?:p|ul|ol|li|strong|em|code|h3)>`)

// html requires a fragment made only of allowed tags and text without raw < or >.
func (c *fieldChecker) html(field, v string) {
	c.text(field, v)
	rest := allowedHTMLTag.ReplaceAllString(v, "")
	if i := strings.IndexAny(rest, "<>"); i >= 0 {
		end := min(len(rest), i+24)
		if j := strings.IndexByte(rest[i:], '>'); j >= 0 && i+j+1 < end {
			end = i + j + 1
		}
		c.addf(field, "only attribute-less p, ul, ol, li, strong, em, code and h3 tags are allowed, found %q", rest[i:end])
	}
}
