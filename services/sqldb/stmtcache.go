package sqldb

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"strings"

	sqlite "modernc.org/sqlite"
)

// SQLite parses a statement every time it runs unless the statement is prepared and
// kept: under write load that parsing was a sixth of the gateway's CPU. The stores
// run the same few statements (as strings, through database/sql), so each SQLite
// connection keeps its statements prepared, keyed by their text, and reuses them
// (docs/decisions/0027). PostgreSQL's driver (pgx) has such a cache of its own.

// stmtCacheSize bounds the statements one connection keeps: the stores have a few
// dozen; a statement built on the fly (the load test's counting) past the bound runs
// unprepared, as before.
const stmtCacheSize = 128

// openSQLite opens a database/sql pool on SQLite's driver whose connections keep
// their statements prepared.
func openSQLite(dsn string) *sql.DB {
	return sql.OpenDB(stmtCacheConnector{dsn: dsn, driver: &sqlite.Driver{}})
}

type stmtCacheConnector struct {
	dsn    string
	driver driver.Driver
}

func (c stmtCacheConnector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.driver.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(sqliteConn)
	if !ok {
		_ = conn.Close()
		return nil, fmt.Errorf("sqlite: the driver's connection (%T) lacks a method the statement cache needs", conn)
	}
	return &stmtCacheConn{sqliteConn: inner, stmts: map[string]*cachedStmt{}}, nil
}

func (c stmtCacheConnector) Driver() driver.Driver { return c.driver }

// sqliteConn is what database/sql uses of the SQLite driver's connection.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// stmtCacheConn runs ExecContext and QueryContext on statements it keeps prepared.
// database/sql uses a connection from one goroutine at a time, so it needs no lock.
type stmtCacheConn struct {
	sqliteConn
	stmts map[string]*cachedStmt
}

type cachedStmt struct {
	stmt interface {
		driver.StmtExecContext
		driver.StmtQueryContext
		driver.Stmt
	}
	busy bool // its rows are open: a second use at the same time gets a statement of its own
}

// cached returns the kept statement for query, preparing it the first time, or nil
// when it cannot be kept (busy, or the cache is full): the caller then runs the query
// the ordinary way.
func (c *stmtCacheConn) cached(ctx context.Context, query string) (*cachedStmt, error) {
	if s, ok := c.stmts[query]; ok {
		if s.busy {
			return nil, nil
		}
		return s, nil
	}
	if len(c.stmts) >= stmtCacheSize {
		return nil, nil
	}
	// Trimmed: the driver keeps a statement prepared only when nothing follows it, and
	// a statement file ends with a newline.
	ds, err := c.PrepareContext(ctx, strings.TrimSpace(query))
	if err != nil {
		return nil, err
	}
	st, ok := ds.(interface {
		driver.StmtExecContext
		driver.StmtQueryContext
		driver.Stmt
	})
	if !ok {
		_ = ds.Close()
		return nil, nil
	}
	s := &cachedStmt{stmt: st}
	c.stmts[query] = s
	return s, nil
}

func (c *stmtCacheConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.cached(ctx, query)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.sqliteConn.ExecContext(ctx, query, args)
	}
	return s.stmt.ExecContext(ctx, args)
}

func (c *stmtCacheConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.cached(ctx, query)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.sqliteConn.QueryContext(ctx, query, args)
	}
	rows, err := s.stmt.QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	s.busy = true
	return &cachedRows{Rows: rows, stmt: s}, nil
}

// Close finalizes the kept statements, then closes the connection.
func (c *stmtCacheConn) Close() error {
	for q, s := range c.stmts {
		_ = s.stmt.Close()
		delete(c.stmts, q)
	}
	return c.sqliteConn.Close()
}

// cachedRows frees its statement for the next use when closed (the driver resets it).
type cachedRows struct {
	driver.Rows
	stmt *cachedStmt
}

func (r *cachedRows) Close() error {
	err := r.Rows.Close()
	r.stmt.busy = false
	return err
}
