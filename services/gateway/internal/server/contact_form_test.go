package server_test

import (
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// contactForm posts the contact form to / as a browser without JavaScript does.
func (f *fixture) contactForm(values url.Values, header map[string]string) *httptest.ResponseRecorder {
	return f.send(send{path: "/", contentType: "application/x-www-form-urlencoded", body: values.Encode(), header: header})
}

// contactValues are the fields the shell's contact form posts, valid unless changed
// (an empty string removes a field).
func contactValues(changes map[string]string) url.Values {
	v := url.Values{
		"form-name": {"contact"},
		"name":      {"Jane Doe"},
		"email":     {"jane@example.org"},
		"subject":   {"consulting"},
		"message":   {"Hello! I would like to talk about a platform project."},
		"website":   {""},
	}
	for k, val := range changes {
		if val == "" {
			v.Del(k)
		} else {
			v.Set(k, val)
		}
	}
	return v
}

// checkContactPage checks a page of the contact form's: the contact page's heading
// above, the way back to it.
func checkContactPage(t *testing.T, w *httptest.ResponseRecorder, status int, heading string, want ...string) {
	t.Helper()
	checkPage(t, w, status, heading, append([]string{`>Get In Touch</p>`, `<a href="/contact" class=`, `>Back to the contact page</a>`}, want...)...)
}

func TestContactWithoutJavaScript(t *testing.T) {
	f := newFixture(t, nil)
	w := f.contactForm(contactValues(map[string]string{"name": "  Jane Doe  "}), nil)
	checkContactPage(t, w, http.StatusOK, "Message sent successfully!", "Thank you for reaching out. I&#39;ll get back to you soon.")
	checkHeader(t, w, "X-Robots-Tag", "noindex")

	ms, err := f.contacts.List(context.Background(), 10)
	if err != nil || len(ms) != 1 {
		t.Fatalf("stored %v, %v", ms, err)
	}
	m := ms[0]
	if m.Name != "Jane Doe" || m.Email != "jane@example.org" || m.Subject != "consulting" || m.Body != "Hello! I would like to talk about a platform project." || m.IP != "192.0.2.1" {
		t.Errorf("stored %+v", m)
	}
	emails := f.emails(t)
	if len(emails) != 2 {
		t.Fatalf("%d emails queued, want the notification and the auto-reply", len(emails))
	}
	if to := emails[0].To[0].Email + " reply-to " + emails[0].ReplyTo[0].Email; to != "you@example.com reply-to jane@example.org" {
		t.Errorf("notification: %s", to)
	}
	if to := emails[1].To[0].Email + " reply-to " + emails[1].ReplyTo[0].Email; to != "jane@example.org reply-to you@example.com" {
		t.Errorf("auto-reply: %s", to)
	}
	if !strings.Contains(emails[0].Text, "Consulting") || !strings.Contains(emails[0].Text, "Hello! I would like to talk about a platform project.") {
		t.Errorf("the notification lacks the subject's label or the message:\n%s", emails[0].Text)
	}
	if f.notified != 1 {
		t.Errorf("worker woken %d times, want 1", f.notified)
	}
}

// problemList is the list of problems under the heading of the form shown again.
var problemList = regexp.MustCompile(`(?s)<ul id="contact-nojs-problems"[^>]*>(.*?)</ul>`)

func TestContactWithoutJavaScriptShowsEveryProblem(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "1000"})
	sent := contactValues(map[string]string{"name": "J", "email": "jane@", "subject": "sales", "message": "Hi <b>&"})
	w := f.contactForm(sent, nil)
	checkContactPage(t, w, http.StatusBadRequest, "Please check your form",
		// The form again, posting to the same place, with what was sent in it.
		`<form method="post" action="/"`, `<input type="hidden" name="form-name" value="contact">`,
		`name="name" type="text" autocomplete="name" required placeholder="Your name" value="J" aria-invalid="true" aria-describedby="contact-nojs-name-problem"`,
		`name="email" type="email" autocomplete="email" required placeholder="you@example.com" value="jane@" aria-invalid="true"`,
		`>Hi &lt;b&gt;&amp;</textarea>`,
		`<option value="other">Other</option>`, // nothing selected: "sales" is no subject
		`<input id="contact-nojs-website" name="website" type="text" tabindex="-1" autocomplete="off">`,
		`>Send Message</button>`,
		// Each field's problem beside it.
		`<p id="contact-nojs-name-problem" class="text-sm font-medium text-destructive dark:text-red-400">Name must be at least 2 characters</p>`,
		`<p id="contact-nojs-email-problem" class="text-sm font-medium text-destructive dark:text-red-400">Please enter a valid email address</p>`,
		`<p id="contact-nojs-subject-problem" class="text-sm font-medium text-destructive dark:text-red-400">Please choose a subject</p>`,
		`<p id="contact-nojs-message-problem" class="text-sm font-medium text-destructive dark:text-red-400">Message must be at least 10 characters</p>`,
	)
	body := w.Body.String()
	if strings.Contains(body, " selected>") {
		t.Error("a subject is selected although none was valid")
	}
	// And all of them under the heading, in the form's order, each linking to its field.
	list := problemList.FindStringSubmatch(body)
	if list == nil {
		t.Fatalf("no list of problems:\n%s", body)
	}
	items := regexp.MustCompile(`<a href="#contact-nojs-(\w+)"[^>]*>([^<]*)</a>`).FindAllStringSubmatch(list[1], -1)
	var got []string
	for _, it := range items {
		got = append(got, it[1]+": "+html.UnescapeString(it[2]))
	}
	want := []string{
		"name: Name must be at least 2 characters",
		"email: Please enter a valid email address",
		"subject: Please choose a subject",
		"message: Message must be at least 10 characters",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems listed:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// One field wrong: only it is marked, the rest keep their values, the valid
	// subject stays chosen.
	w = f.contactForm(contactValues(map[string]string{"email": "jane@example"}), nil)
	checkContactPage(t, w, http.StatusBadRequest, "Please check your form",
		`value="Jane Doe" class=`, `<option value="consulting" selected>Consulting</option>`,
		`>Hello! I would like to talk about a platform project.</textarea>`,
		`<p id="contact-nojs-email-problem" class="text-sm font-medium text-destructive dark:text-red-400">Please enter a valid email address</p>`)
	if n := strings.Count(w.Body.String(), `aria-invalid="true"`); n != 1 {
		t.Errorf("%d fields marked invalid, want 1", n)
	}

	// The same words as the JSON API, field by field.
	for _, tt := range []struct {
		name    string
		changes map[string]string
	}{
		{"name missing", map[string]string{"name": ""}},
		{"name too long", map[string]string{"name": strings.Repeat("n", 101)}},
		{"name header injection", map[string]string{"name": "Jane\r\nBcc: victim@example.com"}},
		{"email missing", map[string]string{"email": ""}},
		{"email too long", map[string]string{"email": strings.Repeat("a", 250) + "@example.org"}},
		{"subject missing", map[string]string{"subject": ""}},
		{"message short", map[string]string{"message": "Too short"}},
		{"message too long", map[string]string{"message": strings.Repeat("m", 5001)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := contactValues(tt.changes)
			api := decodeError(t, f.post(post{body: jsonBody(map[string]any{"name": v.Get("name"), "email": v.Get("email"), "subject": v.Get("subject"), "message": v.Get("message")})}))
			page := f.contactForm(v, nil)
			checkContactPage(t, page, http.StatusBadRequest, "Please check your form",
				`<p id="contact-nojs-`+api.Error.Field+`-problem" class="text-sm font-medium text-destructive dark:text-red-400">`+html.EscapeString(api.Error.Message)+`</p>`)
		})
	}
	if n := f.stored(t); n != 0 {
		t.Errorf("%d invalid messages stored", n)
	}
	if n := len(f.emails(t)); n != 0 {
		t.Errorf("%d emails queued for invalid messages", n)
	}
}

func TestContactWithoutJavaScriptHoneypot(t *testing.T) {
	f := newFixture(t, nil)
	ok := f.contactForm(contactValues(nil), nil)
	for _, v := range []url.Values{
		contactValues(map[string]string{"website": "http://spam.example"}),
		contactValues(map[string]string{"website": "x", "name": "J", "message": "buy"}), // invalid too: still the same answer
	} {
		w := f.contactForm(v, nil)
		if w.Code != ok.Code || w.Body.String() != ok.Body.String() {
			t.Errorf("honeypot answer %d, want the success page (%d)", w.Code, ok.Code)
		}
	}
	if n := f.stored(t); n != 1 {
		t.Errorf("%d stored, want only the real one", n)
	}
	if n := len(f.emails(t)); n != 2 {
		t.Errorf("%d emails queued, want only the real message's two", n)
	}
	if n := f.logs.FilterMessage("contact: honeypot filled, message dropped").Len(); n != 2 {
		t.Errorf("%d honeypot log lines, want 2", n)
	}
}

func TestContactWithoutJavaScriptGuards(t *testing.T) {
	t.Run("cross-site", func(t *testing.T) {
		f := newFixture(t, nil)
		for _, h := range []map[string]string{
			{"Sec-Fetch-Site": "cross-site"},
			{"Sec-Fetch-Site": "", "Origin": "https://evil.example"},
		} {
			checkPage(t, f.contactForm(contactValues(nil), h), http.StatusForbidden, "This form must be sent from the site", "Cross-site requests are not allowed.")
		}
		if n := f.stored(t); n != 0 {
			t.Errorf("%d messages stored", n)
		}
	})
	t.Run("too large", func(t *testing.T) {
		f := newFixture(t, nil)
		checkPage(t, f.contactForm(contactValues(map[string]string{"message": strings.Repeat("m", 67<<10)}), nil), http.StatusRequestEntityTooLarge, "This form could not be read")
	})
	t.Run("one rate limit with the JSON API, another than the newsletter's", func(t *testing.T) {
		f := newFixture(t, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "2"})
		if w := f.post(post{body: with(nil)}); w.Code != http.StatusAccepted {
			t.Fatalf("1st (JSON): %d", w.Code)
		}
		if w := f.contactForm(contactValues(nil), nil); w.Code != http.StatusOK {
			t.Fatalf("2nd (form): %d", w.Code)
		}
		w := f.contactForm(contactValues(nil), nil)
		checkContactPage(t, w, http.StatusTooManyRequests, "Too many requests", "Too many requests. Please wait a moment and try again.")
		checkHeader(t, w, "Retry-After", "30")
		if w := f.post(post{body: with(nil)}); w.Code != http.StatusTooManyRequests {
			t.Errorf("JSON after the form's limit: %d, want 429", w.Code)
		}
		if w := f.subscribeForm(newsletterForm("jane@example.org", ""), nil); w.Code != http.StatusOK {
			t.Errorf("newsletter form after the contact form's limit: %d, want 200", w.Code)
		}
		if n := f.stored(t); n != 2 {
			t.Errorf("%d stored, want 2", n)
		}
	})
	t.Run("store unavailable", func(t *testing.T) {
		f := newFixture(t, nil)
		_ = f.db.Close()
		w := f.contactForm(contactValues(nil), nil)
		checkContactPage(t, w, http.StatusServiceUnavailable, "Something went wrong", "Your message could not be saved right now. Please try again later.")
		if strings.Contains(w.Body.String(), "sql") {
			t.Error("the page shows the database error")
		}
		if f.logs.FilterMessage("request failed").Len() != 1 {
			t.Error("store failure not logged")
		}
	})
}
