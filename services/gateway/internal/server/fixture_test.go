package server_test

import (
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	analyticsstore "github.com/portfolio-site/portfolio/services/gateway/internal/analytics/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	contactstore "github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
	"github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/mail/templates"
	"github.com/portfolio-site/portfolio/services/newsletter"
	nlstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// fixture is a gateway handler over real things: the fixture build, a SQLite database
// in a temporary directory, the real contact inbox and outbox store (no worker: what
// is queued stays queued, for the test to look at).
type fixture struct {
	h        http.Handler // the public origin
	adm      http.Handler // the admin's origin
	logs     *observer.ObservedLogs
	cfg      config.Config
	db       *sqldb.DB
	outbox   *sqlstore.Outbox
	contacts *contactstore.Contacts
	subs     *newsletter.Service
	admin    *adminParts
	reg      *prometheus.Registry
	web      *site.Site
	views    *analytics.Counter // nil with PORTFOLIO_ANALYTICS=false
	hygiene  *hygiene.Service   // the suppression list the mail events keep
	notified int
}

func newFixture(t *testing.T, env map[string]string) *fixture {
	t.Helper()
	if env == nil {
		env = map[string]string{}
	}
	if _, ok := env["PORTFOLIO_WEB_DIR"]; !ok {
		env["PORTFOLIO_WEB_DIR"] = webtest.Build(t)
	}
	if _, ok := env["PORTFOLIO_DATA_DIR"]; !ok {
		env["PORTFOLIO_DATA_DIR"] = t.TempDir()
	}
	cfg, err := config.Load("", func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zap.DebugLevel)
	logger := zap.New(core)
	meta, err := content.LoadSite(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	routes, err := content.LoadRoutes(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	page, err := content.LoadContact(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	web, err := site.Load(logger, cfg, meta)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	path := filepath.Join(cfg.DataDir, "portfolio.db")
	copyFile(t, migratedDB(t), path)
	db, err := sqldb.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	out := sqlstore.New(db)
	f := &fixture{logs: logs, cfg: cfg, db: db, outbox: out, contacts: contactstore.NewContacts(db, out), reg: prometheus.NewRegistry()}
	labels := map[string]string{}
	for _, s := range page.Form.Subjects {
		labels[s.Value] = s.Label
	}
	from, err := mail.ParseAddress(cfg.MailFrom)
	if err != nil {
		t.Fatal(err)
	}
	emails := contact.Emails{
		From:          from,
		Owner:         mail.Address{Name: meta.Owner.Name, Email: meta.Owner.Email},
		SiteName:      meta.SiteName,
		ResponseTime:  meta.Owner.ResponseTime,
		SubjectLabels: labels,
		// As run() sets it.
		AutoRepliesPerHour: cfg.ContactAutoReplyPerHour,
	}
	f.hygiene = hygiene.NewService(sqlstore.NewHygiene(db), hygiene.Policy{SoftBounces: cfg.SoftBounceLimit, SoftWindow: cfg.SoftBounceWindow}, nil)
	inbox := contact.NewInbox(f.contacts, emails, func() { f.notified++ })
	f.subs, err = newsletter.NewService(ctx, nlstore.New(db, out), newsletter.Emails{
		From: from, ReplyTo: emails.Owner, SiteName: meta.SiteName, PublicURL: cfg.PublicURL,
	}, newsletter.Options{
		ConfirmTTL: cfg.NewsletterConfirmTTL, ResendInterval: cfg.NewsletterResendInterval, Notify: func() { f.notified++ },
		ImportConfirmationsPerDay: cfg.ImportConfirmationsPerDay, Suppressions: f.hygiene,
	})
	if err != nil {
		t.Fatal(err)
	}
	f.web = web
	f.admin = newAdminParts(t, f, inbox)
	var views server.Analytics
	if cfg.Analytics {
		// Flushed by the tests that look at the counts (flushViews).
		f.views = analytics.New(analyticsstore.New(db), logger, analytics.Options{SiteHost: "example.com"})
		views = f.views
	}
	handlers := server.NewServer(server.Deps{
		Logger: logger, Config: cfg, Site: meta, Routes: routes, Served: web,
		Registry: f.reg, Database: sqldb.NewHealth(db), Contact: inbox, Newsletter: f.subs, Admin: f.admin.api,
		Analytics: views, MailEvents: f.hygiene,
	})
	f.h, f.adm = handlers.Public, handlers.Admin
	return f
}

// siteEmails are the emails of both domains, registered as cmd/gateway registers them.
func siteEmails(t *testing.T) *templates.Registry {
	t.Helper()
	reg, err := templates.NewRegistry(slices.Concat(contact.EmailTemplates(), newsletter.EmailTemplates())...)
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// A database with every migration applied, made once and copied for each fixture:
// migrating a new file costs far more than copying one.
var template struct {
	once sync.Once
	dir  string
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if template.dir != "" {
		_ = os.RemoveAll(template.dir)
	}
	os.Exit(code)
}

func migratedDB(t *testing.T) string {
	t.Helper()
	template.once.Do(func() {
		ctx := context.Background()
		if template.dir, template.err = os.MkdirTemp("", "gateway-server-test-"); template.err != nil {
			return
		}
		template.path = filepath.Join(template.dir, "portfolio.db")
		db, err := sqldb.OpenSQLite(ctx, template.path)
		if err != nil {
			template.err = err
			return
		}
		template.err = errors.Join(sqldb.MigrateAll(ctx, db, sqldb.HealthSchema), contactstore.Migrate(ctx, db), sqlstore.Migrate(ctx, db), nlstore.Migrate(ctx, db), analyticsstore.Migrate(ctx, db))
		// Closing the last connection checkpoints the WAL into the file itself.
		if err := db.Close(); err != nil && template.err == nil {
			template.err = err
		}
	})
	if template.err != nil {
		t.Fatal(template.err)
	}
	return template.path
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// originOf is the handler of the origin that serves path's page: the admin's pages on
// the admin's, every other on the public one.
func (f *fixture) originOf(path string) http.Handler {
	if path == "/admin" || strings.HasPrefix(path, "/admin/") {
		return f.adm
	}
	return f.h
}
