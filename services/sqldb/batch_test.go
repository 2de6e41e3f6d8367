package sqldb_test

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// notesTable makes the table the batch tests write to.
func notesTable(t *testing.T, db *sqldb.DB) {
	t.Helper()
	if _, err := db.ExecContext(context.Background(), `CREATE TABLE IF NOT EXISTS notes (id BIGINT PRIMARY KEY, body TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
}

// insertNote is a unit that writes note id.
func insertNote(db *sqldb.DB, id int) sqldb.WriteFunc {
	return func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, db.Rebind(`INSERT INTO notes (id, body) VALUES ($1, $2)`), id, fmt.Sprint("note ", id))
		return err
	}
}

// noteIDs returns the ids of every note, read through a new connection pool (as
// another process would see them).
func noteIDs(t *testing.T, url string) map[int]bool {
	t.Helper()
	db := sqldbtest.Open(t, url)
	rows, err := db.QueryContext(context.Background(), `SELECT id FROM notes`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	ids := map[int]bool{}
	for rows.Next() {
		var id int
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids[id] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// blockWriter makes b's only writer busy with a unit (note 0) until the returned
// release is called, so that units queued meanwhile form the next batch together.
func blockWriter(t *testing.T, db *sqldb.DB, b *sqldb.Batcher) (release func(), blockerErr <-chan error) {
	t.Helper()
	started, unblock := make(chan struct{}), make(chan struct{})
	errc := make(chan error, 1)
	go func() {
		errc <- b.Do(context.Background(), func(ctx context.Context, tx *sql.Tx) error {
			close(started)
			<-unblock
			return insertNote(db, 0)(ctx, tx)
		})
	}()
	<-started
	var once sync.Once
	release = func() { once.Do(func() { close(unblock) }) }
	t.Cleanup(release)
	return release, errc
}

// queueNotes queues units writing notes 1 to n in b, and returns once they wait in
// its queue; their callers' answers come on the channel, closed after the last.
func queueNotes(t *testing.T, db *sqldb.DB, b *sqldb.Batcher, n int) <-chan error {
	t.Helper()
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for i := 1; i <= n; i++ {
		wg.Go(func() { errs <- b.Do(context.Background(), insertNote(db, i)) })
	}
	go func() { wg.Wait(); close(errs) }()
	waitQueued(t, b, n)
	return errs
}

// wantAllWritten checks that the blocker and the n units of queueNotes were answered
// nil, and that the n+1 notes are stored.
func wantAllWritten(t *testing.T, url string, blocker, errs <-chan error, n int) {
	t.Helper()
	if err := <-blocker; err != nil {
		t.Fatal(err)
	}
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if got := len(noteIDs(t, url)); got != n+1 {
		t.Errorf("%d notes, want %d", got, n+1)
	}
}

// waitQueued waits until n units wait in b's queue.
func waitQueued(t *testing.T, b *sqldb.Batcher, n int) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); b.Stats().Queued != n; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d units queued, want %d", b.Stats().Queued, n)
		}
	}
}

// batchTest opens a new database of d with the notes table, and a Batcher with one
// writer over it (a DB has its own, with as many writers as its dialect wants; one
// makes the batches of a test predictable).
func batchTest(t *testing.T, d sqldbtest.Dialect) (url string, db *sqldb.DB, b *sqldb.Batcher) {
	t.Helper()
	url = d.URL(t)
	db = sqldbtest.Open(t, url)
	notesTable(t, db)
	b = sqldb.NewBatcher(db.DB, sqldb.BatchOptions{Writers: 1})
	t.Cleanup(func() { _ = b.Close() })
	return url, db, b
}

func TestWriteCommitsEveryConcurrentCaller(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			url := d.URL(t)
			db := sqldbtest.Open(t, url)
			notesTable(t, db)
			const callers = 200
			errs := make([]error, callers+1)
			var wg sync.WaitGroup
			for i := 1; i <= callers; i++ {
				wg.Go(func() { errs[i] = db.Write(context.Background(), insertNote(db, i)) })
			}
			wg.Wait()
			ids := noteIDs(t, url)
			for i := 1; i <= callers; i++ {
				if errs[i] != nil || !ids[i] {
					t.Errorf("caller %d: error %v, stored %v", i, errs[i], ids[i])
				}
			}
			if len(ids) != callers {
				t.Errorf("%d notes stored, want %d", len(ids), callers)
			}
			if s := db.BatchStats(); s.Units != callers || s.Batches == 0 || s.Batches > callers {
				t.Errorf("stats %+v: want %d units", s, callers)
			}
		})
	}
}

func TestUnitsQueuedTogetherCommitInOneTransaction(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			url, db, b := batchTest(t, d)
			release, blocker := blockWriter(t, db, b)
			const n = 20
			errs := queueNotes(t, db, b, n)
			release()
			wantAllWritten(t, url, blocker, errs, n)
			if s := b.Stats(); s.Batches != 2 || s.Units != n+1 {
				t.Errorf("stats %+v, want 2 transactions of %d units in all", s, n+1)
			}
		})
	}
}

// TestAFailingUnitFailsOnlyItself queues units that fail in every way a unit can
// between units that succeed, in one batch: each caller gets its own outcome, and
// nothing of a failed unit is stored.
func TestAFailingUnitFailsOnlyItself(t *testing.T) {
	errMine := errors.New("the unit's own error")
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			url, db, b := batchTest(t, d)
			type unit struct {
				name    string
				id      int // the note it writes first
				f       func(ctx context.Context, tx *sql.Tx) error
				wantErr string
			}
			write := func(id int) func(ctx context.Context, tx *sql.Tx) error { return insertNote(db, id) }
			thenFail := func(id int, after func(ctx context.Context, tx *sql.Tx) error) func(ctx context.Context, tx *sql.Tx) error {
				return func(ctx context.Context, tx *sql.Tx) error {
					if err := insertNote(db, id)(ctx, tx); err != nil {
						return err
					}
					return after(ctx, tx)
				}
			}
			// A unit that hides a failed statement: PostgreSQL aborts the transaction, so
			// the unit fails after all; SQLite goes on, and the unit stands.
			hiddenErr := "commit unexpectedly resulted in rollback"
			if d.Name == string(sqldb.SQLite) {
				hiddenErr = ""
			}
			units := []unit{
				{name: "ok before", id: 1, f: write(1)},
				{name: "own error", id: 2, f: thenFail(2, func(context.Context, *sql.Tx) error { return errMine }), wantErr: errMine.Error()},
				{name: "ok between", id: 3, f: write(3)},
				{name: "duplicate key", id: 4, f: thenFail(4, write(1)), wantErr: "UNIQUE"},
				{name: "ok after a failed statement", id: 5, f: write(5)},
				{name: "panic", id: 6, f: thenFail(6, func(context.Context, *sql.Tx) error { panic("boom") }), wantErr: "panicked: boom"},
				{name: "hidden error", id: 7, f: thenFail(7, func(ctx context.Context, tx *sql.Tx) error {
					_ = write(3)(ctx, tx) // a duplicate, its error dropped
					return nil
				}), wantErr: hiddenErr},
				{name: "ok last", id: 8, f: write(8)},
			}
			release, blocker := blockWriter(t, db, b)
			errs := make([]chan error, len(units))
			for i, u := range units {
				errs[i] = make(chan error, 1)
				go func() { errs[i] <- b.Do(context.Background(), u.f) }()
				waitQueued(t, b, i+1) // in this order
			}
			release()
			if err := <-blocker; err != nil {
				t.Fatal(err)
			}
			// Every caller answered means the batch has committed: only then look.
			got := make([]error, len(units))
			for i := range units {
				got[i] = <-errs[i]
			}
			ids := noteIDs(t, url)
			for i, u := range units {
				err := got[i]
				switch {
				case u.wantErr == "" && err != nil:
					t.Errorf("%s: %v", u.name, err)
				case u.wantErr != "" && (err == nil || !strings.Contains(strings.ToUpper(err.Error()), strings.ToUpper(u.wantErr))):
					t.Errorf("%s: error %v, want one with %q", u.name, err, u.wantErr)
				}
				if stored := ids[u.id]; stored != (u.wantErr == "") {
					t.Errorf("%s: note %d stored = %v", u.name, u.id, stored)
				}
			}
			// The blocker's, the batch rolled back, then one per unit.
			if s := b.Stats(); s.Batches != 2+uint64(len(units)) {
				t.Errorf("%d transactions, want %d", s.Batches, 2+len(units))
			}
		})
	}
}

// A unit that hides a failed statement as the last of its batch: on PostgreSQL the
// commit turns into a rollback, and the other units must still commit.
func TestAHiddenErrorAtTheEndFailsOnlyItself(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		if d.Name != string(sqldb.Postgres) {
			continue // SQLite goes on after a failed statement: nothing is hidden
		}
		t.Run(d.Name, func(t *testing.T) {
			url, db, b := batchTest(t, d)
			release, blocker := blockWriter(t, db, b)
			okErr := make(chan error, 1)
			go func() { okErr <- b.Do(context.Background(), insertNote(db, 1)) }()
			waitQueued(t, b, 1)
			hiddenErr := make(chan error, 1)
			go func() {
				hiddenErr <- b.Do(context.Background(), func(ctx context.Context, tx *sql.Tx) error {
					_ = insertNote(db, 1)(ctx, tx) // a duplicate, its error dropped
					return nil
				})
			}()
			waitQueued(t, b, 2)
			release()
			if err := <-blocker; err != nil {
				t.Fatal(err)
			}
			if err := <-okErr; err != nil {
				t.Errorf("the other unit: %v", err)
			}
			if err := <-hiddenErr; err == nil || !strings.Contains(err.Error(), "rollback") {
				t.Errorf("the hiding unit: error %v, want the commit's rollback", err)
			}
			if ids := noteIDs(t, url); !ids[1] || len(ids) != 2 {
				t.Errorf("notes %v, want 0 and 1", ids)
			}
		})
	}
}

func TestCancellation(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			url, db, b := batchTest(t, d)

			if err := b.Do(canceled(), insertNote(db, 1)); !errors.Is(err, context.Canceled) {
				t.Errorf("Do with a cancelled context: %v", err)
			}

			release, blocker := blockWriter(t, db, b)
			// Cancelled while queued: dropped, never written.
			ctx, cancel := context.WithCancel(context.Background())
			queued := make(chan error, 1)
			go func() { queued <- b.Do(ctx, insertNote(db, 2)) }()
			waitQueued(t, b, 1)
			cancel()
			if err := <-queued; !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled while queued: %v", err)
			}
			// Cancelled while it runs: it runs to its end and commits, and says so.
			ctx, cancel = context.WithCancel(context.Background())
			running := make(chan error, 1)
			go func() {
				running <- b.Do(ctx, func(uctx context.Context, tx *sql.Tx) error {
					cancel()
					return insertNote(db, 3)(uctx, tx)
				})
			}()
			waitQueued(t, b, 2) // the dropped unit is still in the queue
			release()
			if err := <-blocker; err != nil {
				t.Fatal(err)
			}
			if err := <-running; err != nil {
				t.Errorf("cancelled while running: %v", err)
			}
			ids := noteIDs(t, url)
			if ids[1] || ids[2] || !ids[3] {
				t.Errorf("stored %v, want notes 0 and 3", ids)
			}
		})
	}
}

func canceled() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

// TestCloseCommitsWhatIsQueued closes a batcher while units wait behind a busy
// writer: each is committed and answered, and Do after Close fails without writing.
func TestCloseCommitsWhatIsQueued(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			url, db, b := batchTest(t, d)
			release, blocker := blockWriter(t, db, b)
			const n = 10
			errs := queueNotes(t, db, b, n)
			closed := make(chan error, 1)
			go func() { closed <- b.Close() }()
			// Close refuses new units at once, then waits for the writer.
			// A try before Close has begun waits in the queue until its context ends.
			for {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
				err := b.Do(ctx, insertNote(db, 100))
				cancel()
				if errors.Is(err, sqldb.ErrClosed) {
					break
				}
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("Do while closing: %v", err)
				}
			}
			release()
			if err := <-closed; err != nil {
				t.Fatal(err)
			}
			wantAllWritten(t, url, blocker, errs, n)
		})
	}
}

// envCrashURL names the database the crash helper writes to.
const envCrashURL = "SQLDB_BATCH_CRASH_URL"

// TestAnsweredWritesSurviveACrash runs a process that writes notes from many
// goroutines and prints the id of each write answered; it is killed (SIGKILL) in the
// middle of its batches. Every note it said was written is in the database.
func TestAnsweredWritesSurviveACrash(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			url := d.URL(t)
			notesTable(t, sqldbtest.Open(t, url))
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$", "-test.v=false")
			cmd.Env = append(os.Environ(), envCrashURL+"="+url)
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stderr = os.Stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var answered []int
			sc := bufio.NewScanner(out)
			killed := false
			for sc.Scan() {
				id, ok := strings.CutPrefix(sc.Text(), "written ")
				if !ok {
					continue
				}
				n, err := strconv.Atoi(id)
				if err != nil {
					t.Fatal(err)
				}
				answered = append(answered, n)
				if len(answered) == 500 && !killed {
					_ = cmd.Process.Kill()
					killed = true // the lines already in the pipe are still read
				}
			}
			_ = cmd.Wait()
			if !killed {
				t.Fatalf("the helper stopped after %d writes", len(answered))
			}
			ids := noteIDs(t, url)
			lost := 0
			for _, id := range answered {
				if !ids[id] {
					lost++
				}
			}
			if lost > 0 {
				t.Errorf("%d of %d answered writes lost", lost, len(answered))
			}
			t.Logf("%d writes answered before the kill, %d stored", len(answered), len(ids))
		})
	}
}

// TestCrashHelper is the process TestAnsweredWritesSurviveACrash kills; it does
// nothing in a normal test run.
func TestCrashHelper(t *testing.T) {
	url := os.Getenv(envCrashURL)
	if url == "" {
		t.Skip("run by TestAnsweredWritesSurviveACrash")
	}
	db, err := sqldb.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for {
				id := int(next.Add(1))
				if err := db.Write(context.Background(), insertNote(db, id)); err != nil {
					fmt.Fprintln(os.Stderr, "crash helper:", err)
					return
				}
				mu.Lock()
				fmt.Fprintf(os.Stdout, "written %d\n", id)
				mu.Unlock()
			}
		})
	}
	wg.Wait() // until killed
}
