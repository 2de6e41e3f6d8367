// Package templatestest checks a domain's emails as the mail worker sends them: through
// templates.Transport, with the domain's emails registered as the gateway registers
// them.
package templatestest

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates"
)

type recorder struct{ sent []mail.Message }

func (r *recorder) Send(_ context.Context, m mail.Message) error {
	r.sent = append(r.sent, m)
	return nil
}

// Sent is m, a message as a domain queues it (its template, no bodies), as the worker
// hands it to SMTP: rendered through templates.Transport with emails registered.
func Sent(t *testing.T, emails []*templates.Email, m mail.Message) mail.Message {
	t.Helper()
	if m.Template == nil || m.Text != "" || m.HTML != "" {
		t.Fatalf("%q queued rendered, want its template only", m.Subject)
	}
	reg, err := templates.NewRegistry(emails...)
	if err != nil {
		t.Fatal(err)
	}
	next := &recorder{}
	if err := (templates.Transport{Templates: reg, Next: next}).Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	return next.sent[0]
}

// UpdateEnv, set to 1 in a test's environment, makes Golden write its files from what
// the emails are now (go test run again without it then checks them): for a deliberate
// change of an email, whose diff of the golden files is then reviewed.
const UpdateEnv = "UPDATE_GOLDEN"

// Golden fails t unless m, queued, has the template and fields of the golden file
// (JSON: template, params, subject, text, html) and is sent (Sent) with its subject,
// text and HTML byte for byte.
func Golden(t *testing.T, file string, emails []*templates.Email, m mail.Message) {
	t.Helper()
	if os.Getenv(UpdateEnv) == "1" {
		writeGolden(t, file, emails, m)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var want struct {
		Template            string
		Params              map[string]string
		Subject, Text, HTML string
	}
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	if m.Template == nil || m.Template.Name != want.Template || len(m.Template.Params) != len(want.Params) {
		t.Fatalf("queued as %+v, want template %q with %d fields", m.Template, want.Template, len(want.Params))
	}
	for k, v := range want.Params {
		if m.Template.Params[k] != v {
			t.Errorf("field %s = %q, want %q", k, m.Template.Params[k], v)
		}
	}
	got := Sent(t, emails, m)
	if got.Subject != want.Subject || got.Text != want.Text || got.HTML != want.HTML {
		t.Errorf("rendered differently from %s:\nsubject %q\ntext:\n%s\nhtml:\n%s", file, got.Subject, got.Text, got.HTML)
	}
}

func writeGolden(t *testing.T, file string, emails []*templates.Email, m mail.Message) {
	t.Helper()
	if m.Template == nil {
		t.Fatalf("%q queued rendered, want its template only", m.Subject)
	}
	sent := Sent(t, emails, m)
	b, err := json.MarshalIndent(map[string]any{ // a map: its keys in order, as the files have them
		"template": m.Template.Name, "params": m.Template.Params,
		"subject": sent.Subject, "text": sent.Text, "html": sent.HTML,
	}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// preheaderRe finds the text of the layout's hidden preheader, the body's first child.
var preheaderRe = regexp.MustCompile(`<body[^>]*>\n<div style="display:none;[^"]*">([^<]*)</div>`)

// Layout fails t unless html, an email's HTML part, starts its body with the hidden
// preheader want (what a mail client shows after the subject; escaped as in HTML) and
// declares its light and dark colour schemes, with dark-mode rules.
func Layout(t *testing.T, html, want string) {
	t.Helper()
	if got := preheaderRe.FindStringSubmatch(html); got == nil || got[1] != want {
		t.Errorf("no preheader %q at the top of the body:\n%s", want, html)
	}
	for _, dark := range []string{`<meta name="color-scheme" content="light dark">`, "@media (prefers-color-scheme: dark)"} {
		if !strings.Contains(html, dark) {
			t.Errorf("html lacks %q", dark)
		}
	}
}
