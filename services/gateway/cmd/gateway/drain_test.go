package main

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// TestRunFailsReadinessBeforeStopping is the shutdown Kubernetes needs: on SIGTERM
// (here, run's context ending) /readyz answers 503 at once while pages are still
// served to new connections for PORTFOLIO_SHUTDOWN_DELAY; only then does the server
// stop accepting and drain what is in flight.
func TestRunFailsReadinessBeforeStopping(t *testing.T) {
	g := startGateway(t, map[string]string{"PORTFOLIO_SHUTDOWN_DELAY": "3s"})
	waitHealthy(t, g.addr)
	if resp, _ := fetch(t, "http://"+g.addr+"/readyz", nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("/readyz = %d before shutdown", resp.StatusCode)
	}

	g.cancel()
	g.logs.waitFor(t, "draining: readiness fails, still serving", g.done)
	resp, body := fetch(t, "http://"+g.addr+"/readyz", nil)
	if want := `{"error":{"code":"unavailable","message":"shutting down"}}`; resp.StatusCode != http.StatusServiceUnavailable || strings.TrimSpace(body) != want {
		t.Errorf("/readyz while draining = %d %s, want 503 %s", resp.StatusCode, body, want)
	}
	for _, path := range []string{"/healthz", "/"} {
		if resp, _ := fetch(t, "http://"+g.addr+path, nil); resp.StatusCode != http.StatusOK {
			t.Errorf("%s while draining = %d, want 200", path, resp.StatusCode)
		}
	}
	g.stop(t)

	var order []string
	for _, e := range g.logs.all() {
		if m, _ := e["msg"].(string); m == "draining: readiness fails, still serving" || m == "shutting down" || m == "stopped" {
			order = append(order, m)
		}
	}
	if got := strings.Join(order, " → "); got != "draining: readiness fails, still serving → shutting down → stopped" {
		t.Errorf("shutdown log order: %s", got)
	}
}

func TestVersionCommand(t *testing.T) {
	var out bytes.Buffer
	if err := run(t.Context(), []string{"gateway", "version"}, func(string) string { return "" }, strings.NewReader(""), &out, &out); err != nil {
		t.Fatal(err)
	}
	// A test binary has no stamped version and no VCS information.
	if got, want := out.String(), "gateway dev (commit unknown)\n"; got != want {
		t.Errorf("gateway version printed %q, want %q", got, want)
	}
}
