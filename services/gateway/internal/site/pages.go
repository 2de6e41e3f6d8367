package site

import (
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// Page is doc with the prerendered HTML of part composed in.
func (st *State) Page(doc *static.File, part compose.Part) *static.File {
	if st.Composer == nil {
		return doc
	}
	return st.Composer.Page(doc, part)
}

// IsPage reports whether p is a page served with 200 now: a route of the shell's or
// of a section's release, or an existing project's page.
func (w *Site) IsPage(p string) bool { return w.State().IsPage(p) }

// IsPage is Site.IsPage in st: a page served with 200 to whoever is served st.
func (st *State) IsPage(p string) bool {
	// routes.json's /projects/{id} is a pattern, not a page: only real ids count below.
	if strings.ContainsAny(p, "{}") {
		return false
	}
	if st == nil || st.Pages == nil {
		return false
	}
	if _, ok := st.Pages.Route(p); ok {
		return true
	}
	if id, ok := strings.CutPrefix(p, "/projects/"); ok {
		_, _, ok := st.Project(id)
		return ok
	}
	return false
}

// PublicSection and AdminSection say which origin serves a section's pages.
func PublicSection(s content.Section) bool { return s != content.SectionAdmin }
func AdminSection(s content.Section) bool  { return s == content.SectionAdmin }

// projectID matches an id segment the way the shell reads it (apps/shell/src/routes/
// project-id.ts): decimal digits only, so /projects/abc, /projects/1.5 and /projects/-1
// are no project.
var projectID = regexp.MustCompile(`^[0-9]{1,9}$`)

// projectPages prepares the shell's page once per project of shell: the
// /projects/{id} route made concrete, with the project's own title, description and
// share card (of cards) in the head. None when the shell has no such route.
func projectPages(indexHTML []byte, site content.Site, shell release.Description, cards sharecard.Images, publicURL string) (map[int]*static.File, error) {
	i := slices.IndexFunc(shell.Routes, func(r content.Route) bool { return r.Path == release.ProjectRoute })
	if i < 0 {
		return nil, nil
	}
	concrete := release.ProjectPages(shell.Routes[i], shell.Projects)
	set, err := pages.New(indexHTML, site, concrete, nil, nil, cards, publicURL)
	if err != nil {
		return nil, err
	}
	files := make(map[int]*static.File, len(concrete))
	for i, p := range shell.Projects {
		page, _ := set.Route(concrete[i].Path) // New builds a page for every route
		files[p.ID] = page.File(publicURL + concrete[i].Path)
	}
	return files, nil
}

// Project is the page of the project whose id is the path segment raw (/projects/{id})
// in st, and that id; false for an id that is no project's.
func (st *State) Project(raw string) (*static.File, int, bool) {
	if !projectID.MatchString(raw) {
		return nil, 0, false
	}
	id, _ := strconv.Atoi(raw) // at most 9 digits: fits
	f, ok := st.Projects[id]
	return f, id, ok
}

// imagesCacheControl: content images keep their names when they change (they are not
// content-hashed), so browsers may keep them for a day and then revalidate by ETag —
// never the build's immutable year.
const imagesCacheControl = "public, max-age=86400"

// loadImages reads content's images/ directory (content.FS()) into memory, by path
// below it ("projects/1.svg"). Text images (SVG) get a gzip variant.
func loadImages(fsys fs.FS) (map[string]*static.File, error) {
	images, err := fs.Sub(fsys, "images")
	if err != nil {
		return nil, err
	}
	files := make(map[string]*static.File)
	err = fs.WalkDir(images, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		body, err := fs.ReadFile(images, name)
		if err != nil {
			return err
		}
		f := static.NewFile(name, body, imagesCacheControl)
		if static.Compressible(f.ContentType) {
			f = static.NewGzipFile(name, body, imagesCacheControl)
		}
		files[name] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}
