package content

import (
	"fmt"
	"io/fs"
	"slices"
)

// RoutesFile is the route table's file name, relative to the content root.
const RoutesFile = "routes.json"

// Section names the app that renders a route: the shell itself or one of its remotes.
type Section string

// The sections the gateway treats on their own (the admin on its own origin, the blog's
// posts, the newsletter's editions); every section's name is in sections.json.
const (
	SectionShell      Section = "shell"
	SectionBlog       Section = "blog"
	SectionNewsletter Section = "newsletter"
	SectionAdmin      Section = "admin"
)

// Route is one public page of the site. Path uses {name} for a single path segment
// (e.g. /projects/{id}), the same syntax as gorilla/mux.
type Route struct {
	Path        string  `json:"path"`
	Section     Section `json:"section"`
	Title       string  `json:"title"`
	Description string  `json:"description"`
	NoIndex     bool    `json:"noindex,omitempty"`
}

// routesFile is routes.json: the list under its one key.
type routesFile struct {
	Routes []Route `json:"routes"`
}

// LoadRoutes reads routes.json from fsys (usually FS()), in file order. Beyond its
// schema, no path is listed twice.
func LoadRoutes(fsys fs.FS) ([]Route, error) {
	f, err := loadFile(fsys, RoutesFile, func(c *fieldChecker, f routesFile) {
		unique(c, len(f.Routes), func(i int) string { return fmt.Sprintf("%q", f.Routes[i].Path) },
			func(i int) string { return fmt.Sprintf("/routes/%d/path", i) })
		sections := Sections()
		for i, r := range f.Routes {
			if !slices.ContainsFunc(sections, func(s SectionInfo) bool { return s.Name == r.Section }) {
				c.addf(fmt.Sprintf("/routes/%d/section", i), "%q is not a section of %s", r.Section, SectionsFile)
			}
		}
	})
	return f.Routes, err
}
