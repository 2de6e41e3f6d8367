package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates"
)

type sentMail struct{ got []mail.Message }

func (s *sentMail) Send(_ context.Context, m mail.Message) error {
	s.got = append(s.got, m)
	return nil
}

// Every email a domain queues is one the worker can render: each domain's emails are
// registered (siteEmails) and rendered through mail's Transport. Here the contact
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
	next := &sentMail{}
	for _, m := range queued {
		if err := (templates.Transport{Templates: reg, Next: next}).Send(context.Background(), m); err != nil {
			t.Fatalf("%s: %v", m.Template.Name, err)
		}
	}
	if len(next.got) != 2 || !strings.Contains(next.got[0].Text, "Hello there, a job.") || !strings.Contains(next.got[1].HTML, "Usually within 24 hours") {
		t.Fatalf("sent %+v", next.got)
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
