package server

import (
	"context"
	"net/http"
	"net/http/pprof"
	"strconv"
	"time"

	"github.com/gorilla/mux"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/portfolio-site/portfolio/services/gateway/internal/version"
)

// metrics counts requests and their durations for /metrics. Labels are route
// templates (/projects/{id}, /static/), never raw paths, so a crawler probing random
// URLs cannot blow up the number of series.
type metrics struct {
	registry *prometheus.Registry // run()'s, not the global default
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

// newMetrics registers the HTTP and process metrics with reg (a new registry if nil),
// which /metrics serves with everything else registered there (the mail outbox's).
func newMetrics(reg *prometheus.Registry) *metrics {
	if reg == nil {
		reg = prometheus.NewRegistry()
	}
	m := &metrics{
		registry: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "portfolio", Subsystem: "http", Name: "requests_total",
			Help: "HTTP requests answered, by route template, method and status code.",
		}, []string{"route", "method", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "portfolio", Subsystem: "http", Name: "request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route template and method.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
		}, []string{"route", "method"}),
	}
	m.registry.MustRegister(
		m.requests, m.duration,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		buildInfo(),
	)
	return m
}

// MetricsHandler serves /metrics: everything registered in reg (NewServer's HTTP and
// process metrics, the outbox's) in the Prometheus text format, and Go's profiles
// under /debug/pprof/ (go tool pprof http://127.0.0.1:9090/debug/pprof/profile).
// Mounted on a listener of its own, not the site's: the numbers are for the operator,
// not for visitors.
func MetricsHandler(reg *prometheus.Registry) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /debug/pprof/", pprof.Index)
	mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	return mux
}

// buildInfo is the usual constant 1 labelled with the running build, so dashboards
// and alerts can tell versions apart during a rollout.
func buildInfo() prometheus.Collector {
	v := version.Get()
	return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: "portfolio", Name: "build_info",
		Help:        "The running build: 1, labelled with its version and commit.",
		ConstLabels: prometheus.Labels{"version": v.Version, "commit": v.Commit},
	}, func() float64 { return 1 })
}

// watchReadiness adds portfolio_ready, what /readyz would answer at scrape time (1
// ready, 0 not): its changes over time show a flapping replica.
func (m *metrics) watchReadiness(web ServedSite, db Pinger) {
	m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: "portfolio", Name: "ready",
		Help: "1 when this replica would answer /readyz with 200, else 0.",
	}, func() float64 {
		if readiness(context.Background(), web, db) != nil {
			return 0
		}
		return 1
	}))
}

// byRoute is mux middleware: it labels each request with the template of the route
// that matched.
func (m *metrics) byRoute(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route := "unknown"
		if cur := mux.CurrentRoute(r); cur != nil {
			if tpl, err := cur.GetPathTemplate(); err == nil {
				route = tpl
			} else if name := cur.GetName(); name != "" {
				route = name // a route matched otherwise than by its path
			}
		}
		m.observe(route, next, w, r)
	})
}

// as labels every request of a handler mux calls without a route (404, 405).
func (m *metrics) as(route string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.observe(route, next, w, r)
	})
}

func (m *metrics) observe(route string, next http.Handler, w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &responseRecorder{ResponseWriter: w}
	next.ServeHTTP(rec, r)
	status := rec.status
	if status == 0 {
		status = http.StatusOK
	}
	method := methodLabel(r.Method)
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route, method).Observe(time.Since(start).Seconds())
}

// methodLabel keeps arbitrary method names out of the labels.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete, http.MethodOptions:
		return method
	}
	return "OTHER"
}
