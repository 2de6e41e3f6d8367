package main

import (
	"context"
	"fmt"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// newsletterService is the newsletter on the site's database, its emails queued
// through out (the outbox on the same database) so that a subscriber and their
// confirmation commit together. Its emails come from the contact emails' sender and
// replies go to the owner; notify wakes the mail worker.
func newsletterService(ctx context.Context, cfg config.Config, db *sqldb.DB, out outbox.TxEnqueuer, emails contact.Emails, notify func()) (*newsletter.Service, error) {
	store := sqlstore.New(db, out)
	svc, err := newsletter.NewService(ctx, store, newsletter.Emails{
		From:      emails.From,
		ReplyTo:   emails.Owner,
		SiteName:  emails.SiteName,
		PublicURL: cfg.PublicURL,
	}, newsletter.Options{
		ConfirmTTL:     cfg.NewsletterConfirmTTL,
		ResendInterval: cfg.NewsletterResendInterval,
		Notify:         notify,
	})
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	return svc, nil
}
