package server

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// projectRoute is the route of content/routes.json whose {id} is a project's id.
const projectRoute = release.ProjectRoute

// projectID matches an id segment the way the shell reads it (apps/shell/src/routes/
// project-id.ts): decimal digits only, so /projects/abc, /projects/1.5 and /projects/-1
// are no project.
var projectID = regexp.MustCompile(`^[0-9]{1,9}$`)

// projectPages prepares the shell's page once per project of shell: the
// /projects/{id} route made concrete, with the project's own title, description and
// share card (of cards) in the head. None when the shell has no such route.
func projectPages(indexHTML []byte, site content.Site, shell release.Description, cards sharecard.Images, publicURL string) (map[int]*static.File, error) {
	i := slices.IndexFunc(shell.Routes, func(r content.Route) bool { return r.Path == projectRoute })
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

// handleProjectPage serves /projects/{id}: the project's page for an existing project,
// the 404 page (HTTP 404, the shell shows 'Project Not Found') for any other id.
func handleProjectPage(logger *zap.Logger, web *Web) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := web.stateOf(r)
		if st.Pages == nil {
			handleSiteNotBuilt(logger).ServeHTTP(w, r)
			return
		}
		raw := mux.Vars(r)["id"]
		if projectID.MatchString(raw) {
			id, _ := strconv.Atoi(raw) // at most 9 digits: fits
			if f, ok := st.Projects[id]; ok {
				static.Serve(w, r, st.page(f, compose.Part{Shell: "/projects/" + strconv.Itoa(id)}), http.StatusOK)
				return
			}
		}
		static.Serve(w, r, web.notFoundPage(r), http.StatusNotFound)
	})
}
