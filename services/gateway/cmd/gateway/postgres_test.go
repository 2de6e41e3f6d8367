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
	"github.com/portfolio-site/portfolio/services/mail/sqldb/pgtest"
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
