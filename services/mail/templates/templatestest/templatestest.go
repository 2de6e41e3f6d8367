// Package templatestest checks a domain's emails as the mail worker sends them: through
// templates.Transport, with the domain's emails registered as the gateway registers
// them.
package templatestest

import (
	"context"
	"encoding/json"
	"os"
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

// Golden fails t unless m, queued, has the template and fields of the golden file
// (JSON: template, params, subject, text, html) and is sent (Sent) with its subject,
// text and HTML byte for byte.
func Golden(t *testing.T, file string, emails []*templates.Email, m mail.Message) {
	t.Helper()
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
