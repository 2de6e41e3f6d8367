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

	"github.com/portfolio-site/portfolio/services/sqldb"
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

// Collector reads the gauges from db at each scrape.
type Collector struct {
	db     *sqldb.DB
	logger *zap.Logger
	now    func() time.Time
}

// New returns a collector over the site's database (its outbox and newsletter tables
// migrated).
func New(db *sqldb.DB, logger *zap.Logger) *Collector {
	return &Collector{db: db, logger: logger, now: time.Now}
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
	now := c.now().UnixMilli()

	counts := map[string]float64{"pending": 0, "sending": 0}
	var oldest *int64
	rows, err := c.db.QueryContext(ctx, `SELECT status, count(*), min(created_at) FROM mail_outbox
		WHERE status IN ('pending', 'sending') GROUP BY status`)
	if err != nil {
		c.logger.Warn("metrics: reading the outbox failed", zap.Error(err))
		return
	}
	for rows.Next() {
		var status string
		var n, oldestAt int64
		if err := rows.Scan(&status, &n, &oldestAt); err != nil {
			_ = rows.Close()
			c.logger.Warn("metrics: reading the outbox failed", zap.Error(err))
			return
		}
		counts[status] = float64(n)
		if oldest == nil || oldestAt < *oldest {
			oldest = &oldestAt
		}
	}
	if err := rows.Close(); err != nil {
		c.logger.Warn("metrics: reading the outbox failed", zap.Error(err))
		return
	}
	for status, n := range counts {
		ch <- prometheus.MustNewConstMetric(queuedDesc, prometheus.GaugeValue, n, status)
	}
	ch <- prometheus.MustNewConstMetric(oldestQueuedDesc, prometheus.GaugeValue, age(now, oldest))

	var running int64
	var started *int64
	if err := c.db.QueryRowContext(ctx, `SELECT count(*), min(started_at) FROM newsletter_publications
		WHERE status = 'running'`).Scan(&running, &started); err != nil {
		c.logger.Warn("metrics: reading the publications failed", zap.Error(err))
		return
	}
	ch <- prometheus.MustNewConstMetric(runningDesc, prometheus.GaugeValue, float64(running))
	ch <- prometheus.MustNewConstMetric(oldestRunningDesc, prometheus.GaugeValue, age(now, started))
}

// age is the seconds from a Unix-millisecond time to now, 0 for none.
func age(now int64, since *int64) float64 {
	if since == nil {
		return 0
	}
	return max(0, float64(now-*since)/1000)
}
