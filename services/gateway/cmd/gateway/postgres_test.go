package main

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// TestRunTwoReplicasOnPostgreSQL runs two gateways on one PostgreSQL database, as the
// scale-out deployment does: a contact message posted to either is stored there, and
// every email goes out once, whichever replica's worker sends it.
func TestRunTwoReplicasOnPostgreSQL(t *testing.T) {
	// The test server trusts every connection, so the password is never checked; it is
	// here to prove that it reaches no log line.
	const password = "db-password-never-logged"
	u, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(u.User.Username(), password)
	dbURL := u.String()

	srv := smtptest.Start(t, smtptest.Options{})
	var replicas []*gateway
	var dataDirs []string
	for range 2 {
		dataDir := filepath.Join(t.TempDir(), "data")
		g := startGateway(t, smtpEnv(srv.Addr, map[string]string{
			"PORTFOLIO_DATA_DIR":     dataDir,
			"PORTFOLIO_DATABASE_URL": dbURL,
		}))
		waitHealthy(t, g.addr)
		if resp, _ := fetch(t, "http://"+g.addr+"/readyz", nil); resp.StatusCode != http.StatusOK {
			t.Errorf("/readyz = %d, want 200", resp.StatusCode)
		}
		replicas = append(replicas, g)
		dataDirs = append(dataDirs, dataDir)
	}

	visitors := []string{"jane@example.org", "john@example.org"}
	for i, g := range replicas {
		body := strings.ReplaceAll(contactJSON, "jane@example.org", visitors[i])
		if status, body := postContact(t, g.addr, body); status != http.StatusAccepted {
			t.Fatalf("POST to replica %d = %d %s", i, status, body)
		}
	}
	srv.Wait(t, 4, 10*time.Second) // the owner's notification and an auto-reply for each
	for _, g := range replicas {
		g.stop(t) // every attempt in flight has finished once run returns
	}
	recipients := map[string]int{}
	for _, m := range srv.Messages() {
		for _, to := range m.To {
			recipients[to]++
		}
	}
	if want := map[string]int{"owner@portfolio.test": 2, visitors[0]: 1, visitors[1]: 1}; !maps.Equal(recipients, want) {
		t.Errorf("emails by recipient %v, want %v", recipients, want)
	}

	// Both messages are in PostgreSQL, and no replica made a SQLite file.
	stored := storedMessages(t, dbURL)
	if len(stored) != 2 || !slices.Contains(visitors, stored[0].Email) || !slices.Contains(visitors, stored[1].Email) || stored[0].Email == stored[1].Email {
		t.Errorf("stored %+v, want one message from each visitor", stored)
	}
	for _, dir := range dataDirs {
		if _, err := os.Stat(filepath.Join(dir, "portfolio.db")); !os.IsNotExist(err) {
			t.Errorf("%s/portfolio.db exists (%v): the replica used SQLite", dir, err)
		}
	}

	// The log says which database, never with the password.
	for i, g := range replicas {
		open := false
		for _, e := range g.logs.all() {
			line, _ := json.Marshal(e)
			if strings.Contains(string(line), password) {
				t.Errorf("replica %d logged the database password: %s", i, line)
			}
			if e["msg"] == "database open" {
				open = true
				if e["dialect"] != "postgres" || e["host"] != u.Host || e["database"] != strings.TrimPrefix(u.Path, "/") {
					t.Errorf("replica %d: %s, want dialect postgres, host %s, database %s", i, line, u.Host, u.Path)
				}
			}
		}
		if !open {
			t.Errorf("replica %d did not log which database it opened", i)
		}
	}
}

// TestRunReplicasShareTheAdminSignInOnPostgreSQL runs two gateways on one PostgreSQL
// database behind a trusted proxy: failed sign-ins counted on one limit the client on
// the other, while the owner signs in from a clean address; and a setup link logged by
// one replica sets the admin up for both.
func TestRunReplicasShareTheAdminSignInOnPostgreSQL(t *testing.T) {
	dbURL := pgtest.URL(t)
	start := func() *gateway {
		g := startGateway(t, map[string]string{
			"PORTFOLIO_DATABASE_URL":        dbURL,
			"PORTFOLIO_TRUSTED_PROXIES":     "127.0.0.1",
			"PORTFOLIO_ADMIN_PASSWORD_COST": "4", // the race detector makes the real one slow
		})
		waitHealthy(t, g.addr)
		return g
	}
	a, b := start(), start()

	// No admin yet: each replica logged its own link; either works, once, on any.
	linkA, linkB := a.setupLink(), b.setupLink()
	if linkA == "" || linkB == "" || linkA == linkB {
		t.Fatalf("setup links %q and %q, want one per replica", linkA, linkB)
	}
	setup := `{"token":"` + tokenOf(t, linkA) + `","user":"jane","password":"a long enough password"}`
	if status, body := call(t, b, http.MethodPost, "/api/admin/setup", setup, ""); status != http.StatusNoContent {
		t.Fatalf("replica a's link on replica b: %d %s", status, body)
	}
	setup = `{"token":"` + tokenOf(t, linkB) + `","user":"mallory","password":"another long password"}`
	if status, body := call(t, a, http.MethodPost, "/api/admin/setup", setup, ""); status != http.StatusConflict {
		t.Errorf("replica b's link after the setup: %d %s, want 409", status, body)
	}

	// Five failures from one client on replica a: replica b refuses it too.
	wrong := `{"user":"jane","password":"not the password"}`
	for i := range 5 {
		if status, body := call(t, a, http.MethodPost, "/api/admin/session", wrong, "192.0.2.7"); status != http.StatusUnauthorized {
			t.Fatalf("failure %d on replica a: %d %s", i+1, status, body)
		}
	}
	right := `{"user":"jane","password":"a long enough password"}`
	if status, body := call(t, b, http.MethodPost, "/api/admin/session", right, "192.0.2.7"); status != http.StatusTooManyRequests {
		t.Errorf("the failing client on replica b: %d %s, want 429", status, body)
	}
	if status, body := call(t, a, http.MethodPost, "/api/admin/session", right, "198.51.100.4"); status != http.StatusNoContent {
		t.Errorf("the owner from a clean address on replica a: %d %s, want 204", status, body)
	}
}
