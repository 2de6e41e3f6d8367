package content

import (
	"fmt"
	"io/fs"
)

// RoutesFile is the route table's file name, relative to the content root.
const RoutesFile = "routes.json"

// Section names the app that renders a route: the shell itself or one of its remotes.
type Section string

// The sections of routes.schema.json.
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

type routesFile struct {
	Schema string  `json:"$schema,omitempty"`
	Routes []Route `json:"routes"`
}

// LoadRoutes reads routes.json from fsys (usually FS()), in file order. Beyond its
// schema, no path is listed twice.
func LoadRoutes(fsys fs.FS) ([]Route, error) {
	var f routesFile
	if err := decodeFile(fsys, RoutesFile, &f); err != nil {
		return nil, err
	}
	c := newFieldChecker(RoutesFile)
	unique(c, len(f.Routes), func(i int) string { return fmt.Sprintf("%q", f.Routes[i].Path) },
		func(i int) string { return fmt.Sprintf("/routes/%d/path", i) })
	if err := c.err(); err != nil {
		return nil, err
	}
	return f.Routes, nil
}
