package main

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	adminstore "github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/mail/sqldb"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
)

// adminAPI is what the admin API works with: the configured admin (closed when none
// is) with sessions in the site's database, the subscribers of subs, a publisher of
// content's editions queueing through out (the outbox on the same database; notify
// wakes the mail worker, whose rate limit paces the sending), and the contact
// messages of inbox.
func adminAPI(ctx context.Context, cfg config.Config, logger *zap.Logger, db *sqldb.DB, out outbox.TxEnqueuer,
	subs *newsletter.Service, inbox *contact.Inbox, notify func(),
) (server.Admin, *newsletter.Publisher, error) {
	if err := adminstore.Migrate(ctx, db); err != nil {
		return server.Admin{}, nil, fmt.Errorf("database: %w", err)
	}
	auth := admin.New(admin.Credentials{User: cfg.AdminUser, PasswordHash: cfg.AdminPasswordHash.Reveal()},
		adminstore.NewSessions(db), admin.Options{SessionTTL: cfg.AdminSessionTTL})
	if !auth.Configured() {
		logger.Info("admin: closed, no admin configured",
			zap.String("set", config.EnvName("admin_user")+" and "+config.EnvName("admin_password_hash")))
	}
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		return server.Admin{}, nil, err
	}
	// The newsletter's store migrated with subs (newsletterService).
	publisher := newsletter.NewPublisher(sqlstore.New(db, out), subs, editions, newsletter.PublisherOptions{Notify: notify})
	return server.Admin{Auth: auth, Subscribers: subs, Publisher: publisher, Messages: inbox}, publisher, nil
}

// resumePublications finishes, in the background, the publications a stopped gateway
// left running: at start-up every one started before, then at each interval of every
// (PORTFOLIO_PUBLISH_RESUME_AFTER) those older than every (a replica that died
// mid-publish, with the others still up).
// Only the recipients whose email was not queued get it now. The returned stop
// cancels it and waits, so that it is done before the database closes; what it had
// not queued by then is queued by the next try.
func resumePublications(ctx context.Context, logger *zap.Logger, publisher *newsletter.Publisher, every time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		startedBefore := time.Now()
		for {
			resumed, err := publisher.Resume(ctx, startedBefore)
			for _, r := range resumed {
				logger.Info("newsletter: unfinished publication completed",
					zap.Int64("publication_id", r.ID), zap.Int("edition_id", r.EditionID), zap.Int("recipients", r.Recipients))
			}
			if err != nil && ctx.Err() == nil {
				logger.Error("newsletter: completing unfinished publications failed; trying again later", zap.Error(err))
			}
			select {
			case <-ctx.Done():
				return
			case now := <-tick.C:
				startedBefore = now.Add(-every)
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}
