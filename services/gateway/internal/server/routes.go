package server

import (
	"net/http"
	"slices"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
)

// reserved top-level paths a file of the shell's build may not shadow.
var reserved = []string{"api", "mf", "healthz", "readyz", "metrics", "index.html"}

// addRoutes is the gateway's whole HTTP surface. The first matching route wins.
func addRoutes(r *mux.Router, logger *zap.Logger, cfg config.Config, site content.Site, routes []content.Route, web *Web, m *metrics) {
	get := []string{http.MethodGet, http.MethodHead}
	r.Use(m.byRoute)

	// Probes.
	r.Handle("/healthz", handleHealthz()).Methods(get...)
	r.Handle("/readyz", handleReadyz(logger, web)).Methods(get...)
	r.Handle("/metrics", m.handler()).Methods(get...)

	// JSON API. Unknown /api/ paths answer JSON 404 from handleNotFound.
	r.Handle("/api/newsletter/stats", handleNewsletterStats(site)).Methods(get...)

	// Module Federation: where the remotes are, and their built files.
	r.Handle("/mf/remotes.json", handleRemotes(cfg.Remotes())).Methods(get...)
	for _, name := range config.RemoteNames {
		prefix := "/mf/" + name + "/"
		r.PathPrefix(prefix).Handler(handleAssets(web.Remotes[name], prefix)).Methods(get...)
	}

	// Pages: every route of content/routes.json is the shell's index.html with its own
	// head; /skills/ redirects to /skills.
	for _, route := range routes {
		r.Handle(route.Path, handlePage(logger, web, route, cfg.PublicURL)).Methods(get...)
		if route.Path != "/" {
			r.Handle(route.Path+"/", redirectTrailingSlash()).Methods(get...)
		}
	}

	// The shell's own built files (/static/..., /favicon.ico, ...), whatever the build
	// put at the top of its dist directory.
	if web.Shell != nil {
		dirs, files := web.Shell.TopLevel()
		for _, d := range dirs {
			if !slices.Contains(reserved, d) {
				r.PathPrefix("/" + d + "/").Handler(handleAssets(web.Shell, "/")).Methods(get...)
			}
		}
		for _, f := range files {
			if !slices.Contains(reserved, f) {
				r.Handle("/"+f, handleAssets(web.Shell, "/")).Methods(get...)
			}
		}
	}

	// Anything else: JSON 404 under /api/, a plain 404 for a missing file, and the
	// shell's index.html with status 404 for any other page (it renders the 404 screen).
	r.NotFoundHandler = m.as("unmatched", handleNotFound(logger, web))
	r.MethodNotAllowedHandler = m.as("method_not_allowed", handleMethodNotAllowed(r, logger))
}
