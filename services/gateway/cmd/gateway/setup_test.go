package main

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// setupLink returns the setup link g logged at start-up, or "" when it logged none.
func (g *gateway) setupLink() string {
	for _, e := range g.logs.all() {
		if link, ok := e["setup_url"].(string); ok {
			return link
		}
	}
	return ""
}

// tokenOf is the setup token in a setup link's fragment.
func tokenOf(t *testing.T, link string) string {
	t.Helper()
	_, token, ok := strings.Cut(link, "/admin/newsletter#setup=")
	if !ok || len(token) != 43 {
		t.Fatalf("setup link %q: want <admin URL>/admin/newsletter#setup=<43 characters>", link)
	}
	return token
}

// call makes a same-origin JSON request to g as the admin page does, from client (an
// X-Forwarded-For address, for a gateway that trusts loopback; none if empty).
func call(t *testing.T, g *gateway, method, path, body, client string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, "http://"+g.adminAddr+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", "http://"+g.adminAddr)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if client != "" {
		req.Header.Set("X-Forwarded-For", client)
	}
	resp, err := (&http.Client{Timeout: 20 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestRunFirstRunSetupLink starts the gateway with no admin: it logs a setup link
// (and shows it nowhere else), the link sets the admin up once, and no link is made
// again while an admin exists, set up in the database or configured.
func TestRunFirstRunSetupLink(t *testing.T) {
	dataDir := t.TempDir()
	// The lowest bcrypt cost: the race detector makes the real one take many seconds.
	g := startGateway(t, map[string]string{"PORTFOLIO_DATA_DIR": dataDir, "PORTFOLIO_ADMIN_PASSWORD_COST": "4"})
	waitHealthy(t, g.addr)
	link := g.setupLink()
	if !strings.HasPrefix(link, "http://"+g.adminAddr+"/admin/newsletter#setup=") {
		t.Fatalf("setup link %q, want one on the admin origin's page (http://%s)", link, g.adminAddr)
	}
	token := tokenOf(t, link)

	// Nobody who has not read the log gets it: not the pages, not the API.
	for _, path := range []string{"/", "/admin/newsletter", "/newsletter", "/api/admin/session", "/api/admin/stats", "/api/newsletter/stats", "/sitemap.xml"} {
		resp, body := fetch(t, "http://"+g.addr+path, map[string]string{"Origin": "http://" + g.addr})
		if strings.Contains(body, token) || strings.Contains(resp.Header.Get("Set-Cookie"), token) {
			t.Errorf("GET %s shows the setup token", path)
		}
	}
	if status, body := call(t, g, http.MethodGet, "/api/admin/session", "", ""); status != http.StatusOK || !strings.Contains(body, `"configured":false`) {
		t.Errorf("probe before setup: %d %s", status, body)
	}

	body := `{"token":"` + token + `","user":"jane","password":"a long enough password"}`
	if status, resp := call(t, g, http.MethodPost, "/api/admin/setup", body, ""); status != http.StatusNoContent {
		t.Fatalf("setup: %d %s", status, resp)
	}
	if status, resp := call(t, g, http.MethodPost, "/api/admin/setup", strings.Replace(body, "jane", "mallory", 1), ""); status != http.StatusConflict {
		t.Errorf("the link a second time: %d %s, want 409", status, resp)
	}
	g.stop(t)

	// Restarted on the same database: the admin is there, and no new link is made.
	again := startGateway(t, map[string]string{"PORTFOLIO_DATA_DIR": dataDir, "PORTFOLIO_ADMIN_PASSWORD_COST": "4"})
	waitHealthy(t, again.addr)
	if link := again.setupLink(); link != "" {
		t.Errorf("a setup link with an admin in the database: %s", link)
	}
	if status, resp := call(t, again, http.MethodPost, "/api/admin/session", `{"user":"jane","password":"a long enough password"}`, ""); status != http.StatusNoContent {
		t.Errorf("sign-in after the restart: %d %s", status, resp)
	}
	again.stop(t)

	// A configured admin: no link either.
	var hash bytes.Buffer
	if err := hashPassword(nil, strings.NewReader("pw\n"), &hash, io.Discard, bcrypt.MinCost); err != nil {
		t.Fatal(err)
	}
	configured := startGateway(t, map[string]string{
		"PORTFOLIO_ADMIN_USER": "owner", "PORTFOLIO_ADMIN_PASSWORD_HASH": strings.TrimSpace(hash.String()),
	})
	waitHealthy(t, configured.addr)
	if link := configured.setupLink(); link != "" {
		t.Errorf("a setup link with a configured admin: %s", link)
	}
}
