package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/mail/outbox"
)

// post sends body to /api/contact as a same-origin browser request would, unless
// header says otherwise (an empty value deletes a header).
type post struct {
	body   string
	header map[string]string
	remote string // RemoteAddr; default 192.0.2.1:1234
	reader io.Reader
}

func (f *fixture) post(p post) *httptest.ResponseRecorder {
	return f.send(send{path: "/api/contact", contentType: "application/json", body: p.body, header: p.header, remote: p.remote, reader: p.reader})
}

func jsonBody(fields map[string]any) string {
	b, err := json.Marshal(fields)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func validForm() map[string]any {
	return map[string]any{
		"name":    "Jane Doe",
		"email":   "jane@example.org",
		"subject": "collaboration",
		"message": "Hello! I would like to talk about a platform project.",
	}
}

func with(changes map[string]any) string {
	f := validForm()
	for k, v := range changes {
		if v == nil {
			delete(f, k)
		} else {
			f[k] = v
		}
	}
	return jsonBody(f)
}

type apiError struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Field   string `json:"field"`
	} `json:"error"`
}

func decodeError(t *testing.T, w *httptest.ResponseRecorder) apiError {
	t.Helper()
	var e apiError
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("error body %q is not JSON: %v", w.Body.String(), err)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	return e
}

func (f *fixture) stored(t *testing.T) int {
	t.Helper()
	ms, err := f.contacts.List(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	return len(ms)
}

func (f *fixture) queued(t *testing.T) outbox.Counts {
	t.Helper()
	c, err := f.outbox.Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestContactAccepted(t *testing.T) {
	f := newFixture(t, nil)
	w := f.post(post{body: with(map[string]any{"name": "  Jane Doe  ", "website": ""})})
	if w.Code != http.StatusAccepted || strings.TrimSpace(w.Body.String()) != `{"status":"accepted"}` {
		t.Fatalf("%d %s, want 202 accepted", w.Code, w.Body.String())
	}
	checkHeader(t, w, "Cache-Control", "no-store")
	ms, err := f.contacts.List(context.Background(), 10)
	if err != nil || len(ms) != 1 {
		t.Fatalf("stored %v, %v", ms, err)
	}
	m := ms[0]
	if m.Name != "Jane Doe" || m.Email != "jane@example.org" || m.Subject != "collaboration" || m.IP != "192.0.2.1" || m.CreatedAt.IsZero() {
		t.Errorf("stored %+v", m)
	}
	if c := f.queued(t); c.Pending != 2 {
		t.Errorf("outbox %+v, want both emails pending", c)
	}
	if f.notified != 1 {
		t.Errorf("worker woken %d times, want 1", f.notified)
	}
	// Who the queued emails go to.
	var to []string
	for id := int64(1); id <= 2; id++ {
		e, err := f.outbox.Get(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		to = append(to, e.Message.To[0].Email+" reply-to "+e.Message.ReplyTo[0].Email)
	}
	if want := "you@example.com reply-to jane@example.org,jane@example.org reply-to you@example.com"; strings.Join(to, ",") != want {
		t.Errorf("queued %v, want %s", to, want)
	}
}

func TestContactValidation(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "1000"})
	tests := []struct {
		name       string
		body       string
		field, msg string
	}{
		{"name missing", with(map[string]any{"name": nil}), "name", "Name must be at least 2 characters"},
		{"name one letter", with(map[string]any{"name": "J"}), "name", "Name must be at least 2 characters"},
		{"name spaces", with(map[string]any{"name": "   J   "}), "name", "Name must be at least 2 characters"},
		{"name too long", with(map[string]any{"name": strings.Repeat("n", 101)}), "name", "Name must be at most 100 characters"},
		{"name header injection", with(map[string]any{"name": "Jane\r\nBcc: victim@example.com"}), "name", "Name must be a single line of text"},
		{"email missing", with(map[string]any{"email": nil}), "email", "Please enter a valid email address"},
		{"email invalid", with(map[string]any{"email": "jane@"}), "email", "Please enter a valid email address"},
		{"email header injection", with(map[string]any{"email": "jane@example.org\nBcc: victim@example.com"}), "email", "Please enter a valid email address"},
		{"email too long", with(map[string]any{"email": strings.Repeat("a", 250) + "@example.org"}), "email", "Email must be at most 254 characters"},
		{"subject missing", with(map[string]any{"subject": nil}), "subject", "Please choose a subject"},
		{"subject unknown", with(map[string]any{"subject": "marketing"}), "subject", "Please choose a subject"},
		{"message missing", with(map[string]any{"message": nil}), "message", "Message must be at least 10 characters"},
		{"message short", with(map[string]any{"message": "Too short"}), "message", "Message must be at least 10 characters"},
		{"message too long", with(map[string]any{"message": strings.Repeat("m", 5001)}), "message", "Message must be at most 5000 characters"},
		{"first failing field in form order", `{"name":"J","email":"x","subject":"y","message":"z"}`, "name", "Name must be at least 2 characters"},
		{"email before subject and message", `{"name":"Jane","email":"x","subject":"y","message":"z"}`, "email", "Please enter a valid email address"},
		{"empty object", `{}`, "name", "Name must be at least 2 characters"},
		{"null", `null`, "name", "Name must be at least 2 characters"},
		// Malformed bodies.
		{"unknown field", with(map[string]any{"phone": "123"}), "phone", `Unknown field "phone".`},
		{"wrong type", with(map[string]any{"name": 42}), "name", `The field "name" must be a string.`},
		{"not JSON", `name=Jane`, "", "The request body is not valid JSON."},
		{"truncated JSON", `{"name":"Jane"`, "", "The request body is not valid JSON."},
		{"empty body", ``, "", "The request body is not valid JSON."},
		{"two objects", with(nil) + with(nil), "", "The request body must be a single JSON object."},
		{"an array", `[1]`, "", "The request body must be a JSON object."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := f.post(post{body: tt.body})
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d (%s), want 400", w.Code, w.Body.String())
			}
			e := decodeError(t, w)
			if e.Error.Code != "invalid" || e.Error.Field != tt.field || e.Error.Message != tt.msg {
				t.Errorf("error = %+v, want invalid %q %q", e.Error, tt.field, tt.msg)
			}
		})
	}
	if n := f.stored(t); n != 0 {
		t.Errorf("%d invalid messages stored", n)
	}
	if c := f.queued(t); c != (outbox.Counts{}) {
		t.Errorf("emails queued for invalid messages: %+v", c)
	}
}

func TestContactGuards(t *testing.T) {
	big := with(map[string]any{"message": strings.Repeat("m", 67<<10)})
	tests := []struct {
		name   string
		p      post
		status int
		code   string
	}{
		{"cross-site fetch", post{body: with(nil), header: map[string]string{"Sec-Fetch-Site": "cross-site"}}, 403, "forbidden"},
		{"same-site but another origin", post{body: with(nil), header: map[string]string{"Sec-Fetch-Site": "same-site"}}, 403, "forbidden"},
		{"foreign Origin, no Sec-Fetch-Site", post{body: with(nil), header: map[string]string{"Sec-Fetch-Site": "", "Origin": "https://evil.example"}}, 403, "forbidden"},
		{"the public URL's origin is trusted", post{body: with(nil), header: map[string]string{"Sec-Fetch-Site": "", "Origin": "http://127.0.0.1:8080"}}, 202, ""},
		{"non-browser client (no Origin, no Sec-Fetch-Site)", post{body: with(nil), header: map[string]string{"Sec-Fetch-Site": "", "Origin": ""}}, 202, ""},
		{"cross-site beats content type", post{body: "x", header: map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"}}, 403, "forbidden"},
		{"no content type", post{body: with(nil), header: map[string]string{"Content-Type": ""}}, 415, "unsupported_media_type"},
		{"form-urlencoded", post{body: "name=Jane", header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}}, 415, "unsupported_media_type"},
		{"text/plain (the CORS-simple type)", post{body: with(nil), header: map[string]string{"Content-Type": "text/plain"}}, 415, "unsupported_media_type"},
		{"json with charset", post{body: with(nil), header: map[string]string{"Content-Type": "application/json; charset=utf-8"}}, 202, ""},
		{"content type beats size", post{body: big, header: map[string]string{"Content-Type": "text/plain"}}, 415, "unsupported_media_type"},
		{"too large", post{body: big}, 413, "too_large"},
		{"too large without Content-Length", post{reader: io.MultiReader(strings.NewReader(big))}, 413, "too_large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			w := f.post(tt.p)
			if w.Code != tt.status {
				t.Fatalf("status %d (%s), want %d", w.Code, w.Body.String(), tt.status)
			}
			if tt.code == "" {
				return
			}
			if e := decodeError(t, w); e.Error.Code != tt.code || e.Error.Message == "" {
				t.Errorf("error = %+v, want code %s", e.Error, tt.code)
			}
			if n := f.stored(t); n != 0 {
				t.Errorf("%d messages stored", n)
			}
		})
	}
}

func TestContactMethodNotAllowed(t *testing.T) {
	f := newFixture(t, nil)
	w := do(f.h, req{path: "/api/contact"})
	if w.Code != http.StatusMethodNotAllowed {
		t.Fatalf("GET /api/contact = %d, want 405", w.Code)
	}
}

func TestContactRateLimit(t *testing.T) {
	t.Run("per client, with Retry-After", func(t *testing.T) {
		f := newFixture(t, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "3"})
		for i := range 3 {
			if w := f.post(post{body: with(nil)}); w.Code != http.StatusAccepted {
				t.Fatalf("request %d: %d", i+1, w.Code)
			}
		}
		w := f.post(post{body: with(nil)})
		if w.Code != http.StatusTooManyRequests {
			t.Fatalf("4th request: %d, want 429", w.Code)
		}
		checkHeader(t, w, "Retry-After", "20") // 3 a minute: a new token every 20 s
		if e := decodeError(t, w); e.Error.Code != "rate_limited" {
			t.Errorf("error = %+v", e.Error)
		}
		// Counted before anything else is looked at: an invalid body is refused too.
		if w := f.post(post{body: `{}`}); w.Code != http.StatusTooManyRequests {
			t.Errorf("invalid body over the limit: %d, want 429", w.Code)
		}
		// Another client has its own allowance.
		if w := f.post(post{body: with(nil), remote: "198.51.100.7:5555"}); w.Code != http.StatusAccepted {
			t.Errorf("another client: %d, want 202", w.Code)
		}
		if n := f.stored(t); n != 4 {
			t.Errorf("%d stored, want 4", n)
		}
	})
	t.Run("X-Forwarded-For only from a trusted proxy", func(t *testing.T) {
		f := newFixture(t, map[string]string{
			"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "1",
			"PORTFOLIO_TRUSTED_PROXIES":       "10.0.0.0/8",
		})
		viaProxy := func(xff string) int {
			return f.post(post{body: with(nil), remote: "10.1.2.3:4444", header: map[string]string{"X-Forwarded-For": xff}}).Code
		}
		direct := func(xff string) int {
			return f.post(post{body: with(nil), remote: "203.0.113.50:4444", header: map[string]string{"X-Forwarded-For": xff}}).Code
		}
		steps := []struct {
			name string
			code int
			want int
		}{
			{"client A through the proxy", viaProxy("198.51.100.1"), 202},
			{"client B through the proxy", viaProxy("198.51.100.2"), 202},
			{"client A again", viaProxy("198.51.100.1"), 429},
			{"a forged hop left of the real client is ignored", viaProxy("1.2.3.4, 198.51.100.1"), 429},
			{"through two trusted proxies", viaProxy("198.51.100.3, 10.9.9.9"), 202},
			{"untrusted peer", direct("198.51.100.4"), 202},
			{"untrusted peer cannot pose as someone else", direct("198.51.100.5"), 429},
		}
		for _, s := range steps {
			if s.code != s.want {
				t.Errorf("%s: %d, want %d", s.name, s.code, s.want)
			}
		}
		ms, _ := f.contacts.List(context.Background(), 10)
		ips := map[string]bool{}
		for _, m := range ms {
			ips[m.IP] = true
		}
		for _, ip := range []string{"198.51.100.1", "198.51.100.2", "198.51.100.3", "203.0.113.50"} {
			if !ips[ip] {
				t.Errorf("no message stored from %s: %v", ip, ips)
			}
		}
	})
}

func TestContactHoneypot(t *testing.T) {
	f := newFixture(t, nil)
	ok := f.post(post{body: with(nil)})
	for _, body := range []string{
		with(map[string]any{"website": "http://spam.example"}),
		with(map[string]any{"website": "x", "name": "", "message": ""}), // invalid too: still the same answer
	} {
		w := f.post(post{body: body})
		if w.Code != ok.Code || w.Body.String() != ok.Body.String() {
			t.Errorf("honeypot answer %d %q, want the success answer %d %q", w.Code, w.Body.String(), ok.Code, ok.Body.String())
		}
	}
	if n := f.stored(t); n != 1 {
		t.Errorf("%d stored, want only the real one", n)
	}
	if c := f.queued(t); c.Pending != 2 {
		t.Errorf("outbox %+v, want only the real message's two emails", c)
	}
	if n := f.logs.FilterMessage("contact: honeypot filled, message dropped").Len(); n != 2 {
		t.Errorf("%d honeypot log lines, want 2", n)
	}
}

func TestContactStoreUnavailable(t *testing.T) {
	f := newFixture(t, nil)
	_ = f.db.Close()
	w := f.post(post{body: with(nil)})
	if w.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d (%s), want 503", w.Code, w.Body.String())
	}
	e := decodeError(t, w)
	if e.Error.Code != "unavailable" || strings.Contains(e.Error.Message, "sql") {
		t.Errorf("error = %+v", e.Error)
	}
	if f.notified != 0 {
		t.Error("worker woken for a message that was not stored")
	}
	// The cause is logged, not shown.
	if f.logs.FilterMessage("request failed").Len() != 1 {
		t.Error("store failure not logged")
	}
	if w := get(f.h, "/readyz"); w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "database unavailable") {
		t.Errorf("/readyz with the database gone: %d %s", w.Code, w.Body.String())
	}
}
