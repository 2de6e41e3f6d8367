// Package opsmetrics exports what the shared database says about the site's background
// work, read at each scrape: the mail outbox's backlog and the newsletter publications
// still running. Every replica reports the same values (they share the database), so
// alerts and dashboards take max() over replicas, not sum().
package opsmetrics

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// scrapeTimeout bounds the queries of one scrape; Prometheus's own default is 10 s.
const scrapeTimeout = 3 * time.Second

var (
	queuedDesc = prometheus.NewDesc("portfolio_mail_outbox_queued",
		"Emails in the outbox not yet delivered nor given up, by status (pending, sending).", []string{"status"}, nil)
	oldestQueuedDesc = prometheus.NewDesc("portfolio_mail_outbox_oldest_queued_age_seconds",
		"Age of the oldest email not yet delivered nor given up; 0 when none is.", nil, nil)
	runningDesc = prometheus.NewDesc("portfolio_newsletter_publications_running",
		"Newsletter publications still queueing their emails.", nil, nil)
	oldestRunningDesc = prometheus.NewDesc("portfolio_newsletter_oldest_running_publication_age_seconds",
		"Age of the oldest publication still queueing; 0 when none is.", nil, nil)
)

// Outbox reports the mail outbox's backlog (mail/sqlstore.Outbox).
type Outbox interface {
	Backlog(ctx context.Context) (map[string]int, time.Time, error)
}

// Publications reports the newsletter's publications still running
// (newsletter/sqlstore.Store).
type Publications interface {
	PublishingBacklog(ctx context.Context) (int, time.Time, error)
}

// Collector reads the gauges from the modules' stores at each scrape: each owns its
// tables and the queries over them.
type Collector struct {
	outbox       Outbox
	publications Publications
	logger       *zap.Logger
	now          func() time.Time
}

// New returns a collector over the outbox's and the newsletter's stores.
func New(outbox Outbox, publications Publications, logger *zap.Logger) *Collector {
	return &Collector{outbox: outbox, publications: publications, logger: logger, now: time.Now}
}

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{queuedDesc, oldestQueuedDesc, runningDesc, oldestRunningDesc} {
		ch <- d
	}
}

// Collect implements prometheus.Collector. A database that does not answer leaves the
// gauges out of this scrape (portfolio_ready says why) rather than failing it.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), scrapeTimeout)
	defer cancel()
	now := c.now()

	counts, oldest, err := c.outbox.Backlog(ctx)
	if err != nil {
		c.logger.Warn("metrics: reading the outbox failed", zap.Error(err))
		return
	}
	for status, n := range counts {
		ch <- prometheus.MustNewConstMetric(queuedDesc, prometheus.GaugeValue, float64(n), status)
	}
	ch <- prometheus.MustNewConstMetric(oldestQueuedDesc, prometheus.GaugeValue, age(now, oldest))

	running, started, err := c.publications.PublishingBacklog(ctx)
	if err != nil {
		c.logger.Warn("metrics: reading the publications failed", zap.Error(err))
		return
	}
	ch <- prometheus.MustNewConstMetric(runningDesc, prometheus.GaugeValue, float64(running))
	ch <- prometheus.MustNewConstMetric(oldestRunningDesc, prometheus.GaugeValue, age(now, started))
}

// age is the seconds from since to now, 0 for none (the zero time).
func age(now, since time.Time) float64 {
	if since.IsZero() {
		return 0
	}
	return max(0, now.Sub(since).Seconds())
}
