package deploy_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// composeFile is what the test checks of `docker-compose config`'s resolved output.
type composeFile struct {
	Services map[string]struct {
		Image  string `json:"image"`
		Deploy struct {
			Replicas int `json:"replicas"`
		} `json:"deploy"`
		Environment map[string]string `json:"environment"`
		ReadOnly    bool              `json:"read_only"`
		CapDrop     []string          `json:"cap_drop"`
		Volumes     []string          `json:"volumes"`
		Ports       []any             `json:"ports"`
	} `json:"services"`
	Volumes map[string]any `json:"volumes"`
}

// TestCompose resolves deploy/compose.yaml with the shipped .env.example as .env, as
// `docker compose up` would, with a real Compose parser (Debian's docker-compose), and
// checks the deployment the README promises: two gateway replicas on PostgreSQL behind
// Caddy, SMTP settings from .env, PostgreSQL's data on a volume. Caddy's own parser
// checks the Caddyfile.
func TestCompose(t *testing.T) {
	compose := requireTool(t, "docker-compose")
	dir := t.TempDir()
	for _, f := range []string{"compose.yaml", "compose/Caddyfile"} {
		copyTo(t, f, filepath.Join(dir, f))
	}
	copyTo(t, ".env.example", filepath.Join(dir, ".env"))
	cmd := exec.Command(compose, "config")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("docker-compose config: %v\n%s", err, out)
	}
	var cf composeFile
	if err := yaml.Unmarshal(out, &cf); err != nil {
		t.Fatalf("resolved compose file: %v\n%s", err, out)
	}
	gw, proxy, pg := cf.Services["gateway"], cf.Services["proxy"], cf.Services["postgres"]
	if gw.Deploy.Replicas != 2 || gw.Image != "portfolio:1.0.0" {
		t.Errorf("gateway: %d replicas of %q, want 2 of the .env's PORTFOLIO_IMAGE", gw.Deploy.Replicas, gw.Image)
	}
	for key, want := range map[string]string{
		"PORTFOLIO_DATABASE_URL":  "postgres://portfolio:change-me@postgres:5432/portfolio?sslmode=disable",
		"PORTFOLIO_SMTP_HOST":     "smtp.example.com",
		"PORTFOLIO_SMTP_PASSWORD": "change-me",
		"PORTFOLIO_MAIL_FROM":     "Portfolio <no-reply@example.com>",
	} {
		if got := gw.Environment[key]; got != want {
			t.Errorf("gateway %s = %q, want %q", key, got, want)
		}
	}
	if !gw.ReadOnly || strings.Join(gw.CapDrop, ",") != "ALL" || len(gw.Ports) != 0 {
		t.Errorf("gateway: read_only %v, cap_drop %v, ports %v; want a read-only root, no capabilities, reachable only through the proxy", gw.ReadOnly, gw.CapDrop, gw.Ports)
	}
	if !strings.HasPrefix(proxy.Image, "caddy:") || len(proxy.Ports) != 3 {
		t.Errorf("proxy: %q publishing %v, want Caddy on 80 and 443, and 8081 for the admin's origin", proxy.Image, proxy.Ports)
	}
	// The admin on an origin of its own (docs/decisions/0047), proxied to its listener.
	if gw.Environment["PORTFOLIO_ADMIN_URL"] != "http://localhost:8081" || proxy.Environment["ADMIN_SITE_ADDRESS"] != ":8081" {
		t.Errorf("gateway PORTFOLIO_ADMIN_URL %q, proxy ADMIN_SITE_ADDRESS %q; want the .env's admin origin", gw.Environment["PORTFOLIO_ADMIN_URL"], proxy.Environment["ADMIN_SITE_ADDRESS"])
	}
	if len(pg.Volumes) != 1 || !strings.HasPrefix(pg.Volumes[0], "pgdata:/var/lib/postgresql/data") {
		t.Errorf("postgres volumes %v, want pgdata on its data directory", pg.Volumes)
	}
	if _, ok := cf.Volumes["pgdata"]; !ok {
		t.Error("no named volume pgdata")
	}

	caddy := requireTool(t, "caddy")
	cmd = exec.Command(caddy, "validate", "--adapter", "caddyfile", "--config", filepath.Join(dir, "compose", "Caddyfile"))
	cmd.Env = append(os.Environ(), "SITE_ADDRESS=portfolio.example.com", "ADMIN_SITE_ADDRESS=admin.portfolio.example.com", "HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("caddy validate: %v\n%s", err, out)
	}
}

func copyTo(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
