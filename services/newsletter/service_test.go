package newsletter_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/mail/templates"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/newsletter/storetest"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// The service's tests run on both databases, through the real store and outbox.
var databases = []struct {
	name string
	dsn  func(t testing.TB) string
}{
	{"sqlite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "portfolio.db") }},
	{"postgres", func(t testing.TB) string { return pgtest.URL(t) }},
}

func eachDatabase(t *testing.T, test func(t *testing.T, dsn string)) {
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) { test(t, d.dsn(t)) })
	}
}

// clock is the service's injected time.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

const publicURL = "https://portfolio.test"

var emails = newsletter.Emails{
	From:      mail.Address{Name: "DevOps Portfolio", Email: "no-reply@portfolio.test"},
	ReplyTo:   mail.Address{Name: "Owner", Email: "owner@portfolio.test"},
	SiteName:  "DevOps Portfolio",
	PublicURL: publicURL,
}

type env struct {
	svc      *newsletter.Service
	db       *sqldb.DB
	outbox   *mailstore.Outbox
	clock    *clock
	mu       sync.Mutex
	notified int
	// importPerDay is the services' Options.ImportConfirmationsPerDay (0: the default).
	importPerDay int
}

// newEnv opens dsn with the outbox's and the newsletter's tables, and a service over
// them with a 72 h link and a 10 min resend interval.
func newEnv(t testing.TB, dsn string) *env {
	t.Helper()
	db, out := storetest.OpenWithOutbox(t, dsn)
	if err := sqlstore.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	e := &env{db: db, outbox: out, clock: &clock{now: time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)}}
	e.svc = e.service(t)
	return e
}

// service is another service on the same database: another replica.
func (e *env) service(t testing.TB) *newsletter.Service {
	t.Helper()
	store := sqlstore.New(e.db, e.outbox)
	svc, err := newsletter.NewService(context.Background(), store, emails, newsletter.Options{
		ConfirmTTL:                72 * time.Hour,
		ResendInterval:            10 * time.Minute,
		ImportConfirmationsPerDay: e.importPerDay,
		ReminderAfter:             24 * time.Hour,
		Now:                       e.clock.Now,
		Notify: func() {
			e.mu.Lock()
			e.notified++
			e.mu.Unlock()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func (e *env) notifications() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.notified
}

// take returns the emails queued since the last take, oldest first, rendered as the
// outbox sends them (templates.Transport).
func (e *env) take(t *testing.T) []mail.Message {
	t.Helper()
	ctx := context.Background()
	entries, err := e.outbox.Claim(ctx, outbox.Claim{Now: time.Now().Add(time.Hour), Lease: time.Hour, Limit: 100, Token: "test"})
	if err != nil {
		t.Fatal(err)
	}
	var out []mail.Message
	for _, en := range entries {
		if err := e.outbox.MarkSent(ctx, en.ID, "test", time.Now()); err != nil {
			t.Fatal(err)
		}
		out = append(out, rendered(t, en.Message))
	}
	return out
}

// rendered is queued message m as it is sent. A newsletter email is queued with its
// template, not its bodies: they are rendered when it is sent.
func rendered(t *testing.T, m mail.Message) mail.Message {
	t.Helper()
	if m.Template == nil || m.Text != "" || m.HTML != "" {
		t.Fatalf("%q was queued rendered (template %v, %d bytes of text), want its template only", m.Subject, m.Template, len(m.Text))
	}
	reg, err := templates.NewRegistry(newsletter.EmailTemplates()...)
	if err != nil {
		t.Fatal(err)
	}
	out, err := reg.Expand(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func (e *env) subscribe(t *testing.T, email, name string) newsletter.SubscribeOutcome {
	t.Helper()
	signup, err := newsletter.Parse(newsletter.Form{Email: email, Name: name})
	if err != nil {
		t.Fatalf("Parse(%q, %q): %v", email, name, err)
	}
	o, err := e.svc.Subscribe(context.Background(), signup)
	if err != nil {
		t.Fatalf("Subscribe(%q, %q): %v", email, name, err)
	}
	return o
}

var tokenInLink = regexp.MustCompile(`/newsletter/(confirm|unsubscribe)\?token=([A-Za-z0-9_%-]+)`)

// token returns the token of the first link to path (confirm or unsubscribe) in m's text.
func token(t *testing.T, m mail.Message, path string) string {
	t.Helper()
	for _, match := range tokenInLink.FindAllStringSubmatch(m.Text, -1) {
		if match[1] == path {
			tok, err := url.QueryUnescape(match[2])
			if err != nil {
				t.Fatal(err)
			}
			return tok
		}
	}
	t.Fatalf("no %s link in %q:\n%s", path, m.Subject, m.Text)
	return ""
}

// one fails unless exactly one email was queued, and returns it.
func one(t *testing.T, msgs []mail.Message) mail.Message {
	t.Helper()
	if len(msgs) != 1 {
		t.Fatalf("%d emails queued, want 1: %+v", len(msgs), msgs)
	}
	return msgs[0]
}

// TestParse runs testdata/signups.json, which apps/newsletter's subscription-rules test
// runs against the browser's rules too: both name the same problems in the same words.
func TestParse(t *testing.T) {
	data, err := os.ReadFile("testdata/signups.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct {
		Cases []struct {
			Case, Email, Name string
			Problems          []apperr.Problem
		}
	}
	if err := json.Unmarshal(data, &table); err != nil || len(table.Cases) == 0 {
		t.Fatalf("testdata/signups.json: %v, %d cases", err, len(table.Cases))
	}
	for _, tt := range table.Cases {
		t.Run(tt.Case, func(t *testing.T) {
			_, err := newsletter.Parse(newsletter.Form{Email: tt.Email, Name: tt.Name})
			p, ok := apperr.From(err)
			switch {
			case len(tt.Problems) == 0 && err != nil:
				t.Fatalf("error %v, want none", err)
			case len(tt.Problems) == 0:
			case !ok || p.Code != apperr.Invalid || p.Field != tt.Problems[0].Field || p.Message != tt.Problems[0].Message:
				t.Fatalf("error %v, want %+v first", err, tt.Problems[0])
			case !slices.Equal(p.Problems, tt.Problems):
				t.Errorf("problems %+v, want %+v", p.Problems, tt.Problems)
			}
		})
	}
	// A valid signup comes back trimmed.
	if s, err := newsletter.Parse(newsletter.Form{Email: " jane@example.org ", Name: " Jane "}); err != nil || s != (newsletter.Signup{Email: "jane@example.org", Name: "Jane"}) {
		t.Errorf("Parse = %+v, %v", s, err)
	}
}

func TestConfirmationLink(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		e := newEnv(t, dsn)
		if o := e.subscribe(t, " Jane@Example.org ", " Jane "); o != newsletter.SubscribeAdded {
			t.Fatalf("outcome %v", o)
		}
		if e.notifications() != 1 {
			t.Errorf("mail worker woken %d times, want 1", e.notifications())
		}
		m := one(t, e.take(t))
		if m.To[0] != (mail.Address{Name: "Jane", Email: "Jane@Example.org"}) || m.Subject != "Confirm your subscription to DevOps Digest" {
			t.Errorf("confirmation to %+v, subject %q", m.To, m.Subject)
		}
		tok := token(t, m, "confirm")
		if len(tok) != 43 || !strings.Contains(m.HTML, "confirm?token="+tok) || !strings.Contains(m.Text, "72 hours") {
			t.Errorf("token %q, or the HTML lacks the link, or the text its validity:\n%s", tok, m.Text)
		}

		// Only the token's SHA-256 is stored: nothing in the database opens the link.
		var hash string
		if err := e.db.QueryRowContext(ctx, "SELECT token_hash FROM newsletter_confirmations").Scan(&hash); err != nil {
			t.Fatal(err)
		}
		if hash != newsletter.HashToken(tok) || len(hash) != 64 {
			t.Errorf("stored %q, want the SHA-256 of the token", hash)
		}
		var n int
		if err := e.db.QueryRowContext(ctx, e.db.Rebind(
			"SELECT COUNT(*) FROM newsletter_confirmations WHERE token_hash = $1 OR token_hash LIKE $2"),
			tok, "%"+tok[:16]+"%").Scan(&n); err != nil || n != 0 {
			t.Errorf("the token itself is stored (%d rows, %v)", n, err)
		}

		// A wrong token, malformed or well-formed, confirms nothing.
		for _, wrong := range []string{"", "abc", tok + "x", strings.ToUpper(tok[:1]) + tok[1:], "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"} {
			if wrong == tok {
				continue
			}
			if o, err := e.svc.Confirm(ctx, wrong); o != newsletter.ConfirmInvalid || err != nil {
				t.Errorf("Confirm(%q) = %v, %v; want invalid", wrong, o, err)
			}
		}

		// Single use: the first click confirms and welcomes, the second says so.
		e.clock.Advance(time.Hour)
		if o, err := e.svc.Confirm(ctx, tok); o != newsletter.Confirmed || err != nil {
			t.Fatalf("Confirm = %v, %v", o, err)
		}
		welcome := one(t, e.take(t))
		if welcome.Subject != "Welcome to DevOps Digest!" || !strings.Contains(welcome.Text, "Hi Jane,") {
			t.Errorf("welcome %q:\n%s", welcome.Subject, welcome.Text)
		}
		if o, _ := e.svc.Confirm(ctx, tok); o != newsletter.AlreadyConfirmed {
			t.Errorf("second click: %v, want already confirmed", o)
		}
		if msgs := e.take(t); len(msgs) != 0 {
			t.Errorf("second click queued %d emails", len(msgs))
		}
		page, _ := e.svc.List(ctx, newsletter.ListQuery{})
		if len(page.Items) != 1 || page.Items[0].State != newsletter.StateConfirmed || !page.Items[0].ConfirmedAt.Equal(e.clock.Now()) {
			t.Errorf("subscribers %+v", page.Items)
		}
	})
}

func TestConfirmationLinkExpires(t *testing.T) {
	for _, tt := range []struct {
		after time.Duration
		want  newsletter.ConfirmOutcome
	}{
		{72*time.Hour - time.Millisecond, newsletter.Confirmed},
		{72 * time.Hour, newsletter.ConfirmExpired},
		{30 * 24 * time.Hour, newsletter.ConfirmExpired},
	} {
		t.Run(tt.after.String(), func(t *testing.T) {
			eachDatabase(t, func(t *testing.T, dsn string) {
				e := newEnv(t, dsn)
				e.subscribe(t, "jane@example.org", "")
				tok := token(t, one(t, e.take(t)), "confirm")
				e.clock.Advance(tt.after)
				if o, err := e.svc.Confirm(context.Background(), tok); o != tt.want || err != nil {
					t.Errorf("after %s: %v, %v; want %v", tt.after, o, err, tt.want)
				}
			})
		})
	}
}

func TestSubscribingAgainRevealsNothing(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		e := newEnv(t, dsn)
		e.subscribe(t, "jane@example.org", "Jane")
		first := token(t, one(t, e.take(t)), "confirm")

		// Any case, within the resend interval: no error, no email.
		e.clock.Advance(9 * time.Minute)
		if o := e.subscribe(t, "JANE@EXAMPLE.ORG", ""); o != newsletter.SubscribeUnchanged {
			t.Errorf("within the interval: %v", o)
		}
		if msgs := e.take(t); len(msgs) != 0 {
			t.Errorf("%d emails within the resend interval", len(msgs))
		}
		// After it: a fresh link, to the address as now entered.
		e.clock.Advance(time.Minute)
		if o := e.subscribe(t, "JANE@EXAMPLE.ORG", ""); o != newsletter.SubscribeRenewed {
			t.Errorf("after the interval: %v", o)
		}
		m := one(t, e.take(t))
		second := token(t, m, "confirm")
		if second == first || m.To[0].Email != "JANE@EXAMPLE.ORG" || !strings.Contains(m.Text, "Hi DevOps Enthusiast,") {
			t.Errorf("resent to %v with token %q (first %q):\n%s", m.To, second, first, m.Text)
		}
		if o, _ := e.svc.Confirm(ctx, second); o != newsletter.Confirmed {
			t.Errorf("fresh link: %v", o)
		}
		e.take(t)
		// Confirmed: subscribing again, however much later, sends nothing.
		e.clock.Advance(24 * time.Hour)
		if o := e.subscribe(t, "Jane@Example.org", "Jane"); o != newsletter.SubscribeUnchanged {
			t.Errorf("confirmed address: %v", o)
		}
		if msgs := e.take(t); len(msgs) != 0 {
			t.Errorf("%d emails to a confirmed address", len(msgs))
		}
		if c, _ := e.svc.Counts(ctx); c != (newsletter.Counts{Confirmed: 1}) {
			t.Errorf("counts %+v, want one confirmed subscriber", c)
		}
	})
}

func TestUnsubscribeLink(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		e := newEnv(t, dsn)
		e.subscribe(t, "jane@example.org", "Jane")
		m := one(t, e.take(t))
		confirmTok := token(t, m, "confirm")
		tok := token(t, m, "unsubscribe")

		sub, err := e.svc.UnsubscribeTarget(ctx, tok)
		if err != nil || sub.Email != "jane@example.org" || sub.State != newsletter.StateUnconfirmed {
			t.Fatalf("UnsubscribeTarget = %+v, %v", sub, err)
		}
		// Another replica (same database, same key) reads the same link.
		if other, err := e.service(t).UnsubscribeTarget(ctx, tok); err != nil || other.ID != sub.ID {
			t.Errorf("another replica: %+v, %v", other, err)
		}
		// A link whose signature or id was changed is not ours.
		raw := []byte(tok)
		for i, tampered := range []string{"", "abc", tok[:len(tok)-1], flip(raw, len(raw)-1), flip(raw, 5)} {
			if _, err := e.svc.UnsubscribeTarget(ctx, tampered); !errors.Is(err, newsletter.ErrInvalidToken) {
				t.Errorf("tampered link %d: %v, want ErrInvalidToken", i, err)
			}
			if _, err := e.svc.Unsubscribe(ctx, tampered); !errors.Is(err, newsletter.ErrInvalidToken) {
				t.Errorf("unsubscribing with tampered link %d: %v", i, err)
			}
		}

		e.clock.Advance(time.Minute)
		for range 2 { // idempotent
			got, err := e.svc.Unsubscribe(ctx, tok)
			if err != nil || got.State != newsletter.StateUnsubscribed || !got.UnsubscribedAt.Equal(e.clock.Now()) {
				t.Fatalf("Unsubscribe = %+v, %v", got, err)
			}
		}
		// The confirmation link still in the inbox no longer subscribes them.
		if o, _ := e.svc.Confirm(ctx, confirmTok); o != newsletter.ConfirmInvalid {
			t.Errorf("confirming after unsubscribing: %v", o)
		}
		// Subscribing again starts over, at once.
		if o := e.subscribe(t, "jane@example.org", "Jane"); o != newsletter.SubscribeRenewed {
			t.Errorf("subscribing again: %v", o)
		}
		again := one(t, e.take(t))
		if o, _ := e.svc.Confirm(ctx, token(t, again, "confirm")); o != newsletter.Confirmed {
			t.Errorf("confirming the new subscription: %v", o)
		}
		// Every email of one subscriber carries the same working unsubscribe link.
		if token(t, again, "unsubscribe") != tok {
			t.Error("the unsubscribe link changed between emails")
		}
	})
}

// flip returns b with the byte at i changed to another base64url character.
func flip(b []byte, i int) string {
	c := append([]byte(nil), b...)
	if c[i] == 'A' {
		c[i] = 'B'
	} else {
		c[i] = 'A'
	}
	return string(c)
}

func TestEveryNewsletterEmailCanBeUnsubscribedFrom(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, filepath.Join(t.TempDir(), "portfolio.db"))
	e.subscribe(t, "jane@example.org", "")
	confirmation := one(t, e.take(t))
	if _, err := e.svc.Confirm(ctx, token(t, confirmation, "confirm")); err != nil {
		t.Fatal(err)
	}
	welcome := one(t, e.take(t))
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	confirmed, err := e.svc.Confirmed(ctx)
	if err != nil || len(confirmed) != 1 {
		t.Fatalf("Confirmed = %+v, %v", confirmed, err)
	}
	queued, err := e.svc.EditionEmail(editions[0], confirmed[0])
	if err != nil {
		t.Fatal(err)
	}
	edition := rendered(t, queued)
	if want := "DevOps Digest - December 2024 - " + editions[0].Title; edition.Subject != want {
		t.Errorf("edition subject %q, want %q", edition.Subject, want)
	}
	if !strings.Contains(edition.Text, "k9s") || !strings.Contains(edition.HTML, "k9s") {
		t.Error("the edition email lacks the edition's text")
	}
	// Both parts link the edition's page on the site.
	page := publicURL + "/newsletter/1"
	if !strings.Contains(edition.Text, "Read it on the web: "+page+"\n") {
		t.Errorf("the edition's text part lacks 'Read it on the web: %s':\n%s", page, edition.Text)
	}
	if !strings.Contains(edition.HTML, `<a href="`+page+`" style="color:#2563eb;">Read it on the web</a>`) {
		t.Errorf("the edition's HTML part lacks the link 'Read it on the web' to %s:\n%s", page, edition.HTML)
	}
	link := e.svc.UnsubscribeURL(confirmed[0].ID)
	if !strings.HasPrefix(link, publicURL+"/newsletter/unsubscribe?token=") {
		t.Errorf("UnsubscribeURL = %q", link)
	}
	for _, m := range []mail.Message{confirmation, welcome, edition} {
		if err := m.Validate(); err != nil {
			t.Errorf("%q does not validate: %v", m.Subject, err)
		}
		headers := map[string]string{}
		for _, h := range m.Headers {
			headers[h.Name] = h.Value
		}
		if headers["List-Unsubscribe"] != "<"+link+">" || headers["List-Unsubscribe-Post"] != "List-Unsubscribe=One-Click" {
			t.Errorf("%q headers %v, want List-Unsubscribe <%s> and one-click", m.Subject, headers, link)
		}
		escaped := strings.ReplaceAll(link, "&", "&amp;")
		if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+escaped+`"`) {
			t.Errorf("%q lacks the unsubscribe link in its text or HTML", m.Subject)
		}
		if len(m.ReplyTo) != 1 || m.ReplyTo[0].Email != "owner@portfolio.test" {
			t.Errorf("%q Reply-To %v, want the owner", m.Subject, m.ReplyTo)
		}
	}
	if _, err := e.svc.Unsubscribe(ctx, token(t, edition, "unsubscribe")); err != nil {
		t.Errorf("the edition's link does not unsubscribe: %v", err)
	}
	if c, _ := e.svc.Counts(ctx); c != (newsletter.Counts{Unsubscribed: 1}) {
		t.Errorf("counts %+v after unsubscribing", c)
	}
}

func TestStoreFailureIsUnavailable(t *testing.T) {
	e := newEnv(t, filepath.Join(t.TempDir(), "portfolio.db"))
	if err := e.db.Close(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := e.svc.Subscribe(ctx, newsletter.Signup{Email: "jane@example.org"}); apperr.CodeOf(err) != apperr.Unavailable {
		t.Errorf("Subscribe on a closed database: %v, want apperr.Unavailable", err)
	}
	if _, err := e.svc.Confirm(ctx, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"); apperr.CodeOf(err) != apperr.Unavailable {
		t.Errorf("Confirm on a closed database: %v, want apperr.Unavailable", err)
	}
	if e.notifications() != 0 {
		t.Error("the mail worker was woken for nothing")
	}
}

func TestListPages(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, filepath.Join(t.TempDir(), "portfolio.db"))
	for _, addr := range []string{"a@x.org", "b@x.org", "c@x.org"} {
		e.subscribe(t, addr, "")
		e.clock.Advance(time.Second)
	}
	for _, tt := range []struct {
		q                       newsletter.ListQuery
		first                   string
		n, page, perPage, total int
	}{
		{newsletter.ListQuery{}, "c@x.org", 3, 1, 50, 3},
		{newsletter.ListQuery{Page: 2, PerPage: 2}, "a@x.org", 1, 2, 2, 3},
		{newsletter.ListQuery{Page: -1, PerPage: 10000}, "c@x.org", 3, 1, 50, 3},
		{newsletter.ListQuery{Page: 1 << 40, PerPage: 2}, "", 0, 1 << 40, 2, 3},
		{newsletter.ListQuery{State: newsletter.StateConfirmed}, "", 0, 1, 50, 0},
	} {
		p, err := e.svc.List(ctx, tt.q)
		if err != nil {
			t.Fatal(err)
		}
		first := ""
		if len(p.Items) > 0 {
			first = p.Items[0].Email
		}
		if first != tt.first || len(p.Items) != tt.n || p.Page != tt.page || p.PerPage != tt.perPage || p.Total != tt.total {
			t.Errorf("List(%+v) = first %q, %d items, page %d of %d, total %d", tt.q, first, len(p.Items), p.Page, p.PerPage, p.Total)
		}
	}
	if _, err := e.svc.List(ctx, newsletter.ListQuery{State: "bogus"}); err == nil {
		t.Error("an unknown state is accepted")
	}
	all, err := e.svc.All(ctx)
	if err != nil || len(all) != 3 {
		t.Errorf("All = %d, %v", len(all), err)
	}
}
