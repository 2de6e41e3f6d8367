package main

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// request sends method to the gateway at addr with a form body, as a mail client or a
// browser would, and returns the status and body.
func request(t *testing.T, method, rawURL, contentType, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, rawURL, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// storedSubscribers reads the subscribers in the database at dsn.
func storedSubscribers(t *testing.T, dsn string) []newsletter.Subscriber {
	t.Helper()
	db, err := sqldb.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	subs, _, err := sqlstore.New(db, nil).List(context.Background(), "", 100, 0)
	if err != nil {
		t.Fatal(err)
	}
	return subs
}

var unsubscribeHeader = regexp.MustCompile(`^<(https?://[^>]+/newsletter/unsubscribe\?token=[A-Za-z0-9_%-]+)>$`)

// checkUnsubscribable fails unless p carries its unsubscribe link in the
// List-Unsubscribe header (with RFC 8058's one-click promise), its text and its HTML,
// and returns the link.
func checkUnsubscribable(t *testing.T, p smtptest.Parsed) string {
	t.Helper()
	m := unsubscribeHeader.FindStringSubmatch(p.Get("List-Unsubscribe"))
	if m == nil {
		t.Fatalf("%q: List-Unsubscribe %q", p.Get("Subject"), p.Get("List-Unsubscribe"))
	}
	if got := p.Get("List-Unsubscribe-Post"); got != "List-Unsubscribe=One-Click" {
		t.Errorf("%q: List-Unsubscribe-Post %q", p.Get("Subject"), got)
	}
	if !strings.Contains(p.Text, m[1]) || !strings.Contains(p.HTML, `href="`+m[1]+`"`) {
		t.Errorf("%q lacks the unsubscribe link %s in its text or HTML", p.Get("Subject"), m[1])
	}
	return m[1]
}

// on returns the path and query of link, on the gateway at addr (the links name the
// public URL, which tests do not listen on).
func on(t *testing.T, addr, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return "http://" + addr + u.RequestURI()
}

var confirmLink = regexp.MustCompile(`https?://\S+/newsletter/confirm\?token=[A-Za-z0-9_%-]+`)

func TestRunNewsletterDoubleOptInThroughSMTP(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{})
	dataDir := filepath.Join(t.TempDir(), "data")
	g := startGateway(t, smtpEnv(srv.Addr, map[string]string{
		"PORTFOLIO_DATA_DIR":   dataDir,
		"PORTFOLIO_PUBLIC_URL": "https://portfolio.test",
	}))
	waitHealthy(t, g.addr)
	base := "http://" + g.addr

	status, body := request(t, http.MethodPost, base+"/api/newsletter/subscriptions", "application/json", `{"email":"jane@example.org","name":"","website":""}`)
	if status != http.StatusAccepted || strings.TrimSpace(body) != `{"status":"accepted"}` {
		t.Fatalf("subscribe = %d %s", status, body)
	}
	msgs := srv.Wait(t, 1, 10*time.Second)
	confirmation, err := msgs[0].Parse()
	if err != nil {
		t.Fatal(err)
	}
	if msgs[0].To[0] != "jane@example.org" || confirmation.Get("Subject") != "Confirm your subscription to DevOps Digest" {
		t.Fatalf("first email to %v: %q", msgs[0].To, confirmation.Get("Subject"))
	}
	if !strings.Contains(confirmation.Text, "Hi DevOps Enthusiast,") {
		t.Errorf("a subscriber without a name is not greeted as the template says:\n%s", confirmation.Text)
	}
	unsubscribe := checkUnsubscribable(t, confirmation)
	if !strings.HasPrefix(unsubscribe, "https://portfolio.test/newsletter/unsubscribe?token=") {
		t.Errorf("unsubscribe link %q is not on the public URL", unsubscribe)
	}
	confirm := confirmLink.FindString(confirmation.Text)
	if confirm == "" || !strings.Contains(confirmation.HTML, confirm) {
		t.Fatalf("no confirmation link in the text and HTML:\n%s", confirmation.Text)
	}

	status, body = request(t, http.MethodGet, on(t, g.addr, confirm), "", "")
	if status != http.StatusOK || !strings.Contains(body, ">Subscription confirmed</h1>") {
		t.Fatalf("confirm = %d:\n%s", status, body)
	}
	welcome, err := srv.Wait(t, 2, 10*time.Second)[1].Parse()
	if err != nil {
		t.Fatal(err)
	}
	if welcome.Get("Subject") != "Welcome to DevOps Digest!" {
		t.Errorf("second email %q", welcome.Get("Subject"))
	}
	if checkUnsubscribable(t, welcome) != unsubscribe {
		t.Error("the welcome's unsubscribe link differs from the confirmation's")
	}

	// The mail client's one-click unsubscribe: a POST of RFC 8058's body to the header's URL.
	status, body = request(t, http.MethodPost, on(t, g.addr, unsubscribe), "application/x-www-form-urlencoded", "List-Unsubscribe=One-Click")
	if status != http.StatusOK || !strings.Contains(body, ">You have been unsubscribed</h1>") {
		t.Fatalf("one-click unsubscribe = %d:\n%s", status, body)
	}
	subs := storedSubscribers(t, filepath.Join(dataDir, "portfolio.db"))
	if len(subs) != 1 || subs[0].State != newsletter.StateUnsubscribed || subs[0].ConfirmedAt.IsZero() {
		t.Errorf("stored %+v, want one unsubscribed subscriber who had confirmed", subs)
	}
	g.stop(t)
	if n := len(srv.Messages()); n != 2 {
		t.Errorf("%d emails sent, want 2", n)
	}
}

func TestRunSubscriptionSurvivesARefusingMailServer(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{RejectRcpt: func(string) error {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}})
	dataDir := filepath.Join(t.TempDir(), "data")
	g := startGateway(t, smtpEnv(srv.Addr, map[string]string{"PORTFOLIO_DATA_DIR": dataDir}))
	waitHealthy(t, g.addr)
	base := "http://" + g.addr

	status, body := request(t, http.MethodPost, base+"/api/newsletter/subscriptions", "application/json", `{"email":"jane@example.org","name":"Jane"}`)
	if status != http.StatusAccepted {
		t.Fatalf("subscribe with the mail server refusing = %d %s, want 202", status, body)
	}
	// The form without JavaScript too.
	form := url.Values{"form-name": {"newsletter"}, "email": {"bob@example.org"}, "website": {""}}
	status, body = request(t, http.MethodPost, base+"/", "application/x-www-form-urlencoded", form.Encode())
	if status != http.StatusOK || !strings.Contains(body, ">Check your inbox</h1>") {
		t.Fatalf("form with the mail server refusing = %d:\n%s", status, body)
	}
	// The refusal is logged by the outbox, and the subscribers are kept.
	g.logs.waitFor(t, "outbox: mail dead, giving up", g.done)
	subs := storedSubscribers(t, filepath.Join(dataDir, "portfolio.db"))
	if len(subs) != 2 || subs[0].Email != "bob@example.org" || subs[1].Email != "jane@example.org" {
		t.Fatalf("stored %+v, want both subscribers", subs)
	}
	g.stop(t)
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("the server accepted %d messages", n)
	}
}
