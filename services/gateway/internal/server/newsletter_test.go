package server_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// send makes a request as a same-origin browser would, unless header says otherwise
// (an empty value deletes a header).
type send struct {
	method, path, contentType, body string
	header                          map[string]string
	remote                          string // default 192.0.2.1:1234
	reader                          io.Reader
	admin                           bool // to the admin's origin instead of the public one
}

func (f *fixture) send(s send) *httptest.ResponseRecorder {
	body := s.reader
	if body == nil {
		body = strings.NewReader(s.body)
	}
	if s.method == "" {
		s.method = http.MethodPost
	}
	r := httptest.NewRequest(s.method, s.path, body)
	if s.contentType != "" {
		r.Header.Set("Content-Type", s.contentType)
	}
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.Header.Set("Origin", "http://example.com") // httptest's Host
	for k, v := range s.header {
		if v == "" {
			r.Header.Del(k)
		} else {
			r.Header.Set(k, v)
		}
	}
	r.RemoteAddr = "192.0.2.1:1234"
	if s.remote != "" {
		r.RemoteAddr = s.remote
	}
	w := httptest.NewRecorder()
	if s.admin {
		f.adm.ServeHTTP(w, r)
	} else {
		f.h.ServeHTTP(w, r)
	}
	return w
}

// subscribeJSON posts a subscription to the API.
func (f *fixture) subscribeJSON(body string, header map[string]string) *httptest.ResponseRecorder {
	return f.send(send{path: "/api/newsletter/subscriptions", contentType: "application/json", body: body, header: header})
}

// subscribeForm posts the newsletter form to / as a browser without JavaScript does.
func (f *fixture) subscribeForm(values url.Values, header map[string]string) *httptest.ResponseRecorder {
	return f.send(send{path: "/", contentType: "application/x-www-form-urlencoded", body: values.Encode(), header: header})
}

func newsletterForm(email, name string) url.Values {
	return url.Values{"form-name": {"newsletter"}, "email": {email}, "name": {name}, "website": {""}}
}

// subscribers returns every stored subscriber, newest first.
func (f *fixture) subscribers(t *testing.T) []newsletter.Subscriber {
	t.Helper()
	all, err := f.subs.All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// emails returns every email queued so far, oldest first, rendered as they are sent
// (templates.Transport).
func (f *fixture) emails(t *testing.T) []mail.Message {
	t.Helper()
	var out []mail.Message
	for id := int64(1); ; id++ {
		e, err := f.outbox.Get(context.Background(), id)
		if errors.Is(err, outbox.ErrNotFound) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		m, err := siteEmails(t).Expand(e.Message)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
}

var linkRe = regexp.MustCompile(`http://127\.0\.0\.1:8080(/newsletter/(?:confirm|unsubscribe)\?token=[A-Za-z0-9_%-]+)`)

// link returns the path and query of the link to path (/newsletter/confirm or
// /newsletter/unsubscribe) in m's text.
func link(t *testing.T, m mail.Message, path string) string {
	t.Helper()
	for _, match := range linkRe.FindAllStringSubmatch(m.Text, -1) {
		if strings.HasPrefix(match[1], path+"?") {
			return match[1]
		}
	}
	t.Fatalf("no %s link in %q:\n%s", path, m.Subject, m.Text)
	return ""
}

// checkNotice checks a server-rendered newsletter page: its status, heading, the
// site's look without the app, never cached nor indexed, and the ways back.
func checkNotice(t *testing.T, w *httptest.ResponseRecorder, status int, heading string, want ...string) {
	t.Helper()
	checkPage(t, w, status, heading, append([]string{`<a href="/newsletter" class=`, `>Back to the newsletter</a>`}, want...)...)
}

// checkPage checks a page the gateway rendered for one visitor: its status, heading,
// the site's look without the app, never cached nor indexed, a link home, and want.
func checkPage(t *testing.T, w *httptest.ResponseRecorder, status int, heading string, want ...string) {
	t.Helper()
	if w.Code != status {
		t.Errorf("status %d, want %d", w.Code, status)
	}
	checkHeader(t, w, "Content-Type", "text/html; charset=utf-8")
	checkHeader(t, w, "Cache-Control", "no-store")
	body := w.Body.String()
	for _, s := range append([]string{
		`>` + heading + `</h1>`,
		`<title>` + heading + ` · DevOps Portfolio</title>`,
		`<meta name="robots" content="noindex">`,
		`<link href="/static/css/index.a1b2c3d4.css" rel="stylesheet">`, // the site's stylesheet
		`<script>` + webtest.ThemeScript + `</script>`,                  // and its theme
		`<a href="/" class=`, `>Home</a>`,
	}, want...) {
		if !strings.Contains(body, s) {
			t.Errorf("page lacks %q:\n%s", s, body)
		}
	}
	if strings.Contains(body, "/static/js/index.3f9a1c2b.js") {
		t.Error("the page loads the app, which would replace it")
	}
}

func TestSubscribeAPI(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "1000"})
	w := f.subscribeJSON(`{"email":"  Jane@Example.org ","name":"Jane","website":""}`, nil)
	if w.Code != http.StatusAccepted || strings.TrimSpace(w.Body.String()) != `{"status":"accepted"}` {
		t.Fatalf("%d %s, want 202 accepted", w.Code, w.Body.String())
	}
	checkHeader(t, w, "Cache-Control", "no-store")
	subs := f.subscribers(t)
	if len(subs) != 1 || subs[0].Email != "Jane@Example.org" || subs[0].Name != "Jane" || subs[0].State != newsletter.StateUnconfirmed {
		t.Fatalf("stored %+v", subs)
	}
	emails := f.emails(t)
	if len(emails) != 1 || emails[0].To[0].Email != "Jane@Example.org" || emails[0].Subject != "Confirm your subscription to DevOps Digest" {
		t.Fatalf("queued %+v", emails)
	}
	if f.notified != 1 {
		t.Errorf("worker woken %d times, want 1", f.notified)
	}

	// The same address in any case, or without a name, answers exactly the same and
	// sends nothing within the resend interval; so does a bot.
	for _, body := range []string{
		`{"email":"jane@example.org","name":"Jane"}`,
		`{"email":"JANE@EXAMPLE.ORG"}`,
		`{"email":"someone@example.org","name":"Bot","website":"http://spam.example"}`,
		`{"email":"not an address","website":"x"}`, // the honeypot is looked at first
	} {
		again := f.subscribeJSON(body, nil)
		if again.Code != w.Code || again.Body.String() != w.Body.String() || again.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %d %q, want the first answer %d %q", body, again.Code, again.Body.String(), w.Code, w.Body.String())
		}
	}
	if n := len(f.subscribers(t)); n != 1 {
		t.Errorf("%d subscribers, want 1", n)
	}
	if n := len(f.emails(t)); n != 1 {
		t.Errorf("%d emails queued, want only the first confirmation", n)
	}
	if n := f.logs.FilterMessage("newsletter: honeypot filled, subscription dropped").Len(); n != 2 {
		t.Errorf("%d honeypot log lines, want 2", n)
	}
}

func TestSubscribeAPIValidation(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "1000"})
	tests := []struct {
		name, body, field, msg string
	}{
		{"email missing", `{"name":"Jane"}`, "email", "Please enter a valid email address"},
		{"email invalid", `{"email":"jane@"}`, "email", "Please enter a valid email address"},
		{"email header injection", `{"email":"jane@example.org\nBcc: victim@example.com"}`, "email", "Please enter a valid email address"},
		{"name of one letter", `{"email":"jane@example.org","name":"J"}`, "name", "Name must be at least 2 characters"},
		{"name of one letter and spaces", `{"email":"jane@example.org","name":"  J  "}`, "name", "Name must be at least 2 characters"},
		{"name checked before email, in the form's order", `{"email":"x","name":"J"}`, "name", "Name must be at least 2 characters"},
		{"name header injection", `{"email":"jane@example.org","name":"Jane\r\nBcc: x@example.com"}`, "name", "Name must be a single line of text"},
		{"unknown field", `{"email":"jane@example.org","subject":"x"}`, "subject", `Unknown field "subject".`},
		{"wrong type", `{"email":42}`, "email", `The field "email" must be a string.`},
		{"not JSON", `email=jane@example.org`, "", "The request body is not valid JSON."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := f.subscribeJSON(tt.body, nil)
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d (%s), want 400", w.Code, w.Body.String())
			}
			if e := decodeError(t, w); e.Error.Code != "invalid" || e.Error.Field != tt.field || e.Error.Message != tt.msg {
				t.Errorf("error = %+v, want invalid %q %q", e.Error, tt.field, tt.msg)
			}
		})
	}
	// An empty name is fine.
	if w := f.subscribeJSON(`{"email":"jane@example.org","name":""}`, nil); w.Code != http.StatusAccepted {
		t.Errorf("empty name: %d %s", w.Code, w.Body.String())
	}
	if n := len(f.subscribers(t)); n != 1 {
		t.Errorf("%d subscribers stored, want only the valid one", n)
	}
}

func TestSubscribeAPIGuards(t *testing.T) {
	big := `{"email":"jane@example.org","name":"` + strings.Repeat("n", 67<<10) + `"}`
	ok := `{"email":"jane@example.org"}`
	tests := []struct {
		name        string
		body        string
		contentType string
		header      map[string]string
		status      int
		code        string
	}{
		{"cross-site", ok, "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "forbidden"},
		{"foreign Origin", ok, "application/json", map[string]string{"Sec-Fetch-Site": "", "Origin": "https://evil.example"}, 403, "forbidden"},
		{"form-urlencoded", "email=jane@example.org", "application/x-www-form-urlencoded", nil, 415, "unsupported_media_type"},
		{"text/plain", ok, "text/plain", nil, 415, "unsupported_media_type"},
		{"too large", big, "application/json", nil, 413, "too_large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			w := f.send(send{path: "/api/newsletter/subscriptions", contentType: tt.contentType, body: tt.body, header: tt.header})
			if w.Code != tt.status {
				t.Fatalf("status %d (%s), want %d", w.Code, w.Body.String(), tt.status)
			}
			if e := decodeError(t, w); e.Error.Code != tt.code || e.Error.Message == "" {
				t.Errorf("error = %+v, want code %s", e.Error, tt.code)
			}
			if n := len(f.subscribers(t)); n != 0 {
				t.Errorf("%d subscribers stored", n)
			}
		})
	}
	t.Run("GET", func(t *testing.T) {
		f := newFixture(t, nil)
		if w := get(f.h, "/api/newsletter/subscriptions"); w.Code != http.StatusMethodNotAllowed {
			t.Errorf("GET = %d, want 405", w.Code)
		}
	})
}

func TestSubscribeRateLimit(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "2"})
	if w := f.subscribeJSON(`{"email":"a@example.org"}`, nil); w.Code != http.StatusAccepted {
		t.Fatalf("1st: %d", w.Code)
	}
	// The form without JavaScript counts against the same allowance.
	if w := f.subscribeForm(newsletterForm("b@example.org", ""), nil); w.Code != http.StatusOK {
		t.Fatalf("2nd (form): %d", w.Code)
	}
	w := f.subscribeJSON(`{"email":"c@example.org"}`, nil)
	if w.Code != http.StatusTooManyRequests {
		t.Fatalf("3rd: %d, want 429", w.Code)
	}
	checkHeader(t, w, "Retry-After", "30") // 2 a minute
	if e := decodeError(t, w); e.Error.Code != "rate_limited" {
		t.Errorf("error = %+v", e.Error)
	}
	page := f.subscribeForm(newsletterForm("d@example.org", ""), nil)
	checkNotice(t, page, http.StatusTooManyRequests, "Too many requests")
	checkHeader(t, page, "Retry-After", "30")
	// The contact form has its own allowance.
	if w := f.post(post{body: with(nil)}); w.Code != http.StatusAccepted {
		t.Errorf("contact after the newsletter's limit: %d", w.Code)
	}
	if n := len(f.subscribers(t)); n != 2 {
		t.Errorf("%d subscribers, want 2", n)
	}
}

func TestSubscribeWithoutJavaScript(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "1000"})
	w := f.subscribeForm(newsletterForm("jane@example.org", "Jane"), nil)
	checkNotice(t, w, http.StatusOK, "Check your inbox", "Open the link in the email we just sent")
	if subs := f.subscribers(t); len(subs) != 1 || subs[0].Name != "Jane" {
		t.Fatalf("stored %+v", subs)
	}
	if n := len(f.emails(t)); n != 1 {
		t.Fatalf("%d emails queued, want the confirmation", n)
	}
	// Again in another case, and a bot: the same page, nothing more stored or sent.
	bot := newsletterForm("bot@example.org", "Bot")
	bot.Set("website", "http://spam.example")
	for _, v := range []url.Values{newsletterForm("JANE@example.org", ""), bot} {
		again := f.subscribeForm(v, nil)
		if again.Code != w.Code || again.Body.String() != w.Body.String() {
			t.Errorf("%v: %d, want the same page as the first time", v, again.Code)
		}
	}
	if n, m := len(f.subscribers(t)), len(f.emails(t)); n != 1 || m != 1 {
		t.Errorf("%d subscribers and %d emails, want 1 and 1", n, m)
	}

	for _, tt := range []struct {
		name    string
		values  url.Values
		message string
	}{
		{"invalid email", newsletterForm("jane@", ""), "Please enter a valid email address"},
		{"short name", newsletterForm("jane@example.org", "J"), "Name must be at least 2 characters"},
		{"no email field", url.Values{"form-name": {"newsletter"}}, "Please enter a valid email address"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			checkNotice(t, f.subscribeForm(tt.values, nil), http.StatusBadRequest, "Please check your form", tt.message)
		})
	}
	if n := len(f.subscribers(t)); n != 1 {
		t.Errorf("%d subscribers after invalid forms, want 1", n)
	}
}

func TestPostToRootIsOnlyTheSiteForms(t *testing.T) {
	f := newFixture(t, nil)
	// Refused before the form is known: a page of the site's, not of one form's.
	checkPage(t, f.subscribeForm(url.Values{"form-name": {"careers"}, "email": {"jane@example.org"}}, nil), http.StatusNotFound, "There is no such form", "This site has no such form.")
	checkPage(t, f.subscribeForm(url.Values{"email": {"jane@example.org"}}, nil), http.StatusNotFound, "There is no such form")
	checkPage(t, f.send(send{path: "/", contentType: "application/json", body: `{"email":"jane@example.org"}`}), http.StatusUnsupportedMediaType, "This form could not be read")
	checkPage(t, f.send(send{path: "/", contentType: "multipart/form-data; boundary=x", body: "--x--"}), http.StatusUnsupportedMediaType, "This form could not be read")
	checkPage(t, f.send(send{path: "/", contentType: "application/x-www-form-urlencoded", body: "form-name=newsletter&email=%zz"}), http.StatusBadRequest, "Please check your form", "The form could not be read.")
	big := newsletterForm("jane@example.org", strings.Repeat("n", 67<<10))
	checkPage(t, f.subscribeForm(big, nil), http.StatusRequestEntityTooLarge, "This form could not be read")
	checkPage(t, f.subscribeForm(newsletterForm("jane@example.org", ""), map[string]string{"Sec-Fetch-Site": "cross-site"}), http.StatusForbidden, "This form must be sent from the site")
	if w := f.send(send{method: http.MethodPut, path: "/", contentType: "application/x-www-form-urlencoded"}); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("PUT / = %d, want 405", w.Code)
	}
	if w := get(f.h, "/"); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `data-fixture="shell-index"`) {
		t.Errorf("GET / = %d, want the home page", w.Code)
	}
	if n := len(f.subscribers(t)); n != 0 {
		t.Errorf("%d subscribers stored", n)
	}
	if n := f.stored(t); n != 0 {
		t.Errorf("%d contact messages stored", n)
	}
}

func TestConfirmPage(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t, nil)
	if w := f.subscribeJSON(`{"email":"jane@example.org","name":"Jane"}`, nil); w.Code != http.StatusAccepted {
		t.Fatal(w.Code)
	}
	confirm := link(t, f.emails(t)[0], "/newsletter/confirm")

	checkNotice(t, get(f.h, confirm), http.StatusOK, "Subscription confirmed", "A welcome email is on its way")
	if subs := f.subscribers(t); subs[0].State != newsletter.StateConfirmed {
		t.Errorf("state %s after confirming", subs[0].State)
	}
	emails := f.emails(t)
	if len(emails) != 2 || emails[1].Subject != "Welcome to DevOps Digest!" {
		t.Fatalf("queued %d emails, want the welcome second", len(emails))
	}
	// Single use: the second click says so and sends nothing.
	checkNotice(t, get(f.h, confirm), http.StatusOK, "Already confirmed")
	if n := len(f.emails(t)); n != 2 {
		t.Errorf("%d emails after the second click", n)
	}
	for _, bad := range []string{"/newsletter/confirm", "/newsletter/confirm?token=", "/newsletter/confirm?token=nope", confirm + "x", "/newsletter/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"} {
		checkNotice(t, get(f.h, bad), http.StatusBadRequest, "This link is not valid")
	}

	// An expired link (made so in the database) says how to get a fresh one.
	if w := f.subscribeJSON(`{"email":"bob@example.org"}`, nil); w.Code != http.StatusAccepted {
		t.Fatal(w.Code)
	}
	late := link(t, f.emails(t)[2], "/newsletter/confirm")
	if _, err := f.db.ExecContext(ctx, "UPDATE newsletter_confirmations SET expires_at = 0"); err != nil {
		t.Fatal(err)
	}
	checkNotice(t, get(f.h, late), http.StatusGone, "This link has expired", "subscribe again on the newsletter page")
	if w := do(f.h, req{method: http.MethodHead, path: late}); w.Code != http.StatusGone {
		t.Errorf("HEAD = %d", w.Code)
	}
}

func TestUnsubscribe(t *testing.T) {
	f := newFixture(t, nil)
	if w := f.subscribeJSON(`{"email":"jane@example.org","name":"Jane"}`, nil); w.Code != http.StatusAccepted {
		t.Fatal(w.Code)
	}
	m := f.emails(t)[0]
	unsubscribe := link(t, m, "/newsletter/unsubscribe")
	// The headers name the same link.
	var listUnsub, listUnsubPost string
	for _, h := range m.Headers {
		switch h.Name {
		case "List-Unsubscribe":
			listUnsub = h.Value
		case "List-Unsubscribe-Post":
			listUnsubPost = h.Value
		}
	}
	if listUnsub != "<http://127.0.0.1:8080"+unsubscribe+">" || listUnsubPost != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe %q, List-Unsubscribe-Post %q", listUnsub, listUnsubPost)
	}

	// GET shows who and a button; it unsubscribes nobody (mail scanners open links).
	page := get(f.h, unsubscribe)
	checkNotice(t, page, http.StatusOK, "Unsubscribe from DevOps Digest",
		"j•••@example.org",
		`<form method="post" action="`+strings.ReplaceAll(unsubscribe, "&", "&amp;")+`">`,
		`>Unsubscribe</button>`)
	if strings.Contains(page.Body.String(), "jane@example.org") {
		t.Error("the page shows the whole address")
	}
	if f.subscribers(t)[0].State != newsletter.StateUnconfirmed {
		t.Fatal("GET unsubscribed")
	}

	// One click from a mail client: a cross-site POST without cookies, with RFC 8058's
	// body; and again (idempotent), and from the page's button.
	for i, s := range []send{
		{path: unsubscribe, contentType: "application/x-www-form-urlencoded", body: "List-Unsubscribe=One-Click",
			header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://mail.example"}},
		{path: unsubscribe, contentType: "multipart/form-data; boundary=b", body: "--b\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--b--\r\n",
			header: map[string]string{"Sec-Fetch-Site": "", "Origin": ""}},
		{path: unsubscribe, contentType: "application/x-www-form-urlencoded"},
	} {
		w := f.send(s)
		checkNotice(t, w, http.StatusOK, "You have been unsubscribed", "j•••@example.org will get no more emails")
		if subs := f.subscribers(t); subs[0].State != newsletter.StateUnsubscribed {
			t.Fatalf("POST %d: state %s", i, subs[0].State)
		}
	}
	for _, bad := range []string{"/newsletter/unsubscribe", "/newsletter/unsubscribe?token=abc", unsubscribe[:len(unsubscribe)-2]} {
		checkNotice(t, get(f.h, bad), http.StatusBadRequest, "This link is not valid")
		checkNotice(t, f.send(send{path: bad, body: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded"}), http.StatusBadRequest, "This link is not valid")
	}
	// Subscribing again after unsubscribing starts over with a new confirmation.
	if w := f.subscribeJSON(`{"email":"jane@example.org"}`, nil); w.Code != http.StatusAccepted {
		t.Fatal(w.Code)
	}
	if emails := f.emails(t); len(emails) != 2 || link(t, emails[1], "/newsletter/unsubscribe") != unsubscribe {
		t.Errorf("%d emails after subscribing again, want a second confirmation with the same unsubscribe link", len(emails))
	}
}

func TestNewsletterStoreUnavailable(t *testing.T) {
	f := newFixture(t, nil)
	_ = f.db.Close()
	w := f.subscribeJSON(`{"email":"jane@example.org"}`, nil)
	if w.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d (%s), want 503", w.Code, w.Body.String())
	}
	if e := decodeError(t, w); e.Error.Code != "unavailable" || strings.Contains(e.Error.Message, "sql") {
		t.Errorf("error = %+v", e.Error)
	}
	checkNotice(t, f.subscribeForm(newsletterForm("jane@example.org", ""), nil), http.StatusServiceUnavailable, "Something went wrong")
	checkNotice(t, get(f.h, "/newsletter/confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), http.StatusServiceUnavailable, "Something went wrong")
	if f.logs.FilterMessage("request failed").Len() != 3 {
		t.Errorf("%d failures logged, want 3", f.logs.FilterMessage("request failed").Len())
	}
}

func TestNewsletterStatsStayPublic(t *testing.T) {
	f := newFixture(t, nil)
	f.subscribeJSON(`{"email":"jane@example.org"}`, nil)
	w := get(f.h, "/api/newsletter/stats")
	if w.Code != http.StatusOK || strings.TrimSpace(w.Body.String()) != `{"subscribers":35}` {
		t.Errorf("stats = %d %s, want the site's public 35", w.Code, w.Body.String())
	}
}

func TestRobotsKeepsNewsletterLinksOut(t *testing.T) {
	f := newFixture(t, nil)
	body := get(f.h, "/robots.txt").Body.String()
	for _, want := range []string{"Disallow: /newsletter/confirm\n", "Disallow: /newsletter/unsubscribe\n"} {
		if !strings.Contains(body, want) {
			t.Errorf("robots.txt lacks %q:\n%s", want, body)
		}
	}
}
