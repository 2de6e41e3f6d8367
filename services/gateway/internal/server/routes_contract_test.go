package server

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/gorilla/mux"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// contractPath is the API's one contract (docs/decisions/0064-one-api-contract.md).
const contractPath = "../../../../docs/openapi.yaml"

// muxVar is a path variable with its pattern, as routes.go writes the section's.
var muxVar = regexp.MustCompile(`\{(\w+):[^}]*\}`)

// suppressionList names Suppressions for embedding: its own method has that name.
type suppressionList = Suppressions

// unwiredDeps are a server's dependencies with a real site (the test build) and nothing
// behind the stores and services: enough to make the routes, and to call what needs none.
func unwiredDeps(t *testing.T) Deps {
	t.Helper()
	env := map[string]string{
		"PORTFOLIO_WEB_DIR":  webtest.Build(t),
		"PORTFOLIO_DATA_DIR": t.TempDir(),
		// Switched on, so that their routes exist.
		"PORTFOLIO_MAIL_EVENTS_SECRET": "0123456789abcdef0123456789abcdef",
	}
	cfg, err := config.Load("", func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	meta, err := content.LoadSite(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	routes, err := content.LoadRoutes(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	logger := zap.NewNop()
	web, err := site.Load(logger, cfg, meta)
	if err != nil {
		t.Fatal(err)
	}
	return Deps{
		Logger: logger, Config: cfg, Site: meta, Routes: routes, Served: web, Registry: prometheus.NewRegistry(),
		Sections: struct{ SectionReleases }{}, MailEvents: struct{ MailEvents }{}, Admin: Admin{Suppressions: struct{ suppressionList }{}},
	}
}

// apiRoutes are the routes of both origins that the contract must name: the probes
// and every path under /api/, as "METHOD /path/{var}" (HEAD goes with GET).
func apiRoutes(t *testing.T) []string {
	t.Helper()
	// The routes are only made here, never called: the parts behind them need not work.
	d := unwiredDeps(t)
	pub, adm := mux.NewRouter(), mux.NewRouter()
	addRoutes(pub, adm, d, newGuards(d), newMetrics(d.Registry))

	var out []string
	for _, r := range []*mux.Router{pub, adm} {
		err := r.Walk(func(route *mux.Route, _ *mux.Router, _ []*mux.Route) error {
			path, err := route.GetPathTemplate()
			if err != nil || !isAPIPath(path) {
				return nil //nolint:nilerr // a route without a path (a matcher) is no API's
			}
			methods, err := route.GetMethods()
			if err != nil {
				t.Errorf("%s: no methods: %v", path, err)
			}
			for _, m := range methods {
				if m != http.MethodHead {
					out = append(out, m+" "+muxVar.ReplaceAllString(path, "{$1}"))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// isAPIPath says whether the contract must name a route of this path.
func isAPIPath(path string) bool {
	return path == "/healthz" || path == "/readyz" || strings.HasPrefix(path, "/api/")
}

// TestTheContractNamesEveryAPIRoute: every route of routes.go that answers the API
// (the probes, everything under /api/) is an operation of docs/openapi.yaml, and every
// operation there is a route.
func TestTheContractNamesEveryAPIRoute(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromFile(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	slices.Sort(documented)
	served := apiRoutes(t)
	for _, r := range served {
		if !slices.Contains(documented, r) {
			t.Errorf("%s is served but not in %s", r, contractPath)
		}
	}
	for _, op := range documented {
		if !slices.Contains(served, op) {
			t.Errorf("%s is in %s but not served", op, contractPath)
		}
	}
	if len(served) < 30 {
		t.Errorf("only %d API routes found: %v", len(served), served)
	}
}
