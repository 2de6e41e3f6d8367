package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/newsletter"
	nlstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// adminEnv is extra with an admin "owner" whose password is "s3cret admin pw",
// hashed at the lowest cost for speed under the race detector
// (TestHashPasswordCommand checks the real one).
func adminEnv(t *testing.T, extra map[string]string) map[string]string {
	t.Helper()
	var hash bytes.Buffer
	if err := hashPassword(nil, strings.NewReader("s3cret admin pw\n"), &hash, io.Discard, bcrypt.MinCost); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{
		"PORTFOLIO_ADMIN_USER":          "owner",
		"PORTFOLIO_ADMIN_PASSWORD_HASH": strings.TrimSpace(hash.String()),
	}
	maps.Copy(env, extra)
	return env
}

// subscribe subscribes confirmed and unconfirmed through the API, and confirms the
// first by the links in their emails (which srv receives).
func (c *siteClient) subscribe(srv *smtptest.Server, confirmed, unconfirmed []string) {
	t := c.t
	t.Helper()
	before := len(srv.Messages())
	for _, email := range append(slices.Clone(confirmed), unconfirmed...) {
		if status, body := c.do(http.MethodPost, "/api/newsletter/subscriptions", fmt.Sprintf(`{"email":%q,"name":"","website":""}`, email)); status != http.StatusAccepted {
			t.Fatalf("subscribe %s: %d %s", email, status, body)
		}
	}
	for _, m := range byRecipient(t, srv.Wait(t, before+len(confirmed)+len(unconfirmed), 10*time.Second)[before:]) {
		if !slices.ContainsFunc(confirmed, func(e string) bool { return strings.Contains(m.Header.Get("To"), e) }) {
			continue
		}
		link := confirmLinkRe.FindStringSubmatch(m.Text)
		if link == nil {
			t.Fatalf("no confirmation link in %q", m.Text)
		}
		if status, _ := c.do(http.MethodGet, link[1], ""); status != http.StatusOK {
			t.Fatalf("confirm: %d", status)
		}
	}
}

// siteClient talks to one origin of a running gateway as its pages do: same origin,
// with a cookie jar.
type siteClient struct {
	t      *testing.T
	base   string
	http   *http.Client
	origin string // the Origin its requests carry, if not base
}

func newClient(t *testing.T, addr string) *siteClient {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &siteClient{t: t, base: "http://" + addr, http: &http.Client{Jar: jar, Timeout: 10 * time.Second}}
}

func (c *siteClient) do(method, path, body string) (int, string) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Origin", cmp.Or(c.origin, c.base))
	resp, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

var confirmLinkRe = regexp.MustCompile(`http://127\.0\.0\.1:8080(/newsletter/confirm\?token=[A-Za-z0-9_%-]+)`)

// TestRunAdminPublishes goes the whole way through run(): subscribers who subscribe
// and confirm by the links in their emails, signing in, and publishing an edition,
// which reaches each confirmed subscriber once over SMTP.
func TestRunAdminPublishes(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{})
	g := startGateway(t, smtpEnv(srv.Addr, adminEnv(t, nil)))
	waitHealthy(t, g.addr)
	c := newClient(t, g.adminAddr)

	// Two subscribe and confirm, one never confirms.
	confirmed := []string{"ada@example.org", "grace@example.org"}
	newClient(t, g.addr).subscribe(srv, confirmed, []string{"lazy@example.org"})
	srv.Wait(t, 5, 10*time.Second) // and their welcome emails

	if status, _ := c.do(http.MethodGet, "/api/admin/stats", ""); status != http.StatusUnauthorized {
		t.Errorf("stats before signing in: %d, want 401", status)
	}
	if status, _ := c.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"wrong"}`); status != http.StatusUnauthorized {
		t.Errorf("wrong password: %d, want 401", status)
	}
	if status, body := c.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
		t.Fatalf("sign in: %d %s", status, body)
	}
	if status, body := c.do(http.MethodGet, "/api/admin/stats", ""); status != http.StatusOK || !strings.Contains(body, `"confirmed":2`) || !strings.Contains(body, `"unconfirmed":1`) {
		t.Errorf("stats: %d %s", status, body)
	}
	status, body := c.do(http.MethodPost, "/api/admin/editions/6/publish", "")
	if status != http.StatusOK || body != `{"sent":2,"title":"#6 Game Day: We Failed Over a Region on Purpose"}`+"\n" {
		t.Fatalf("publish: %d %s", status, body)
	}
	srv.Wait(t, 7, 10*time.Second)
	g.stop(t) // every attempt in flight has finished once run returns

	var editions []string
	for _, m := range srv.Messages() {
		p, err := m.Parse()
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(p.Get("Subject"), "DevOps Digest - June 2025 - #6 ") {
			editions = append(editions, m.To[0])
			if p.Get("List-Unsubscribe-Post") != "List-Unsubscribe=One-Click" || !strings.Contains(p.Get("List-Unsubscribe"), "/newsletter/unsubscribe?token=") {
				t.Errorf("edition email to %v without the unsubscribe headers", m.To)
			}
		}
	}
	slices.Sort(editions)
	if !slices.Equal(editions, confirmed) {
		t.Errorf("the edition went to %v, want each of %v once", editions, confirmed)
	}
	if n := len(srv.Messages()); n != 7 {
		t.Errorf("%d emails in all, want 7 (3 confirmations, 2 welcomes, 2 editions)", n)
	}
}

// TestRunFinishesAnInterruptedPublication stops a publication after its first batch,
// as a crash would, then starts the gateway on the same database: it queues the rest,
// and the SMTP server gets exactly one email per confirmed subscriber.
func TestRunFinishesAnInterruptedPublication(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		t.Fatal(err)
	}
	confirmed := interruptPublication(t, filepath.Join(dataDir, "portfolio.db"))

	srv := smtptest.Start(t, smtptest.Options{})
	g := startGateway(t, smtpEnv(srv.Addr, map[string]string{"PORTFOLIO_DATA_DIR": dataDir}))
	g.logs.waitFor(t, "newsletter: unfinished publication completed", g.done)
	srv.Wait(t, len(confirmed), 10*time.Second)
	g.stop(t)

	got := byRecipient(t, srv.Messages()) // fails on a second email to anyone
	var to []string
	for rcpt, p := range got {
		to = append(to, rcpt)
		if !strings.HasPrefix(p.Get("Subject"), "DevOps Digest - March 2025 - #4 ") {
			t.Errorf("email to %s: subject %q", rcpt, p.Get("Subject"))
		}
	}
	slices.Sort(to)
	if !slices.Equal(to, confirmed) {
		t.Errorf("sent to %v, want each of %v once", to, confirmed)
	}
}

// interruptPublication prepares the database at path as a gateway that crashed while
// publishing edition 4 leaves it: five confirmed subscribers (and an unconfirmed and
// an unsubscribed one), the first two emails queued, the publication still running.
// It returns the confirmed addresses, sorted.
func interruptPublication(t *testing.T, path string) []string {
	t.Helper()
	ctx := context.Background()
	db, err := sqldb.Open(ctx, path) // a SQLite file or a postgres:// URL
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	out := mailstore.New(db)
	store := nlstore.New(db, out)
	if err := errors.Join(mailstore.Migrate(ctx, db), nlstore.Migrate(ctx, db)); err != nil {
		t.Fatal(err)
	}
	noEmails := func(newsletter.Subscriber) ([]mail.Message, error) { return nil, nil }
	var confirmed []string
	for i, state := range []newsletter.State{"confirmed", "confirmed", "unconfirmed", "confirmed", "unsubscribed", "confirmed", "confirmed"} {
		email := fmt.Sprintf("reader%d@example.org", i)
		now := time.Now()
		hash := newsletter.HashToken(email)
		_, sub, err := store.Subscribe(ctx, newsletter.Subscription{Email: email, EmailKey: email, At: now, SentBefore: now,
			Token: newsletter.ConfirmationToken{Hash: hash, ExpiresAt: now.Add(time.Hour)}}, noEmails)
		if err == nil && state != newsletter.StateUnconfirmed {
			_, _, err = store.Confirm(ctx, hash, now, noEmails)
		}
		if err == nil && state == newsletter.StateUnsubscribed {
			_, err = store.Unsubscribe(ctx, sub.ID, now)
		}
		if err != nil {
			t.Fatal(err)
		}
		if state == newsletter.StateConfirmed {
			confirmed = append(confirmed, email)
		}
	}
	svc, err := newsletter.NewService(ctx, store, newsletter.Emails{
		From: mail.Address{Email: "no-reply@portfolio.test"}, PublicURL: "http://127.0.0.1:8080",
	}, newsletter.Options{})
	if err != nil {
		t.Fatal(err)
	}
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	crash := errors.New("crash")
	_, err = newsletter.NewPublisher(store, svc, editions, newsletter.PublisherOptions{
		BatchSize: 2,
		BeforeBatch: func(_ context.Context, _ newsletter.Publication, batch int) error {
			if batch == 2 {
				return crash
			}
			return nil
		},
	}).Publish(ctx, 4)
	if !errors.Is(err, crash) {
		t.Fatalf("Publish = %v, want it stopped after the first batch", err)
	}
	if c, err := out.Count(ctx); err != nil || c.Pending != 2 {
		t.Fatalf("queued before the crash: %+v, %v; want 2", c, err)
	}
	slices.Sort(confirmed)
	return confirmed
}
