package server

import (
	"net/http"
	"strconv"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// projectRoute is the route of content/routes.json whose {id} is a project's id.
const projectRoute = release.ProjectRoute

// handleProjectPage serves /projects/{id}: the project's page for an existing project,
// the 404 page (HTTP 404, the shell shows 'Project Not Found') for any other id.
func handleProjectPage(logger *zap.Logger, web ServedSite) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := stateOf(web, r)
		if st.Pages == nil {
			handleSiteNotBuilt(logger).ServeHTTP(w, r)
			return
		}
		if f, id, ok := st.Project(mux.Vars(r)["id"]); ok {
			static.Serve(w, r, st.Page(f, compose.Part{Shell: "/projects/" + strconv.Itoa(id)}), http.StatusOK)
			return
		}
		static.Serve(w, r, notFoundPage(web, r), http.StatusNotFound)
	})
}
