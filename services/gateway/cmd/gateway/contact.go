package main

import (
	"fmt"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	contactstore "github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// contactService is the contact form's inbox, and who its emails are from and to
// (the newsletter's emails come from the same sender and answer to the same owner).
type contactService struct {
	inbox  *contact.Inbox
	emails contact.Emails
}

// newContact builds the inbox over the contact messages' store, queueing both
// emails about a message through the outbox in the message's transaction.
func newContact(cfg config.Config, site siteContent, db *sqldb.DB, mail *mailService) (contactService, error) {
	emails, err := contactEmails(cfg, site.site, site.contactPage)
	if err != nil {
		return contactService{}, err
	}
	emails.AutoRepliesPerHour = cfg.ContactAutoReplyPerHour
	inbox := contact.NewInbox(contactstore.NewContacts(db, mail.outbox), emails, mail.notify)
	return contactService{inbox: inbox, emails: emails}, nil
}

// contactEmails says who the contact emails are from and to: the configured sender,
// and the owner's inbox (PORTFOLIO_OWNER_EMAIL, else content's owner.email).
func contactEmails(cfg config.Config, site content.Site, page content.Contact) (contact.Emails, error) {
	from, err := mail.ParseAddress(cfg.MailFrom)
	if err != nil {
		return contact.Emails{}, fmt.Errorf("config: %s: %w", config.EnvName("mail_from"), err)
	}
	ownerEmail := cfg.OwnerEmail
	if ownerEmail == "" {
		ownerEmail = site.Owner.Email
	}
	owner, err := mail.ParseAddress(ownerEmail)
	if err != nil {
		return contact.Emails{}, fmt.Errorf("owner email (%s or content's owner.email): %w", config.EnvName("owner_email"), err)
	}
	if owner.Name == "" {
		owner.Name = site.Owner.Name
	}
	labels := make(map[string]string, len(page.Form.Subjects))
	for _, s := range page.Form.Subjects {
		labels[s.Value] = s.Label
	}
	return contact.Emails{
		From:          from,
		Owner:         owner,
		SiteName:      site.SiteName,
		ResponseTime:  site.Owner.ResponseTime,
		SubjectLabels: labels,
	}, nil
}
