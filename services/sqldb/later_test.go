package sqldb_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// noteFlusher writes the notes handed to it with sqldb.Later, all of a transaction's
// in one statement, and counts its statements; it fails a flush that holds note
// failID.
type noteFlusher struct {
	db     *sqldb.DB
	failID int
	mu     sync.Mutex
	sizes  []int // items per Flush, in order
}

func (f *noteFlusher) Flush(ctx context.Context, tx *sql.Tx, items []int) error {
	f.mu.Lock()
	f.sizes = append(f.sizes, len(items))
	f.mu.Unlock()
	values := make([]string, 0, len(items))
	args := make([]any, 0, 2*len(items))
	for i, id := range items {
		if id == f.failID {
			return fmt.Errorf("note %d refused", id)
		}
		values = append(values, fmt.Sprintf("($%d, $%d)", 2*i+1, 2*i+2))
		args = append(args, id, fmt.Sprint("note ", id))
	}
	_, err := tx.ExecContext(ctx, f.db.Rebind(`INSERT INTO notes (id, body) VALUES `+strings.Join(values, ", ")), args...)
	return err
}

func (f *noteFlusher) flushes() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]int(nil), f.sizes...)
}

// laterNote is a unit that leaves note id for the end of its transaction.
func laterNote(f *noteFlusher, id int) sqldb.WriteFunc {
	return func(ctx context.Context, tx *sql.Tx) error {
		if !sqldb.Later(ctx, f, id) {
			return errors.New("not in a unit")
		}
		return nil
	}
}

func TestLaterWritesTheUnitsItemsInOneStatement(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			url, db, b := batchTest(t, d)
			f := &noteFlusher{db: db}
			release, blocker := blockWriter(t, db, b)
			const n = 20
			errs := make(chan error, n)
			for i := 1; i <= n; i++ {
				go func() { errs <- b.Do(context.Background(), laterNote(f, i)) }()
			}
			waitQueued(t, b, n)
			release()
			wantAllWritten(t, url, blocker, closeAfter(errs, n), n)
			if got := f.flushes(); len(got) != 1 || got[0] != n {
				t.Errorf("flushes of %v items, want one of %d", got, n)
			}
		})
	}
}

// A flush that fails fails the batch: each unit runs again alone, and only the one
// whose item cannot be written fails.
func TestAFailingFlushFailsOnlyItsUnit(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			url, db, b := batchTest(t, d)
			f := &noteFlusher{db: db, failID: 2}
			release, blocker := blockWriter(t, db, b)
			errs := make([]chan error, 4)
			for i := 1; i <= 3; i++ {
				errs[i] = make(chan error, 1)
				// Each unit also writes a note of its own at once: rolled back with the
				// batch, written again when the unit runs alone.
				go func() {
					errs[i] <- b.Do(context.Background(), func(ctx context.Context, tx *sql.Tx) error {
						if err := insertNote(db, 10+i)(ctx, tx); err != nil {
							return err
						}
						return laterNote(f, i)(ctx, tx)
					})
				}()
				waitQueued(t, b, i)
			}
			release()
			if err := <-blocker; err != nil {
				t.Fatal(err)
			}
			for i := 1; i <= 3; i++ {
				err := <-errs[i]
				if (i == 2) != (err != nil) || (err != nil && !strings.Contains(err.Error(), "note 2 refused")) {
					t.Errorf("unit %d: %v", i, err)
				}
			}
			ids := noteIDs(t, url)
			for id, want := range map[int]bool{1: true, 11: true, 2: false, 12: false, 3: true, 13: true} {
				if ids[id] != want {
					t.Errorf("note %d stored = %v, want %v", id, ids[id], want)
				}
			}
			// The batch's flush of 3, then one per unit run alone.
			if got := f.flushes(); fmt.Sprint(got) != "[3 1 1 1]" {
				t.Errorf("flushes of %v items, want [3 1 1 1]", got)
			}
		})
	}
}

func TestLaterOutsideAUnit(t *testing.T) {
	if sqldb.Later(context.Background(), &noteFlusher{}, 1) {
		t.Error("Later took an item outside a unit of DB.Write: nobody would write it")
	}
}

// closeAfter closes a channel of n answers once they are in, for wantAllWritten.
func closeAfter(errs chan error, n int) <-chan error {
	out := make(chan error, n)
	go func() {
		for range n {
			out <- <-errs
		}
		close(out)
	}()
	return out
}
