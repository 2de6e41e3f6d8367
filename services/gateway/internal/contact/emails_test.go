package contact_test

import (
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates/templatestest"
)

const hostile = `<script>alert("x")</script> & <b>bold</b>`

func notification() contact.Notification {
	return contact.Notification{
		FromName:  "Jane Doe",
		FromEmail: "jane@example.org",
		Subject:   "Project Collaboration",
		Message:   "Hello!\nLet's build a platform.\n" + hostile,
		ToEmail:   "owner@example.com",
		SiteName:  "DevOps Portfolio",
		SentAt:    time.Date(2026, 3, 4, 10, 30, 0, 0, time.UTC),
	}
}

func autoReply() contact.AutoReply {
	return contact.AutoReply{
		ToEmail:        "jane@example.org",
		ToName:         "Jane Doe",
		ReplyTo:        "owner@example.com",
		UserEmail:      "jane@example.org",
		ContactSubject: "Project Collaboration",
		FromEmail:      "owner@example.com",
		OwnerName:      "Your Name",
		SiteName:       "DevOps Portfolio",
		ResponseTime:   "Usually within 24 hours",
	}
}

// sent is the email a Deferred queued, as the mail worker sends it.
func sent(t *testing.T, deferred func() (mail.Message, error)) mail.Message {
	t.Helper()
	m, err := deferred()
	if err != nil {
		t.Fatal(err)
	}
	return templatestest.Sent(t, contact.EmailTemplates(), m)
}

// The contact emails are registered through mail and rendered there byte for byte as
// they were when mail/templates held them: testdata/emails/ was rendered by that code.
func TestEmailsAsBefore(t *testing.T) {
	for name, deferred := range map[string]func() (mail.Message, error){
		"contact_notification": notification().Deferred,
		"contact_auto_reply":   autoReply().Deferred,
	} {
		t.Run(name, func(t *testing.T) {
			m, err := deferred()
			if err != nil {
				t.Fatal(err)
			}
			templatestest.Golden(t, "testdata/emails/"+name+".json", contact.EmailTemplates(), m)
		})
	}
}

func TestNotificationEmail(t *testing.T) {
	e := sent(t, notification().Deferred)
	if want := "New contact message: Project Collaboration from Jane Doe"; e.Subject != want {
		t.Errorf("Subject = %q, want %q", e.Subject, want)
	}
	for _, want := range []string{
		"From:    Jane Doe <jane@example.org>",
		"Subject: Project Collaboration",
		"Sent:    Wed, 4 Mar 2026 10:30 UTC",
		"> Hello!\n> Let's build a platform.\n> " + hostile, // the text part quotes it verbatim
		"owner@example.com",
		"DevOps Portfolio",
	} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, e.Text)
		}
	}
	for _, want := range []string{
		"Jane Doe", "mailto:jane@example.org", "Project Collaboration", "owner@example.com", "DevOps Portfolio",
		"Let&#39;s build a platform.",
		"&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;",
	} {
		if !strings.Contains(e.HTML, want) {
			t.Errorf("html lacks %q:\n%s", want, e.HTML)
		}
	}
	checkNoRawHTML(t, e.HTML)
	templatestest.Layout(t, e.HTML, "Jane Doe wrote about Project Collaboration: reply to this email to answer.")
}

func TestAutoReplyEmail(t *testing.T) {
	e := sent(t, autoReply().Deferred)
	// No visitor's words in the subject: it goes to an address nobody verified.
	if want := "Thanks for getting in touch with DevOps Portfolio"; e.Subject != want {
		t.Errorf("Subject = %q, want %q", e.Subject, want)
	}
	for _, want := range []string{
		"Hi Jane Doe,",
		"Thank you for reaching out",
		`"Project Collaboration"`,
		"Usually within 24 hours",
		"owner@example.com",
		"jane@example.org was entered in the contact form on DevOps Portfolio",
		"Your Name",
	} {
		if !strings.Contains(e.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, e.Text)
		}
	}
	for _, want := range []string{
		"Hi Jane Doe,", "Usually within 24 hours", "Project Collaboration", "mailto:owner@example.com",
	} {
		if !strings.Contains(e.HTML, want) {
			t.Errorf("html lacks %q", want)
		}
	}
	// What an inbox shows of it beside the subject: nothing the visitor wrote.
	const preheader = "Your message about Project Collaboration reached me. Response time: Usually within 24 hours."
	templatestest.Layout(t, e.HTML, preheader)

	// The name is the one thing the visitor wrote that the auto-reply shows: as text.
	a := autoReply()
	a.ToName = hostile
	e = sent(t, a.Deferred)
	if want := "Hi &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;,"; !strings.Contains(e.HTML, want) {
		t.Errorf("html lacks %q:\n%s", want, e.HTML)
	}
	checkNoRawHTML(t, e.HTML)
	templatestest.Layout(t, e.HTML, preheader)
}

func TestHostileNamesAreEscapedAndSubjectsStayOneLine(t *testing.T) {
	n := notification()
	n.FromName = "<img src=x onerror=alert(1)>\nBcc: victim@example.com"
	e := sent(t, n.Deferred)
	if strings.ContainsAny(e.Subject, "\r\n") {
		t.Errorf("subject has a line break: %q", e.Subject)
	}
	if strings.Contains(e.HTML, "<img") {
		t.Error("HTML contains the visitor's <img> tag unescaped")
	}
	a := autoReply()
	a.ToName = "Eve\r\nBcc: victim@example.com"
	if e = sent(t, a.Deferred); strings.ContainsAny(e.Subject, "\r\n") {
		t.Errorf("subject has a line break: %q", e.Subject)
	}
}

func TestParamsUseTheSpecsNames(t *testing.T) {
	n := notification().Params()
	for _, k := range []string{"from_name", "from_email", "subject", "message", "to_email"} {
		if n[k] == "" {
			t.Errorf("notification params lack %s", k)
		}
	}
	a := autoReply().Params()
	for _, k := range []string{"to_email", "to_name", "reply_to", "user_email", "contact_subject", "from_email"} {
		if a[k] == "" {
			t.Errorf("auto-reply params lack %s", k)
		}
	}
}

// checkNoRawHTML fails if the hostile markup made it into the HTML as markup.
func checkNoRawHTML(t *testing.T, html string) {
	t.Helper()
	for _, bad := range []string{"<script>", "<b>bold</b>"} {
		if strings.Contains(html, bad) {
			t.Errorf("html contains %q unescaped", bad)
		}
	}
}
