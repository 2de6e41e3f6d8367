package contact

import (
	"embed"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates"
)

// emailFiles are the contact emails' templates: emails/<name>.txt.tmpl and .html.tmpl
// (services/mail/templates says what each holds).
//
//go:embed emails/*.tmpl
var emailFiles embed.FS

// The contact emails, parsed once at start-up and never changed.
var (
	notificationEmail = templates.MustParse(emailFiles, map[string]any{"quote": quote}, "emails/contact_notification")
	autoReplyEmail    = templates.MustParse(emailFiles, nil, "emails/contact_auto_reply")
)

// EmailTemplates are the emails this domain queues, for the mail worker to render
// them when it sends them (templates.NewRegistry, at wiring time).
func EmailTemplates() []*templates.Email {
	return []*templates.Email{notificationEmail, autoReplyEmail}
}

// Notification is the email the site owner gets for a contact message. Reply-To is
// set to the visitor by the caller, so answering it answers them.
type Notification struct {
	FromName  string    // from_name: the visitor's name
	FromEmail string    // from_email: the visitor's address
	Subject   string    // subject: the label of the subject chosen, e.g. "Project Collaboration"
	Message   string    // message: what the visitor wrote
	ToEmail   string    // to_email: the owner's inbox
	SiteName  string    // site_name
	SentAt    time.Time // sent_at: when the message was received
}

// Params returns the template fields by their template names.
func (n Notification) Params() map[string]string {
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
// template the sender renders (templates.Transport). Its subject reads "New contact
// message: <subject> from <name>".
func (n Notification) Deferred() (mail.Message, error) {
	return notificationEmail.Deferred(n.Params())
}

// AutoReply is the email the visitor gets: thanks and the response time. It does not
// quote the message: the address is not verified, and an echo would let anyone send
// text of their choosing to any inbox through the site.
type AutoReply struct {
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

// Params returns the template fields by their template names.
func (a AutoReply) Params() map[string]string {
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
// template the sender renders (templates.Transport).
func (a AutoReply) Deferred() (mail.Message, error) {
	return autoReplyEmail.Deferred(a.Params())
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
