package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// WriteFunc is one caller's unit of work inside a write transaction. It must use tx
// only (never the DB: on SQLite the transaction holds the one writer connection) and
// ctx, which carries the caller's values but not its cancellation: once a unit has
// started, it runs to its end (see Batcher.Do).
type WriteFunc func(ctx context.Context, tx *sql.Tx) error

// ErrClosed is returned by Batcher.Do after Close.
var ErrClosed = errors.New("sqldb: batcher closed")

// Batcher runs the write transactions of many concurrent callers as group commits: a
// few goroutines own the write transactions, each takes every unit of work queued
// when it is free (up to BatchOptions.MaxUnits), runs them one after the other in one
// transaction, each under a SAVEPOINT of its own, and commits once. A unit that fails
// is rolled back to its savepoint alone, and its caller gets its error; the others
// commit. Each caller's Do returns only after the commit that holds its unit: a nil
// error means the unit is durable as far as a single commit of its own would have
// been (docs/decisions/0027).
//
// Nothing waits to fill a batch: a unit queued while the writer is idle runs at once,
// alone (and without a savepoint). Batches form by themselves under load, while the
// previous commit is being written.
type Batcher struct {
	db      *sql.DB
	opts    BatchOptions
	units   chan *unit
	mu      sync.RWMutex // held for reading while a unit is sent; Close takes it to close units
	closed  bool
	wg      sync.WaitGroup
	batches atomic.Uint64
	done    atomic.Uint64
}

// BatchOptions tune a Batcher; zero values take the defaults.
type BatchOptions struct {
	// MaxUnits is the most units in one transaction (default 128): a bound on how long
	// a batch holds its locks and on how much one failed commit fails.
	MaxUnits int
	// Writers is how many batches run at once (default 1). SQLite has one writer, so 1;
	// on PostgreSQL several batches commit (and wait for the disk) in parallel.
	Writers int
	// Timeout bounds a whole batch (default 30 s): units do not carry their callers'
	// deadlines, so a database that stops answering must fail the batch some time.
	Timeout time.Duration
}

// BatchStats count the work a Batcher has done.
type BatchStats struct {
	Batches uint64 // transactions committed or rolled back
	Units   uint64 // units that ran (committed or failed)
	Queued  int    // units waiting for a writer now
}

type unitState = int32

const (
	unitQueued unitState = iota
	unitTaken
	unitCancelled
)

type unit struct {
	ctx    context.Context
	f      WriteFunc
	state  atomic.Int32
	result chan error // buffered: the writer never waits for the caller
}

// NewBatcher starts a Batcher over db's writer pool. Close stops it.
func NewBatcher(db *sql.DB, opts BatchOptions) *Batcher {
	if opts.MaxUnits <= 0 {
		opts.MaxUnits = 128
	}
	if opts.Writers <= 0 {
		opts.Writers = 1
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 30 * time.Second
	}
	b := &Batcher{db: db, opts: opts, units: make(chan *unit, 4*opts.MaxUnits)}
	for range opts.Writers {
		b.wg.Go(b.loop)
	}
	return b
}

// Do runs f in a write transaction shared with other callers' units and returns once
// that transaction has committed (nil) or f's work was rolled back (f's error, or the
// database's). An error always means that nothing of f's was committed.
//
// If ctx ends while the unit still waits for a writer, the unit is dropped and Do
// returns ctx's error. Once the unit has started, Do waits for its outcome whatever
// ctx does: cancelling a statement half-way would abort the shared transaction (and,
// on PostgreSQL, its connection), and answering before the commit would lie.
func (b *Batcher) Do(ctx context.Context, f WriteFunc) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	u := &unit{ctx: ctx, f: f, result: make(chan error, 1)}
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return ErrClosed
	}
	select {
	case b.units <- u:
	case <-ctx.Done():
		b.mu.RUnlock()
		return ctx.Err()
	}
	b.mu.RUnlock()
	select {
	case err := <-u.result:
		return err
	case <-ctx.Done():
		if u.state.CompareAndSwap(unitQueued, unitCancelled) {
			return ctx.Err()
		}
		return <-u.result
	}
}

// Close stops taking units (Do returns ErrClosed), runs and commits every unit already
// queued, and returns when the writers have stopped. Close it before the database.
func (b *Batcher) Close() error {
	b.mu.Lock()
	if !b.closed {
		b.closed = true
		close(b.units)
	}
	b.mu.Unlock()
	b.wg.Wait()
	return nil
}

// Stats returns the counts so far.
func (b *Batcher) Stats() BatchStats {
	return BatchStats{Batches: b.batches.Load(), Units: b.done.Load(), Queued: len(b.units)}
}

// loop is one writer: it takes a unit, then whatever else is queued, and runs them.
func (b *Batcher) loop() {
	batch := make([]*unit, 0, b.opts.MaxUnits)
	for u := range b.units {
		batch = batch[:0]
		if u.state.CompareAndSwap(unitQueued, unitTaken) {
			batch = append(batch, u)
		}
	fill:
		for len(batch) < b.opts.MaxUnits {
			select {
			case u, ok := <-b.units:
				if !ok {
					break fill
				}
				if u.state.CompareAndSwap(unitQueued, unitTaken) {
					batch = append(batch, u)
				}
			default:
				break fill
			}
		}
		if len(batch) > 0 {
			b.run(batch)
		}
	}
}

// run runs one batch in one transaction and answers every unit of it.
func (b *Batcher) run(batch []*unit) {
	b.batches.Add(1)
	b.done.Add(uint64(len(batch)))
	ctx, cancel := context.WithTimeout(context.Background(), b.opts.Timeout)
	defer cancel()
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		answer(batch, fmt.Errorf("begin: %w", err))
		return
	}
	defer func() { _ = tx.Rollback() }() // no-op after Commit

	if len(batch) == 1 { // nothing to keep apart
		u := batch[0]
		if err := runUnit(u, tx); err != nil {
			u.result <- err
			return
		}
		if err := tx.Commit(); err != nil {
			u.result <- fmt.Errorf("commit: %w", err)
			return
		}
		u.result <- nil
		return
	}

	ok := batch[:0:0] // the units that stand, answered after the commit
	for _, u := range batch {
		if _, err := tx.ExecContext(ctx, "SAVEPOINT unit"); err != nil {
			answer(append(ok, u), fmt.Errorf("savepoint: %w", err))
			answerRest(batch, u, err)
			return
		}
		err := runUnit(u, tx)
		if err == nil {
			// Fails if the unit hid an error that aborted the transaction (PostgreSQL):
			// then it failed after all.
			_, rerr := tx.ExecContext(ctx, "RELEASE SAVEPOINT unit")
			if rerr == nil {
				ok = append(ok, u)
				continue
			}
			err = fmt.Errorf("release savepoint: %w", rerr)
		}
		u.result <- err // answered now: its outcome no longer depends on the commit
		for _, stmt := range []string{"ROLLBACK TO SAVEPOINT unit", "RELEASE SAVEPOINT unit"} {
			if _, rerr := tx.ExecContext(ctx, stmt); rerr != nil {
				// The transaction is lost: nothing of this batch commits.
				rerr = fmt.Errorf("%s: %w", strings.ToLower(stmt), rerr)
				answer(ok, rerr)
				answerRest(batch, u, rerr)
				return
			}
		}
	}
	if len(ok) == 0 {
		return
	}
	if err := tx.Commit(); err != nil {
		answer(ok, fmt.Errorf("commit: %w", err))
		return
	}
	answer(ok, nil)
}

// runUnit runs u's work on tx, with u's values but not its cancellation; a panic is
// u's error (the writer, and the other units, go on).
func runUnit(u *unit, tx *sql.Tx) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("sqldb: write panicked: %v", p)
		}
	}()
	return u.f(context.WithoutCancel(u.ctx), tx)
}

func answer(units []*unit, err error) {
	for _, u := range units {
		u.result <- err
	}
}

// answerRest answers the units of batch after u with err.
func answerRest(batch []*unit, u *unit, err error) {
	for i, v := range batch {
		if v == u {
			answer(batch[i+1:], err)
			return
		}
	}
}

// postgresWriters is how many group commits run at once on PostgreSQL: enough to keep
// the server's disk flushes overlapping, well within the pool of 10.
const postgresWriters = 4

// Write runs f as a unit of db's group commits (Batcher.Do): the way for a request's
// write transaction. Writes that must not wait behind requests' units, or that hold
// their own transaction for long, keep using db directly.
func (db *DB) Write(ctx context.Context, f WriteFunc) error {
	if db.batch == nil { // a DB not made by Open
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("begin: %w", err)
		}
		defer func() { _ = tx.Rollback() }() // no-op after Commit
		if err := f(ctx, tx); err != nil {
			return err
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("commit: %w", err)
		}
		return nil
	}
	return db.batch.Do(ctx, f)
}

// BatchStats returns db's group-commit counts (zero for a DB not made by Open).
func (db *DB) BatchStats() BatchStats {
	if db.batch == nil {
		return BatchStats{}
	}
	return db.batch.Stats()
}
