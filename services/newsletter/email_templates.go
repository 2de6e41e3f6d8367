package newsletter

import (
	"embed"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates"
	"github.com/portfolio-site/portfolio/services/newsletter/emailhtml"
)

// emailFiles are the newsletter emails' templates: emails/<name>.txt.tmpl and
// .html.tmpl (services/mail/templates says what each holds).
//
//go:embed emails/*.tmpl
var emailFiles embed.FS

// The newsletter emails, parsed once at start-up and never changed. Each ends with
// the unsubscribe link (the partial newsletter_unsubscribe).
var (
	confirmationTemplate = templates.MustParse(emailFiles, nil, "emails/newsletter_confirmation", "emails/newsletter_unsubscribe")
	welcomeTemplate      = templates.MustParse(emailFiles, nil, "emails/newsletter_welcome", "emails/newsletter_unsubscribe")
	reminderTemplate     = templates.MustParse(emailFiles, nil, "emails/newsletter_reminder", "emails/newsletter_unsubscribe")
	editionTemplate      = templates.MustParse(emailFiles, map[string]any{
		"editionHTML": emailhtml.Styled, "editionText": emailhtml.Text,
	}, "emails/newsletter_edition", "emails/newsletter_unsubscribe")
)

// EmailTemplates are the emails this module queues, for the mail worker to render them
// when it sends them (templates.NewRegistry, at wiring time).
func EmailTemplates() []*templates.Email {
	return []*templates.Email{confirmationTemplate, welcomeTemplate, editionTemplate, reminderTemplate}
}

// DefaultToName greets a subscriber who gave no name (the site's to_name default).
const DefaultToName = "DevOps Enthusiast"

// emailFields are what every newsletter email says about its recipient and where it
// comes from. Every newsletter email ends with unsubscribeURL.
type emailFields struct {
	toEmail        string // to_email: the subscriber's address
	toName         string // to_name: the subscriber's name; empty greets DefaultToName
	fromEmail      string // from_email: the sender's address
	replyTo        string // reply_to: where a reply goes (the owner's inbox)
	newsletterName string // newsletter_name, e.g. "DevOps Digest"
	newsletterURL  string // newsletter_url: the newsletter's page on the site
	siteName       string // site_name
	unsubscribeURL string // unsubscribe_url: this subscriber's one-click unsubscribe link
}

// params returns the template fields by their template names.
func (n emailFields) params() map[string]string {
	name := n.toName
	if strings.TrimSpace(name) == "" {
		name = DefaultToName
	}
	return map[string]string{
		"to_email":        n.toEmail,
		"to_name":         name,
		"from_email":      n.fromEmail,
		"reply_to":        n.replyTo,
		"newsletter_name": n.newsletterName,
		"newsletter_url":  n.newsletterURL,
		"site_name":       n.siteName,
		"unsubscribe_url": n.unsubscribeURL,
	}
}

// confirmationMessage asks a new subscriber to confirm their address (double opt-in):
// the link, how long it works (valid_for, e.g. "72 hours"), and that ignoring it is
// fine. Its subject reads "Confirm your subscription to <newsletter>".
func confirmationMessage(f emailFields, confirmURL string, validFor time.Duration) (mail.Message, error) {
	p := f.params()
	p["confirm_url"] = confirmURL
	p["valid_for"] = durationText(validFor)
	return confirmationTemplate.Deferred(p)
}

// reminderMessage is the one reminder to a subscriber who has not confirmed: a fresh
// link, and that no other reminder follows. Its subject reads "Reminder: confirm your
// subscription to <newsletter>".
func reminderMessage(f emailFields, confirmURL string, validFor time.Duration) (mail.Message, error) {
	p := f.params()
	p["confirm_url"] = confirmURL
	p["valid_for"] = durationText(validFor)
	return reminderTemplate.Deferred(p)
}

// welcomeMessage greets a subscriber who has just confirmed: what a monthly edition
// brings, and where the past ones are. Its subject reads "Welcome to <newsletter>!".
func welcomeMessage(f emailFields) (mail.Message, error) {
	return welcomeTemplate.Deferred(f.params())
}

// editionFields are one edition as its email shows it.
type editionFields struct {
	title   string // edition_title, e.g. "#1 Welcome to DevOps Digest: It Was DNS (Again)"
	date    string // edition_date, as the site shows it: "December 2024"
	excerpt string // edition_excerpt: the preheader, what a mail client shows after the subject
	// html is the edition's HTML as the content build rendered it for its web page,
	// cleaned for an email (edition_html, emailhtml.Clean). The HTML part shows it with
	// email styles (emailhtml.Styled), the text part as plain text (emailhtml.Text):
	// one renderer, two presentations.
	html string
	// text is the edition's Markdown (edition_text), only for an edition without HTML
	// (a gateway built without the content build): both parts then show it as written.
	// An edition queued before edition_html existed has it too.
	text string
	// url is the edition's page on the site (edition_url), e.g.
	// "https://example.org/newsletter/1": both parts link it as "Read it on the web".
	// An edition queued before the field existed has none and goes out without the
	// link (the templates read it with index, not as a required field).
	url string
}

// editionMessage is one edition sent to one subscriber. Its subject reads
// "<newsletter> - <date> - <title>", as the republish builds it.
func editionMessage(f emailFields, e editionFields) (mail.Message, error) {
	p := f.params()
	p["edition_title"] = e.title
	p["edition_date"] = e.date
	p["edition_excerpt"] = e.excerpt
	p["edition_url"] = e.url
	if e.html != "" {
		p["edition_html"] = e.html
	} else {
		p["edition_text"] = e.text
	}
	return editionTemplate.Deferred(p)
}

// durationText says how long a link works in words: "72 hours", "1 hour",
// "30 minutes".
func durationText(d time.Duration) string {
	unit, n := "minute", int(d/time.Minute)
	if d >= time.Hour && d%time.Hour == 0 {
		unit, n = "hour", int(d/time.Hour)
	}
	if n != 1 {
		unit += "s"
	}
	return strconv.Itoa(n) + " " + unit
}
