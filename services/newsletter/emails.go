package newsletter

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/newsletter/emailhtml"
)

// Paths of the pages the links in newsletter emails open (the gateway serves them).
const (
	PagePath        = "/newsletter"
	ConfirmPath     = "/newsletter/confirm"
	UnsubscribePath = "/newsletter/unsubscribe"
)

// Emails says who newsletter emails are from and where their links point.
type Emails struct {
	From      mail.Address // the sender (no-reply)
	ReplyTo   mail.Address // where a reply goes: the owner; empty for none
	SiteName  string       // e.g. "DevOps Portfolio"
	PublicURL string       // the site's absolute URL without a trailing slash: links
	// UnsubscribeMailto, if set, is the address List-Unsubscribe also names, with the
	// subscriber's token in the subject: a mail client without one-click unsubscribes
	// by sending an email there (README, 'Unsubscribing by mail').
	UnsubscribeMailto string
}

// UnsubscribeSubjectPrefix starts the subject of an unsubscribe by mail; the token
// follows it.
const UnsubscribeSubjectPrefix = "unsubscribe "

func (e Emails) link(path, token string) string {
	return e.PublicURL + path + "?token=" + url.QueryEscape(token)
}

// ListUnsubscribeHeaders are the headers of every newsletter email: the unsubscribe
// link for the mail client's own button, RFC 8058's promise that one POST to it
// unsubscribes, with no page to go through, and, with a mailto address, RFC 2369's
// mailto: with the token in its subject for a client that only sends email.
func ListUnsubscribeHeaders(unsubscribeURL, mailto, token string) []mail.Header {
	value := "<" + unsubscribeURL + ">"
	if mailto != "" {
		value += ", <mailto:" + mailto + "?subject=" + url.PathEscape(UnsubscribeSubjectPrefix+token) + ">"
	}
	return []mail.Header{
		{Name: "List-Unsubscribe", Value: value},
		{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
	}
}

// fields are what every newsletter email says of sub and of where it comes from.
func (s *Service) fields(sub Subscriber) emailFields {
	return emailFields{
		toEmail:        sub.Email,
		toName:         sub.Name,
		fromEmail:      s.emails.From.Email,
		replyTo:        s.emails.ReplyTo.Email,
		newsletterName: Name,
		newsletterURL:  s.emails.PublicURL + PagePath,
		siteName:       s.emails.SiteName,
		unsubscribeURL: s.UnsubscribeURL(sub.ID),
	}
}

// address addresses m, a newsletter email to queue (its bodies rendered when it is
// sent, from emails/: templates.Transport), to sub, with the unsubscribe headers.
func (s *Service) address(sub Subscriber, m mail.Message) mail.Message {
	m.From = s.emails.From
	m.To = []mail.Address{{Name: sub.Name, Email: sub.Email}}
	m.Headers = ListUnsubscribeHeaders(s.UnsubscribeURL(sub.ID), s.emails.UnsubscribeMailto, s.signer.Token(sub.ID))
	if s.emails.ReplyTo.Email != "" {
		m.ReplyTo = []mail.Address{s.emails.ReplyTo}
	}
	return m
}

// confirmationEmail asks sub to open the link with token.
func (s *Service) confirmationEmail(sub Subscriber, token string) (mail.Message, error) {
	m, err := confirmationMessage(s.fields(sub), s.emails.link(ConfirmPath, token), s.confirmTTL)
	if err != nil {
		return mail.Message{}, fmt.Errorf("newsletter: confirmation email: %w", err)
	}
	return s.address(sub, m), nil
}

// reminderEmail reminds sub, not confirmed yet, with a fresh link with token.
func (s *Service) reminderEmail(sub Subscriber, token string) (mail.Message, error) {
	m, err := reminderMessage(s.fields(sub), s.emails.link(ConfirmPath, token), s.confirmTTL)
	if err != nil {
		return mail.Message{}, fmt.Errorf("newsletter: reminder email: %w", err)
	}
	return s.address(sub, m), nil
}

// welcomeEmail greets sub after they confirmed.
func (s *Service) welcomeEmail(sub Subscriber) (mail.Message, error) {
	m, err := welcomeMessage(s.fields(sub))
	if err != nil {
		return mail.Message{}, fmt.Errorf("newsletter: welcome email: %w", err)
	}
	return s.address(sub, m), nil
}

// EditionEmail is edition ed for subscriber sub: subject "DevOps Digest - <month> -
// <title>", the excerpt as its preheader, a link to the edition's page on the site
// (ed.URL()), one greeting, the edition's text (its HTML as the web page shows it, in
// email styles, and as plain text), and sub's own unsubscribe link and headers.
// Publishing queues one per confirmed subscriber.
func (s *Service) EditionEmail(ed content.Edition, sub Subscriber) (mail.Message, error) {
	f := editionFields{
		title:   ed.Title,
		date:    ed.MonthText(),
		excerpt: ed.Excerpt,
		text:    ed.Body,
		url:     s.emails.PublicURL + ed.URL(),
	}
	var err error
	if ed.HTML != "" {
		f.html, err = editionHTML(ed.HTML, f.url)
	}
	var m mail.Message
	if err == nil {
		m, err = editionMessage(s.fields(sub), f)
	}
	if err != nil {
		return mail.Message{}, fmt.Errorf("newsletter: edition %d email: %w", ed.ID, err)
	}
	return s.address(sub, m), nil
}

// editionHTML is an edition's HTML cleaned for its email, its links resolved against
// its page's URL.
func editionHTML(html, pageURL string) (string, error) {
	base, err := url.Parse(pageURL)
	if err != nil {
		return "", err
	}
	return emailhtml.Clean(html, base)
}

// UnsubscribeToken reads the token out of the subject of an unsubscribe by mail
// ("unsubscribe <token>", as the mailto: of List-Unsubscribe sets it, perhaps with
// "Re: " or the like before it); "" when there is none.
func UnsubscribeToken(subject string) string {
	i := strings.Index(strings.ToLower(subject), UnsubscribeSubjectPrefix)
	if i < 0 {
		return ""
	}
	fields := strings.Fields(subject[i+len(UnsubscribeSubjectPrefix):])
	if len(fields) == 0 {
		return ""
	}
	return fields[0]
}

// UnsubscribeURL is subscriber id's unsubscribe link: the page with the button, and
// the RFC 8058 one-click target. It works for as long as the signing key is kept.
func (s *Service) UnsubscribeURL(id int64) string {
	return s.emails.link(UnsubscribePath, s.signer.Token(id))
}
