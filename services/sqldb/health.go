package sqldb

import (
	"context"
	"crypto/rand"
	"embed"
	"fmt"
	"sync"
	"time"
)

// healthFiles are the write probe's table (migrations/<dialect>/) and statements
// (queries/).
//
//go:embed migrations queries
var healthFiles embed.FS

// HealthSchema is the table Health writes to, readiness_probes: the database's own,
// not a module's, recorded in its own goose version table. Migrate it with the
// modules' schemas (MigrateAll).
var HealthSchema = Schema{FS: healthFiles, Table: "sqldb_goose_db_version"}

// probePayload is the size of the row a write probe commits: more than a SQLite page,
// so the probe needs room in the file as a module's row does, not only in a page that
// happens to have some left.
const probePayload = 4096 + 512

// healthStatements are the probe's: queries/<its name in snake case>.sql.
type healthStatements struct{ InsertReadinessProbe, DeleteReadinessProbe string }

// Health tells /readyz whether the database answers and whether it takes writes.
type Health struct {
	db *DB
	q  healthStatements

	// every, if set, is how long a write probe's result stands: a replicated
	// database ships every commit, probes included, so an idle site probed every
	// few seconds would keep its replica busy (docs/decisions/0053).
	every time.Duration
	now   func() time.Time
	mu    sync.Mutex
	at    time.Time // of the last probe that ran
	last  error
}

// NewHealth returns the checks over db, migrated with HealthSchema.
func NewHealth(db *DB) *Health {
	return NewHealthEvery(db, 0, time.Now)
}

// NewHealthEvery is NewHealth whose write probe commits at most once every every;
// in between, CheckWritable answers the last probe's result.
func NewHealthEvery(db *DB, every time.Duration, now func() time.Time) *Health {
	return &Health{db: db, every: every, now: now, q: Statements[healthStatements](healthFiles, db.Dialect)}
}

// PingContext reports whether the database answers.
func (h *Health) PingContext(ctx context.Context) error { return h.db.PingContext(ctx) }

// CheckWritable commits a small row and deletes it: an error means the database
// cannot take writes now (disk full, read-only file or server, size limit reached),
// so no module can write either. Straight on the writer, not through Write: a probe
// is no request's write, and it must not wait behind (or be hidden in) a group commit.
func (h *Health) CheckWritable(ctx context.Context) error {
	if h.every <= 0 {
		return h.probe(ctx)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.at.IsZero() && h.now().Sub(h.at) < h.every {
		return h.last
	}
	h.last = h.probe(ctx)
	if ctx.Err() == nil {
		h.at = h.now()
	}
	return h.last
}

// probe commits a row and deletes it.
func (h *Health) probe(ctx context.Context) error {
	id := rand.Text()
	if _, err := h.db.ExecContext(ctx, h.q.InsertReadinessProbe, id, make([]byte, probePayload)); err != nil {
		return fmt.Errorf("database: write probe: %w", err)
	}
	if _, err := h.db.ExecContext(ctx, h.q.DeleteReadinessProbe, id); err != nil {
		return fmt.Errorf("database: write probe: delete: %w", err)
	}
	return nil
}
