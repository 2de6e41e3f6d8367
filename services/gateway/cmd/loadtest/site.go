package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// Admin credentials of every site the load test starts.
const (
	adminUser     = "admin"
	adminPassword = "load test password"
)

// site is one gateway under test with everything it talks to: a data directory, a
// database (a SQLite file in it, or a new database on the PostgreSQL server), and an
// SMTP server in this process that can be taken down and brought back on its port.
type site struct {
	o      options
	dir    string
	dbKind string
	dsn    string // SQLite file or postgres:// URL
	drop   func()
	smtp   *mailServer
	env    map[string]string
	gw     *gatewayProc
	out    io.Writer
	starts int
}

func newSite(ctx context.Context, o options, dbKind string, out io.Writer, extraEnv map[string]string) (*site, error) {
	dir, err := os.MkdirTemp("", "portfolio-loadtest-")
	if err != nil {
		return nil, err
	}
	s := &site{o: o, dir: dir, dbKind: dbKind, out: out, drop: func() {}}
	if dbKind == "postgres" {
		s.dsn, s.drop, err = newPostgresDatabase(ctx, o.pgURL)
		if err != nil {
			_ = os.RemoveAll(dir)
			return nil, err
		}
	} else {
		s.dsn = filepath.Join(dir, "portfolio.db")
	}
	s.smtp, err = newMailServer()
	if err != nil {
		s.close()
		return nil, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(adminPassword), 12) // the cost the README tells owners to use
	if err != nil {
		s.close()
		return nil, err
	}
	host, port, _ := net.SplitHostPort(s.smtp.addr)
	s.env = map[string]string{
		"PORTFOLIO_DATA_DIR":              dir,
		"PORTFOLIO_SMTP_HOST":             host,
		"PORTFOLIO_SMTP_PORT":             port,
		"PORTFOLIO_SMTP_TLS":              "none",
		"PORTFOLIO_MAIL_FROM":             "Portfolio <no-reply@example.com>",
		"PORTFOLIO_OWNER_EMAIL":           "owner@example.com",
		"PORTFOLIO_TRUSTED_PROXIES":       "127.0.0.1/32,::1/128",
		"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "100000", // the most the config allows: clients below rotate anyway
		"PORTFOLIO_METRICS_ADDR":          "off",    // several gateways run at once; a fixed metrics port would clash
		"PORTFOLIO_ADMIN_USER":            adminUser,
		"PORTFOLIO_ADMIN_PASSWORD_HASH":   string(hash),
		"PORTFOLIO_LOG_LEVEL":             "info",
	}
	if wd, err := os.Getwd(); err == nil {
		s.env["PORTFOLIO_WEB_DIR"] = filepath.Join(wd, "apps")
	}
	if dbKind == "postgres" {
		s.env["PORTFOLIO_DATABASE_URL"] = s.dsn
	}
	for k, v := range extraEnv {
		s.env[k] = v
	}
	return s, nil
}

// start starts the gateway and waits until it answers /healthz.
func (s *site) start(ctx context.Context) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	env := os.Environ()
	env = slices.DeleteFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "PORTFOLIO_") })
	for k, v := range s.env {
		env = append(env, k+"="+v)
	}
	adminAddr, err := freeAddr()
	if err != nil {
		return err
	}
	env = append(env, "PORTFOLIO_HTTP_ADDR="+addr, "PORTFOLIO_PUBLIC_URL=http://"+addr, "PORTFOLIO_ADMIN_ADDR="+adminAddr)
	metricsAddr := ""
	if s.o.profile != "" { // the profiles are served on the metrics listener
		if metricsAddr, err = freeAddr(); err != nil {
			return err
		}
		env = append(env, "PORTFOLIO_METRICS_ADDR="+metricsAddr)
	}
	s.starts++
	logFile, err := os.Create(filepath.Join(s.dir, fmt.Sprintf("gateway-%d.log", s.starts)))
	if err != nil {
		return err
	}
	cmd := exec.Command(s.o.gateway)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		_ = logFile.Close()
		return err
	}
	g := &gatewayProc{cmd: cmd, addr: addr, base: "http://" + addr, adminAddr: adminAddr, adminBase: "http://" + adminAddr,
		metricsAddr: metricsAddr, log: logFile, done: make(chan struct{})}
	go func() { g.err = cmd.Wait(); _ = logFile.Close(); close(g.done) }()
	s.gw = g
	deadline := time.Now().Add(30 * time.Second)
	for {
		select {
		case <-g.done:
			return fmt.Errorf("gateway exited at start (%w); see %s", g.err, logFile.Name())
		case <-ctx.Done():
			g.kill()
			return ctx.Err()
		default:
		}
		if resp, err := http.Get(g.base + "/healthz"); err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			g.kill()
			return fmt.Errorf("gateway not healthy after 30s; see %s", logFile.Name())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// close stops everything and removes the data directory (kept with KEEP=1).
func (s *site) close() {
	if s.gw != nil {
		s.gw.stop(syscall.SIGTERM, 30*time.Second)
	}
	if s.smtp != nil {
		s.smtp.close()
	}
	s.drop()
	if os.Getenv("KEEP") == "" {
		_ = os.RemoveAll(s.dir)
	} else {
		fmt.Fprintln(s.out, "  kept", s.dir)
	}
}

// openDB opens the site's database for counting.
func (s *site) openDB(ctx context.Context) (*sqldb.DB, error) {
	return sqldb.Open(ctx, s.dsn)
}

// gatewayProc is a running gateway.
type gatewayProc struct {
	cmd         *exec.Cmd
	addr        string
	base        string // http://addr
	adminAddr   string // the admin's origin
	adminBase   string // http://adminAddr
	metricsAddr string // "" when off
	log         *os.File
	done        chan struct{}
	err         error
}

// profileCPU saves the gateway's CPU profile over d in path; it waits d.
func (g *gatewayProc) profileCPU(ctx context.Context, d time.Duration, path string) error {
	url := fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", g.metricsAddr, int(d.Seconds()))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("profile: %s", resp.Status)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// stop sends sig and waits up to timeout for the process to exit, then kills it. It
// returns how long the exit took.
func (g *gatewayProc) stop(sig syscall.Signal, timeout time.Duration) time.Duration {
	start := time.Now()
	_ = g.cmd.Process.Signal(sig)
	select {
	case <-g.done:
	case <-time.After(timeout):
		g.kill()
	}
	return time.Since(start)
}

func (g *gatewayProc) kill() {
	_ = g.cmd.Process.Kill()
	<-g.done
}

// mailServer is the SMTP relay: down and up again on the same port, counting every
// message accepted by Message-ID across its lives.
type mailServer struct {
	addr   string
	mu     sync.Mutex
	srv    *smtptest.Server
	byID   map[string]int
	byRcpt map[string][]string // recipient → Message-IDs received, in order
	n      int
}

func newMailServer() (*mailServer, error) {
	m := &mailServer{byID: map[string]int{}, byRcpt: map[string][]string{}}
	srv, err := smtptest.Listen(smtptest.Options{OnMessage: m.record})
	if err != nil {
		return nil, err
	}
	m.srv, m.addr = srv, srv.Addr
	return m, nil
}

func (m *mailServer) record(msg smtptest.Message) {
	id := ""
	if p, err := msg.Parse(); err == nil {
		id = p.Get("Message-ID")
	}
	m.mu.Lock()
	m.byID[id]++
	m.n++
	for _, r := range msg.To {
		m.byRcpt[r] = append(m.byRcpt[r], id)
	}
	m.mu.Unlock()
}

// received returns the Message-IDs each recipient got.
func (m *mailServer) received() map[string][]string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string][]string, len(m.byRcpt))
	for k, v := range m.byRcpt {
		out[k] = append([]string(nil), v...)
	}
	return out
}

func (m *mailServer) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.n
}

// down stops the relay: connections are refused until up.
func (m *mailServer) down() {
	m.mu.Lock()
	srv := m.srv
	m.srv = nil
	m.mu.Unlock()
	if srv != nil {
		srv.Close()
	}
}

// up starts the relay again on its port.
func (m *mailServer) up() error {
	srv, err := smtptest.Listen(smtptest.Options{Addr: m.addr, OnMessage: m.record})
	if err != nil {
		return err
	}
	m.mu.Lock()
	m.srv = srv
	m.mu.Unlock()
	return nil
}

func (m *mailServer) close() { m.down() }

// delivered returns how many messages were accepted and how many of those repeated a
// Message-ID already accepted.
func (m *mailServer) delivered() (total, duplicates int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, n := range m.byID {
		if n > 1 {
			duplicates += n - 1
		}
	}
	return m.n, duplicates
}

// newPostgresDatabase creates a new database on the server at base and returns its
// URL and a function that drops it.
func newPostgresDatabase(ctx context.Context, base string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "loadtest_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		_ = admin.Close()
		return "", nil, fmt.Errorf("create database: %w", err)
	}
	u, err := url.Parse(base)
	if err != nil {
		_ = admin.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() {
		_, _ = admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
		_ = admin.Close()
	}, nil
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func numCPU() int { return runtime.NumCPU() }

// loadAverage is /proc/loadavg's first three figures: how busy the machine was.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// perRequest formats cpu shared out over n requests.
func perRequest(cpu time.Duration, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f µs", float64(cpu/time.Duration(n))/float64(time.Microsecond))
}

// postgresCPU is the CPU time the local PostgreSQL server's processes have used so
// far (their backends live as long as the gateway's pool): what a write costs the
// database, which shares this machine's cores with the gateway.
func postgresCPU() time.Duration {
	stats, _ := filepath.Glob("/proc/[0-9]*/comm")
	var sum time.Duration
	for _, comm := range stats {
		if b, err := os.ReadFile(comm); err != nil || strings.TrimSpace(string(b)) != "postgres" {
			continue
		}
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(comm)))
		if err == nil {
			sum += cpuTime(pid)
		}
	}
	return sum
}

// cpuTime is the CPU time (user and system) process pid has used so far, from
// /proc/<pid>/stat; 0 where that cannot be read.
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name (field 2) may hold spaces; fields count from after its ')'.
	rest := string(b)
	if i := strings.LastIndexByte(rest, ')'); i >= 0 {
		rest = rest[i+1:]
	}
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	const ticks = 100 // USER_HZ on Linux
	return time.Duration(utime+stime) * time.Second / ticks
}
