package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// metricName finds the metric names in a PromQL expression: the gateway's own and
// the Go and process collectors' it also exports.
var metricName = regexp.MustCompile(`\b(?:portfolio|go|process)_[a-z0-9_]+\b`)

// TestDashboardsNameExportedMetrics: every metric the Grafana dashboard and the
// Prometheus alerts query is one the gateway exports. The names come from run's own
// registry, in-process, whichever listener serves /metrics.
func TestDashboardsNameExportedMetrics(t *testing.T) {
	exported := gatheredNames(t)

	dir := filepath.Join("..", "..", "..", "..", "deploy")
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	b, err := os.ReadFile(filepath.Join(dir, "grafana", "portfolio.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &dash); err != nil {
		t.Fatalf("dashboard: %v", err)
	}
	exprs := 0
	for _, p := range dash.Panels {
		for _, target := range p.Targets {
			exprs++
			names := metricName.FindAllString(target.Expr, -1)
			if len(names) == 0 {
				t.Errorf("panel %q: %q names no gateway metric", p.Title, target.Expr)
			}
			for _, n := range names {
				if !exported[n] {
					t.Errorf("panel %q: %s is not a metric the gateway exports", p.Title, n)
				}
			}
		}
	}
	if exprs < 10 {
		t.Errorf("dashboard has %d queries, want its panels' queries", exprs)
	}

	rules, err := os.ReadFile(filepath.Join(dir, "prometheus", "alerts.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range metricName.FindAllString(string(rules), -1) {
		if !exported[n] {
			t.Errorf("alerts.yaml: %s is not a metric the gateway exports", n)
		}
	}
}

// gatheredNames starts run with a registry of the test's, answers one request (so
// the per-request series exist) and returns every exported name, histograms with
// their _bucket, _sum and _count series.
func gatheredNames(t *testing.T) map[string]bool {
	t.Helper()
	reg := prometheus.NewRegistry()
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), registryKey{}, reg))
	env := map[string]string{
		"PORTFOLIO_HTTP_ADDR":  "127.0.0.1:0",
		"PORTFOLIO_ADMIN_ADDR": "127.0.0.1:0",
		"PORTFOLIO_DATA_DIR":   t.TempDir(),
		"PORTFOLIO_WEB_DIR":    webtest.Build(t),
		// The registry is read in-process; tests run in parallel, so no fixed port.
		"PORTFOLIO_METRICS_ADDR": "off",
		// Scheduled backups, replication and so the restore drill on, so that their
		// metrics exist.
		"PORTFOLIO_BACKUP_DIR":  t.TempDir(),
		"PORTFOLIO_REPLICA_URL": "file://" + filepath.Join(t.TempDir(), "replica"),
	}
	logs := newLogWatcher()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"gateway"}, func(k string) string { return env[k] }, strings.NewReader(""), io.Discard, logs)
	}()
	defer func() {
		cancel()
		select {
		case <-done: //nolint:errcheck // only whether run returned matters here
		case <-time.After(20 * time.Second):
			t.Error("run did not return after cancel")
		}
	}()
	addr, _ := logs.waitFor(t, "listening", done)["addr"].(string)
	resp, err := http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range families {
		names[f.GetName()] = true
		if f.GetType() == dto.MetricType_HISTOGRAM {
			for _, s := range []string{"_bucket", "_sum", "_count"} {
				names[f.GetName()+s] = true
			}
		}
	}
	return names
}
