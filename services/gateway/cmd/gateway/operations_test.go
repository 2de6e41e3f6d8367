package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// /metrics is for the operator: served on its own listener (loopback by default),
// not on the site's port.
func TestRunServesMetricsOnTheirOwnListener(t *testing.T) {
	g := startGateway(t, nil)
	waitHealthy(t, g.addr)
	if resp, _ := fetch(t, "http://"+g.addr+"/metrics", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /metrics on the site's port = %d, want 404", resp.StatusCode)
	}
	addr, _ := g.logs.waitFor(t, "metrics listening", g.done)["addr"].(string)
	if !strings.HasPrefix(addr, "127.0.0.1:") || addr == g.addr {
		t.Fatalf("metrics on %q (site on %s)", addr, g.addr)
	}
	resp, body := fetch(t, "http://"+addr+"/metrics", nil)
	if resp.StatusCode != http.StatusOK || !strings.Contains(body, `portfolio_http_requests_total{code="200",method="GET",route="/healthz"}`) {
		t.Errorf("metrics listener: %d\n%s", resp.StatusCode, body)
	}
	if resp, _ := fetch(t, "http://"+addr+"/", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET / on the metrics listener = %d, want 404", resp.StatusCode)
	}
}

func TestRunWithMetricsOff(t *testing.T) {
	g := startGateway(t, map[string]string{"PORTFOLIO_METRICS_ADDR": "off"})
	waitHealthy(t, g.addr)
	g.logs.waitFor(t, "metrics not served (PORTFOLIO_METRICS_ADDR is off)", g.done)
	for _, e := range g.logs.all() {
		if e["msg"] == "metrics listening" {
			t.Errorf("metrics served although off: %v", e)
		}
	}
}

// A data directory the gateway cannot write to stops start-up with a message that
// says so and names it, rather than SQLite's "unable to open database file (14)".
func TestRunRefusesAReadOnlyDataDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o500); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// Permission bits do not stop root; the immutable attribute does.
		if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
			t.Skipf("cannot make %s read-only for root (chattr: %v %s)", dir, err, out)
		}
		t.Cleanup(func() { _ = exec.Command("chattr", "-i", dir).Run() })
	}
	env := map[string]string{"PORTFOLIO_WEB_DIR": t.TempDir(), "PORTFOLIO_DATA_DIR": dir, "PORTFOLIO_METRICS_ADDR": "off"}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := run(ctx, []string{"gateway"}, func(k string) string { return env[k] }, strings.NewReader(""), io.Discard, io.Discard)
	if err == nil {
		t.Fatal("run started with a read-only data directory")
	}
	want := "data directory " + dir + " (PORTFOLIO_DATA_DIR) is not writable"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error = %q, want it to contain %q", err, want)
	}
}
