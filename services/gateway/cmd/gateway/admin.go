package main

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	adminstore "github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// newAdmin builds what the admin API works with: the configured admin (closed when
// none is) with sessions in the site's database, the newsletter's subscribers,
// publisher and rehearsal, the contact messages of inbox, and the mail outbox's troubled emails.
func newAdmin(ctx context.Context, cfg config.Config, logger *zap.Logger, db *sqldb.DB,
	mail *mailService, letters newsletterService, inbox *contact.Inbox,
) (server.Admin, error) {
	auth := admin.New(admin.Credentials{User: cfg.AdminUser, PasswordHash: cfg.AdminPasswordHash.Reveal()},
		adminstore.New(db), admin.Options{
			SessionTTL: cfg.AdminSessionTTL, PasswordChecks: cfg.AdminPasswordChecks, PasswordCost: cfg.AdminPasswordCost,
		})
	if err := announceSetup(ctx, cfg, logger, auth); err != nil {
		return server.Admin{}, err
	}
	return server.Admin{
		Auth:        auth,
		Subscribers: letters.subscriptions,
		Publisher:   letters.publisher,
		Messages:    inbox,
		Mail:        adminMail{Outbox: mail.outbox, wake: mail.notify},
		Rehearsal:   letters.rehearsal,
		// The suppression list the mail events keep, which the owner can lift.
		Suppressions: mail.hygiene,
	}, nil
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
		zap.String("setup_url", cfg.AdminURL+setupPath+token),
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
