package server

import (
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// projectRoute is the route of content/routes.json whose {id} is a project's id.
const projectRoute = "/projects/{id}"

// projectID matches an id segment the way the shell reads it (apps/shell/src/routes/
// project-id.ts): decimal digits only, so /projects/abc, /projects/1.5 and /projects/-1
// are no project.
var projectID = regexp.MustCompile(`^[0-9]{1,9}$`)

// projectPages prepares index.html once per project: the /projects/{id} route made
// concrete, with the project's own title, description and share card (of cards, the
// shell's) in the head.
func projectPages(indexHTML []byte, site content.Site, routes []content.Route, catalog content.ProjectCatalog, cards sharecard.Images, publicURL string) (map[int]*static.File, error) {
	var generic *content.Route
	for i := range routes {
		if routes[i].Path == projectRoute {
			generic = &routes[i]
		}
	}
	if generic == nil {
		return nil, fmt.Errorf("%s has no route %s", content.RoutesFile, projectRoute)
	}
	concrete := make([]content.Route, 0, len(catalog.Projects))
	for _, p := range catalog.Projects {
		concrete = append(concrete, content.Route{
			Path:        strings.Replace(projectRoute, "{id}", strconv.Itoa(p.ID), 1),
			Section:     generic.Section,
			Title:       p.Title + " · " + generic.Title, // "<project> · Project · <site>"
			Description: p.Description,
			NoIndex:     generic.NoIndex,
		})
	}
	set, err := pages.New(indexHTML, site, concrete, nil, nil, cards, publicURL)
	if err != nil {
		return nil, err
	}
	files := make(map[int]*static.File, len(concrete))
	for i, p := range catalog.Projects {
		page, _ := set.Route(concrete[i].Path) // New builds a page for every route
		files[p.ID] = page.File(publicURL + concrete[i].Path)
	}
	return files, nil
}

// handleProjectPage serves /projects/{id}: the project's page for an existing project,
// the 404 page (HTTP 404, the shell shows 'Project Not Found') for any other id.
func handleProjectPage(logger *zap.Logger, web *Web) http.Handler {
	if !web.Ready() {
		return handleSiteNotBuilt(logger)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := mux.Vars(r)["id"]
		if projectID.MatchString(raw) {
			id, _ := strconv.Atoi(raw) // at most 9 digits: fits
			if f, ok := web.Projects[id]; ok {
				static.Serve(w, r, web.stateOf(r).page(f, compose.Part{Shell: "/projects/" + strconv.Itoa(id)}), http.StatusOK)
				return
			}
		}
		static.Serve(w, r, web.notFoundPage(r), http.StatusNotFound)
	})
}
