package sqldb

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSQLiteConnectionsKeepTheirStatements runs statements the ways the stores do,
// again and again on SQLite's one writer connection: each gives the right answer
// every time, including while the same statement's rows are still open, and the
// connection keeps one prepared statement per text.
func TestSQLiteConnectionsKeepTheirStatements(t *testing.T) {
	ctx := context.Background()
	db, err := OpenSQLite(ctx, filepath.Join(t.TempDir(), "portfolio.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// A script (two statements in one text) runs whole, each time.
	script := `CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE); DELETE FROM notes`
	for range 2 {
		if _, err := db.ExecContext(ctx, script); err != nil {
			t.Fatal(err)
		}
	}
	// As a statement file reads: a newline after the semicolon.
	insert := db.Rebind("INSERT INTO notes (body) VALUES ($1) RETURNING id;\n")
	for i := 1; i <= 50; i++ {
		var id int
		if err := db.QueryRowContext(ctx, insert, "note "+strings.Repeat("x", i)).Scan(&id); err != nil || id != i {
			t.Fatalf("insert %d: id %d, %v", i, id, err)
		}
	}
	// A statement that fails leaves its kept statement usable.
	if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO notes (body) VALUES ($1)`), "note x"); err == nil || !strings.Contains(err.Error(), "UNIQUE") {
		t.Fatalf("duplicate insert: %v", err)
	}
	if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO notes (body) VALUES ($1)`), "note y"); err != nil {
		t.Fatal(err)
	}

	// The same statement inside its own open rows, in a transaction (one connection).
	byID := db.Rebind(`SELECT id, body FROM notes WHERE id <= $1 ORDER BY id`)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	outer, err := tx.QueryContext(ctx, byID, 3)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for outer.Next() {
		var id int
		var body string
		if err := outer.Scan(&id, &body); err != nil {
			t.Fatal(err)
		}
		var n int
		inner, err := tx.QueryContext(ctx, byID, id)
		if err != nil {
			t.Fatal(err)
		}
		for inner.Next() {
			n++
		}
		if err := inner.Close(); err != nil {
			t.Fatal(err)
		}
		seen = append(seen, body+"/"+string(rune('0'+n)))
	}
	if err := outer.Close(); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(seen, " "); got != "note x/1 note xx/2 note xxx/3" {
		t.Errorf("nested reads: %s", got)
	}
	// Rows left early, then the statement again from the start.
	for range 2 {
		rows, err := db.QueryContext(ctx, byID, 50)
		if err != nil {
			t.Fatal(err)
		}
		if !rows.Next() {
			t.Fatal("no row")
		}
		var id int
		var body string
		if err := rows.Scan(&id, &body); err != nil || id != 1 {
			t.Fatalf("first row: %d, %v", id, err)
		}
		_ = rows.Close()
	}

	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = conn.Close() }()
	var kept []string
	if err := conn.Raw(func(dc any) error {
		for q, s := range dc.(*stmtCacheConn).stmts {
			kept = append(kept, q)
			// The driver keeps the compiled statement (its handle, pstmt) only for a
			// text that holds one statement and nothing after it: otherwise it parses
			// again at every run, kept or not.
			if q != script && reflect.ValueOf(s.stmt).Elem().FieldByName("pstmt").Uint() == 0 {
				t.Errorf("the driver does not keep %q compiled", q)
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{insert, byID} {
		if !slices.Contains(kept, q) {
			t.Errorf("statement not kept: %s (kept: %q)", q, kept)
		}
	}
	if len(kept) > 6 { // the script, the two inserts, the select, and what Open ran
		t.Errorf("%d statements kept, want one per text: %q", len(kept), kept)
	}
}
