package main

import (
	"context"
	"net/url"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	analyticsstore "github.com/portfolio-site/portfolio/services/gateway/internal/analytics/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// pageViews is the analytics as run wires them: what the server counts with (nil when
// PORTFOLIO_ANALYTICS is off) and stop, which flushes what is still counted in memory.
type pageViews struct {
	counter server.Analytics
	stop    func()
}

// newAnalytics starts counting into the site's database (docs/decisions/0039): the
// counter flushes every cfg.AnalyticsFlushInterval until stop, which serve calls once
// HTTP has stopped, so that no view counted is lost on SIGTERM.
func newAnalytics(ctx context.Context, cfg config.Config, logger *zap.Logger, db *sqldb.DB) pageViews {
	if !cfg.Analytics {
		return pageViews{stop: func() {}}
	}
	host := ""
	if u, err := url.Parse(cfg.PublicURL); err == nil {
		host = u.Hostname()
	}
	c := analytics.New(analyticsstore.New(db), logger, analytics.Options{
		SiteHost:   host,
		FlushEvery: cfg.AnalyticsFlushInterval,
		Retention:  cfg.AnalyticsRetention,
	})
	// Not ctx: it ends at SIGTERM, while pages are still served during the drain.
	c.Start(context.WithoutCancel(ctx))
	return pageViews{counter: c, stop: func() {
		if err := c.Stop(); err != nil {
			logger.Error("analytics: the last flush failed", zap.Error(err))
		}
	}}
}
