package content

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
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

// fieldChecker collects the problems of one content file. Every problem names the file
// and the JSON pointer of the value (e.g. "content: skills.json: /skills/3/name: ..."),
// and all of them are reported at once.
type fieldChecker struct {
	file string
	errs []error
}

func newFieldChecker(file string) *fieldChecker { return &fieldChecker{file: file} }

func (c *fieldChecker) addf(ptr, format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("content: %s: %s: %s", c.file, ptr, fmt.Sprintf(format, args...)))
}

func (c *fieldChecker) err() error { return errors.Join(c.errs...) }

// shipped requires a local image (the schema has checked its path) to be a file of
// fsys; an external one needs nothing.
func (c *fieldChecker) shipped(fsys fs.FS, ptr string, img Image) {
	if !img.IsLocal() {
		return
	}
	if st, err := fs.Stat(fsys, img.FSPath()); err != nil || st.IsDir() {
		c.addf(ptr+"/src", "%q is not a file shipped with the content (%s)", img.Src, img.FSPath())
	}
}

// unique reports every value of key(i) for i < n that an earlier index already had,
// at ptr(i).
func unique[K comparable](c *fieldChecker, n int, key func(i int) K, ptr func(i int) string) {
	seen := make(map[K]bool, n)
	for i := range n {
		k := key(i)
		if seen[k] {
			c.addf(ptr(i), "%v is listed twice", k)
		}
		seen[k] = true
	}
}

// statedLimit is a validation message and the limit it must state ("at least 2").
type statedLimit struct {
	key, limitKey, message string
	limit                  int
}

// limitsStated checks that each message of a form's rules, the object at JSON pointer
// prefix at, states its limit, so the words stay in step with the numbers
// (contact.json, form-fields.json).
func limitsStated(c *fieldChecker, at string, limits ...statedLimit) {
	for _, m := range limits {
		if !strings.Contains(m.message, strconv.Itoa(m.limit)) {
			c.addf(at+m.key, "%q does not state %s %d", m.message, m.limitKey, m.limit)
		}
	}
}

// atLeast reports <at><maxKey> when max is below min.
func atLeast(c *fieldChecker, at, maxKey string, maxValue int, minKey string, minValue int) {
	if maxValue < minValue {
		c.addf(at+maxKey, "%d is below %s %d", maxValue, minKey, minValue)
	}
}
