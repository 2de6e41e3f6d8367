package main

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/newsletter"
	newsletterstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// newsletterService is the newsletter on the site's database: its subscriptions, and
// the publisher of content's editions, over one store.
type newsletterService struct {
	subscriptions *newsletter.Service
	publisher     *newsletter.Publisher
	rehearsal     *newsletter.Rehearsal  // the owner's preview and test send
	store         *newsletterstore.Store // also what the metrics read
}

// newNewsletter builds the newsletter over one store, its emails queued through the
// outbox on the same database so that a subscriber and their confirmation commit
// together. Its emails come from the contact emails' sender and replies go to the
// owner; each queued email wakes the mail worker, whose rate limit paces the sending
// of an edition.
func newNewsletter(ctx context.Context, cfg config.Config, db *sqldb.DB, mail *mailService, emails contact.Emails, editions func() []content.Edition) (newsletterService, error) {
	store := newsletterstore.New(db, mail.outbox)
	subscriptions, err := newsletter.NewService(ctx, store, newsletter.Emails{
		From:      emails.From,
		ReplyTo:   emails.Owner,
		SiteName:  emails.SiteName,
		PublicURL: cfg.PublicURL,
		// An address whose mail is piped to `gateway newsletter unsubscribe-mail`.
		UnsubscribeMailto: cfg.ListUnsubscribeMailto,
	}, newsletter.Options{
		ConfirmTTL:                cfg.NewsletterConfirmTTL,
		ResendInterval:            cfg.NewsletterResendInterval,
		ImportConfirmationsPerDay: cfg.ImportConfirmationsPerDay,
		ReminderAfter:             cfg.NewsletterReminderAfter,
		Suppressions:              mail.hygiene, // an import carries its file's suppressions
		Notify:                    mail.notify,
	})
	if err != nil {
		return newsletterService{}, fmt.Errorf("database: %w", err)
	}
	// The editions are the newsletter section's release of the moment.
	publisher := newsletter.NewPublisher(store, subscriptions, nil, newsletter.PublisherOptions{
		Notify: mail.notify, Editions: editions, Suppressions: mail.hygiene,
	})
	// A test send goes to the owner, who gets the contact notifications too.
	rehearsal := newsletter.NewRehearsal(subscriptions, publisher.Editions, emails.Owner, mail.outbox, mail.notify)
	return newsletterService{subscriptions: subscriptions, publisher: publisher, rehearsal: rehearsal, store: store}, nil
}

// resume finishes, in the background, the publications a stopped gateway left
// running (Publisher.ResumeEvery, every PORTFOLIO_PUBLISH_RESUME_AFTER), logging what
// it did. The returned stop cancels it and waits, so that it is done before the
// database closes.
func (n newsletterService) resume(ctx context.Context, logger *zap.Logger, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		n.publisher.ResumeEvery(ctx, every, func(resumed []newsletter.PublishResult, err error) {
			for _, r := range resumed {
				logger.Info("newsletter: unfinished publication completed",
					zap.Int64("publication_id", r.ID), zap.Int("edition_id", r.EditionID), zap.Int("recipients", r.Recipients))
			}
			if err != nil {
				logger.Error("newsletter: completing unfinished publications failed; trying again later", zap.Error(err))
			}
		})
	}()
	return func() {
		cancel()
		<-done
	}
}

// dueWork runs, in the background on every replica, what falls due with time: the
// scheduled editions (each published once, by the replica that finds it first) and
// the reminders to unconfirmed readers (each sent once), every interval. The returned
// stop cancels it and waits, so that it is done before the database closes.
func (n newsletterService) dueWork(ctx context.Context, logger *zap.Logger, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			published, err := n.publisher.PublishDue(ctx)
			for _, r := range published {
				logger.Info("newsletter: scheduled edition published",
					zap.Int64("publication_id", r.ID), zap.Int("edition_id", r.EditionID), zap.Int("recipients", r.Recipients))
			}
			if err != nil && ctx.Err() == nil {
				logger.Error("newsletter: publishing a scheduled edition failed; trying again later", zap.Error(err))
			}
			reminded, err := n.subscriptions.SendReminders(ctx)
			if reminded > 0 {
				logger.Info("newsletter: reminders queued", zap.Int("readers", reminded))
			}
			if err != nil && ctx.Err() == nil {
				logger.Error("newsletter: queueing reminders failed; trying again later", zap.Error(err))
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}
