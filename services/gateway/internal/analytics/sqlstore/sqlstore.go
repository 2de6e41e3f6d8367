// Package sqlstore keeps the analytics' daily counts, the day's salt and the day's
// visitor ids in the site's database (SQLite, or PostgreSQL shared by several
// replicas), so that every replica adds to the same counts and counts a visitor once.
//
// Each statement is a file in queries/ named by what it does, written with $N
// placeholders and rebound for SQLite (sqldb); the schema is in migrations/<dialect>/
// (goose, version table analytics_goose_db_version).
package sqlstore

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// statements are the store's: each field is queries/<its name in snake case>.sql.
type statements struct {
	AddCount, AddVisitors, DeleteOldVisitors, DeleteOldSalts   string
	InsertSalt, GetSalt, PurgeCounts, DailyTotals, TotalsByKey string
}

// Store implements analytics.Store.
type Store struct {
	db *sqldb.DB
	q  statements
}

var _ analytics.Store = (*Store)(nil)

// New returns the analytics store over db, migrated with Migrate.
func New(db *sqldb.DB) *Store {
	return &Store{db: db, q: sqldb.Statements[statements](files, db.Dialect)}
}

// visitorChunk is how many visitor ids one statement inserts.
const visitorChunk = 1000

// Salt implements analytics.Store: the first replica to ask stores fresh, every other
// one reads it.
func (s *Store) Salt(ctx context.Context, day string, fresh []byte) ([]byte, error) {
	if _, err := s.db.ExecContext(ctx, s.q.InsertSalt, day, hex.EncodeToString(fresh)); err != nil {
		return nil, fmt.Errorf("salt: insert: %w", err)
	}
	var h string
	if err := s.db.QueryRowContext(ctx, s.q.GetSalt, day).Scan(&h); err != nil {
		return nil, fmt.Errorf("salt: get: %w", err)
	}
	salt, err := hex.DecodeString(h)
	if err != nil {
		return nil, fmt.Errorf("salt: %w", err)
	}
	return salt, nil
}

// Add implements analytics.Store, in one transaction.
func (s *Store) Add(ctx context.Context, b analytics.Batch) (err error) {
	// Own transaction: a flush runs every few seconds in the background, off any
	// request's path; as a unit of the group commit its many upserts would hold up the
	// requests' writes batched with it.
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("add: begin: %w", err)
	}
	defer func() {
		if err != nil {
			err = errors.Join(err, tx.Rollback())
		}
	}()
	// The ids go in as one JSON array per day and chunk (a round trip each, not one per
	// id); each id new to the table adds one to its day's visitors.
	byDay := map[string][]string{}
	for _, v := range b.Visitors {
		byDay[v.Day] = append(byDay[v.Day], v.ID)
	}
	visitors := map[string]int64{}
	for day, ids := range byDay {
		for chunk := range slices.Chunk(ids, visitorChunk) {
			list, err := json.Marshal(chunk)
			if err != nil {
				return fmt.Errorf("add: visitors: %w", err)
			}
			res, err := tx.ExecContext(ctx, s.q.AddVisitors, day, string(list))
			if err != nil {
				return fmt.Errorf("add: visitors: %w", err)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return fmt.Errorf("add: visitors: %w", err)
			}
			visitors[day] += n // ids another replica (or flush) counted already add 0
		}
	}
	counts := b.Counts
	for day, n := range visitors {
		if n > 0 {
			counts = append(counts, analytics.Count{Day: day, Kind: analytics.KindVisitors, N: n})
		}
	}
	for _, c := range counts {
		if _, err := tx.ExecContext(ctx, s.q.AddCount, c.Day, c.Kind, c.Key, c.N); err != nil {
			return fmt.Errorf("add: count: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, s.q.DeleteOldVisitors, b.Today); err != nil {
		return fmt.Errorf("add: delete old visitors: %w", err)
	}
	if _, err := tx.ExecContext(ctx, s.q.DeleteOldSalts, b.Today); err != nil {
		return fmt.Errorf("add: delete old salts: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("add: commit: %w", err)
	}
	return nil
}

// Purge implements analytics.Store.
func (s *Store) Purge(ctx context.Context, day string) error {
	if _, err := s.db.ExecContext(ctx, s.q.PurgeCounts, day); err != nil {
		return fmt.Errorf("purge: %w", err)
	}
	return nil
}

// Totals implements analytics.Store.
func (s *Store) Totals(ctx context.Context, from, to string) (map[string]analytics.DayTotal, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.DailyTotals, from, to)
	if err != nil {
		return nil, fmt.Errorf("totals: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := map[string]analytics.DayTotal{}
	for rows.Next() {
		var day, kind string
		var n int64
		if err := rows.Scan(&day, &kind, &n); err != nil {
			return nil, fmt.Errorf("totals: %w", err)
		}
		t := out[day]
		if kind == analytics.KindVisitors {
			t.Visitors = n
		} else {
			t.Views = n
		}
		out[day] = t
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("totals: %w", err)
	}
	return out, nil
}

// Top implements analytics.Store.
func (s *Store) Top(ctx context.Context, kind, from, to string, limit int) ([]analytics.KeyCount, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.TotalsByKey, from, to, kind, limit)
	if err != nil {
		return nil, fmt.Errorf("top %s: %w", kind, err)
	}
	defer func() { _ = rows.Close() }()
	var out []analytics.KeyCount
	for rows.Next() {
		var k analytics.KeyCount
		if err := rows.Scan(&k.Key, &k.N); err != nil {
			return nil, fmt.Errorf("top %s: %w", kind, err)
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("top %s: %w", kind, err)
	}
	return out, nil
}
