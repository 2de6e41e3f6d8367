package sqlstore

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/portfolio-site/portfolio/services/sqldb"
)

// probePayload is the size of the row a write probe commits: more than a SQLite page,
// so the probe needs room in the file as a contact message does, not only in a page
// that happens to have some left.
const probePayload = 4096 + 512

// Health tells /readyz whether the database answers and whether it takes writes.
type Health struct {
	db *sqldb.DB
	q  statements
}

// NewHealth returns the checks over db, migrated with Migrate.
func NewHealth(db *sqldb.DB) *Health {
	return &Health{db: db, q: loadStatements(db.Dialect)}
}

// PingContext reports whether the database answers.
func (h *Health) PingContext(ctx context.Context) error { return h.db.PingContext(ctx) }

// CheckWritable commits a small row and deletes it: an error means the database
// cannot take writes now (disk full, read-only file or server, size limit reached),
// so neither can a contact message or a subscription.
func (h *Health) CheckWritable(ctx context.Context) error {
	id := rand.Text()
	if _, err := h.db.ExecContext(ctx, h.q.InsertReadinessProbe, id, make([]byte, probePayload)); err != nil {
		return fmt.Errorf("store: write probe: %w", err)
	}
	if _, err := h.db.ExecContext(ctx, h.q.DeleteReadinessProbe, id); err != nil {
		return fmt.Errorf("store: write probe: delete: %w", err)
	}
	return nil
}
