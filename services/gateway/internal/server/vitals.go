package server

import (
	"encoding/json"
	"math"
	"net/http"
	"sort"
	"strings"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
)

// VitalsPath is where a page's entry sends its vitals when the page is hidden.
const VitalsPath = "/api/vitals"

// vitalsPerMinute is how many vitals beacons one client may send per minute: one per
// document load, and a reader loads fewer documents than they navigate.
const vitalsPerMinute = 60

// vitalsBeacon is the body of POST /api/vitals: the page's path, the version of every
// section on it (its portfolio:versions meta), what the browser measured (LCP, INP and
// TTFB in ms, CLS unitless; absent when not measured) and its uncaught errors.
type vitalsBeacon struct {
	Path     string             `json:"path"`
	Versions map[string]string  `json:"versions"`
	Metrics  map[string]float64 `json:"metrics"`
	Errors   int                `json:"errors"`
}

// handleVitals counts a page view's vitals (204 whether or not it was counted): like a
// page view, not a bot's, not the owner's, not a preview's, and only for a page served
// now. They count for the page's route and for the version of the section that owns
// it, as the page names it, when that version is one its section serves now (stable or
// canary): no one can add keys.
func handleVitals(logger *zap.Logger, web ServedSite, vc viewCounter) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b vitalsBeacon
		if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
			writeError(w, r, logger, &Error{Code: apperr.Invalid, Message: "The body must be a JSON object with a path, versions, metrics and errors."})
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNoContent)
		if vc.counter == nil || inPreview(r) || vc.ownerSignedIn(r) {
			return
		}
		st := stateOf(web, r)
		if !st.IsPage(b.Path) || b.Path == "/admin" || strings.HasPrefix(b.Path, "/admin/") {
			return
		}
		section := string(content.SectionShell)
		if p, ok := st.Pages.Route(b.Path); ok {
			section = string(p.Route().Section)
		}
		v := analytics.PageVitals{Route: b.Path, Section: section, UserAgent: r.UserAgent(), Values: map[string]float64{}, Errors: b.Errors}
		if version := b.Versions[section]; web.Serves(section, version) {
			v.Version = version
		}
		for _, m := range analytics.Metrics {
			if x, ok := b.Metrics[m.Name]; ok && !math.IsNaN(x) {
				v.Values[m.Name] = x
			}
		}
		vc.counter.Vitals(v)
	})
}

// trafficVitals is the Traffic page's real-user part: p75 of each metric with its
// thresholds and the share of good / needs-improvement / poor views, per route and per
// section version, and the JavaScript errors of each.
type trafficVitals struct {
	Thresholds []metricThresholds `json:"thresholds"`
	Routes     []scopeVitals      `json:"routes"`
	Versions   []scopeVitals      `json:"versions"`
}

type metricThresholds struct {
	Name string  `json:"name"`
	Good float64 `json:"good"`
	Poor float64 `json:"poor"`
	Unit string  `json:"unit"`
}

type scopeVitals struct {
	Route   string `json:"route,omitempty"`
	Title   string `json:"title,omitempty"`
	Section string `json:"section,omitempty"`
	Version string `json:"version,omitempty"`
	// Serving says how the version is served now: "stable", "canary" or "" (not now).
	Serving string         `json:"serving,omitempty"`
	Views   int64          `json:"views"`
	Errors  int64          `json:"errors"`
	Metrics []metricVitals `json:"metrics"`
}

type metricVitals struct {
	Name string  `json:"name"`
	N    int64   `json:"n"`
	P75  float64 `json:"p75"`
	// Rating is p75's: "good", "needs-improvement" or "poor"; "" with no measurement.
	Rating  string `json:"rating"`
	Good    int64  `json:"good"`
	Improve int64  `json:"needsImprovement"`
	Poor    int64  `json:"poor"`
}

// vitalsOf turns a report into the Traffic page's part, routes and versions each most
// viewed first.
func vitalsOf(web ServedSite, rep analytics.VitalsReport) trafficVitals {
	out := trafficVitals{Thresholds: []metricThresholds{}, Routes: []scopeVitals{}, Versions: []scopeVitals{}}
	for _, m := range analytics.Metrics {
		out.Thresholds = append(out.Thresholds, metricThresholds{m.Name, m.Good, m.Poor, m.Unit})
	}
	for key, s := range rep.Scopes {
		sv := scopeVitals{Views: s.Views, Errors: s.Errors, Metrics: []metricVitals{}}
		for _, m := range analytics.Metrics {
			d := s.Metrics[m.Name]
			mv := metricVitals{Name: m.Name, N: d.N()}
			if mv.N > 0 {
				mv.P75 = d.P75(m)
				mv.Good, mv.Improve, mv.Poor = d.Shares(m)
				mv.Rating = rating(m, mv.P75)
			}
			sv.Metrics = append(sv.Metrics, mv)
		}
		if route, ok := strings.CutPrefix(key, analytics.ScopeRoute); ok {
			sv.Route, sv.Title = route, pageTitle(web, route)
			out.Routes = append(out.Routes, sv)
		} else if v, ok := strings.CutPrefix(key, analytics.ScopeVersion); ok {
			sv.Section, sv.Version, _ = strings.Cut(v, "@")
			sv.Serving = web.ServingAs(sv.Section, sv.Version)
			out.Versions = append(out.Versions, sv)
		}
	}
	for _, list := range [][]scopeVitals{out.Routes, out.Versions} {
		sort.Slice(list, func(i, j int) bool {
			if list[i].Views != list[j].Views {
				return list[i].Views > list[j].Views
			}
			return list[i].Route+list[i].Section+list[i].Version < list[j].Route+list[j].Section+list[j].Version
		})
	}
	return out
}

func rating(m analytics.Metric, p75 float64) string {
	switch {
	case p75 <= m.Good:
		return "good"
	case p75 <= m.Poor:
		return "needs-improvement"
	}
	return "poor"
}
