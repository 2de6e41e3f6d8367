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
	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
	"github.com/portfolio-site/portfolio/services/gateway/internal/headers"
)

// NewServer returns the gateway's handler. posts are the blog's posts (each published
// one has its article page), found are /rss.xml, /sitemap.xml and /robots.txt, reg is
// the Prometheus registry MetricsHandler serves (run() shares it with the mail outbox),
// db is checked by /readyz, contacts accepts the contact form's messages, subs the
// newsletter's subscriptions, and adm is what the admin API works with.
func NewServer(
	logger *zap.Logger,
	cfg config.Config,
	site content.Site,
	routes []content.Route,
	posts []content.Post,
	web *Web,
	found *discovery.Files,
	reg *prometheus.Registry,
	db Pinger,
	contacts ContactInbox,
	subs Newsletter,
	adm Admin,
) http.Handler {
	r := mux.NewRouter()
	m := newMetrics(reg)
	m.watchReadiness(web, db)
	addRoutes(r, logger, cfg, site, routes, posts, web, found, m, db, contacts, subs, adm)

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
