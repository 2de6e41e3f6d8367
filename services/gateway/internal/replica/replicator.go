package replica

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/exp/zapslog"
	"go.uber.org/zap/zapcore"
)

// How the replica is kept (docs/decisions/0053).
const (
	// compactEvery and compactHourly are the compaction levels above the shipped
	// files: a file a minute, then one an hour. A restore reads the newest snapshot
	// and at most a day of hourly files, an hour of minute files and a minute of
	// shipped ones.
	compactEvery  = time.Minute
	compactHourly = time.Hour
	// snapshotEvery is how often a whole copy is made (only if the database changed),
	// and history is kept for as long: restores to any point of the last day or so.
	snapshotEvery = 24 * time.Hour
	// pruneEvery is how often the shipped files already compacted are deleted from
	// the store, only after a change: idle, nothing is listed.
	pruneEvery = time.Minute
	// probeEvery: while nothing changes, nothing is sent; once an hour one listing
	// makes sure the store still holds what was shipped, so a replica that went away
	// while the site was idle shows in the lag within the hour.
	probeEvery = time.Hour
	// maxBackoff bounds the wait between tries while the store fails: when it is
	// back, replication catches up within this.
	maxBackoff = 5 * time.Second
	// closeTimeout bounds the last sync on shutdown: a store that is down must not
	// hold a stop past what a process manager waits (deploy/kubernetes/README.md,
	// Shutdown). What it could not ship stays in the data directory and is shipped
	// at the next start.
	closeTimeout = 3 * time.Second
)

// CheckpointPages is the WAL size, in pages, at which the replicator folds the WAL
// into the database after shipping it. The site's writer checkpoints on its own only
// past twice this, while replication is down.
const CheckpointPages = 10000

// Replicator ships the SQLite database's new transactions to the replica every half
// sync interval, so that a write acknowledged longer than one sync interval ago is
// in the replica. It runs Litestream's DB and Store with Litestream's own monitors
// off: Litestream keeps the WAL's frames in its local files and makes the
// compactions and snapshots; this loop decides when to ship and when to prune, and
// knows when the replica last held everything.
type Replicator struct {
	db       *litestream.DB
	store    *litestream.Store
	client   *Counting
	interval time.Duration
	logger   *zap.Logger
	now      func() time.Time

	lastGood  atomic.Int64 // Unix ns: the replica held every write committed before it
	suspect   bool         // the last probe or sync failed: an idle tick proves nothing
	lastPrune time.Time
	prunedAt  string // position at the last prune
	failures  prometheus.Counter
}

// Options are a Replicator's.
type Options struct {
	Path         string // the SQLite database
	Client       *Counting
	SyncInterval time.Duration
	Logger       *zap.Logger
	Now          func() time.Time
}

// New returns a Replicator for the database at o.Path; Open starts it.
func New(o Options) *Replicator {
	r := &Replicator{client: o.Client, interval: o.SyncInterval, logger: o.Logger, now: o.Now}
	r.lastGood.Store(o.Now().UnixNano()) // lag counts from the start until a first sync
	r.failures = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "portfolio_replica_sync_failures_total",
		Help: "Syncs to the replica that failed (the store unreachable, refusing, or a local error).",
	})
	slogger := SlogLogger(o.Logger)
	r.db = litestream.NewDB(o.Path)
	r.db.MonitorInterval = 0 // this loop syncs
	// No checkpoint by the clock: each is followed by a write of Litestream's own
	// (so that the WAL is not empty), shipped like any other, a request a minute on
	// an idle site. The WAL is still folded in every 1,000 pages (~4 MB).
	r.db.CheckpointInterval = 0
	// Each checkpoint ships up to three small files of its own (the WAL's end before
	// it, its barrier, and Litestream's write after it): at 100 writes a second a
	// 1,000-page WAL (Litestream's default) filled every second and a half and
	// doubled the uploads. Every 10,000 pages (~40 MB) it is one in fifteen seconds.
	r.db.MinCheckpointPageN = CheckpointPages
	rep := litestream.NewReplicaWithClient(r.db, o.Client)
	rep.MonitorEnabled = false
	r.db.Replica = rep
	r.store = litestream.NewStore([]*litestream.DB{r.db}, litestream.CompactionLevels{
		{Level: 0},
		{Level: 1, Interval: compactEvery},
		{Level: 2, Interval: compactHourly},
	})
	r.store.Logger = slogger
	r.store.SnapshotInterval = snapshotEvery
	r.store.SnapshotRetention = snapshotEvery
	r.store.L0RetentionCheckInterval = 0 // pruned by this loop, only after changes
	r.store.SetShutdownSyncTimeout(closeTimeout)
	r.db.SetLogger(slogger)
	o.Client.SetLogger(slogger)
	return r
}

// SlogLogger is logger for Litestream's log/slog: its debug chatter left out.
func SlogLogger(logger *zap.Logger) *slog.Logger {
	logger = logger.Named("litestream")
	if logger.Core().Enabled(zapcore.DebugLevel) {
		logger = logger.WithOptions(zap.IncreaseLevel(zapcore.InfoLevel))
	}
	return slog.New(zapslog.NewHandler(logger.Core()))
}

// Collectors are the Replicator's metrics and its client's, for the gateway's
// registry.
func (r *Replicator) Collectors() []prometheus.Collector {
	interval := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "portfolio_replica_sync_interval_seconds",
		Help: "The most a lost disk loses (PORTFOLIO_REPLICA_SYNC_INTERVAL): writes acknowledged longer ago are in the replica.",
	})
	interval.Set(r.interval.Seconds())
	lag := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "portfolio_replica_lag_seconds",
		Help: "Seconds since the replica last held every acknowledged write (since the start, before the first sync).",
	}, func() float64 { return r.Lag().Seconds() })
	return append([]prometheus.Collector{interval, lag, r.failures}, r.client.Collectors()...)
}

// Lag is how long ago the replica last held every write committed by then.
func (r *Replicator) Lag() time.Duration {
	return r.now().Sub(time.Unix(0, r.lastGood.Load()))
}

// LastReplicated is when the replica last held every write committed by then.
func (r *Replicator) LastReplicated() time.Time { return time.Unix(0, r.lastGood.Load()) }

// Open starts Litestream's store (its compactions and snapshots). The store is not
// asked anything yet: an unreachable one does not keep the site from starting.
func (r *Replicator) Open(ctx context.Context) error {
	if err := r.store.Open(ctx); err != nil {
		return fmt.Errorf("replica: %w", err)
	}
	return nil
}

// Start ships new transactions every half sync interval until stop is called.
func (r *Replicator) Start(ctx context.Context) (stop func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := r.interval / 2
		wait := time.Duration(0)
		failures := 0
		for {
			timer := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				timer.Stop()
				return
			case <-timer.C:
			}
			err := r.Sync(ctx)
			switch {
			case ctx.Err() != nil:
				return
			case err != nil:
				failures++
				wait = min(tick<<min(failures, 16), maxBackoff)
				if failures == 1 || failures%10 == 0 {
					r.logger.Error("replica: sync failed; the site serves, and replication catches up when the store is back",
						zap.Int("failures", failures), zap.Duration("lag", r.Lag()), zap.Duration("retry_in", wait), zap.Error(err))
				}
			default:
				if failures > 0 {
					r.logger.Info("replica: caught up", zap.Int("failures", failures), zap.Duration("lag", r.Lag()))
				}
				failures = 0
				wait = tick
			}
		}
	})
	return func() { cancel(); wg.Wait() }
}

// Sync ships what was committed since the last sync and, after a change, prunes.
// Nothing is sent when nothing changed, but for the hourly probe.
func (r *Replicator) Sync(ctx context.Context) error {
	start := r.now()
	before := r.client.Requests()
	err := r.db.SyncAndWait(ctx)
	if err != nil {
		r.failures.Inc()
		r.suspect = true
		return err
	}
	if r.client.Requests() == before && (r.suspect || start.Sub(r.client.LastOK()) >= probeEvery) {
		if err := r.probe(ctx); err != nil {
			r.failures.Inc()
			r.suspect = true
			return err
		}
	}
	r.suspect = false
	r.lastGood.Store(start.UnixNano())
	r.prune(ctx, start)
	return nil
}

// probe checks that the store answers and still holds the newest shipped file.
func (r *Replicator) probe(ctx context.Context) error {
	shipped := r.db.Replica.Pos().TXID
	info, err := r.db.Replica.MaxLTXFileInfo(ctx, 0)
	if err != nil {
		return fmt.Errorf("replica: probe: %w", err)
	}
	if info.MaxTXID < shipped {
		return fmt.Errorf("replica: probe: the store's newest file is transaction %s, and %s was shipped: files were removed from the replica", info.MaxTXID, shipped)
	}
	return nil
}

// prune removes the shipped files already compacted, at most every pruneEvery and
// only when something was shipped since the last time.
func (r *Replicator) prune(ctx context.Context, now time.Time) {
	pos := r.db.Replica.Pos().TXID.String()
	if pos == r.prunedAt || now.Sub(r.lastPrune) < pruneEvery {
		return
	}
	r.lastPrune = now
	if err := r.db.EnforceL0RetentionByTime(ctx); err != nil {
		r.logger.Warn("replica: pruning compacted files failed; tried again in a minute", zap.Error(err))
		return
	}
	r.prunedAt = pos
}

// Close makes a last sync (bounded by closeTimeout) and stops Litestream. Call it
// after the site's own connections are closed: Litestream's close checkpoints.
func (r *Replicator) Close(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
	defer cancel()
	if err := r.store.Close(ctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("replica: %w", err)
	}
	return nil
}

// Position is the last transaction shipped, for the log.
func (r *Replicator) Position() string { return r.db.Replica.Pos().TXID.String() }

// Healthy says whether a replica whose lag is lag, synced every interval, is within
// what the PortfolioReplicaLagging alert allows: sixty intervals, at least a minute.
func Healthy(lag, interval time.Duration) bool {
	return lag <= 60*max(interval, time.Second)
}
