package server_test

import (
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
)

// TestDrainFailsReadinessFirst: after Drain (SIGTERM in run), /readyz answers 503 while
// pages and /healthz are still served, and portfolio_ready drops to 0, so the load
// balancer stops routing here before the server stops accepting.
func TestDrainFailsReadinessFirst(t *testing.T) {
	f := newFixture(t, nil)
	metric := func() string {
		for _, line := range strings.Split(get(server.MetricsHandler(f.reg), "/metrics").Body.String(), "\n") {
			if strings.HasPrefix(line, "portfolio_ready ") {
				return line
			}
		}
		return "(missing)"
	}
	if w := get(f.h, "/readyz"); w.Code != 200 {
		t.Fatalf("/readyz before drain = %d %s", w.Code, w.Body)
	}
	if got := metric(); got != "portfolio_ready 1" {
		t.Errorf("before drain: %s, want portfolio_ready 1", got)
	}

	f.web.Drain()
	w := get(f.h, "/readyz")
	if want := `{"error":{"code":"unavailable","message":"shutting down"}}`; w.Code != 503 || strings.TrimSpace(w.Body.String()) != want {
		t.Errorf("/readyz while draining = %d %s, want 503 %s", w.Code, w.Body, want)
	}
	for _, path := range []string{"/healthz", "/skills", "/projects/1"} {
		if w := get(f.h, path); w.Code != 200 {
			t.Errorf("%s while draining = %d, want 200: in-flight and late requests are still served", path, w.Code)
		}
	}
	if got := metric(); got != "portfolio_ready 0" {
		t.Errorf("while draining: %s, want portfolio_ready 0", got)
	}
}

func TestBuildInfoMetric(t *testing.T) {
	f := newFixture(t, nil)
	body := get(server.MetricsHandler(f.reg), "/metrics").Body.String()
	if want := `portfolio_build_info{commit="unknown",version="dev"} 1`; !strings.Contains(body, want) {
		t.Errorf("metrics lack %s", want)
	}
}
