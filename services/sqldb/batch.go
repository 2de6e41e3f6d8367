package sqldb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// WriteFunc is one caller's unit of work inside a write transaction. It must use tx
// only (never the DB: on SQLite the transaction holds the one writer connection) and
// ctx, which carries the caller's values but not its cancellation: once a unit has
// started, it runs to its end (see Batcher.Do). f may run twice, the second time in a
// transaction of its own when another unit of its batch failed: it must set what it
// reports, never add to it.
type WriteFunc func(ctx context.Context, tx *sql.Tx) error

// ErrClosed is returned by Batcher.Do after Close.
var ErrClosed = errors.New("sqldb: batcher closed")

// Batcher runs the write transactions of many concurrent callers as group commits: a
// few goroutines own the write transactions, each takes every unit of work queued
// when it is free (up to BatchOptions.MaxUnits), runs them one after the other in one
// transaction, then what they left for its end (Later), and commits once. If a unit fails, the batch is rolled back and each of
// its units runs again in a transaction of its own: its caller gets its error, the
// others commit. Each caller's Do returns only after the commit that holds its unit:
// a nil error means the unit is durable as far as a single commit of its own would
// have been (docs/decisions/0027 and 0030).
//
// Nothing waits to fill a batch: a unit queued while the writer is idle runs at once,
// alone. Batches form by themselves under load, while the
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

// run runs one batch in one transaction and answers every unit of it. The units run
// one after the other with nothing between them: a savepoint per unit would cost two
// more round trips each and, on PostgreSQL, a subtransaction each (decision 0030). If a
// unit fails, nothing of the batch is committed: the transaction is rolled back and
// every unit runs again alone, so that only the failing one fails.
func (b *Batcher) run(batch []*unit) {
	b.batches.Add(1)
	b.done.Add(uint64(len(batch)))
	ctx, cancel := context.WithTimeout(context.Background(), b.opts.Timeout)
	defer cancel()
	if len(batch) == 1 {
		batch[0].result <- b.runAlone(ctx, batch[0])
		return
	}
	err := inTx(ctx, b.db, func(tx *sql.Tx, end *txEnd) error {
		for _, u := range batch {
			if err := runUnit(u, tx, end); err != nil {
				return errUnitFailed
			}
		}
		return nil
	})
	// A commit that PostgreSQL turned into a rollback means a unit hid a failed
	// statement, and a failed flush (Later) may be any unit's rows: either way nothing
	// was committed, and the units can run again.
	if !errors.Is(err, errUnitFailed) && !errors.Is(err, errFlushFailed) && !errors.Is(err, pgx.ErrTxCommitRollback) {
		answer(batch, err) // committed, or the begin or commit failed: the same for all
		return
	}
	for _, u := range batch {
		b.batches.Add(1)
		u.result <- b.runAlone(ctx, u)
	}
}

// errUnitFailed stops a batch's transaction at its first failing unit.
var errUnitFailed = errors.New("sqldb: a unit of the batch failed")

// runAlone runs u in a transaction of its own.
func (b *Batcher) runAlone(ctx context.Context, u *unit) error {
	return inTx(ctx, b.db, func(tx *sql.Tx, end *txEnd) error { return runUnit(u, tx, end) })
}

// errFlushFailed wraps the error of a Flusher at the end of a transaction.
var errFlushFailed = errors.New("sqldb: writing the rows left for the end of the transaction failed")

// inTx runs f in a transaction of db, then what f's units left for its end (Later),
// and commits if both succeeded.
func inTx(ctx context.Context, db *sql.DB, f func(tx *sql.Tx, end *txEnd) error) error {
	// Own transaction: this is the group commit's (and Write's on a DB not made by Open).
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // no-op after Commit
	end := &txEnd{}
	if err := f(tx, end); err != nil {
		return err
	}
	if err := end.flush(ctx, tx); err != nil {
		return fmt.Errorf("%w: %w", errFlushFailed, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// runUnit runs u's work on tx, with u's values but not its cancellation; a panic is
// u's error (the writer, and the other units, go on).
func runUnit(u *unit, tx *sql.Tx, end *txEnd) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("sqldb: write panicked: %v", p)
		}
	}()
	return u.f(end.in(context.WithoutCancel(u.ctx)), tx)
}

// Flusher writes, at the end of a write transaction, the items its units handed it
// with Later: one statement for the rows of every unit of a group commit, where each
// unit would have made a round trip to the database of its own (docs/decisions/0034).
// A Flusher is told apart from others by ==: make it a pointer.
type Flusher[T any] interface {
	Flush(ctx context.Context, tx *sql.Tx, items []T) error
}

// Later hands items to f, which writes them in the same transaction once every unit
// of it has run, before the commit: as part of the unit, committed or rolled back
// with it. Call it from the unit's goroutine. It returns false when ctx is not a
// unit's of DB.Write: the caller writes items itself. A unit that runs again
// (Batcher.run) hands its items again, to the new transaction.
func Later[T any](ctx context.Context, f Flusher[T], items ...T) bool {
	end, ok := ctx.Value(txEndKey{}).(*txEnd)
	if !ok || len(items) == 0 {
		return ok
	}
	for _, p := range end.pending {
		if q, ok := p.(*queued[T]); ok && q.f == f {
			q.items = append(q.items, items...)
			return true
		}
	}
	end.pending = append(end.pending, &queued[T]{f: f, items: slices.Clone(items)})
	return true
}

// txEnd is what the units of one transaction left for its end (Later).
type txEnd struct {
	pending []interface { // a *queued[T] per Flusher, in the order each got its first item
		flush(ctx context.Context, tx *sql.Tx) error
	}
}

// queued are the items handed to one Flusher.
type queued[T any] struct {
	f     Flusher[T]
	items []T
}

func (q *queued[T]) flush(ctx context.Context, tx *sql.Tx) error {
	return q.f.Flush(ctx, tx, q.items)
}

type txEndKey struct{}

func (e *txEnd) in(ctx context.Context) context.Context {
	return context.WithValue(ctx, txEndKey{}, e)
}

func (e *txEnd) flush(ctx context.Context, tx *sql.Tx) error {
	for _, p := range e.pending {
		if err := p.flush(ctx, tx); err != nil {
			return err
		}
	}
	return nil
}

func answer(units []*unit, err error) {
	for _, u := range units {
		u.result <- err
	}
}

// postgresWriters is how many group commits run at once on PostgreSQL: two keep the
// server's commits overlapping, and fewer writers make bigger batches, which cost the
// server less per unit (make bench-load: 10-20 % less of its CPU per request than four).
const postgresWriters = 2

// Write runs f as a unit of db's group commits (Batcher.Do): the one way to run a
// write transaction (docs/decisions/0043). A write of one statement (a session, a
// sign-in failure, the outbox worker's claims and marks, the readiness probe) runs on
// db directly: it is a transaction by itself. A transaction of its own (db.BeginTx)
// is only for what must not be a unit, one that holds the writer for seconds (the
// subscriber import: 0038) or must roll back by choice (tests), and says why where
// it begins, in a comment that starts "Own transaction" (TestOneWayToWrite).
func (db *DB) Write(ctx context.Context, f WriteFunc) error {
	if db.batch == nil { // a DB not made by Open
		return inTx(ctx, db.DB, func(tx *sql.Tx, end *txEnd) error { return f(end.in(ctx), tx) })
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
