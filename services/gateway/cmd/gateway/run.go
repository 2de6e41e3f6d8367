package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/opsmetrics"
	"github.com/portfolio-site/portfolio/services/gateway/internal/private"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
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

// streams are what a command reads and writes besides its arguments.
type streams struct {
	getenv func(string) string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// subcommand is one of the gateway's commands besides serving, given its arguments.
type subcommand func(ctx context.Context, args []string, io streams) error

// subcommands are `gateway <name> …`: each prints or changes something and returns.
func subcommands() map[string]subcommand {
	return map[string]subcommand{
		hashPasswordCommand: func(_ context.Context, args []string, s streams) error {
			return hashPassword(args, s.stdin, s.stdout, s.stderr, admin.PasswordCost)
		},
		versionCommand: func(_ context.Context, args []string, s streams) error { return printVersion(args, s.stdout) },
		sectionsCommand: func(ctx context.Context, args []string, s streams) error {
			return runSections(ctx, args, s.getenv, s.stdout, s.stderr)
		},
		backupCommand: func(ctx context.Context, args []string, s streams) error {
			return runBackup(ctx, args, s.getenv, s.stdout, s.stderr)
		},
		restoreCommand: func(ctx context.Context, args []string, s streams) error {
			return runRestore(ctx, args, s.getenv, s.stdout, s.stderr)
		},
		newsletterCommand: func(ctx context.Context, args []string, s streams) error {
			return runNewsletter(ctx, args, s.getenv, s.stdin, s.stdout)
		},
		dkimRecordCommand: func(_ context.Context, args []string, s streams) error {
			return printDKIMRecord(args, s.getenv, s.stdout, s.stderr)
		},
	}
}

// run runs a subcommand (`gateway hash-password`, `backup`, `sections …`: the table
// above), or else serves the site until ctx is cancelled or SIGINT/SIGTERM arrives,
// then shuts down gracefully. Once listening, it logs "listening" with the bound
// addresses (addr, admin_addr), which is how a caller that asked for port 0 learns
// them.
//
// Serving's steps: configuration and log, the data directory and the listeners, the
// site's content (serveSite); the database (every module's tables migrated), then one
// service after another (mail.go, contact.go, newsletter.go, admin.go: startServices);
// the HTTP handlers over them, and serving. Whatever is opened is closed in reverse
// order when run returns.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout io.Writer, stderr io.Writer) error {
	if len(args) > 1 {
		if cmd, ok := subcommands()[args[1]]; ok {
			return cmd(ctx, args[2:], streams{getenv: getenv, stdin: stdin, stdout: stdout, stderr: stderr})
		}
	}
	ctx, stopSignals := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	cfg, err := loadConfig(args, getenv, stderr)
	if err != nil || cfg == nil {
		return err // nil for -help
	}
	logger, err := newLogger(stderr, cfg.LogLevel, cfg.LogFormat)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }() // fails on a terminal; nothing to do about it
	if err := prepareDataDir(*cfg); err != nil {
		return err
	}
	if cfg.DatabaseURL.Reveal() == "" {
		// The SQLite file is this process's alone while it runs: a restore waits
		// for it to stop, and a second gateway on the directory does not start.
		unlock, err := lockDataDir(cfg.DataDir)
		if err != nil {
			return err
		}
		defer unlock()
	}
	if err := tightenPrivate(logger, *cfg); err != nil {
		return err
	}
	// Bound before anything names the admin's origin: with port 0 (tests), its URL
	// takes the port the system chose.
	lns, err := listen(*cfg)
	if err != nil {
		return err
	}
	defer lns.close()
	cfg.BindAdmin(lns.admin.Addr().String())
	loaded, err := loadSite(logger, *cfg)
	if err != nil {
		return err
	}
	var closers stack
	defer closers.close()
	svc, err := startServices(ctx, *cfg, getenv, logger, loaded, &closers)
	if err != nil {
		return err
	}
	return serve(ctx, *cfg, logger, lns, server.NewServer(svc.deps), loaded.web, svc.registry, stopSignals, svc.mail, svc.letters, svc.stopCounting)
}

// stack holds what startServices opened or started, to be closed or stopped in reverse
// order.
type stack []func()

func (s *stack) push(f func()) { *s = append(*s, f) }

func (s *stack) close() {
	for i := len(*s) - 1; i >= 0; i-- {
		(*s)[i]()
	}
}

// services are what serving runs: the HTTP surface's dependencies and the background
// work serve starts and stops.
type services struct {
	deps         server.Deps
	registry     *prometheus.Registry
	mail         *mailService
	letters      newsletterService
	stopCounting func()
}

// startServices opens the database (restored from the replica first if the data
// directory has none) and starts every service over it, in dependency order; each is
// pushed on closers to be stopped in reverse.
func startServices(ctx context.Context, cfg config.Config, getenv func(string) string, logger *zap.Logger, loaded siteContent, closers *stack) (services, error) {
	var svc services
	// Its last sync runs after the database is closed.
	repl, err := openReplication(ctx, cfg, getenv, logger)
	if err != nil {
		return svc, err
	}
	closers.push(repl.close)
	// One database for every module: a row and the emails about it commit together.
	// Closed last, after HTTP and the background work have stopped.
	db, err := openDatabase(ctx, cfg, logger)
	if err != nil {
		return svc, err
	}
	closers.push(func() { closeDatabase(db, logger) })
	if err := repl.adoptReleases(ctx, cfg, db); err != nil {
		return svc, err
	}
	// Each section as its promoted release has it, followed from the database.
	sections, err := newSections(cfg, logger, db, loaded.web)
	if err != nil {
		return svc, err
	}
	stopFollowing, err := site.Follow(ctx, logger, sections, loaded.web)
	if err != nil {
		return svc, err
	}
	closers.push(stopFollowing)
	svc.registry = metricsRegistry(ctx)
	if err := repl.register(svc.registry); err != nil {
		return svc, err
	}
	closers.push(repl.start(ctx))
	backups, err := newBackupSchedule(cfg, logger, svc.registry)
	if err != nil {
		return svc, err
	}
	closers.push(backups.start(ctx))
	drills, err := newRestoreDrills(cfg, logger, svc.registry, repl)
	if err != nil {
		return svc, err
	}
	closers.push(drills.start(ctx))
	if svc.mail, err = newMail(cfg, logger, db, svc.registry); err != nil {
		return svc, err
	}
	if err := svc.mail.releaseLeases(ctx, db, logger); err != nil {
		return svc, err
	}
	contacts, err := newContact(cfg, loaded, db, svc.mail)
	if err != nil {
		return svc, err
	}
	if svc.letters, err = newNewsletter(ctx, cfg, db, svc.mail, contacts.emails, loaded.web.Editions); err != nil {
		return svc, err
	}
	// The outbox's and the publications' backlogs, each from its module's store.
	svc.registry.MustRegister(opsmetrics.New(svc.mail.outbox, svc.letters.store, logger))
	adm, err := newAdmin(ctx, cfg, logger, db, svc.mail, svc.letters, contacts.inbox)
	if err != nil {
		return svc, err
	}
	adm.Replication = replicationStatus{cfg: cfg, repl: repl}
	// Page views and sign-ups, counted in memory and flushed to the database; the last
	// flush is after HTTP stops (serve), before the database closes.
	views := newAnalytics(ctx, cfg, logger, db)
	closers.push(views.stop)
	// Every replica watches the canaries; one ends a failing one (docs/decisions/0059).
	closers.push(newCanaryGuard(cfg, logger, svc.registry, sections, views.counter).Start(ctx))
	svc.stopCounting = views.stop
	svc.deps = server.Deps{
		Logger: logger, Config: cfg, Site: loaded.site, Routes: loaded.routes, Served: loaded.web,
		Registry: svc.registry, Database: repl.health(db),
		Contact: contacts.inbox, Newsletter: svc.letters.subscriptions, Admin: adm,
		Sections: sections, Analytics: views.counter, MailEvents: svc.mail.hygiene,
	}
	return svc, nil
}

// loadConfig reads the flags and the configuration (file, then env); nil and no
// error when -help was asked for.
func loadConfig(args []string, getenv func(string) string, stderr io.Writer) (*config.Config, error) {
	flags := flag.NewFlagSet(args[0], flag.ContinueOnError)
	flags.SetOutput(stderr)
	configPath := flags.String("config", getenv(config.ConfigFileEnv),
		"config file (YAML, JSON or TOML; keys as the env vars without "+config.EnvPrefix+", lower case); env "+config.ConfigFileEnv)
	if err := flags.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, nil
		}
		return nil, err
	}
	if flags.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments: %v", flags.Args())
	}
	cfg, err := config.Load(*configPath, getenv)
	if err != nil {
		return nil, err
	}
	return &cfg, nil
}

// prepareDataDir creates the data directory (0700: private) and checks that it takes what must be
// written there.
func prepareDataDir(cfg config.Config) error {
	if err := private.MkdirAll(cfg.DataDir); err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	return checkDataDirWritable(cfg)
}

// siteContent is what the site shows, loaded from content once at start-up.
type siteContent struct {
	site        content.Site
	routes      []content.Route
	contactPage content.Contact
	web         *site.Site // the built front end and the sections as served now
}

// loadSite loads the content and the front end's build, and makes the discovery files.
func loadSite(logger *zap.Logger, cfg config.Config) (siteContent, error) {
	var s siteContent
	var err error
	if s.site, err = content.LoadSite(content.FS()); err != nil {
		return s, err
	}
	if s.routes, err = content.LoadRoutes(content.FS()); err != nil {
		return s, err
	}
	if s.contactPage, err = content.LoadContact(content.FS()); err != nil {
		return s, err
	}
	s.web, err = site.Load(logger, cfg, s.site)
	return s, err
}

// listeners are the site's two origins' (docs/decisions/0047): the public one on
// cfg.HTTPAddr, the admin's on cfg.AdminAddr.
type listeners struct {
	public, admin net.Listener
}

func listen(cfg config.Config) (listeners, error) {
	public, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return listeners{}, fmt.Errorf("listen: %w", err)
	}
	admin, err := net.Listen("tcp", cfg.AdminAddr)
	if err != nil {
		_ = public.Close()
		return listeners{}, fmt.Errorf("listen (admin, %s): %w", config.EnvName("admin_addr"), err)
	}
	return listeners{public: public, admin: admin}, nil
}

// close closes what serve did not: after it, closing again is harmless.
func (l listeners) close() {
	_ = l.public.Close()
	_ = l.admin.Close()
}

// serve serves the public origin on lns.public and the admin's on lns.admin (and the
// metrics on their own listener), with the mail worker and the newsletter's resume
// loop running, until ctx is done; then it drains, stops HTTP (requests in flight
// finish), and only then the background work, so that nothing is queued after the
// worker stopped and every page view counted is flushed.
func serve(ctx context.Context, cfg config.Config, logger *zap.Logger, lns listeners, handlers server.Handlers, web *site.Site,
	reg *prometheus.Registry, stopSignals func(), mail *mailService, letters newsletterService, stopCounting func(),
) error {
	errorLog := zap.NewStdLog(logger.WithOptions(zap.IncreaseLevel(zapcore.WarnLevel)))
	servers := []*http.Server{newHTTPServer(handlers.Public, errorLog), newHTTPServer(handlers.Admin, errorLog)}
	stopMetrics, err := serveMetrics(cfg, logger, reg)
	if err != nil {
		return err
	}
	defer stopMetrics()
	stopWorker := mail.start(ctx, logger)
	defer stopWorker()
	// Stopped before the database closes.
	stopResume := letters.resume(ctx, logger, cfg.PublishResumeAfter)
	defer stopResume()
	stopDue := letters.dueWork(ctx, logger, cfg.ScheduleInterval)
	defer stopDue()

	logger.Info("listening",
		zap.String("addr", lns.public.Addr().String()),
		zap.String("public_url", cfg.PublicURL),
		zap.String("admin_addr", lns.admin.Addr().String()),
		zap.String("admin_url", cfg.AdminURL),
		zap.Bool("ready", web.Ready()),
		zap.Bool("dev", cfg.Dev),
	)

	serveErr := make(chan error, len(servers))
	for i, ln := range []net.Listener{lns.public, lns.admin} {
		go func() { serveErr <- servers[i].Serve(ln) }()
	}
	select {
	case err := <-serveErr:
		for _, srv := range servers {
			_ = srv.Close()
		}
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// A second SIGINT/SIGTERM now stops the process at once.
	stopSignals()
	drain(ctx, logger, web, cfg.ShutdownDelay)

	logger.Info("shutting down", zap.Duration("timeout", shutdownTimeout))
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	// Both at once: each waits for its own requests in flight.
	shutdownErr := make(chan error, len(servers))
	for _, srv := range servers {
		go func() { shutdownErr <- srv.Shutdown(shutdownCtx) }()
	}
	var errs []error
	for range servers {
		if err := <-shutdownErr; err != nil {
			errs = append(errs, fmt.Errorf("shutdown: %w", err))
		}
		if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
			errs = append(errs, fmt.Errorf("serve: %w", err))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	// No request is in flight any more: what was counted goes to the database.
	stopCounting()
	stopWorker()
	logger.Info("stopped")
	return nil
}

// newHTTPServer is one origin's server, with the timeouts above.
func newHTTPServer(h http.Handler, errorLog *log.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          errorLog,
	}
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
