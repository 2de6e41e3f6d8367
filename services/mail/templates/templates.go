// Package templates renders emails from a plain-text and an HTML template each, for
// any module: a domain parses its own emails (Parse, from files it embeds) and the
// gateway registers them all at start-up (NewRegistry) for the outbox's Transport,
// which renders a queued message's bodies when it is sent (docs/decisions/0033).
//
// An email's files are <name>.txt.tmpl, the body with a "subject" template, and
// <name>.html.tmpl, with "title", "preheader" and "content" templates that this
// package's layout (layout.html.tmpl) frames. The preheader is the line a mail client
// shows after the subject in its list of emails, hidden in the email itself; the layout
// declares light and dark colour schemes and has dark-mode rules for clients that honour
// prefers-color-scheme (classes email-card, email-content, email-muted, email-rule,
// email-button). Fields are the templates' names ({{.from_name}},
// {{.to_email}}, ...); a field a template uses but the data lacks is an error, never
// "<no value>". The HTML templates escape everything they insert, so a visitor's
// words show as text.
package templates

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"path"
	"strings"
	texttemplate "text/template"

	"github.com/portfolio-site/portfolio/services/mail"
)

//go:embed layout.html.tmpl
var layout embed.FS

// Email is one email's parsed templates, made once at start-up and never changed.
type Email struct {
	name string                 // as in mail.Template.Name, e.g. "contact_auto_reply"
	text *texttemplate.Template // the body, plus a "subject" template
	html *htmltemplate.Template // the layout, with "title" and "content"
}

// Parse reads an email from fsys: file.txt.tmpl and file.html.tmpl, and the partials
// it uses (<partial>.txt.tmpl and .html.tmpl, each defining a template of its own),
// each a slash-separated path without its extensions ("emails/contact_auto_reply").
// The email's name is file's last element. funcs (may be nil) are the functions its
// templates call.
func Parse(fsys fs.FS, funcs map[string]any, file string, partials ...string) (*Email, error) {
	name := path.Base(file)
	textFiles := []string{file + ".txt.tmpl"}
	htmlFiles := []string{file + ".html.tmpl"}
	for _, p := range partials {
		textFiles = append(textFiles, p+".txt.tmpl")
		htmlFiles = append(htmlFiles, p+".html.tmpl")
	}
	text, err := texttemplate.New(name+".txt.tmpl").
		Option("missingkey=error").Funcs(funcs).
		ParseFS(fsys, textFiles...)
	if err != nil {
		return nil, fmt.Errorf("templates: %s: %w", name, err)
	}
	html, err := htmltemplate.New("layout.html.tmpl").
		Option("missingkey=error").Funcs(funcs).
		ParseFS(layout, "layout.html.tmpl")
	if err == nil {
		html, err = html.ParseFS(fsys, htmlFiles...)
	}
	if err != nil {
		return nil, fmt.Errorf("templates: %s: %w", name, err)
	}
	for _, part := range []string{"title", "preheader", "content"} {
		if html.Lookup(part) == nil {
			return nil, fmt.Errorf("templates: %s: %s.html.tmpl defines no %q template (the layout shows it)", name, name, part)
		}
	}
	return &Email{name: name, text: text, html: html}, nil
}

// MustParse is Parse for templates embedded at build time: only a broken build gets
// an error, and every test with it, so it panics.
func MustParse(fsys fs.FS, funcs map[string]any, file string, partials ...string) *Email {
	e, err := Parse(fsys, funcs, file, partials...)
	if err != nil {
		panic(err)
	}
	return e
}

// Name is the email's name, as a queued message's template gives it.
func (e *Email) Name() string { return e.name }

// Deferred renders the subject only: the message to queue, whose bodies the sender
// renders (Transport). The caller addresses it.
func (e *Email) Deferred(params map[string]string) (mail.Message, error) {
	subject, err := e.subject(params)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: subject, Template: &mail.Template{Name: e.name, Params: params}}, nil
}

func (e *Email) subject(params map[string]string) (string, error) {
	var subject strings.Builder
	if err := e.text.ExecuteTemplate(&subject, "subject", params); err != nil {
		return "", fmt.Errorf("templates: %s subject: %w", e.name, err)
	}
	// A subject is one line whatever its fields hold.
	return strings.Join(strings.Fields(subject.String()), " "), nil
}

func (e *Email) bodies(params map[string]string) (text, html string, err error) {
	var t, h bytes.Buffer
	if err := e.text.Execute(&t, params); err != nil {
		return "", "", fmt.Errorf("templates: %s text: %w", e.name, err)
	}
	if err := e.html.ExecuteTemplate(&h, "layout", params); err != nil {
		return "", "", fmt.Errorf("templates: %s html: %w", e.name, err)
	}
	return t.String(), h.String(), nil
}

// Registry is every email the site sends, by name: what the outbox renders queued
// messages with. The gateway makes it at start-up from the domains' emails.
type Registry struct {
	byName map[string]*Email
}

// NewRegistry returns the registry of emails; two emails of one name are an error (a
// queued message must name one email).
func NewRegistry(emails ...*Email) (*Registry, error) {
	r := &Registry{byName: make(map[string]*Email, len(emails))}
	for _, e := range emails {
		if e == nil {
			return nil, errors.New("templates: a nil email")
		}
		if _, dup := r.byName[e.name]; dup {
			return nil, fmt.Errorf("templates: two emails named %q", e.name)
		}
		r.byName[e.name] = e
	}
	return r, nil
}

// Expand returns m with the bodies of its template rendered into Text and HTML, and
// the template dropped: what mail.Compose can send. A message without a template is
// returned as it is. The subject is not rendered again: it was when m was queued.
func (r *Registry) Expand(m mail.Message) (mail.Message, error) {
	if m.Template == nil {
		return m, nil
	}
	e, ok := r.byName[m.Template.Name]
	if !ok {
		return mail.Message{}, fmt.Errorf("templates: no email template %q", m.Template.Name)
	}
	text, html, err := e.bodies(m.Template.Params)
	if err != nil {
		return mail.Message{}, err
	}
	m.Text, m.HTML, m.Template = text, html, nil
	return m, nil
}
