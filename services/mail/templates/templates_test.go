package templates_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates"
	"github.com/portfolio-site/portfolio/services/mail/templates/templatestest"
)

const hostile = `<script>alert("x")</script> & <b>bold</b>`

// files are a domain's emails as it would embed them: here one, "greeting", with a
// partial and a function of its own.
var files = fstest.MapFS{
	"greeting.txt.tmpl":  {Data: []byte(`{{define "subject"}}Hello {{.name}}{{end}}Hi {{.name}}, {{shout .name}}.{{template "footer" .}}`)},
	"greeting.html.tmpl": {Data: []byte(`{{define "title"}}Hello {{.name}}{{end}}{{define "preheader"}}A word for {{.name}}.{{end}}{{define "content"}}<p>Hi {{.name}}</p>{{template "footer" .}}{{end}}`)},
	"footer.txt.tmpl":    {Data: []byte(`{{define "footer"}} -- {{.site_name}}{{end}}`)},
	"footer.html.tmpl":   {Data: []byte(`{{define "footer"}}<p>{{.site_name}}</p>{{end}}`)},
}

func greeting(t *testing.T) *templates.Email {
	t.Helper()
	e, err := templates.Parse(files, map[string]any{"shout": strings.ToUpper}, "greeting", "footer")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// A domain's email queued with Deferred is rendered, when sent, by a registry it was
// registered in: the subject at once, one line whatever its fields hold; the bodies
// later, the HTML in the site's layout with everything inserted escaped.
func TestRegisteredEmailRendersWhenSent(t *testing.T) {
	e := greeting(t)
	reg, err := templates.NewRegistry(e)
	if err != nil {
		t.Fatal(err)
	}
	queued, err := e.Deferred(map[string]string{"name": "Jane\r\nBcc: victim@example.com " + hostile, "site_name": "Site"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(queued.Subject, "\r\n") || !strings.HasPrefix(queued.Subject, "Hello Jane Bcc:") {
		t.Errorf("subject %q", queued.Subject)
	}
	if queued.Text != "" || queued.HTML != "" || queued.Template == nil || queued.Template.Name != "greeting" || e.Name() != "greeting" {
		t.Fatalf("queued with %d bytes of body, template %+v; want no body, template greeting", len(queued.Text)+len(queued.HTML), queued.Template)
	}
	sent, err := reg.Expand(queued)
	if err != nil {
		t.Fatal(err)
	}
	if sent.Template != nil || !strings.Contains(sent.Text, "JANE\r\nBCC") || !strings.HasSuffix(sent.Text, " -- Site") {
		t.Errorf("text %q", sent.Text)
	}
	for _, want := range []string{"<!doctype html>", "<title>Hello Jane", "<p>Site</p>", "&lt;script&gt;", "font-family:"} {
		if !strings.Contains(sent.HTML, want) {
			t.Errorf("html lacks %q:\n%s", want, sent.HTML)
		}
	}
	for _, bad := range []string{"<script>", "<b>bold</b>"} {
		if strings.Contains(sent.HTML, bad) {
			t.Errorf("html contains %q unescaped", bad)
		}
	}
}

// Every email's HTML, whatever it says: the line a mail client shows after the subject
// (the preheader, hidden in the email itself), and colours for a dark mode where the
// client honours prefers-color-scheme, in a card no wider than 600 px whose table
// never grows with its content.
func TestLayoutHasPreheaderAndDarkMode(t *testing.T) {
	reg, err := templates.NewRegistry(greeting(t))
	if err != nil {
		t.Fatal(err)
	}
	queued, err := greeting(t).Deferred(map[string]string{"name": "Jane", "site_name": "Site"})
	if err != nil {
		t.Fatal(err)
	}
	sent, err := reg.Expand(queued)
	if err != nil {
		t.Fatal(err)
	}
	templatestest.Layout(t, sent.HTML, "A word for Jane.")
	for _, want := range []string{
		`<meta name="supported-color-schemes" content="light dark">`,
		"@media (prefers-color-scheme: dark){\nbody,.email-bg{background:#09090b !important;color:#f4f4f5 !important;}",
		".email-card{background:#18181b !important;}",
		`width:100%;max-width:600px;table-layout:fixed;`,
	} {
		if !strings.Contains(sent.HTML, want) {
			t.Errorf("html lacks %q:\n%s", want, sent.HTML)
		}
	}
}

func TestParseAndRegistryRefuse(t *testing.T) {
	noPreheader := fstest.MapFS{
		"bare.txt.tmpl":  {Data: []byte(`{{define "subject"}}S{{end}}Text`)},
		"bare.html.tmpl": {Data: []byte(`{{define "title"}}T{{end}}{{define "content"}}<p>C</p>{{end}}`)},
	}
	if _, err := templates.Parse(noPreheader, nil, "bare"); err == nil || !strings.Contains(err.Error(), `templates: bare: bare.html.tmpl defines no "preheader" template`) {
		t.Errorf("an email without a preheader: %v", err)
	}
	if _, err := templates.Parse(files, nil, "greeting", "footer"); err == nil {
		t.Error("an email calling a function it was not given parsed")
	}
	if _, err := templates.Parse(files, nil, "farewell"); err == nil {
		t.Error("an email without files parsed")
	}
	e := greeting(t)
	if _, err := templates.NewRegistry(e, greeting(t)); err == nil || !strings.Contains(err.Error(), `two emails named "greeting"`) {
		t.Errorf("two emails of one name: %v", err)
	}
}

type recorder struct{ sent []mail.Message }

func (r *recorder) Send(_ context.Context, m mail.Message) error {
	r.sent = append(r.sent, m)
	return nil
}

func TestTransport(t *testing.T) {
	e := greeting(t)
	reg, err := templates.NewRegistry(e)
	if err != nil {
		t.Fatal(err)
	}
	queued, err := e.Deferred(map[string]string{"name": "Jane", "site_name": "Site"})
	if err != nil {
		t.Fatal(err)
	}
	queued.From = mail.Address{Email: "no-reply@example.com"}
	queued.To = []mail.Address{{Email: "jane@example.org"}}
	rendered := queued
	rendered.Template, rendered.Text, rendered.HTML = nil, "ready", ""
	unknown := queued
	unknown.Template = &mail.Template{Name: "newsletter_farewell", Params: queued.Template.Params}
	missing := queued
	missing.Template = &mail.Template{Name: "greeting", Params: map[string]string{"name": "Jane"}}

	tests := []struct {
		name     string
		in       mail.Message
		wantErr  string // empty: sent
		wantText string // in what was handed on
	}{
		{"template", queued, "", "Hi Jane, JANE. -- Site"},
		{"already rendered", rendered, "", "ready"},
		{"unknown template", unknown, `no email template "newsletter_farewell"`, ""},
		{"a field missing", missing, "greeting text", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next := &recorder{}
			err := templates.Transport{Templates: reg, Next: next}.Send(context.Background(), tt.in)
			if tt.wantErr != "" {
				// The outbox marks it dead at once, with this as the reason.
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !mail.IsPermanent(err) || len(next.sent) != 0 {
					t.Fatalf("Send = %v with %d handed on, want a permanent error containing %q and nothing sent", err, len(next.sent), tt.wantErr)
				}
				return
			}
			if err != nil || len(next.sent) != 1 {
				t.Fatalf("Send = %v with %d handed on, want 1", err, len(next.sent))
			}
			got := next.sent[0]
			if got.Template != nil || !strings.Contains(got.Text, tt.wantText) || got.Subject != tt.in.Subject {
				t.Errorf("handed on subject %q, template %v, text:\n%s", got.Subject, got.Template, got.Text)
			}
			if _, err := mail.Bytes(got, nil); err != nil {
				t.Errorf("what was handed on does not compose: %v", err)
			}
		})
	}
}
