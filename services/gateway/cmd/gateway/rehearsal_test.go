package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// TestRunAdminRehearsesAnEdition, on SQLite and PostgreSQL: the admin previews an
// edition's email (both parts) and sends a test of it, which reaches the owner alone
// over SMTP, marked as a test; no subscriber gets it, and no publication is recorded.
func TestRunAdminRehearsesAnEdition(t *testing.T) {
	for _, tt := range []struct {
		name string
		env  func(t *testing.T) map[string]string
	}{
		{"sqlite", func(*testing.T) map[string]string { return nil }},
		{"postgres", func(t *testing.T) map[string]string {
			return map[string]string{"PORTFOLIO_DATABASE_URL": pgtest.URL(t)}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := smtptest.Start(t, smtptest.Options{})
			g := startGateway(t, smtpEnv(srv.Addr, adminEnv(t, tt.env(t))))
			waitHealthy(t, g.addr)
			c := newClient(t, g.adminAddr)
			newClient(t, g.addr).subscribe(srv, []string{"ada@example.org", "grace@example.org"}, []string{"lazy@example.org"})
			before := len(srv.Wait(t, 5, 10*time.Second)) // three confirmations, two welcomes

			const edition = "/api/admin/editions/6"
			const subject = "DevOps Digest - June 2025 - #6 Game Day: We Failed Over a Region on Purpose"
			if status, _ := c.do(http.MethodGet, edition+"/preview", ""); status != http.StatusUnauthorized {
				t.Errorf("preview before signing in: %d, want 401", status)
			}
			if status, _ := c.do(http.MethodPost, edition+"/test", ""); status != http.StatusUnauthorized {
				t.Errorf("test before signing in: %d, want 401", status)
			}
			if status, body := c.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
				t.Fatalf("sign in: %d %s", status, body)
			}

			status, body := c.do(http.MethodGet, edition+"/preview", "")
			var preview struct{ Subject, From, To, Text, HTML string }
			if err := json.Unmarshal([]byte(body), &preview); status != http.StatusOK || err != nil {
				t.Fatalf("preview: %d %s", status, body)
			}
			if preview.Subject != subject || !strings.HasSuffix(preview.To, "<owner@portfolio.test>") || !strings.Contains(preview.From, "no-reply@portfolio.test") {
				t.Errorf("preview: subject %q, from %q, to %q", preview.Subject, preview.From, preview.To)
			}
			if !strings.Contains(preview.Text, "Game Day: We Failed Over a Region on Purpose") || strings.Contains(preview.Text, "<") {
				t.Errorf("preview's text part: %q", preview.Text)
			}
			if !strings.Contains(preview.HTML, "<html") || !strings.Contains(preview.HTML, "Game Day: We Failed Over a Region on Purpose") {
				t.Errorf("preview's HTML part: %q", preview.HTML)
			}
			if status, _ := c.do(http.MethodGet, "/api/admin/editions/999/preview", ""); status != http.StatusNotFound {
				t.Errorf("preview of an unknown edition: %d, want 404", status)
			}

			// From another site, the session cookie is not enough.
			c.origin = "http://evil.example"
			if status, _ := c.do(http.MethodPost, edition+"/test", ""); status != http.StatusForbidden {
				t.Errorf("cross-site test send: %d, want 403", status)
			}
			c.origin = ""
			status, body = c.do(http.MethodPost, edition+"/test", "")
			if want := `{"to":"owner@portfolio.test","subject":"[Test] ` + subject + `"}` + "\n"; status != http.StatusAccepted || body != want {
				t.Fatalf("test send: %d %s, want 202 %s", status, body, want)
			}
			srv.Wait(t, before+1, 10*time.Second)
			// No publication: the edition has never been published, nobody is counted.
			if status, body := c.do(http.MethodGet, "/api/admin/stats", ""); status != http.StatusOK || !strings.Contains(body, `"published":0`) || !strings.Contains(body, `"confirmed":2`) {
				t.Errorf("stats after the test send: %d %s", status, body)
			}
			if status, body := c.do(http.MethodGet, "/api/admin/editions", ""); status != http.StatusOK || strings.Contains(body, `"lastPublishedCount":`+"0") || !strings.Contains(body, `"id":6,`) || strings.Count(body, `"lastPublishedAt":null`) != strings.Count(body, `"id":`) {
				t.Errorf("editions after the test send: %d %s", status, body)
			}
			g.stop(t) // every attempt in flight has finished once run returns

			sent := srv.Messages()[before:]
			if len(sent) != 1 {
				t.Fatalf("%d emails after the test send, want 1", len(sent))
			}
			m, err := sent[0].Parse()
			if err != nil {
				t.Fatal(err)
			}
			if len(sent[0].To) != 1 || sent[0].To[0] != "owner@portfolio.test" || m.Get("Subject") != "[Test] "+subject {
				t.Errorf("test email to %v, subject %q", sent[0].To, m.Get("Subject"))
			}
			if !strings.Contains(m.Text, "Game Day: We Failed Over a Region on Purpose") || !strings.Contains(m.HTML, "Game Day") {
				t.Errorf("test email's parts: text %q, html %q", m.Text, m.HTML)
			}

		})
	}
}
