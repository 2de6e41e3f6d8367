package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	relstore "github.com/portfolio-site/portfolio/services/gateway/internal/release/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/replica"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// replication is the continuous replication of the SQLite database to
// PORTFOLIO_REPLICA_URL (docs/decisions/0053); nil when it is not set.
type replication struct {
	rep    *replica.Replicator
	client *replica.Counting
	url    string // without a password, for the log
	logger *zap.Logger
	every  time.Duration
}

// newReplicaClient is the counting client of PORTFOLIO_REPLICA_URL.
func newReplicaClient(cfg config.Config, getenv func(string) string) (*replica.Counting, error) {
	c, err := replica.NewClient(cfg.ReplicaURL.Reveal(), getenv)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", config.EnvName("replica_url"), err)
	}
	return replica.NewCounting(c, time.Now), nil
}

// openReplication restores the database from the replica when the data directory
// has none and the replica has one, then opens the replication (not yet syncing:
// start). A database in the data directory is never overwritten. A replica that
// cannot be read or restored stops the start: the site must not begin a new, empty
// database beside a replica that may hold the real one.
func openReplication(ctx context.Context, cfg config.Config, getenv func(string) string, logger *zap.Logger) (*replication, error) {
	if cfg.ReplicaURL == "" {
		return nil, nil
	}
	client, err := newReplicaClient(cfg, getenv)
	if err != nil {
		return nil, err
	}
	r := &replication{client: client, url: replica.Redacted(cfg.ReplicaURL.Reveal()), logger: logger, every: cfg.ReplicaSyncInterval}
	if err := r.restoreOnStart(ctx, cfg); err != nil {
		return nil, err
	}
	r.rep = replica.New(replica.Options{
		Path: cfg.DatabasePath(), Client: client, SyncInterval: cfg.ReplicaSyncInterval, Logger: logger, Now: time.Now,
	})
	if err := r.rep.Open(ctx); err != nil {
		return nil, err
	}
	logger.Info("replicating", zap.String("replica", r.url), zap.Duration("sync_interval", cfg.ReplicaSyncInterval))
	return r, nil
}

// restoreOnStart restores the database from the replica if the data directory has
// none, and logs what it restored.
func (r *replication) restoreOnStart(ctx context.Context, cfg config.Config) error {
	if _, err := os.Stat(cfg.DatabasePath()); err == nil {
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("database: %w", err)
	}
	start := time.Now()
	p, _, err := restoreFromReplica(ctx, cfg, r.client, r.url, time.Time{}, r.logger)
	switch {
	case errors.Is(err, replica.ErrEmpty):
		r.logger.Info("replica: it holds no database yet; starting a new one", zap.String("replica", r.url))
		return nil
	case err != nil:
		return fmt.Errorf("%s: the data directory has no database, and the replica's could not be restored; nothing started: %w",
			config.EnvName("replica_url"), err)
	}
	r.logger.Info("restored from the replica",
		zap.String("replica", r.url),
		zap.String("generation", p.Generation),
		zap.String("position", p.Position),
		zap.Time("last_write", p.LastWrite),
		zap.Int("files", p.Files),
		zap.Duration("took", time.Since(start)),
	)
	return nil
}

// restoreFromReplica puts the replica's database (as of at; zero: its newest) in
// place of the site's, through the checks of every restore. The caller holds the
// data directory's lock.
func restoreFromReplica(ctx context.Context, cfg config.Config, client *replica.Counting, url string, at time.Time, logger *zap.Logger) (p replica.Point, replaced string, err error) {
	replaced, err = replaceDatabase(ctx, cfg, "the replica "+url, func(tmp string) error {
		p, err = replica.Restore(ctx, client, tmp, at, replica.SlogLogger(logger))
		return err
	})
	return p, replaced, err
}

// adoptReleases copies into the database the release artifacts that are only files
// in the data directory (published before replication was on), so that the replica
// carries them too.
func (r *replication) adoptReleases(ctx context.Context, cfg config.Config, db *sqldb.DB) error {
	if r == nil {
		return nil
	}
	n, err := relstore.NewReplicated(db, releasesDir(cfg)).AdoptFiles(ctx)
	if err != nil {
		return fmt.Errorf("replica: release artifacts: %w", err)
	}
	if n > 0 {
		r.logger.Info("replica: release artifacts copied into the database, for the replica", zap.Int("artifacts", n))
	}
	return nil
}

// writeProbeEvery is how often /readyz's write probe commits while the database is
// replicated: each commit is shipped, and a probe every few seconds (the load
// balancer's, Prometheus's portfolio_ready) would keep an idle site's replica busy.
// The site runs as one process on SQLite, so readiness takes no traffic elsewhere
// meanwhile; a write that fails still answers 503 at once.
const writeProbeEvery = 5 * time.Minute

// health is the database's readiness checks: the write probe rate-limited while it is
// replicated.
func (r *replication) health(db *sqldb.DB) *sqldb.Health {
	if r == nil {
		return sqldb.NewHealth(db)
	}
	return sqldb.NewHealthEvery(db, writeProbeEvery, time.Now)
}

// register adds the replication's metrics to reg.
func (r *replication) register(reg prometheus.Registerer) error {
	if r == nil {
		return nil
	}
	for _, c := range r.rep.Collectors() {
		if err := reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}

// start ships the database's transactions until the returned stop is called.
func (r *replication) start(ctx context.Context) (stop func()) {
	if r == nil {
		return func() {}
	}
	return r.rep.Start(ctx)
}

// close makes the last sync and stops Litestream: after the database is closed.
func (r *replication) close() {
	if r == nil {
		return
	}
	if err := r.rep.Close(context.Background()); err != nil {
		r.logger.Error("replica: the last sync failed", zap.Error(err))
		return
	}
	r.logger.Info("replica: stopped", zap.String("position", r.rep.Position()), zap.Duration("lag", r.rep.Lag()))
}

// replicationStatus tells the admin's dashboard how the database is kept off its disk.
type replicationStatus struct {
	cfg  config.Config
	repl *replication
}

func (s replicationStatus) ReplicationStatus() server.ReplicationStatus {
	switch {
	case s.cfg.DatabaseURL != "":
		return server.ReplicationStatus{Mode: server.ReplicationPostgres, Healthy: true}
	case s.repl == nil:
		return server.ReplicationStatus{Mode: server.ReplicationNone}
	}
	lag := s.repl.rep.Lag()
	return server.ReplicationStatus{Mode: server.ReplicationReplica, Lag: lag, Healthy: replica.Healthy(lag, s.cfg.ReplicaSyncInterval)}
}
