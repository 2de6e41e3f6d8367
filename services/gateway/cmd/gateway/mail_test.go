package main

import (
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/mail"
)

// Every email a domain queues is one the worker can render: each domain's emails are
// registered (siteEmails), the registry mail's Transport renders with. Here the contact
// domain's two, queued as the Inbox queues them.
func TestSiteEmailsRenderEveryDomainsEmails(t *testing.T) {
	reg, err := siteEmails()
	if err != nil {
		t.Fatal(err)
	}
	emails := contact.Emails{
		From: mail.Address{Email: "no-reply@example.com"}, Owner: mail.Address{Name: "Owner", Email: "owner@example.com"},
		SiteName: "DevOps Portfolio", ResponseTime: "Usually within 24 hours",
	}
	queued, err := emails.For(contact.Message{Name: "Jane", Email: "jane@example.org", Subject: "job", Body: "Hello there, a job.", CreatedAt: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	var sent []mail.Message
	for _, m := range queued {
		m, err := reg.Expand(m) // what templates.Transport does before SMTP
		if err != nil {
			t.Fatalf("%v", err)
		}
		sent = append(sent, m)
	}
	if !strings.Contains(sent[0].Text, "Hello there, a job.") || !strings.Contains(sent[1].HTML, "Usually within 24 hours") {
		t.Fatalf("sent %+v", sent)
	}
	// And the newsletter's: a registry without them cannot render its confirmation.
	names := map[string]bool{}
	for _, n := range []string{"contact_notification", "contact_auto_reply", "newsletter_confirmation", "newsletter_welcome", "newsletter_edition"} {
		_, err := reg.Expand(mail.Message{Template: &mail.Template{Name: n, Params: map[string]string{}}})
		// A known email fails on its missing fields, an unknown one on its name.
		names[n] = err != nil && !strings.Contains(err.Error(), "no email template")
	}
	for n, ok := range names {
		if !ok {
			t.Errorf("%s is not registered", n)
		}
	}
}
