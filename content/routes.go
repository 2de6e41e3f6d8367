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

// LoadRoutes reads and strictly decodes routes.json from fsys (usually FS()), in file order.
func LoadRoutes(fsys fs.FS) ([]Route, error) {
	var f routesFile
	if err := decodeFile(fsys, RoutesFile, &f); err != nil {
		return nil, err
	}
	if len(f.Routes) == 0 {
		return nil, fmt.Errorf("content: %s: no routes", RoutesFile)
	}
	seen := make(map[string]bool, len(f.Routes))
	for _, r := range f.Routes {
		if seen[r.Path] {
			return nil, fmt.Errorf("content: %s: route %q is listed twice", RoutesFile, r.Path)
		}
		seen[r.Path] = true
	}
	return f.Routes, nil
}
