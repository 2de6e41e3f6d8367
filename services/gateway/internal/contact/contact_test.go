package contact_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/content/formrules"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
)

// parse is contact.Parse of the form's four values.
func parse(name, email, subject, body string) (contact.Message, error) {
	return contact.Parse(contact.Form{Name: name, Email: email, Subject: subject, Message: body})
}

// mustParse is a message Parse accepts, for tests that need a valid one.
func mustParse(t *testing.T, name, email, subject, body string) contact.Message {
	t.Helper()
	m, err := parse(name, email, subject, body)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestParseRules: each rule, by the problem Parse names first (the one the JSON API
// reports).
func TestParseRules(t *testing.T) {
	long := func(n int, s string) string { return strings.Repeat(s, n) }
	tests := []struct {
		name                        string
		fName, email, subject, body string
		wantField, wantMessage      string
	}{
		{"valid", "Jane Doe", "jane@example.org", "job", "Hello there, let's talk.", "", ""},
		{"every subject: collaboration", "Jo", "jo@example.org", "collaboration", "0123456789", "", ""},
		{"every subject: consulting", "Jo", "jo@example.org", "consulting", "0123456789", "", ""},
		{"every subject: speaking", "Jo", "jo@example.org", "speaking", "0123456789", "", ""},
		{"every subject: other", "Jo", "jo@example.org", "other", "0123456789", "", ""},
		{"limits exactly", long(100, "n"), long(64, "a") + "@" + long(63, "b") + "." + long(63, "c") + "." + long(57, "d") + ".com", "other", long(5000, "m"), "", ""},
		{"local part over 64", "Jane", long(65, "a") + "@example.org", "other", long(10, "m"), "email", "Please enter a valid email address"},
		{"multi-byte characters count once", "Zoë 日本", "zoe@example.org", "other", long(10, "é"), "", ""},

		{"empty name", "", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be at least 2 characters"},
		{"one-letter name", "J", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be at least 2 characters"},
		{"name of spaces", "    ", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be at least 2 characters"},
		{"name trimmed to one letter", "  J  ", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be at least 2 characters"},
		{"name too long", long(101, "n"), "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be at most 100 characters"},
		{"name with a line break", "Jane\nBcc: victim@example.com", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be a single line of text"},
		{"name with CR", "Jane\rDoe", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be a single line of text"},
		{"name with a tab", "Jane\tDoe", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be a single line of text"},
		{"name with a line separator", "Jane\u2028Doe", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be a single line of text"},
		{"name of zero-width spaces", "\u200b\u200b\u200b\u200b", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be at least 2 characters"},
		{"name of Hangul fillers", "\u3164\u3164\u3164", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be at least 2 characters"},
		{"one letter and invisible ones", "J\u200d\u2060\ufeff", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must be at least 2 characters"},
		{"name with a right-to-left override", "Jane \u202emoc.live", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must not contain text direction control characters"},
		{"name with an isolate", "\u2067Jane\u2069", "jane@example.org", "job", "Hello there, let's talk.", "name", "Name must not contain text direction control characters"},
		{"Persian name with a zero-width non-joiner", "مریم\u200cزاده", "maryam@example.org", "job", "Hello there, let's talk.", "", ""},
		{"Devanagari with a zero-width joiner", "क्\u200dष", "ksha@example.org", "job", "Hello there, let's talk.", "", ""},
		{"an emoji with its presentation selector", "Jane \u263a\ufe0f", "jane@example.org", "job", "Hello there, let's talk.", "", ""},
		{"Arabic name", "سارة", "sara@example.org", "job", "Hello there, let's talk.", "", ""},

		{"empty email", "Jane", "", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email without @", "Jane", "jane.example.org", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email without domain dot", "Jane", "jane@localhost", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email with a name", "Jane", "Jane <jane@example.org>", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email with a space", "Jane", "jane doe@example.org", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email with a line break", "Jane", "jane@example.org\nBcc: x@example.com", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email with two @", "Jane", "a@b@example.org", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email with an empty label", "Jane", "jane@example..org", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email to an address literal", "Jane", "a@[127.0.0.1]", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email to an IP address", "Jane", "a@127.0.0.1", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email with a Unicode domain", "Jane", "jane@bücher.example", "job", "Hello there, let's talk.", "email", "Please enter a valid email address"},
		{"email with an xn-- domain", "Jane", "jane@xn--bcher-kva.example", "job", "Hello there, let's talk.", "", ""},
		{"email too long", "Jane", long(243, "a") + "@example.org", "job", "Hello there, let's talk.", "email", "Email must be at most 254 characters"},

		{"no subject", "Jane", "jane@example.org", "", "Hello there, let's talk.", "subject", "Please choose a subject"},
		{"unknown subject", "Jane", "jane@example.org", "spam", "Hello there, let's talk.", "subject", "Please choose a subject"},
		{"subject is case-sensitive", "Jane", "jane@example.org", "Job", "Hello there, let's talk.", "subject", "Please choose a subject"},

		{"empty message", "Jane", "jane@example.org", "job", "", "message", "Message must be at least 10 characters"},
		{"short message", "Jane", "jane@example.org", "job", "Hi there", "message", "Message must be at least 10 characters"},
		{"message trimmed short", "Jane", "jane@example.org", "job", "   short    \n\n", "message", "Message must be at least 10 characters"},
		{"message too long", "Jane", "jane@example.org", "job", long(5001, "m"), "message", "Message must be at most 5000 characters"},

		{"first failing field wins: all", "", "", "", "", "name", "Name must be at least 2 characters"},
		{"first failing field wins: email before subject", "Jane", "x", "", "", "email", "Please enter a valid email address"},
		{"first failing field wins: subject before message", "Jane", "jane@example.org", "", "", "subject", "Please choose a subject"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse(tt.fName, tt.email, tt.subject, tt.body)
			if tt.wantField == "" {
				if err != nil {
					t.Fatalf("Parse = %v, want valid", err)
				}
				return
			}
			p, ok := apperr.From(err)
			if !ok || p.Code != apperr.Invalid || p.Field != tt.wantField || p.Message != tt.wantMessage {
				t.Fatalf("Parse = %+v, want %s: %q", err, tt.wantField, tt.wantMessage)
			}
		})
	}
}

// invisibles are characters that do not show and are no space, each of which makes
// "Jane" look like a name it is not (mail.HasInvisible).
var invisibles = []rune{
	'\ufeff', '\u200b', '\u00ad', '\u2060', '\u034f', '\u200c', '\u200d', '\u2061', '\u2062', '\u2063',
	'\u2064', '\u180e', '\u115f', '\u1160', '\u3164', '\uffa0', '\u2800', '\ufe0f', '\U000e0100', '\U000e0001',
	'\U000e0020', '\U000e0041', '\U000e007f', '\U0001d173', '\ufff9', '\u206a', '\u17b4',
}

// A name with an invisible character in it is refused, whichever it is.
func TestParseRefusesInvisibleCharacters(t *testing.T) {
	for _, r := range invisibles {
		for _, name := range []string{"Ja" + string(r) + "ne", "Jane" + string(r)} {
			_, err := contact.Parse(contact.Form{Name: name, Email: "jane@example.org", Subject: "job", Message: "Hello there, let's talk."})
			if p, ok := apperr.From(err); !ok || p.Field != "name" || p.Message != "Name must not contain invisible characters" {
				t.Errorf("name %+q: %v, want the name refused for an invisible character", name, err)
			}
		}
	}
}

// TestParseReturnsEveryProblem: one pass names every field at fault, in the form's
// order, the first rule each breaks; the first is the error's own field and message.
func TestParseReturnsEveryProblem(t *testing.T) {
	tests := []struct {
		name                        string
		fName, email, subject, body string
		want                        []apperr.Problem
	}{
		{"valid", "Jane", "jane@example.org", "job", "Hello there, let's talk.", nil},
		{"every field", "J", "jane@", "sales", "Hi", []apperr.Problem{
			{Field: "name", Message: "Name must be at least 2 characters"},
			{Field: "email", Message: "Please enter a valid email address"},
			{Field: "subject", Message: "Please choose a subject"},
			{Field: "message", Message: "Message must be at least 10 characters"},
		}},
		{"one rule per field, the first it breaks", strings.Repeat("n", 101) + "\n", "jane@example.org", "job", strings.Repeat("m", 5001), []apperr.Problem{
			{Field: "name", Message: "Name must be at most 100 characters"},
			{Field: "message", Message: "Message must be at most 5000 characters"},
		}},
		{"only the email", "Jane", "", "other", "0123456789", []apperr.Problem{
			{Field: "email", Message: "Please enter a valid email address"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := parse(tt.fName, tt.email, tt.subject, tt.body)
			if tt.want == nil {
				if err != nil || m.Name != tt.fName {
					t.Fatalf("Parse = %+v, %v; want the message", m, err)
				}
				return
			}
			e, ok := apperr.From(err)
			if !ok || e.Code != apperr.Invalid || m != (contact.Message{}) {
				t.Fatalf("Parse = %+v, %v; want an invalid error and no message", m, err)
			}
			if len(e.Problems) != len(tt.want) {
				t.Fatalf("Problems = %+v, want %+v", e.Problems, tt.want)
			}
			for i := range e.Problems {
				if e.Problems[i] != tt.want[i] {
					t.Errorf("problem %d = %+v, want %+v", i, e.Problems[i], tt.want[i])
				}
			}
			if e.Field != tt.want[0].Field || e.Message != tt.want[0].Message {
				t.Errorf("error names %s %q, want the first problem", e.Field, e.Message)
			}
		})
	}
}

func TestParseTrimsAndNormalises(t *testing.T) {
	m := mustParse(t, "  Jane Doe \t", " jane@example.org ", " job ", "\r\n  line one\r\nline two  \n")
	if m.Name != "Jane Doe" || m.Email != "jane@example.org" || m.Subject != "job" || m.Body != "line one\nline two" {
		t.Errorf("Parse = %+v", m)
	}
}

// The form's own limits and messages are content's contact.json's (rules_gen.go,
// written by go generate), and so are its subjects.
func TestRulesAreTheContents(t *testing.T) {
	if err := formrules.Current("contact", "contact", "rules_gen.go"); err != nil {
		t.Fatal(err)
	}
	page, err := content.LoadContact(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	var values []string
	for _, s := range page.Form.Subjects {
		values = append(values, s.Value)
	}
	if strings.Join(values, ",") != strings.Join(contact.Subjects, ",") {
		t.Errorf("subjects: content %v, domain %v", values, contact.Subjects)
	}
}

func emails() contact.Emails {
	return contact.Emails{
		From:          mail.Address{Name: "Portfolio", Email: "no-reply@example.com"},
		Owner:         mail.Address{Name: "Owner Name", Email: "owner@example.com"},
		SiteName:      "DevOps Portfolio",
		ResponseTime:  "Usually within 24 hours",
		SubjectLabels: map[string]string{"collaboration": "Project Collaboration"},
		// The default cap; 0 would send none.
		AutoRepliesPerHour: 100,
	}
}

func TestEmailsFor(t *testing.T) {
	m := mustParse(t, "Jane <b>Doe</b>", "jane@example.org", "collaboration", "Let's build <script>x()</script> together")
	got, err := emails().For(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("%d emails, want 2", len(got))
	}
	note, reply := got[0], got[1]
	if note.To[0].Email != "owner@example.com" || note.ReplyTo[0] != (mail.Address{Name: "Jane <b>Doe</b>", Email: "jane@example.org"}) {
		t.Errorf("notification to %v reply-to %v", note.To, note.ReplyTo)
	}
	if note.Subject != "New contact message: Project Collaboration from Jane <b>Doe</b>" {
		t.Errorf("notification subject %q", note.Subject)
	}
	if reply.To[0].Email != "jane@example.org" || reply.ReplyTo[0].Email != "owner@example.com" {
		t.Errorf("auto-reply to %v reply-to %v", reply.To, reply.ReplyTo)
	}
	if len(reply.Headers) != 1 || reply.Headers[0] != (mail.Header{Name: "Auto-Submitted", Value: "auto-replied"}) {
		t.Errorf("auto-reply headers %v", reply.Headers)
	}
	for _, e := range got {
		if e.Template == nil || e.Text != "" || e.HTML != "" {
			t.Errorf("%q is queued rendered, want its template only (rendered when sent)", e.Subject)
		}
		e := sent(t, func() (mail.Message, error) { return e, nil })
		if e.From.Email != "no-reply@example.com" {
			t.Errorf("From %v", e.From)
		}
		if err := e.Validate(); err != nil {
			t.Errorf("email does not validate: %v", err)
		}
		if strings.Contains(e.HTML, "<script>") || strings.Contains(e.HTML, "<b>Doe") {
			t.Errorf("HTML carries the visitor's markup:\n%s", e.HTML)
		}
		raw, err := mail.Bytes(e, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := smtptest.Parse(raw); err != nil {
			t.Errorf("composed email does not parse: %v", err)
		}
	}
}

type fakeStore struct {
	err    error
	added  []contact.Message
	emails []mail.Message
}

func (f *fakeStore) Add(_ context.Context, m *contact.Message, emails ...mail.Message) error {
	if f.err != nil {
		return f.err
	}
	m.ID = int64(len(f.added) + 1)
	f.added = append(f.added, *m)
	f.emails = append(f.emails, emails...)
	return nil
}

func (f *fakeStore) List(context.Context, int) ([]contact.Message, error) { return f.added, nil }

func TestInboxSubmit(t *testing.T) {
	valid := mustParse(t, "Jane Doe", "jane@example.org", "job", "Hello there, let's talk.")
	t.Run("accepted", func(t *testing.T) {
		store := &fakeStore{}
		notified := 0
		in := contact.NewInbox(store, emails(), func() { notified++ })
		m, err := in.Submit(context.Background(), valid)
		if err != nil {
			t.Fatal(err)
		}
		if m.ID != 1 || m.CreatedAt.IsZero() || len(store.emails) != 2 || notified != 1 {
			t.Errorf("m = %+v, %d emails, notified %d", m, len(store.emails), notified)
		}
	})
	t.Run("store down", func(t *testing.T) {
		store := &fakeStore{err: errors.New("database is locked")}
		notified := 0
		in := contact.NewInbox(store, emails(), func() { notified++ })
		_, err := in.Submit(context.Background(), valid)
		if e, ok := apperr.From(err); !ok || e.Code != apperr.Unavailable || notified != 0 ||
			e.Message != "Your message could not be saved right now. Please try again later." {
			t.Fatalf("Submit = %v (notified %d), want apperr.Unavailable and no wake-up", err, notified)
		}
	})
}
