// Package server is the gateway's HTTP surface: every route (routes.go), its handlers
// and middleware. NewServer takes every dependency as an argument; nothing is global.
package server

import (
	"net/http"

	"github.com/gorilla/mux"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/headers"
)

// Deps is everything the gateway's HTTP surface works with; run() builds each once.
type Deps struct {
	Logger *zap.Logger
	Config config.Config
	Site   content.Site
	Routes []content.Route // content/routes.json: the shell's rows are its pages
	Web    *Web            // the built front end, in memory
	// Registry is the Prometheus registry MetricsHandler serves (shared with the mail
	// outbox); the server adds its request metrics to it.
	Registry   *prometheus.Registry
	Database   Pinger       // checked by /readyz
	Contact    ContactInbox // accepts the contact form's messages
	Newsletter Newsletter   // the newsletter's subscriptions
	Admin      Admin        // what the admin API works with
	// Sections publishes, promotes and rolls back section releases; nil: no such API.
	Sections SectionReleases
	// Analytics counts page views and sign-ups; nil counts nothing (PORTFOLIO_ANALYTICS
	// off).
	Analytics Analytics
}

// NewServer returns the gateway's handler over d.
func NewServer(d Deps) http.Handler {
	r := mux.NewRouter()
	m := newMetrics(d.Registry)
	m.watchReadiness(d.Web, d.Database)
	addRoutes(r, d, m)
	cfg, web, logger := d.Config, d.Web, d.Logger

	policy := headers.Policy{
		ScriptHashes: web.scriptHashes(),
		Dev:          cfg.Dev,
		HSTS:         cfg.PublicURLIsHTTPS(),
	}
	for _, remote := range cfg.Remotes() {
		if o := headers.Origin(remote.Entry); o != "" {
			policy.DevOrigins = append(policy.DevOrigins, o)
		}
	}

	// Outermost first: headers go on every response, the log sees the final status,
	// and a panic becomes a 500 that is still logged and still has the headers.
	var h http.Handler = r
	h = recoverPanics(logger)(h)
	h = logRequests(logger)(h)
	h = headers.Security(policy)(h)
	return h
}
