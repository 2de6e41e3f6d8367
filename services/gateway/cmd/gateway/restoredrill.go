package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/private"
	"github.com/portfolio-site/portfolio/services/gateway/internal/replica"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// drillFirstAfter is how long after a start the first drill runs: a gateway
// restarted often (deploys) does not restore the whole database at every start.
const drillFirstAfter = time.Hour

// errNothingToDrill: neither a replica nor scheduled backups to restore.
var errNothingToDrill = errors.New("nothing to restore: set " + config.EnvName("replica_url") + " or " + config.EnvName("backup_dir"))

// restoreDrill restores the newest replica (with client), or else the newest
// scheduled backup, into a temporary directory under the data directory, runs the
// checks of a restore on it (integrity, schema), and removes it. It says what it
// restored. It changes nothing of the site, and runs while the gateway serves.
func restoreDrill(ctx context.Context, cfg config.Config, client *replica.Counting, logger *zap.Logger) (string, error) {
	root := filepath.Join(cfg.DataDir, "tmp")
	if err := private.MkdirAll(root); err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp(root, "restore-check-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir) //nolint:errcheck // best effort: a temporary copy
	path := filepath.Join(dir, "portfolio.db")
	var what string
	switch {
	case client != nil:
		url := replica.Redacted(cfg.ReplicaURL.Reveal())
		p, err := replica.Restore(ctx, client, path, time.Time{}, replica.SlogLogger(logger))
		if err != nil {
			return "", fmt.Errorf("the replica %s: %w", url, err)
		}
		what = fmt.Sprintf("the replica %s at transaction %s (last write %s, %d files)", url, p.Position, p.LastWrite.Format(time.RFC3339), p.Files)
	case cfg.BackupDir != "":
		b := &backupSchedule{dir: cfg.BackupDir}
		copies, err := b.copies()
		if err != nil {
			return "", fmt.Errorf("backup dir: %w", err)
		}
		if len(copies) == 0 {
			return "", fmt.Errorf("no backup in %s yet", cfg.BackupDir)
		}
		newest := filepath.Join(cfg.BackupDir, copies[len(copies)-1])
		if err := copyFile(newest, path); err != nil {
			return "", err
		}
		what = "the backup " + newest
	default:
		return "", errNothingToDrill
	}
	if err := sqldb.CheckSQLite(ctx, path, schemas()...); err != nil {
		return "", fmt.Errorf("%s: %w", what, err)
	}
	return what, nil
}

// restoreDrills run restoreDrill every PORTFOLIO_RESTORE_DRILL_INTERVAL (weekly), the
// first an hour after the start. Its result is a metric, for the alert
// PortfolioRestoreDrillFailed. Backups stay: they are the copy one can carry off.
type restoreDrills struct {
	cfg    config.Config
	client *replica.Counting
	logger *zap.Logger
	first  time.Duration

	ok      atomic.Int64 // 1 passed, 0 failed, -1 not run yet
	lastRun atomic.Int64 // Unix seconds
}

// newRestoreDrills returns the drills cfg asks for, their metrics registered in reg;
// nil on PostgreSQL, with the interval 0, or with nothing to restore.
func newRestoreDrills(cfg config.Config, logger *zap.Logger, reg prometheus.Registerer, repl *replication) (*restoreDrills, error) {
	if cfg.DatabaseURL != "" || cfg.RestoreDrillInterval == 0 || (repl == nil && cfg.BackupDir == "") {
		return nil, nil
	}
	d := &restoreDrills{cfg: cfg, logger: logger, first: min(drillFirstAfter, cfg.RestoreDrillInterval)}
	if repl != nil {
		d.client = repl.client
	}
	d.ok.Store(-1)
	for _, c := range []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "portfolio_restore_drill_success",
			Help: "1 if the last restore drill (the newest replica or backup restored into a temporary directory and checked) passed, 0 if it failed; NaN before the first.",
		}, func() float64 {
			if v := d.ok.Load(); v >= 0 {
				return float64(v)
			}
			return math.NaN()
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "portfolio_restore_drill_timestamp_seconds",
			Help: "Unix time the last restore drill ended; 0 before the first.",
		}, func() float64 { return float64(d.lastRun.Load()) }),
	} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// start runs a drill whenever one is due until stop, which waits for one in progress.
func (d *restoreDrills) start(ctx context.Context) (stop func()) {
	if d == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() {
		wait := d.first
		for {
			timer := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				timer.Stop()
				return
			case <-timer.C:
			}
			wait = d.cfg.RestoreDrillInterval
			d.drill(ctx)
		}
	})
	return func() { cancel(); wg.Wait() }
}

// drill runs one drill and records its result.
func (d *restoreDrills) drill(ctx context.Context) {
	start := time.Now()
	what, err := restoreDrill(ctx, d.cfg, d.client, d.logger)
	if ctx.Err() != nil {
		return
	}
	d.lastRun.Store(time.Now().Unix())
	if err != nil {
		d.ok.Store(0)
		d.logger.Error("restore drill failed: the newest copy could not be restored", zap.Error(err))
		return
	}
	d.ok.Store(1)
	d.logger.Info("restore drill passed", zap.String("restored", what), zap.Duration("took", time.Since(start)))
}
