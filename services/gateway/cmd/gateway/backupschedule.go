package main

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/private"
	relstore "github.com/portfolio-site/portfolio/services/gateway/internal/release/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// Names of the scheduled backups: portfolio-<UTC time>.db, which sort by age.
const (
	backupPrefix     = "portfolio-"
	backupSuffix     = ".db"
	backupTimeLayout = "20060102T150405Z"
	// backupRetryAfter is how soon a failed scheduled backup is tried again (at most
	// the interval).
	backupRetryAfter = 5 * time.Minute
)

// backupSchedule copies the SQLite database into a directory every interval and
// keeps the newest few copies (PORTFOLIO_BACKUP_DIR, _INTERVAL, _KEEP). Its metrics
// say how old the last good copy is, for the alert in deploy/prometheus.
type backupSchedule struct {
	src string // the database file
	// releases is where the release artifacts are (releasesDir), copied next to the
	// backups.
	releases string
	dir      string
	every    time.Duration
	keep     int
	logger   *zap.Logger
	now      func() time.Time

	lastGood atomic.Int64 // Unix ms of the last good copy; 0 for none yet
	failures prometheus.Counter
}

// newBackupSchedule returns the schedule cfg asks for, its metrics registered in
// reg, or nil when PORTFOLIO_BACKUP_DIR is not set. It takes the age of the newest
// copy already in the directory, so a restart neither hides a stale backup nor
// takes a copy sooner than due.
func newBackupSchedule(cfg config.Config, logger *zap.Logger, reg prometheus.Registerer) (*backupSchedule, error) {
	if cfg.BackupDir == "" {
		return nil, nil
	}
	if err := private.MkdirAll(cfg.BackupDir); err != nil {
		return nil, fmt.Errorf("backup dir (%s): %w", config.EnvName("backup_dir"), err)
	}
	b := &backupSchedule{
		src: cfg.DatabasePath(), releases: releasesDir(cfg), dir: cfg.BackupDir, every: cfg.BackupInterval, keep: cfg.BackupKeep,
		logger: logger, now: time.Now,
		failures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "portfolio_backup_failures_total",
			Help: "Scheduled backups of the SQLite database that failed.",
		}),
	}
	copies, err := b.copies()
	if err != nil {
		return nil, fmt.Errorf("backup dir (%s): %w", config.EnvName("backup_dir"), err)
	}
	if len(copies) > 0 {
		if at, ok := backupTime(copies[len(copies)-1]); ok {
			b.lastGood.Store(at.UnixMilli())
		}
	}
	interval := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "portfolio_backup_interval_seconds",
		Help: "How often the SQLite database is backed up (PORTFOLIO_BACKUP_INTERVAL).",
	})
	interval.Set(b.every.Seconds())
	age := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "portfolio_backup_age_seconds",
		Help: "Seconds since the last good backup of the SQLite database was taken; +Inf before the first.",
	}, b.age)
	for _, c := range []prometheus.Collector{b.failures, interval, age} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// age is how old the last good copy is.
func (b *backupSchedule) age() float64 {
	last := b.lastGood.Load()
	if last == 0 {
		return math.Inf(1)
	}
	return b.now().Sub(time.UnixMilli(last)).Seconds()
}

// start takes a copy whenever one is due until stop, which waits for a copy in
// progress to finish.
func (b *backupSchedule) start(ctx context.Context) (stop func()) {
	if b == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() {
		wait := b.every - b.now().Sub(time.UnixMilli(b.lastGood.Load()))
		for {
			timer := time.NewTimer(max(wait, 0))
			select {
			case <-ctx.Done():
				timer.Stop()
				return
			case <-timer.C:
			}
			wait = b.every
			if _, err := b.backup(ctx); err != nil {
				if ctx.Err() != nil {
					return
				}
				b.failures.Inc()
				wait = min(b.every, backupRetryAfter)
				b.logger.Error("backup failed; trying again", zap.Duration("in", wait), zap.Error(err))
			}
		}
	})
	return func() { cancel(); wg.Wait() }
}

// backup takes one copy, then removes the copies past the newest keep.
func (b *backupSchedule) backup(ctx context.Context) (string, error) {
	start := b.now()
	path := filepath.Join(b.dir, backupPrefix+start.UTC().Format(backupTimeLayout)+backupSuffix)
	partial := path + ".partial" // never taken for a copy, nor pruned as one
	if err := os.Remove(partial); err != nil && !os.IsNotExist(err) {
		return "", err
	}
	if err := sqldb.BackupSQLite(ctx, b.src, partial); err != nil {
		return "", err
	}
	if err := syncFile(partial); err != nil {
		return "", err
	}
	if _, err := relstore.CopyArtifacts(ctx, b.releases, backupReleasesDir(path)); err != nil {
		return "", err
	}
	if err := os.Rename(partial, path); err != nil {
		return "", err
	}
	if err := syncDir(b.dir); err != nil {
		return "", err
	}
	b.lastGood.Store(start.UnixMilli())
	fi, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	b.logger.Info("backup taken", zap.String("path", path), zap.Int64("bytes", fi.Size()), zap.Duration("took", b.now().Sub(start)))
	b.prune()
	return path, nil
}

// prune removes the oldest copies beyond keep; a failure is only logged (the copy
// was taken).
func (b *backupSchedule) prune() {
	copies, err := b.copies()
	if err != nil {
		b.logger.Error("backup: listing the copies failed", zap.Error(err))
		return
	}
	for _, name := range copies[:max(len(copies)-b.keep, 0)] {
		if err := os.Remove(filepath.Join(b.dir, name)); err != nil {
			b.logger.Error("backup: removing an old copy failed", zap.String("name", name), zap.Error(err))
			continue
		}
		b.logger.Info("backup removed", zap.String("name", name), zap.Int("keep", b.keep))
	}
}

// copies are the names of the scheduled backups in the directory, oldest first.
func (b *backupSchedule) copies() ([]string, error) {
	entries, err := os.ReadDir(b.dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if _, ok := backupTime(e.Name()); ok && e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}

// backupTime is when the scheduled backup of that name was taken; false for a name
// that is not one.
func backupTime(name string) (time.Time, bool) {
	stamp, ok := strings.CutPrefix(name, backupPrefix)
	if !ok {
		return time.Time{}, false
	}
	if stamp, ok = strings.CutSuffix(stamp, backupSuffix); !ok {
		return time.Time{}, false
	}
	at, err := time.Parse(backupTimeLayout, stamp)
	return at, err == nil
}
