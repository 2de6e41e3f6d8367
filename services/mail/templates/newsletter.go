package templates

import (
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
)

// DefaultToName greets a subscriber who gave no name (the spec's to_name default).
const DefaultToName = "DevOps Enthusiast"

// Newsletter is what every newsletter email says about its recipient and where it
// comes from. Every newsletter email ends with UnsubscribeURL.
type Newsletter struct {
	ToEmail        string // to_email: the subscriber's address
	ToName         string // to_name: the subscriber's name; empty greets DefaultToName
	FromEmail      string // from_email: the sender's address
	ReplyTo        string // reply_to: where a reply goes (the owner's inbox)
	NewsletterName string // newsletter_name, e.g. "DevOps Digest"
	NewsletterURL  string // newsletter_url: the newsletter's page on the site
	SiteName       string // site_name
	UnsubscribeURL string // unsubscribe_url: this subscriber's one-click unsubscribe link
}

// Params returns the template fields by their spec names.
func (n Newsletter) Params() map[string]string {
	name := n.ToName
	if strings.TrimSpace(name) == "" {
		name = DefaultToName
	}
	return map[string]string{
		"to_email":        n.ToEmail,
		"to_name":         name,
		"from_email":      n.FromEmail,
		"reply_to":        n.ReplyTo,
		"newsletter_name": n.NewsletterName,
		"newsletter_url":  n.NewsletterURL,
		"site_name":       n.SiteName,
		"unsubscribe_url": n.UnsubscribeURL,
	}
}

// NewsletterConfirmation asks a new subscriber to confirm their address (double
// opt-in): the link, how long it works, and that ignoring it is fine.
type NewsletterConfirmation struct {
	Newsletter
	ConfirmURL string        // confirm_url: the single-use confirmation link
	ValidFor   time.Duration // valid_for: how long the link works, e.g. "72 hours"
}

// Params returns the template fields by their spec names.
func (c NewsletterConfirmation) Params() map[string]string {
	p := c.Newsletter.Params()
	p["confirm_url"] = c.ConfirmURL
	p["valid_for"] = durationText(c.ValidFor)
	return p
}

// Deferred returns the confirmation email to queue: its subject, and its bodies as
// the template the sender renders (Transport). Its subject reads "Confirm your
// subscription to <newsletter>".
func (c NewsletterConfirmation) Deferred() (mail.Message, error) {
	return newsletterConfirmation.deferred(c.Params())
}

// NewsletterWelcome greets a subscriber who has just confirmed: what a monthly
// edition brings, and where the past ones are.
type NewsletterWelcome struct {
	Newsletter
}

// Deferred returns the welcome email to queue: its subject, and its bodies as the
// template the sender renders (Transport). Its subject reads "Welcome to
// <newsletter>!".
func (w NewsletterWelcome) Deferred() (mail.Message, error) {
	return newsletterWelcome.deferred(w.Params())
}

// NewsletterEdition is one edition sent to one subscriber.
type NewsletterEdition struct {
	Newsletter
	Title string // edition_title, e.g. "#1 Welcome to DevOps Digest: It Was DNS (Again)"
	Date  string // edition_date, as the site shows it: "December 2024"
	// Text is the edition's body (edition_text): Markdown, one paragraph per line,
	// code in ``` fences. The text part carries it as it is; the HTML part keeps its
	// line breaks and shows fenced code as preformatted.
	Text string
	// URL is the edition's page on the site (edition_url), e.g.
	// "https://example.org/newsletter/1": both parts link it as "Read it on the web".
	// An edition queued before the field existed has none and goes out without the
	// link (the templates read it with index, not as a required field).
	URL string
}

// Params returns the template fields by their spec names.
func (e NewsletterEdition) Params() map[string]string {
	p := e.Newsletter.Params()
	p["edition_title"] = e.Title
	p["edition_date"] = e.Date
	p["edition_text"] = e.Text
	p["edition_url"] = e.URL
	return p
}

// Deferred returns the edition email to queue: its subject, and its bodies as the
// template the sender renders (Transport). Its subject reads "<newsletter> - <date> -
// <title>", as the spec's republish builds it.
func (e NewsletterEdition) Deferred() (mail.Message, error) {
	return newsletterEdition.deferred(e.Params())
}

// block is a paragraph of an edition's text, or a fenced code block.
type block struct {
	Text string
	Code bool
}

// blocks splits Markdown text into paragraphs (separated by blank lines) and fenced
// code blocks (``` lines, dropped; blank lines inside kept), which is all the
// editions use that plain text does not already show well.
func blocks(text string) []block {
	var out []block
	var cur []string
	inCode := false
	flush := func(code bool) {
		if len(cur) > 0 || code {
			out = append(out, block{Text: strings.Join(cur, "\n"), Code: code})
		}
		cur = nil
	}
	for line := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		fence := strings.HasPrefix(strings.TrimSpace(line), "```")
		switch {
		case fence && !inCode:
			flush(false)
			inCode = true
		case fence:
			flush(true)
			inCode = false
		case inCode:
			cur = append(cur, line)
		case strings.TrimSpace(line) == "":
			flush(false)
		default:
			cur = append(cur, line)
		}
	}
	flush(inCode) // an unclosed fence still shows as code
	return out
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
