package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail/dkim"
	"github.com/portfolio-site/portfolio/services/mail/dkim/dkimtest"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// eventsSecret signs the generic mail events webhook's bodies in these tests.
const eventsSecret = "a test secret of enough characters"

// dkimKeyFile writes a new RSA-2048 key as PKCS #8 PEM, as `openssl genpkey` does,
// and returns its path and the signer of it (for the record to verify with).
func dkimKeyFile(t *testing.T) (string, *dkim.Signer) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "dkim.pem")
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	signer, err := dkim.New("portfolio.test", "sel2026", key)
	if err != nil {
		t.Fatal(err)
	}
	return path, signer
}

// postEvents posts body to the generic mail events webhook at base, signed with
// secret unless it is empty, and returns the answer.
func postEvents(t *testing.T, base, body, secret string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+"/api/mail/events", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		m := hmac.New(sha256.New, []byte(secret))
		m.Write([]byte(body))
		req.Header.Set("X-Portfolio-Signature", "sha256="+hex.EncodeToString(m.Sum(nil)))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestRunHardBounceSuppresses checks list hygiene from outside, through run(): two
// readers subscribe and confirm; a signed hard bounce for one of them arrives on the
// generic webhook (an unsigned one is refused); the owner publishes edition 1; the
// bounced reader gets nothing, the other gets the edition; every email verifies with
// DKIM against the configured key.
func TestRunHardBounceSuppresses(t *testing.T) {
	keyFile, signer := dkimKeyFile(t)
	srv := smtptest.Start(t, smtptest.Options{})
	g := startGateway(t, smtpEnv(srv.Addr, adminEnv(t, map[string]string{
		"PORTFOLIO_DKIM_DOMAIN":        "portfolio.test",
		"PORTFOLIO_DKIM_SELECTOR":      "sel2026",
		"PORTFOLIO_DKIM_KEY_FILE":      keyFile,
		"PORTFOLIO_MAIL_EVENTS_SECRET": eventsSecret,
	})))
	waitHealthy(t, g.addr)
	site := "http://" + g.addr

	newClient(t, g.addr).subscribe(srv, []string{"ada@example.org", "grace@example.org"}, nil)
	srv.Wait(t, 4, 10*time.Second) // two confirmations, two welcomes

	hard := `{"events":[{"type":"bounce","email":"ada@example.org","bounce":"hard","message_id":"<unknown@portfolio.test>","at":"2026-11-25T10:00:00Z"}]}`
	for _, tt := range []struct {
		name, secret string
		status       int
		body         string
	}{
		{"unsigned", "", http.StatusUnauthorized, `{"error":{"code":"unauthorized","message":"The signature is missing or does not match the body."}}`},
		{"signed with another secret", "not the configured secret", http.StatusUnauthorized, `{"error":{"code":"unauthorized","message":"The signature is missing or does not match the body."}}`},
		{"signed", eventsSecret, http.StatusOK, `{"received":1,"duplicates":0,"suppressed":1}`},
		{"signed, again", eventsSecret, http.StatusOK, `{"received":1,"duplicates":1,"suppressed":0}`},
	} {
		if status, body := postEvents(t, site, hard, tt.secret); status != tt.status || strings.TrimSpace(body) != tt.body {
			t.Errorf("%s: %d %s, want %d %s", tt.name, status, body, tt.status, tt.body)
		}
	}
	// On the admin's origin there is no such webhook.
	if status, _ := postEvents(t, "http://"+g.adminAddr, hard, eventsSecret); status != http.StatusNotFound {
		t.Errorf("the webhook on the admin's origin: %d, want 404", status)
	}

	c := newClient(t, g.adminAddr)
	if status, body := c.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
		t.Fatalf("sign in: %d %s", status, body)
	}
	status, body := c.do(http.MethodPost, "/api/admin/editions/1/publish", "")
	if status != http.StatusOK || !strings.HasPrefix(body, `{"sent":1,`) {
		t.Fatalf("publish: %d %s, want it sent to one reader", status, body)
	}
	srv.Wait(t, 5, 10*time.Second)
	g.stop(t) // every attempt in flight has finished once run returns

	var editions []string
	for _, m := range srv.Messages() {
		p, err := m.Parse()
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(p.Get("Subject"), "DevOps Digest - ") {
			editions = append(editions, m.To[0])
		}
		if err := dkimtest.Verifies(t, signer, m.Data); err != nil {
			t.Errorf("%q to %v does not verify with DKIM: %v", p.Get("Subject"), m.To, err)
		}
	}
	if len(editions) != 1 || editions[0] != "grace@example.org" {
		t.Errorf("edition 1 went to %v, want grace@example.org alone", editions)
	}
	if n := len(srv.Messages()); n != 5 {
		t.Errorf("%d emails, want 5 (2 confirmations, 2 welcomes, 1 edition)", n)
	}
}

// TestRunThreeReplicasPublishAScheduledEditionOnce: three gateways on one PostgreSQL
// database, each looking for due editions every 100 ms; an edition scheduled through
// one of them goes out once, to each confirmed reader once, at its time.
func TestRunThreeReplicasPublishAScheduledEditionOnce(t *testing.T) {
	dbURL := pgtest.URL(t)
	srv := smtptest.Start(t, smtptest.Options{})
	replicas := startTogether(t, 3, smtpEnv(srv.Addr, adminEnv(t, map[string]string{
		"PORTFOLIO_DATABASE_URL":         dbURL,
		"PORTFOLIO_SCHEDULE_INTERVAL":    "100ms",
		"PORTFOLIO_OUTBOX_POLL_INTERVAL": "100ms", // each replica's worker finds the others' emails
	})))
	readers := []string{"ada@example.org", "grace@example.org", "linus@example.org"}
	newClient(t, replicas[0].addr).subscribe(srv, readers, nil)
	srv.Wait(t, 6, 10*time.Second) // confirmations and welcomes

	c := newClient(t, replicas[1].adminAddr)
	if status, body := c.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
		t.Fatalf("sign in: %d %s", status, body)
	}
	at := time.Now().Add(1500 * time.Millisecond).UTC().Truncate(time.Millisecond)
	if status, body := c.do(http.MethodPut, "/api/admin/editions/3/schedule", `{"at":"`+at.Format(time.RFC3339Nano)+`"}`); status != http.StatusOK {
		t.Fatalf("schedule: %d %s", status, body)
	}
	srv.Wait(t, 9, 15*time.Second)
	time.Sleep(500 * time.Millisecond) // a second publication would show by now
	var got []string
	for _, m := range srv.Messages()[6:] {
		p, err := m.Parse()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(p.Get("Subject"), "DevOps Digest - ") {
			t.Errorf("%q to %v", p.Get("Subject"), m.To)
		}
		got = append(got, m.To[0])
	}
	slices.Sort(got)
	if !slices.Equal(got, readers) {
		t.Errorf("edition 3 went to %v, want each of %v once", got, readers)
	}
	published := 0
	for _, g := range replicas {
		for _, line := range g.logs.all() {
			if line["msg"] == "newsletter: scheduled edition published" {
				published++
			}
		}
	}
	if published != 1 {
		t.Errorf("%d replicas published it, want one", published)
	}
}
