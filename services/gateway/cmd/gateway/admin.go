package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	adminstore "github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// adminAPI is what the admin API works with: the configured admin (closed when none
// is) with sessions in the site's database, the subscribers of subs, a publisher of
// content's editions queueing through out (the outbox on the same database; notify
// wakes the mail worker, whose rate limit paces the sending), and the contact
// messages of inbox.
func adminAPI(ctx context.Context, cfg config.Config, logger *zap.Logger, db *sqldb.DB, out outbox.TxEnqueuer,
	subs *newsletter.Service, inbox *contact.Inbox, notify func(),
) (server.Admin, *newsletter.Publisher, error) {
	auth := admin.New(admin.Credentials{User: cfg.AdminUser, PasswordHash: cfg.AdminPasswordHash.Reveal()},
		adminstore.New(db), admin.Options{
			SessionTTL: cfg.AdminSessionTTL, PasswordChecks: cfg.AdminPasswordChecks, PasswordCost: cfg.AdminPasswordCost,
		})
	if err := announceSetup(ctx, cfg, logger, auth); err != nil {
		return server.Admin{}, nil, err
	}
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		return server.Admin{}, nil, err
	}
	// The newsletter's store migrated with subs (newsletterService).
	publisher := newsletter.NewPublisher(sqlstore.New(db, out), subs, editions, newsletter.PublisherOptions{Notify: notify})
	return server.Admin{Auth: auth, Subscribers: subs, Publisher: publisher, Messages: inbox}, publisher, nil
}

// setupPath is where a setup link leads: the admin page, with the token in the
// fragment, which browsers never send, so it stays out of every request line, access
// log and Referer.
const setupPath = "/admin/newsletter#setup="

// announceSetup prints a one-time setup link in the log, and only there, when no admin
// is configured (PORTFOLIO_ADMIN_*) nor set up in the database: whoever can read the
// gateway's log chooses the admin's user name and password with it, within the hour.
func announceSetup(ctx context.Context, cfg config.Config, logger *zap.Logger, auth *admin.Auth) error {
	if cfg.AdminUser != "" {
		return nil
	}
	token, expires, err := auth.StartSetup(ctx)
	if err != nil {
		return fmt.Errorf("admin: %w", err)
	}
	if token == "" {
		logger.Info("admin: set up in the database (" + config.EnvName("admin_user") + " and " + config.EnvName("admin_password_hash") + " would win)")
		return nil
	}
	logger.Warn("admin: no admin yet; open the setup link to choose the admin's user name and password (it works once, until expires_at; restart for a new one)",
		zap.String("setup_url", strings.TrimSuffix(cfg.PublicURL, "/")+setupPath+token),
		zap.Time("expires_at", expires))
	return nil
}

// adminMail is the outbox as the admin API uses it: a dead email put back in the
// queue wakes the mail worker, so it is tried at once.
type adminMail struct {
	*mailstore.Outbox
	wake func()
}

func (m adminMail) Requeue(ctx context.Context, id int64, now time.Time) error {
	if err := m.Outbox.Requeue(ctx, id, now); err != nil {
		return err
	}
	m.wake()
	return nil
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
