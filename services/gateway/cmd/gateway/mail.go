package main

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
	"github.com/portfolio-site/portfolio/services/mail/maildir"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/mail/templates"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// mailService is the mail outbox on the site's database, which every other service
// queues its emails in (in the transaction of the change they are about), and the
// worker that sends them.
type mailService struct {
	outbox *mailstore.Outbox
	worker *outbox.Worker
	// hygiene is the suppression list, kept from the relays' reports (the mail events
	// webhooks); the worker sends nothing to a suppressed address.
	hygiene *hygiene.Service
}

// newMail builds the outbox and its worker, sending through SMTP or into the maildir
// (newTransport) at the configured pace, its metrics in reg.
func newMail(cfg config.Config, logger *zap.Logger, db *sqldb.DB, reg *prometheus.Registry) (*mailService, error) {
	store := mailstore.New(db)
	transport, err := newTransport(cfg, logger)
	if err != nil {
		return nil, err
	}
	emails, err := siteEmails()
	if err != nil {
		return nil, err
	}
	list := hygiene.NewService(mailstore.NewHygiene(db), hygiene.Policy{SoftBounces: cfg.SoftBounceLimit, SoftWindow: cfg.SoftBounceWindow}, nil)
	// Nothing goes to a suppressed address; the others' emails carry their templates,
	// rendered as they are sent.
	send := hygiene.Transport{Checker: list, Next: templates.Transport{Templates: emails, Next: transport}}
	worker, err := outbox.NewWorker(store, send, logger, outbox.Options{
		MaxAttempts:  cfg.OutboxMaxAttempts,
		RetryBase:    cfg.OutboxRetryBase,
		RetryMax:     cfg.OutboxRetryMax,
		PollInterval: cfg.OutboxPollInterval,
		SendTimeout:  cfg.OutboxSendTimeout,
		Limiter:      outbox.RateLimit(cfg.MailRatePerSecond),
		Registerer:   prometheus.WrapRegistererWithPrefix("portfolio_", reg),
		// Retried this long before it is dead (docs: PORTFOLIO_OUTBOX_RETRY_LIFETIME).
		RetryLifetime: cfg.OutboxRetryLifetime,
	})
	if err != nil {
		return nil, err
	}
	return &mailService{outbox: store, worker: worker, hygiene: list}, nil
}

// siteEmails are every email the site sends, each parsed by the domain that owns it
// and queues it: the one place they are registered for the mail worker to render.
func siteEmails() (*templates.Registry, error) {
	return templates.NewRegistry(slices.Concat(contact.EmailTemplates(), newsletter.EmailTemplates())...)
}

// releaseLeases, on SQLite, puts the emails a previous process was sending back in
// the queue, due now: this gateway holds the data directory's lock, so no other
// process is sending them. After a crash or a restore from a backup taken mid-send
// they go out at once instead of when their lease expires. (On PostgreSQL another
// replica may be sending them; their leases stand.)
func (m *mailService) releaseLeases(ctx context.Context, db *sqldb.DB, logger *zap.Logger) error {
	if db.Dialect != sqldb.SQLite {
		return nil
	}
	n, err := m.outbox.ReleaseLeases(ctx, time.Now())
	if err != nil {
		return err
	}
	if n > 0 {
		logger.Info("mail: emails left sending by the previous process are queued again", zap.Int64("emails", n))
	}
	return nil
}

// notify wakes the worker: an email was just queued.
func (m *mailService) notify() { m.worker.Notify() }

// start runs the worker in the background until stop, which may be called more than
// once: it is called after HTTP has stopped (so that nothing is queued after it), and
// it lets the attempts in flight finish.
func (m *mailService) start(ctx context.Context, logger *zap.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan error, 1)
	go func() { done <- m.worker.Run(ctx) }()
	var once sync.Once
	return func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				logger.Error("mail worker failed", zap.Error(err))
			}
			logger.Info("mail worker stopped", zap.Uint64("sent", m.worker.Stats().Sent), zap.Uint64("dead", m.worker.Stats().Dead))
		})
	}
}

// newTransport is how email leaves: SMTP when a host is configured, else the maildir
// under the data directory; signed with DKIM when PORTFOLIO_DKIM_* are set. The
// password is never logged.
func newTransport(cfg config.Config, logger *zap.Logger) (outbox.Transport, error) {
	signer, err := newDKIMSigner(cfg)
	if err != nil {
		return nil, err
	}
	var sign mail.Signer // a nil *dkim.Signer in it would not be nil
	if signer != nil {
		sign = signer
		logger.Info("mail: signing with DKIM", zap.String("domain", signer.Domain()), zap.String("selector", signer.Selector()))
	}
	if cfg.SMTPHost == "" {
		t, err := maildir.New(cfg.MaildirPath(), logger, sign)
		if err != nil {
			return nil, err
		}
		logger.Info("mail: no SMTP host configured, email is written to the maildir", zap.String("dir", cfg.MaildirPath()))
		return t, nil
	}
	t, err := smtp.New(smtp.Config{
		Host:     cfg.SMTPHost,
		Port:     cfg.SMTPPort,
		Username: cfg.SMTPUsername,
		Password: cfg.SMTPPassword.Reveal(),
		TLS:      smtp.TLSMode(cfg.SMTPTLS),
		Timeout:  cfg.SMTPTimeout,
		Signer:   sign,
	})
	if err != nil {
		return nil, err
	}
	logger.Info("mail: sending through SMTP",
		zap.String("host", cfg.SMTPHost),
		zap.Int("port", cfg.SMTPPort),
		zap.String("tls", cfg.SMTPTLS),
		zap.Bool("auth", cfg.SMTPUsername != ""),
	)
	return t, nil
}
