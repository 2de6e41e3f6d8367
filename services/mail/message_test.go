package mail_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
)

func valid() mail.Message {
	return mail.Message{
		From:    mail.Address{Name: "Portfolio", Email: "no-reply@example.com"},
		To:      []mail.Address{{Name: "Owner", Email: "owner@example.com"}},
		ReplyTo: []mail.Address{{Name: "Jane Doe", Email: "jane@example.org"}},
		Subject: "Hello",
		Text:    "plain body",
		HTML:    "<p>html body</p>",
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name    string
		change  func(*mail.Message)
		wantErr string // empty: valid
	}{
		{"valid", func(*mail.Message) {}, ""},
		{"text only", func(m *mail.Message) { m.HTML = "" }, ""},
		{"list-unsubscribe header", func(m *mail.Message) {
			m.Headers = []mail.Header{{Name: "List-Unsubscribe", Value: "<https://example.com/u?t=1>"}}
		}, ""},
		{"LF in subject", func(m *mail.Message) { m.Subject = "Hi\nBcc: victim@example.com" }, "subject: contains a line break"},
		{"CR in subject", func(m *mail.Message) { m.Subject = "Hi\rBcc: victim@example.com" }, "subject: contains a line break"},
		{"control character in subject", func(m *mail.Message) { m.Subject = "Hi\x00" }, "subject: contains a control character"},
		{"LF in from name", func(m *mail.Message) { m.From.Name = "A\nBcc: x@example.com" }, "from name: contains a line break"},
		{"CRLF in reply-to name", func(m *mail.Message) { m.ReplyTo[0].Name = "Jane\r\nBcc: x@example.com" }, "reply-to name: contains a line break"},
		{"LF in to address", func(m *mail.Message) { m.To[0].Email = "a@example.com\nBcc: x@example.com" }, "to address"},
		{"not an address", func(m *mail.Message) { m.To[0].Email = "nobody" }, "is not an email address"},
		{"address with a name", func(m *mail.Message) { m.ReplyTo[0].Email = "Jane <jane@example.org>" }, "reply-to address"},
		{"empty from", func(m *mail.Message) { m.From.Email = "" }, "from address \"\": is empty"},
		{"no recipient", func(m *mail.Message) { m.To = nil }, "no recipient"},
		{"no body", func(m *mail.Message) { m.Text, m.HTML = "", "" }, "no body"},
		{"body and template", func(m *mail.Message) { m.Template = &mail.Template{Name: "contact_auto_reply"} }, "both a body and a template"},
		{"template without a name", func(m *mail.Message) { m.Text, m.HTML, m.Template = "", "", &mail.Template{} }, "template without a name"},
		{"LF in header value", func(m *mail.Message) { m.Headers = []mail.Header{{Name: "X-Tag", Value: "a\nBcc: x@example.com"}} }, "header X-Tag: contains a line break"},
		{"colon in header name", func(m *mail.Message) { m.Headers = []mail.Header{{Name: "X-A:B", Value: "v"}} }, "invalid character in name"},
		{"space in header name", func(m *mail.Message) { m.Headers = []mail.Header{{Name: "X A", Value: "v"}} }, "invalid character in name"},
		{"header replacing Bcc", func(m *mail.Message) { m.Headers = []mail.Header{{Name: "bcc", Value: "x@example.com"}} }, "is set from the message's own fields"},
		{"header replacing Content-Type", func(m *mail.Message) { m.Headers = []mail.Header{{Name: "Content-Type", Value: "text/html"}} }, "is set from"},
		{"bad message id", func(m *mail.Message) { m.MessageID = "<abc@example.com>" }, "message id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := valid()
			tt.change(&m)
			err := m.Validate()
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Validate() = %v, want an error containing %q", err, tt.wantErr)
			}
			if !errors.Is(err, mail.ErrInvalid) || !mail.IsPermanent(err) {
				t.Errorf("error %v is not ErrInvalid / permanent", err)
			}
			if _, err := mail.Compose(m); err == nil {
				t.Error("Compose accepted an invalid message")
			}
		})
	}
}

// A queued message may carry its template instead of its bodies, but only a rendered
// one can be sent: Compose refuses it for good (templates.Transport renders it first).
func TestComposeRefusesAnUnrenderedTemplate(t *testing.T) {
	m := valid()
	m.Text, m.HTML = "", ""
	m.Template = &mail.Template{Name: "contact_auto_reply", Params: map[string]string{"to_name": "Jane"}}
	if err := m.Validate(); err != nil {
		t.Fatalf("a queued message with a template does not validate: %v", err)
	}
	_, err := mail.Compose(m)
	if err == nil || !strings.Contains(err.Error(), `template "contact_auto_reply" not rendered`) || !mail.IsPermanent(err) {
		t.Errorf("Compose = %v, want a permanent error naming the template", err)
	}
}

// Behind Validate, go-mail refuses a line break in an address on its own: a second
// line of defence should a caller build a go-mail message some other way.
func TestGoMailRefusesLineBreaksInAddresses(t *testing.T) {
	for _, addr := range []string{
		"jane@example.org\r\nBcc: victim@example.com",
		"\"Jane\nBcc: victim@example.com\" <jane@example.org>",
	} {
		msg := gomail.NewMsg()
		if err := msg.From(addr); err == nil {
			t.Errorf("go-mail accepted From %q", addr)
		}
		if err := msg.ReplyTo(addr); err == nil {
			t.Errorf("go-mail accepted Reply-To %q", addr)
		}
	}
}

func TestComposeMultipartAlternative(t *testing.T) {
	m := valid()
	m.Subject = "Grüße from Zoë — a long subject line that needs encoding"
	m.Text = "Hello Zoë,\nline two\n"
	m.HTML = "<p>Hello Zo&euml;</p>"
	m.Headers = []mail.Header{
		{Name: "List-Unsubscribe", Value: "<https://example.com/newsletter/unsubscribe?token=abc>"},
		{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
	}
	date := time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC)
	m = m.WithDefaults(date)
	if !strings.HasSuffix(m.MessageID, "@example.com") {
		t.Errorf("MessageID = %q, want one at the From domain", m.MessageID)
	}
	again := m.WithDefaults(date.Add(time.Hour))
	if again.MessageID != m.MessageID || !again.Date.Equal(date) {
		t.Error("WithDefaults changed an existing Message-ID or Date")
	}

	raw, err := mail.Bytes(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := smtptest.Parse(raw)
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, raw)
	}
	if p.ContentType != "multipart/alternative" {
		t.Errorf("Content-Type = %q, want multipart/alternative", p.ContentType)
	}
	checks := map[string]string{
		"Subject":               m.Subject,
		"Message-Id":            "<" + m.MessageID + ">",
		"List-Unsubscribe":      "<https://example.com/newsletter/unsubscribe?token=abc>",
		"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		"User-Agent":            "",
		"X-Mailer":              "",
	}
	for k, want := range checks {
		if got := p.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if d, err := p.Header.Date(); err != nil || !d.Equal(date) {
		t.Errorf("Date = %v (%v), want %v", d, err, date)
	}
	if got := p.Address("From"); len(got) != 1 || got[0].Address != "no-reply@example.com" || got[0].Name != "Portfolio" {
		t.Errorf("From = %v", got)
	}
	if got := p.Address("Reply-To"); len(got) != 1 || got[0].Address != "jane@example.org" {
		t.Errorf("Reply-To = %v", got)
	}
	if p.Text != m.Text || p.HTML != m.HTML {
		t.Errorf("parts: text %q, html %q", p.Text, p.HTML)
	}
}

func TestComposeQuotesDisplayNames(t *testing.T) {
	m := valid()
	m.ReplyTo = []mail.Address{{Name: `Jane "JD" Doe, Esq. <admin@example.com>`, Email: "jane@example.org"}}
	raw, err := mail.Bytes(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := smtptest.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	got := p.Address("Reply-To")
	if len(got) != 1 || got[0].Address != "jane@example.org" || got[0].Name != m.ReplyTo[0].Name {
		t.Errorf("Reply-To = %v, want the name kept as text and one address", got)
	}
}

func TestParseAddress(t *testing.T) {
	tests := []struct {
		in      string
		want    mail.Address
		wantErr bool
	}{
		{"Portfolio <no-reply@localhost>", mail.Address{Name: "Portfolio", Email: "no-reply@localhost"}, false},
		{"me@example.com", mail.Address{Email: "me@example.com"}, false},
		{"nobody", mail.Address{}, true},
		{"A <a@example.com>\nBcc: b@example.com", mail.Address{}, true},
	}
	for _, tt := range tests {
		got, err := mail.ParseAddress(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseAddress(%q) = %v, %v; want %v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}

func TestPermanent(t *testing.T) {
	base := errors.New("550 no such user")
	if mail.IsPermanent(base) {
		t.Error("plain error is permanent")
	}
	if p := mail.Permanent(base); !mail.IsPermanent(p) || !errors.Is(p, base) {
		t.Error("Permanent error not recognised or not unwrapping")
	}
	if mail.Permanent(nil) != nil {
		t.Error("Permanent(nil) != nil")
	}
}
