package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	contactstore "github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	nlstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// startTogether starts n gateways with env at the same moment (a closed channel
// releases every run at once) and returns them once each listens.
func startTogether(t *testing.T, n int, env map[string]string) []*gateway {
	t.Helper()
	web := webtest.Build(t)
	gate := make(chan struct{})
	var gs []*gateway
	for range n {
		full := map[string]string{
			"PORTFOLIO_HTTP_ADDR":  "127.0.0.1:0",
			"PORTFOLIO_ADMIN_ADDR": "127.0.0.1:0",
			"PORTFOLIO_DATA_DIR":   t.TempDir(),
			"PORTFOLIO_WEB_DIR":    web,
			"PORTFOLIO_LOG_LEVEL":  "debug",
			// Several replicas in one process: no fixed metrics port to fight over.
			"PORTFOLIO_METRICS_ADDR": "off",
		}
		for k, v := range env {
			full[k] = v
		}
		ctx, cancel := context.WithCancel(context.Background())
		g := &gateway{logs: newLogWatcher(), cancel: cancel, done: make(chan error, 1)}
		go func() {
			<-gate
			g.done <- run(ctx, []string{"gateway"}, func(k string) string { return full[k] }, strings.NewReader(""), io.Discard, g.logs)
		}()
		t.Cleanup(func() {
			cancel()
			select {
			case <-g.done: //nolint:errcheck // only whether run returned matters here
			case <-time.After(20 * time.Second):
				t.Error("run did not return after cancel")
			}
		})
		gs = append(gs, g)
	}
	close(gate)
	for i, g := range gs {
		listening := g.logs.waitFor(t, "listening", g.done)
		g.addr, _ = listening["addr"].(string)
		g.adminAddr, _ = listening["admin_addr"].(string)
		if g.addr == "" || g.adminAddr == "" {
			t.Fatalf("replica %d: no address", i)
		}
	}
	return gs
}

// roundRobin is the load balancer in front of the replicas: each request goes to the
// next one. hits counts the requests each replica got.
func roundRobin(t *testing.T, gs []*gateway) (addr string, hits []atomic.Int64) {
	t.Helper()
	hits = make([]atomic.Int64, len(gs))
	var next atomic.Uint64
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		i := int((next.Add(1) - 1) % uint64(len(gs)))
		hits[i].Add(1)
		r.SetURL(&url.URL{Scheme: "http", Host: gs[i].addr})
		r.Out.Host = r.In.Host // the site's own name, as a real proxy keeps it
		r.SetXForwarded()
	}}
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	return strings.TrimPrefix(srv.URL, "http://"), hits
}

// TestRunThreeReplicasBehindALoadBalancer is the scale-out deployment: three gateways
// started at the same moment on one fresh PostgreSQL database, behind a round-robin
// proxy. The schema is migrated once; a session made on one replica works on the
// others; contact messages and subscriptions spread over the replicas are stored once
// and each email is sent once; a publication whose process died mid-way is completed
// by a live replica without a second email to anyone.
func TestRunThreeReplicasBehindALoadBalancer(t *testing.T) {
	dbURL := pgtest.URL(t)
	var hash bytes.Buffer
	if err := hashPassword(nil, strings.NewReader("s3cret admin pw\n"), &hash, io.Discard, bcrypt.MinCost); err != nil {
		t.Fatal(err)
	}
	srv := smtptest.Start(t, smtptest.Options{})
	replicas := startTogether(t, 3, smtpEnv(srv.Addr, map[string]string{
		"PORTFOLIO_DATABASE_URL":          dbURL,
		"PORTFOLIO_ADMIN_USER":            "owner",
		"PORTFOLIO_ADMIN_PASSWORD_HASH":   strings.TrimSpace(hash.String()),
		"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "100", // every request comes from the proxy's address
		"PORTFOLIO_TRUSTED_PROXIES":       "127.0.0.1",
		// Mail goes out when a replica queues it (and wakes its worker), not by polling,
		// so the publication below is caught half-queued.
		"PORTFOLIO_OUTBOX_POLL_INTERVAL": "1h",
		"PORTFOLIO_PUBLISH_RESUME_AFTER": "1s",
	}))
	lb, hits := roundRobin(t, replicas)

	t.Run("migrations ran once", func(t *testing.T) {
		db, err := sqldb.Open(t.Context(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, table := range []string{contactstore.Schema.Table, mailstore.Schema.Table, nlstore.Schema.Table, sqlstore.Schema.Table} {
			var rows, versions int
			if err := db.QueryRowContext(t.Context(), "SELECT count(*), count(DISTINCT version_id) FROM "+table).Scan(&rows, &versions); err != nil {
				t.Fatalf("%s: %v", table, err)
			}
			if rows != versions || rows < 2 {
				t.Errorf("%s: %d rows for %d versions: a migration was applied more than once", table, rows, versions)
			}
		}
		for i, g := range replicas {
			if resp, _ := fetch(t, "http://"+g.addr+"/readyz", nil); resp.StatusCode != http.StatusOK {
				t.Errorf("replica %d: /readyz = %d", i, resp.StatusCode)
			}
		}
	})

	t.Run("a session works on every replica", func(t *testing.T) {
		jar, _ := cookiejar.New(nil) // cookies ignore ports: one jar, as one browser
		clients := make([]*siteClient, len(replicas))
		for i, g := range replicas {
			clients[i] = newClient(t, g.adminAddr)
			clients[i].http.Jar = jar
		}
		if status, body := clients[0].do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
			t.Fatalf("sign in on replica 0: %d %s", status, body)
		}
		for i, c := range clients {
			if status, body := c.do(http.MethodGet, "/api/admin/stats", ""); status != http.StatusOK || !strings.Contains(body, `"confirmed":0`) {
				t.Errorf("stats on replica %d with replica 0's session: %d %s", i, status, body)
			}
		}
		if status, _ := clients[1].do(http.MethodDelete, "/api/admin/session", ""); status != http.StatusNoContent {
			t.Errorf("sign out on replica 1: %d", status)
		}
		if status, _ := clients[2].do(http.MethodGet, "/api/admin/stats", ""); status != http.StatusUnauthorized {
			t.Errorf("stats on replica 2 after signing out on replica 1: %d, want 401", status)
		}
	})

	// Six contact messages and six subscriptions through the load balancer: two of each
	// per replica.
	const n = 6
	var visitors, readers []string
	for i := range n {
		visitors = append(visitors, fmt.Sprintf("visitor%d@example.org", i))
		body := strings.ReplaceAll(contactJSON, "jane@example.org", visitors[i])
		if status, body := postContact(t, lb, body); status != http.StatusAccepted {
			t.Fatalf("contact %d: %d %s", i, status, body)
		}
		readers = append(readers, fmt.Sprintf("subscriber%d@example.org", i))
		if status, body := request(t, http.MethodPost, "http://"+lb+"/api/newsletter/subscriptions", "application/json",
			fmt.Sprintf(`{"email":%q,"name":"","website":""}`, readers[i])); status != http.StatusAccepted {
			t.Fatalf("subscribe %d: %d %s", i, status, body)
		}
	}
	for i := range hits {
		if got := hits[i].Load(); got != 2*n/int64(len(replicas)) {
			t.Errorf("replica %d got %d of the %d requests, want an even share", i, got, 2*n)
		}
	}

	// A publication whose process dies after its first batch (the crash hook of
	// interruptPublication), while the three replicas run: one of them completes it.
	srv.Wait(t, 3*n, 20*time.Second) // owner notification + auto-reply, confirmation
	confirmed := interruptPublication(t, dbURL)
	want := 3*n + len(confirmed) // and the edition
	srv.Wait(t, want, 20*time.Second)
	completedBy := -1
	for deadline := time.Now().Add(10 * time.Second); completedBy < 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for i, g := range replicas {
			for _, e := range g.logs.all() {
				if e["msg"] == "newsletter: unfinished publication completed" {
					completedBy = i
				}
			}
		}
	}
	if completedBy < 0 {
		t.Error("no replica completed the interrupted publication")
	}
	for _, g := range replicas {
		g.stop(t) // every attempt in flight has finished once run returns
	}

	got := map[string]int{}
	for _, m := range srv.Messages() {
		for _, to := range m.To {
			got[to]++
		}
	}
	wantTo := map[string]int{"owner@portfolio.test": n}
	for _, addr := range slices.Concat(visitors, readers, confirmed) {
		wantTo[addr]++
	}
	for addr, c := range wantTo {
		if got[addr] != c {
			t.Errorf("%s got %d emails, want %d", addr, got[addr], c)
		}
	}
	if len(srv.Messages()) != want {
		t.Errorf("%d emails in all, want %d", len(srv.Messages()), want)
	}
	if stored := storedMessages(t, dbURL); len(stored) != n {
		t.Errorf("%d contact messages stored, want %d", len(stored), n)
	}
	if subs := storedSubscribers(t, dbURL); len(subs) != n+7 { // ours and interruptPublication's seven
		t.Errorf("%d subscribers stored, want %d", len(subs), n+7)
	}
	t.Logf("replicas: requests per replica %d/%d/%d, %d emails, publication completed by replica %d",
		hits[0].Load(), hits[1].Load(), hits[2].Load(), len(srv.Messages()), completedBy)
}
