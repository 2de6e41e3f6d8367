// Package templates holds the site's emails, each as a plain-text and an HTML
// template embedded in the binary. Templates use the spec's field names
// ({{.from_name}}, {{.to_email}}, ...); a field a template uses but the data lacks is
// an error, never "<no value>". The HTML templates escape everything they insert, so a
// visitor's message shows as text.
package templates

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
)

//go:embed files/*.tmpl
var files embed.FS

// set is one email's parsed templates. Parsed once at start-up and never changed.
type set struct {
	name string                 // as in mail.Template.Name: the file name, e.g. "contact_auto_reply"
	text *texttemplate.Template // the body, plus a "subject" template
	html *htmltemplate.Template // the layout, with "title" and "content"
}

var funcs = texttemplate.FuncMap{"quote": quote, "blocks": blocks}

// mustLoad parses the email name and the partials it uses (files/<partial>.txt.tmpl
// and .html.tmpl, each defining a template of its own), and files it in byName.
func mustLoad(name string, partials ...string) set {
	textFiles := []string{"files/" + name + ".txt.tmpl"}
	htmlFiles := []string{"files/layout.html.tmpl", "files/" + name + ".html.tmpl"}
	for _, p := range partials {
		textFiles = append(textFiles, "files/"+p+".txt.tmpl")
		htmlFiles = append(htmlFiles, "files/"+p+".html.tmpl")
	}
	text := texttemplate.Must(texttemplate.New(name+".txt.tmpl").
		Option("missingkey=error").Funcs(funcs).
		ParseFS(files, textFiles...))
	html := htmltemplate.Must(htmltemplate.New("layout.html.tmpl").
		Option("missingkey=error").Funcs(htmltemplate.FuncMap(funcs)).
		ParseFS(files, htmlFiles...))
	s := set{name: name, text: text, html: html}
	byName[name] = s
	return s
}

// byName are the emails by name, as a queued message's template names them
// (mail.Template.Name): every set mustLoad parsed. Filled at start-up, never changed.
var byName = map[string]set{}

var (
	contactNotification = mustLoad("contact_notification")
	contactAutoReply    = mustLoad("contact_auto_reply")
	// Every newsletter email ends with the unsubscribe link (newsletter_unsubscribe).
	newsletterConfirmation = mustLoad("newsletter_confirmation", "newsletter_unsubscribe")
	newsletterWelcome      = mustLoad("newsletter_welcome", "newsletter_unsubscribe")
	newsletterEdition      = mustLoad("newsletter_edition", "newsletter_unsubscribe")
)

// deferred renders the subject only: the message to queue, whose bodies the sender
// renders (Transport).
func (s set) deferred(params map[string]string) (mail.Message, error) {
	subject, err := s.subject(params)
	if err != nil {
		return mail.Message{}, err
	}
	return mail.Message{Subject: subject, Template: &mail.Template{Name: s.name, Params: params}}, nil
}

func (s set) subject(params map[string]string) (string, error) {
	var subject strings.Builder
	if err := s.text.ExecuteTemplate(&subject, "subject", params); err != nil {
		return "", fmt.Errorf("templates: %s subject: %w", s.name, err)
	}
	// A subject is one line whatever its fields hold.
	return strings.Join(strings.Fields(subject.String()), " "), nil
}

func (s set) bodies(params map[string]string) (text, html string, err error) {
	var t, h bytes.Buffer
	if err := s.text.Execute(&t, params); err != nil {
		return "", "", fmt.Errorf("templates: %s text: %w", s.name, err)
	}
	if err := s.html.ExecuteTemplate(&h, "layout", params); err != nil {
		return "", "", fmt.Errorf("templates: %s html: %w", s.name, err)
	}
	return t.String(), h.String(), nil
}

// ContactNotification is the email the site owner gets for a contact message. Reply-To
// is set to the visitor by the caller, so answering it answers them.
type ContactNotification struct {
	FromName  string    // from_name: the visitor's name
	FromEmail string    // from_email: the visitor's address
	Subject   string    // subject: the label of the subject chosen, e.g. "Project Collaboration"
	Message   string    // message: what the visitor wrote
	ToEmail   string    // to_email: the owner's inbox
	SiteName  string    // site_name
	SentAt    time.Time // sent_at: when the message was received
}

// Params returns the template fields by their spec names.
func (n ContactNotification) Params() map[string]string {
	return map[string]string{
		"from_name":  n.FromName,
		"from_email": n.FromEmail,
		"subject":    n.Subject,
		"message":    n.Message,
		"to_email":   n.ToEmail,
		"site_name":  n.SiteName,
		"sent_at":    n.SentAt.UTC().Format("Mon, 2 Jan 2006 15:04 MST"),
	}
}

// Deferred returns the notification to queue: its subject, and its bodies as the
// template the sender renders (Transport). Its subject reads "New contact message:
// <subject> from <name>".
func (n ContactNotification) Deferred() (mail.Message, error) {
	return contactNotification.deferred(n.Params())
}

// ContactAutoReply is the email the visitor gets: thanks and the response time. It
// does not quote the message: the address is not verified, and an echo would let
// anyone send text of their choosing to any inbox through the site.
type ContactAutoReply struct {
	ToEmail        string // to_email: the visitor's address
	ToName         string // to_name: the visitor's name
	ReplyTo        string // reply_to: where a reply to this email goes (the owner's inbox)
	UserEmail      string // user_email: the address the visitor entered
	ContactSubject string // contact_subject: the label of the subject chosen
	FromEmail      string // from_email: the owner's address, signed under the reply
	OwnerName      string // owner_name
	SiteName       string // site_name
	ResponseTime   string // response_time, e.g. "Usually within 24 hours"
}

// Params returns the template fields by their spec names.
func (a ContactAutoReply) Params() map[string]string {
	return map[string]string{
		"to_email":        a.ToEmail,
		"to_name":         a.ToName,
		"reply_to":        a.ReplyTo,
		"user_email":      a.UserEmail,
		"contact_subject": a.ContactSubject,
		"from_email":      a.FromEmail,
		"owner_name":      a.OwnerName,
		"site_name":       a.SiteName,
		"response_time":   a.ResponseTime,
	}
}

// Deferred returns the auto-reply to queue: its subject, and its bodies as the
// template the sender renders (Transport).
func (a ContactAutoReply) Deferred() (mail.Message, error) {
	return contactAutoReply.deferred(a.Params())
}

// quote prefixes every line of s with "> ", as mail clients quote.
func quote(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return strings.Join(lines, "\n")
}
