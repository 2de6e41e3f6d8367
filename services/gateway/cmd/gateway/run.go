package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	contactstore "github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
	"github.com/portfolio-site/portfolio/services/gateway/internal/opsmetrics"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/maildir"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	"github.com/portfolio-site/portfolio/services/mail/sqlstore"
)

// Timeouts of the HTTP server. Every request is a small page, file or JSON body, so
// generous limits still cut off slow or stuck clients long before they pile up.
const (
	// readHeaderTimeout bounds how long a client may take to send its headers, the
	// classic slowloris defence.
	readHeaderTimeout = 5 * time.Second
	// readTimeout bounds reading a whole request; bodies are small JSON forms.
	readTimeout = 15 * time.Second
	// writeTimeout bounds handling plus writing a response: files come from memory, so
	// this only has to allow for slow networks on the largest bundle.
	writeTimeout = 30 * time.Second
	// idleTimeout lets browsers reuse a keep-alive connection across navigations
	// without holding idle sockets forever.
	idleTimeout = 120 * time.Second
	// maxHeaderBytes is well above what browsers send (cookies included) and well below
	// net/http's 1 MiB default.
	maxHeaderBytes = 64 << 10
	// shutdownTimeout lets in-flight requests finish after SIGTERM, inside the usual
	// 30 s a process manager waits before SIGKILL.
	shutdownTimeout = 15 * time.Second
)

// run starts the gateway and serves until ctx is cancelled or SIGINT/SIGTERM arrives,
// then shuts down gracefully. Once listening, it logs "listening" with the bound
// address (addr), which is how a caller that asked for port 0 learns the port.
// `gateway hash-password` instead prints the bcrypt hash of a password read from stdin,
// for PORTFOLIO_ADMIN_PASSWORD_HASH.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout io.Writer, stderr io.Writer) error {
	if len(args) > 1 && args[1] == hashPasswordCommand {
		return hashPassword(args[2:], stdin, stdout, stderr, admin.PasswordCost)
	}
	if len(args) > 1 && args[1] == versionCommand {
		return printVersion(args[2:], stdout)
	}
	ctx, stopSignals := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stopSignals()

	flags := flag.NewFlagSet(args[0], flag.ContinueOnError)
	flags.SetOutput(stderr)
	configPath := flags.String("config", getenv(config.ConfigFileEnv),
		"config file (YAML, JSON or TOML; keys as the env vars without "+config.EnvPrefix+", lower case); env "+config.ConfigFileEnv)
	if err := flags.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", flags.Args())
	}

	cfg, err := config.Load(*configPath, getenv)
	if err != nil {
		return err
	}
	logger, err := newLogger(stderr, cfg.LogLevel, cfg.LogFormat)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }() // fails on a terminal; nothing to do about it

	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	if err := checkDataDirWritable(cfg); err != nil {
		return err
	}
	site, err := content.LoadSite(content.FS())
	if err != nil {
		return err
	}
	routes, err := content.LoadRoutes(content.FS())
	if err != nil {
		return err
	}
	contactPage, err := content.LoadContact(content.FS())
	if err != nil {
		return err
	}
	posts, err := content.LoadPosts(content.FS())
	if err != nil {
		return err
	}
	found, err := discoveryFiles(cfg, site, routes, posts)
	if err != nil {
		return err
	}
	web, err := server.LoadWeb(logger, cfg, site, routes, posts)
	if err != nil {
		return err
	}

	// The database: contact messages and the mail outbox, together so that a message
	// and its emails commit at once. Closed last, after HTTP and the mail worker have
	// stopped (defers run in reverse).
	db, err := openDatabase(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer func() {
		if err := db.Close(); err != nil {
			logger.Error("closing the database failed", zap.Error(err))
		}
	}()
	outboxStore := sqlstore.New(db)

	reg := metricsRegistry(ctx)
	reg.MustRegister(opsmetrics.New(db, logger))
	transport, err := newTransport(cfg, logger)
	if err != nil {
		return err
	}
	worker, err := outbox.NewWorker(outboxStore, transport, logger, outbox.Options{
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
		return err
	}
	emails, err := contactEmails(cfg, site, contactPage)
	if err != nil {
		return err
	}
	emails.AutoRepliesPerHour = cfg.ContactAutoReplyPerHour
	inbox := contact.NewInbox(contactstore.NewContacts(db, outboxStore), emails, worker.Notify)
	subs, err := newsletterService(ctx, cfg, db, outboxStore, emails, worker.Notify)
	if err != nil {
		return err
	}
	adm, publisher, err := adminAPI(ctx, cfg, logger, db, outboxStore, subs, inbox, worker.Notify)
	if err != nil {
		return err
	}
	adm.Mail = adminMail{Outbox: outboxStore, wake: worker.Notify}

	srv := &http.Server{
		Handler:           server.NewServer(logger, cfg, site, routes, posts, web, found, reg, contactstore.NewHealth(db), inbox, subs, adm),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          zap.NewStdLog(logger.WithOptions(zap.IncreaseLevel(zapcore.WarnLevel))),
	}
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	stopMetrics, err := serveMetrics(cfg, logger, reg)
	if err != nil {
		_ = ln.Close()
		return err
	}
	defer stopMetrics()

	// The mail worker runs until HTTP has stopped (so that nothing is queued after it),
	// then finishes the attempts in flight; see stopWorker below.
	workerCtx, cancelWorker := context.WithCancel(context.WithoutCancel(ctx))
	workerDone := make(chan error, 1)
	go func() { workerDone <- worker.Run(workerCtx) }()
	var stopOnce sync.Once
	stopWorker := func() {
		stopOnce.Do(func() {
			cancelWorker()
			if err := <-workerDone; err != nil {
				logger.Error("mail worker failed", zap.Error(err))
			}
			logger.Info("mail worker stopped", zap.Uint64("sent", worker.Stats().Sent), zap.Uint64("dead", worker.Stats().Dead))
		})
	}
	defer stopWorker()
	// A publication a stopped gateway left half-queued is finished in the background;
	// stopped before the database closes.
	stopResume := resumePublications(ctx, logger, publisher, cfg.PublishResumeAfter)
	defer stopResume()

	logger.Info("listening",
		zap.String("addr", ln.Addr().String()),
		zap.String("public_url", cfg.PublicURL),
		zap.Bool("ready", web.Ready()),
		zap.Bool("dev", cfg.Dev),
	)

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// A second SIGINT/SIGTERM now stops the process at once.
	stopSignals()
	drain(ctx, logger, web, cfg.ShutdownDelay)

	logger.Info("shutting down", zap.Duration("timeout", shutdownTimeout))
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	stopWorker()
	logger.Info("stopped")
	return nil
}

// discoveryFiles builds /rss.xml, /sitemap.xml and /robots.txt from content.
func discoveryFiles(cfg config.Config, site content.Site, routes []content.Route, posts []content.Post) (*discovery.Files, error) {
	projects, err := content.LoadProjects(content.FS())
	if err != nil {
		return nil, err
	}
	legal, err := content.LoadLegal(content.FS())
	if err != nil {
		return nil, err
	}
	return discovery.Build(discovery.Input{
		Site:      site,
		Routes:    routes,
		Posts:     posts,
		Projects:  projects.Projects,
		Legal:     legal,
		PublicURL: cfg.PublicURL,
	})
}

// newTransport is how email leaves: SMTP when a host is configured, else the maildir
// under the data directory. The password is never logged.
func newTransport(cfg config.Config, logger *zap.Logger) (outbox.Transport, error) {
	if cfg.SMTPHost == "" {
		t, err := maildir.New(cfg.MaildirPath(), logger)
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

// newLogger writes structured logs to w. No sampling: zap's production sampling drops
// repeated messages, and every request log line is a repeat of "request".
func newLogger(w io.Writer, level, format string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("log level: %w", err)
	}
	enc := zap.NewProductionEncoderConfig()
	enc.TimeKey = "time"
	enc.EncodeTime = zapcore.RFC3339NanoTimeEncoder
	enc.EncodeDuration = zapcore.SecondsDurationEncoder // float seconds: sub-millisecond requests do not log as 0
	var encoder zapcore.Encoder
	if format == "console" {
		enc.EncodeLevel = zapcore.CapitalColorLevelEncoder
		encoder = zapcore.NewConsoleEncoder(enc)
	} else {
		encoder = zapcore.NewJSONEncoder(enc)
	}
	sink := zapcore.Lock(zapcore.AddSync(w))
	return zap.New(zapcore.NewCore(encoder, sink, lvl), zap.ErrorOutput(sink)), nil
}
