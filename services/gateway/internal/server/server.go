// Package server is the gateway's HTTP surface: every route (routes.go), its handlers
// and middleware. NewServer takes every dependency as an argument; nothing is global.
package server

import (
	"context"
	"net/http"

	"github.com/gorilla/mux"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/headers"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// Deps is everything the gateway's HTTP surface works with; run() builds each once.
type Deps struct {
	Logger *zap.Logger
	Config config.Config
	Site   content.Site
	Routes []content.Route // content/routes.json as compiled in: the aliases' targets, the admin's home (the pages served are the State's)
	Served ServedSite      // the site as it is served now (site.Site)
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
	// MailEvents records the relays' reports of bounces and complaints (the webhooks
	// under /api/mail/events); nil serves no such webhook.
	MailEvents MailEvents
}

// ServedSite is the site as it is served (site.Site): each section's build or release,
// the shell among them, in a State of the moment with its variants (a canary, a
// preview), which a request reads whole. The handlers only read it; what is served
// changes outside HTTP.
type ServedSite interface {
	Ready() bool    // the shell served now has its index.html
	Draining() bool // the process is stopping: /readyz fails
	Images() map[string]*static.File
	ContactPage() content.Contact

	State() *site.State
	Serving() *site.Serving
	Variant(sv *site.Serving, overrides map[string]site.Section, preview *release.Preview) (*site.State, error)
	PreviewSection(ctx context.Context, sv *site.Serving, p *release.Preview) (site.Section, error)
	Shipped(section string) site.Section
	VersionFile(ctx context.Context, section, version, name string) *static.File
	ShellFile(st *site.State, name string) (*static.File, bool)
	IsPage(p string) bool
	Serves(section, version string) bool
	ServingAs(section, version string) string
}

// Handlers are the gateway's two origins (docs/decisions/0047): Public serves the
// site, Admin the admin's pages and API, each on a listener of its own.
type Handlers struct {
	Public http.Handler
	Admin  http.Handler
}

// NewServer returns the gateway's handlers over d.
func NewServer(d Deps) Handlers {
	site, adm := mux.NewRouter(), mux.NewRouter()
	m := newMetrics(d.Registry)
	m.watchReadiness(d.Served, d.Database)
	addRoutes(site, adm, d, newGuards(d), m)
	cfg, web := d.Config, d.Served

	policy := headers.Policy{
		HashesOf: func(r *http.Request) []string { return stateOf(web, r).ScriptHashes() },
		Dev:      cfg.Dev,
		HSTS:     cfg.PublicURLIsHTTPS(),
	}
	for _, remote := range cfg.Remotes() {
		if o := headers.Origin(remote.Entry); o != "" {
			policy.DevOrigins = append(policy.DevOrigins, o)
		}
	}
	adminPolicy := policy
	adminPolicy.HSTS = cfg.AdminURLIsHTTPS()
	// The admin's requests are logged as such: a refusal there is worth an operator's look.
	// Each request's variant of the site (a canary, a preview) is chosen first, before
	// its headers (the CSP has its shell's script hashes) and its route (the pages'
	// matchers read it).
	var previews PreviewOpener
	if d.Sections != nil {
		previews = d.Sections
	}
	public := outermost(d.Logger, policy, site)
	admin := outermost(d.Logger.With(zap.String("origin", "admin")), adminPolicy, adm)
	// A panic while the variant is chosen is a 500 too, logged; its response goes out
	// without the headers the variant would have chosen.
	return Handlers{
		Public: recoverPanics(d.Logger)(withVariant(d.Logger, web, previews, d.Analytics, cfg.PublicURLIsHTTPS())(public)),
		Admin:  recoverPanics(d.Logger)(withVariant(d.Logger, web, previews, d.Analytics, cfg.AdminURLIsHTTPS())(admin)),
	}
}

// outermost wraps an origin's routes, outermost first: headers go on every response,
// the log sees the final status, and a panic becomes a 500 that is still logged and
// still has the headers.
func outermost(logger *zap.Logger, policy headers.Policy, r http.Handler) http.Handler {
	h := recoverPanics(logger)(r)
	h = logRequests(logger)(h)
	return headers.Security(policy)(h)
}
