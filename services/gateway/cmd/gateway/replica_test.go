package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/replica/s3test"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// replicaKind is a replica a test runs against: a file path or a real S3-compatible
// server (versitygw, started by the test).
type replicaKind struct {
	name string
	env  func(t *testing.T) (env map[string]string, s3 *s3test.Server)
}

var replicaKinds = []replicaKind{
	{"file", func(t *testing.T) (map[string]string, *s3test.Server) {
		return map[string]string{"PORTFOLIO_REPLICA_URL": "file://" + filepath.Join(t.TempDir(), "replica")}, nil
	}},
	{"s3", func(t *testing.T) (map[string]string, *s3test.Server) {
		srv := s3test.Start(t)
		// The AWS SDK reads this one from the process, and refuses it with the
		// HTTP client Litestream brings (README, Replication).
		t.Setenv("AWS_CA_BUNDLE", "")
		env := srv.Env()
		env["PORTFOLIO_REPLICA_URL"] = srv.URL("site")
		return env, srv
	}},
}

// replicaEnv is a site's settings with a replica: writes unthrottled, mail to the
// maildir.
func replicaEnv(t *testing.T, extra map[string]string) map[string]string {
	env := map[string]string{
		"PORTFOLIO_DATA_DIR":              filepath.Join(t.TempDir(), "data"),
		"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "100000",
		"PORTFOLIO_MAIL_RATE_PER_SECOND":  "0",
	}
	maps.Copy(env, extra)
	return env
}

// envGatewayProcess has TestGatewayProcess run a gateway: the process a test kills.
const envGatewayProcess = "PORTFOLIO_TEST_GATEWAY_PROCESS"

// TestGatewayProcess is the gateway process TestReplicaSurvivesALostDisk kills with
// SIGKILL: run with the process's environment. It does nothing in a normal run.
func TestGatewayProcess(t *testing.T) {
	if os.Getenv(envGatewayProcess) == "" {
		t.Skip("run by the replication tests")
	}
	if err := run(context.Background(), []string{"gateway"}, os.Getenv, strings.NewReader(""), io.Discard, os.Stderr); err != nil {
		t.Fatal(err)
	}
}

// process is a gateway in a process of its own.
type process struct {
	cmd  *exec.Cmd
	addr string
	logs *logWatcher
	done chan error
}

// startProcess starts this test binary as a gateway with env (and the test's fixture
// build) and returns once it listens.
func startProcess(t *testing.T, env map[string]string) *process {
	t.Helper()
	full := map[string]string{
		"PORTFOLIO_HTTP_ADDR":    "127.0.0.1:0",
		"PORTFOLIO_ADMIN_ADDR":   "127.0.0.1:0",
		"PORTFOLIO_METRICS_ADDR": "off",
		"PORTFOLIO_WEB_DIR":      webtest.Build(t),
		"PORTFOLIO_LOG_LEVEL":    "info",
		envGatewayProcess:        "1",
	}
	maps.Copy(full, env)
	cmd := exec.Command(os.Args[0], "-test.run=^TestGatewayProcess$", "-test.v=false")
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "PORTFOLIO_") || strings.HasPrefix(kv, "AWS_")
	})
	for k, v := range full {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, logs: newLogWatcher(), done: make(chan error, 1)}
	go func() {
		_, _ = io.Copy(p.logs, stderr)
		p.done <- cmd.Wait()
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-p.done //nolint:errcheck // killed, or already gone: only that it ended matters
	})
	p.addr, _ = p.logs.waitFor(t, "listening", p.done)["addr"].(string)
	return p
}

// ack is a contact message the site answered 202, and when.
type ack struct {
	name string
	at   time.Time
}

// writeUntil posts contact messages to addr one after another until stop is closed,
// and returns those answered 202.
func writeUntil(t *testing.T, addr, prefix string, stop <-chan struct{}) []ack {
	var acks []ack
	client := &http.Client{Timeout: 5 * time.Second}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return acks
		default:
		}
		name := fmt.Sprintf("%s %d", prefix, i)
		resp, err := client.Post("http://"+addr+"/api/contact", "application/json", strings.NewReader(strings.Replace(contactJSON, "Jane <b>Doe</b>", name, 1)))
		if err != nil {
			return acks // killed
		}
		_ = resp.Body.Close()
		if resp.StatusCode == http.StatusAccepted {
			acks = append(acks, ack{name, time.Now()})
		}
	}
}

// storedNames are the names of the contact messages in the site's database.
func storedNames(t *testing.T, env map[string]string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	for _, m := range storedMessagesN(t, filepath.Join(env["PORTFOLIO_DATA_DIR"], "portfolio.db"), 100000) {
		names[m.Name] = true
	}
	return names
}

// TestReplicaSurvivesALostDisk, against a file replica and a real S3-compatible
// server: a gateway takes writes, is killed with SIGKILL, and its data directory is
// deleted; started again, it restores the database from the replica before it serves
// and logs what it restored. Every message acknowledged more than one sync interval
// before the kill is back. A second start, on the database now there, restores
// nothing: a local database is never overwritten.
func TestReplicaSurvivesALostDisk(t *testing.T) {
	for _, kind := range replicaKinds {
		t.Run(kind.name, func(t *testing.T) {
			renv, _ := kind.env(t)
			env := replicaEnv(t, renv)
			first := startProcess(t, env)

			stop := make(chan struct{})
			var acks []ack
			var wg sync.WaitGroup
			wg.Go(func() { acks = writeUntil(t, first.addr, "Before the kill", stop) })
			// Writes for a few sync intervals, then the kill while they go on.
			time.Sleep(3 * time.Second)
			killed := time.Now()
			if err := first.cmd.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			close(stop)
			wg.Wait()
			if err := <-first.done; err == nil {
				t.Error("the killed gateway exited cleanly")
			}
			first.done <- nil
			if err := os.RemoveAll(env["PORTFOLIO_DATA_DIR"]); err != nil {
				t.Fatal(err)
			}

			second := startGateway(t, env)
			restored := second.logs.waitFor(t, "restored from the replica", second.done)
			for _, field := range []string{"generation", "position", "last_write", "replica"} {
				if s, _ := restored[field].(string); s == "" {
					t.Errorf("the restore's log line has no %s: %v", field, restored)
				}
			}
			interval := time.Second // the default PORTFOLIO_REPLICA_SYNC_INTERVAL
			stored := storedNames(t, env)
			lost, due := 0, 0
			for _, a := range acks {
				if a.at.Before(killed.Add(-interval)) {
					due++
					if !stored[a.name] {
						lost++
						t.Errorf("%q, acknowledged %s before the kill, was not restored", a.name, killed.Sub(a.at).Round(time.Millisecond))
					}
				}
			}
			if due < 10 {
				t.Fatalf("only %d writes acknowledged a sync interval before the kill", due)
			}
			recent := 0
			for _, a := range acks {
				if !a.at.Before(killed.Add(-interval)) && !stored[a.name] {
					recent++
				}
			}
			t.Logf("%s: %d writes acknowledged, %d more than %s before the kill: %d lost; of the last %s's, %d not restored",
				kind.name, len(acks), due, interval, lost, interval, recent)
			second.stop(t)

			third := startGateway(t, env)
			for _, e := range third.logs.all() {
				if e["msg"] == "restored from the replica" {
					t.Errorf("a start on an existing database restored from the replica: %v", e)
				}
			}
			if n := len(storedNames(t, env)); n != len(stored) {
				t.Errorf("after a start on the existing database: %d messages, want %d", n, len(stored))
			}
		})
	}
}

// replicated waits until the replica holds every write acknowledged before now:
// the gateway's lag says it last held everything after that.
func replicated(t testing.TB, g *gateway) {
	t.Helper()
	since := time.Now()
	addr, _ := g.logs.waitFor(t, "metrics listening", g.done)["addr"].(string)
	waitUntil(t, func() bool {
		lag := scrape(t, addr, "portfolio_replica_lag_seconds")
		return time.Now().Add(-time.Duration(lag * float64(time.Second))).After(since)
	})
}

// scrape reads the value of the series named series from the metrics at addr.
func scrape(t testing.TB, addr, series string) float64 {
	t.Helper()
	resp, body := fetch(t, "http://"+addr+"/metrics", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/metrics = %d", resp.StatusCode)
	}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	t.Fatalf("no %s in /metrics", series)
	return 0
}

// TestReplicaPointInTime: `gateway restore --from-replica --at` a moment between two
// writes brings back the first and not the second; without --at, both. While the
// gateway runs, the data directory's lock refuses a restore.
func TestReplicaPointInTime(t *testing.T) {
	env := replicaEnv(t, replicaKinds[0].envOnly(t))
	g := startGateway(t, env)
	if status, body := postContact(t, g.addr, strings.Replace(contactJSON, "Jane <b>Doe</b>", "First", 1)); status != http.StatusAccepted {
		t.Fatalf("POST = %d %s", status, body)
	}
	replicated(t, g)
	between := time.Now()
	time.Sleep(1100 * time.Millisecond) // the replica's times are in milliseconds: clearly after
	if status, body := postContact(t, g.addr, strings.Replace(contactJSON, "Jane <b>Doe</b>", "Second", 1)); status != http.StatusAccepted {
		t.Fatalf("POST = %d %s", status, body)
	}
	replicated(t, g)
	if _, err := runCommand(t, env, "restore", "--from-replica"); err == nil || !strings.Contains(err.Error(), "a gateway is running on it") {
		t.Errorf("restore --from-replica while the gateway runs: %v, want it refused", err)
	}
	g.stop(t)

	for _, tc := range []struct {
		args []string
		want map[string]bool
	}{
		{[]string{"--at", between.UTC().Format(time.RFC3339Nano)}, map[string]bool{"First": true, "Second": false}},
		{nil, map[string]bool{"First": true, "Second": true}},
	} {
		into := maps.Clone(env)
		into["PORTFOLIO_DATA_DIR"] = filepath.Join(t.TempDir(), "restored")
		out, err := runCommand(t, into, append([]string{"restore", "--from-replica"}, tc.args...)...)
		if err != nil {
			t.Fatalf("restore --from-replica %v: %v\n%s", tc.args, err, out)
		}
		if !strings.Contains(out, "generation ") || !strings.Contains(out, "position ") || !strings.Contains(out, "last write ") {
			t.Errorf("restore --from-replica %v said %q: want the generation, position and last write", tc.args, out)
		}
		stored := storedNames(t, into)
		for name, want := range tc.want {
			if stored[name] != want {
				t.Errorf("restore --from-replica %v: %q restored = %v, want %v", tc.args, name, stored[name], want)
			}
		}
		fi, err := os.Stat(filepath.Join(into["PORTFOLIO_DATA_DIR"], "portfolio.db"))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("restored database has mode %v, want 0600", fi.Mode().Perm())
		}
	}
	if _, err := runCommand(t, env, "restore", "--from-replica", "--at", "yesterday"); err == nil || !strings.Contains(err.Error(), `--at "yesterday" is not an RFC 3339 time`) {
		t.Errorf("restore --at yesterday: %v", err)
	}
}

// envOnly is the kind's settings, for a test that needs no server handle.
func (k replicaKind) envOnly(t *testing.T) map[string]string {
	env, _ := k.env(t)
	return env
}

// writeReplicated posts n contact messages named prefix 0, 1, …, each in the replica
// before the next is written, so that each has files of its own there.
func writeReplicated(t *testing.T, g *gateway, prefix string, n int) {
	t.Helper()
	for i := range n {
		if status, body := postContact(t, g.addr, strings.Replace(contactJSON, "Jane <b>Doe</b>", fmt.Sprintf("%s %d", prefix, i), 1)); status != http.StatusAccepted {
			t.Fatalf("POST = %d %s", status, body)
		}
		replicated(t, g)
	}
}

// startErr runs the gateway with env and returns the error it stops with before it
// serves.
func startErr(t *testing.T, env map[string]string) error {
	t.Helper()
	full := map[string]string{
		"PORTFOLIO_HTTP_ADDR":    "127.0.0.1:0",
		"PORTFOLIO_ADMIN_ADDR":   "127.0.0.1:0",
		"PORTFOLIO_METRICS_ADDR": "off",
		"PORTFOLIO_WEB_DIR":      webtest.Build(t),
	}
	maps.Copy(full, env)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	logs := newLogWatcher()
	err := run(ctx, []string{"gateway"}, func(k string) string { return full[k] }, strings.NewReader(""), io.Discard, logs)
	for _, e := range logs.all() {
		if e["msg"] == "listening" {
			t.Errorf("the gateway served: %v", e)
		}
	}
	return err
}

// TestReplicaRefusesABadReplica: a replica with a damaged file, a file cut short or
// a file missing in its history is refused with an error that says so, and nothing
// starts: no database is made.
func TestReplicaRefusesABadReplica(t *testing.T) {
	good := filepath.Join(t.TempDir(), "replica")
	env := replicaEnv(t, map[string]string{"PORTFOLIO_REPLICA_URL": "file://" + good})
	g := startGateway(t, env)
	writeReplicated(t, g, "Message", 4)
	g.stop(t)
	l0 := func(dir string) []string {
		names, err := filepath.Glob(filepath.Join(dir, "ltx", "0", "*.ltx"))
		if err != nil || len(names) < 4 {
			t.Fatalf("shipped files: %v %v", names, err)
		}
		return names
	}

	for _, tc := range []struct {
		name   string
		damage func(dir string)
		want   string
	}{
		{"a damaged file", func(dir string) {
			names := l0(dir)
			b, err := os.ReadFile(names[len(names)-2])
			if err != nil {
				t.Fatal(err)
			}
			for i := 200; i < len(b)-100 && i < 400; i++ {
				b[i] ^= 0xff
			}
			if err := os.WriteFile(names[len(names)-2], b, 0o600); err != nil {
				t.Fatal(err)
			}
		}, "decode database"},
		{"a file cut short", func(dir string) {
			names := l0(dir)
			fi, err := os.Stat(names[len(names)-1])
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(names[len(names)-1], fi.Size()/2); err != nil {
				t.Fatal(err)
			}
		}, "unexpected EOF"},
		{"a file missing", func(dir string) {
			// Only the shipped files: without the compacted ones, nothing covers the gap.
			for _, level := range []string{"1", "2", "9"} {
				if err := os.RemoveAll(filepath.Join(dir, "ltx", level)); err != nil {
					t.Fatal(err)
				}
			}
			names := l0(dir)
			if err := os.Remove(names[len(names)/2]); err != nil {
				t.Fatal(err)
			}
		}, "non-contiguous"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "replica")
			if err := os.CopyFS(dir, os.DirFS(good)); err != nil {
				t.Fatal(err)
			}
			tc.damage(dir)
			env := replicaEnv(t, map[string]string{"PORTFOLIO_REPLICA_URL": "file://" + dir})
			err := startErr(t, env)
			if err == nil || !strings.Contains(err.Error(), "nothing started") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("start on %s: %v, want it refused (%q)", tc.name, err, tc.want)
			}
			t.Logf("%s: %v", tc.name, err)
			if _, err := os.Stat(filepath.Join(env["PORTFOLIO_DATA_DIR"], "portfolio.db")); err == nil {
				t.Error("a database was made")
			}
		})
	}
}

// TestReplicaUnreachableCatchesUp, against a real S3-compatible server behind a proxy
// that counts requests: an idle site sends nothing; with the store unreachable the
// site keeps answering, the lag and the failures show in the metrics; once the store
// is back, replication catches up, and a restore has every message.
func TestReplicaUnreachableCatchesUp(t *testing.T) {
	renv, srv := replicaKinds[1].env(t)
	env := replicaEnv(t, adminEnv(t, renv))
	g := startGateway(t, env)
	metrics, _ := g.logs.waitFor(t, "metrics listening", g.done)["addr"].(string)
	writeReplicated(t, g, "Before", 2)
	if st := adminReplication(t, g); st["mode"] != "replica" || st["healthy"] != true || st["lagSeconds"] == nil {
		t.Errorf("the admin's stats say %v, want a healthy replica with its lag", st)
	}
	replicated(t, g) // the sign-in's session too

	idleFrom := srv.Requests()
	time.Sleep(3 * time.Second) // six syncs of a site nobody writes to
	if n := srv.Requests() - idleFrom; n != 0 {
		t.Errorf("an idle site sent %d requests to the store (%v), want none", n, srv.RequestsByMethod())
	}

	srv.Down()
	for i := range 3 {
		if status, body := postContact(t, g.addr, strings.Replace(contactJSON, "Jane <b>Doe</b>", fmt.Sprintf("During %d", i), 1)); status != http.StatusAccepted {
			t.Errorf("POST with the store down = %d %s, want 202", status, body)
		}
	}
	waitUntil(t, func() bool {
		return scrape(t, metrics, "portfolio_replica_lag_seconds") > 2 && scrape(t, metrics, "portfolio_replica_sync_failures_total") > 0
	})
	if resp, body := fetch(t, "http://"+g.addr+"/healthz", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz with the store down = %d %s", resp.StatusCode, body)
	}
	if lag, _ := adminReplication(t, g)["lagSeconds"].(float64); lag < 2 {
		t.Errorf("the admin's stats say the replica lags %vs with the store down, want 2 s or more", lag)
	}

	srv.Up(t)
	replicated(t, g)
	g.stop(t)

	into := maps.Clone(env)
	into["PORTFOLIO_DATA_DIR"] = filepath.Join(t.TempDir(), "restored")
	if out, err := runCommand(t, into, "restore", "--from-replica"); err != nil {
		t.Fatalf("restore --from-replica: %v\n%s", err, out)
	}
	stored := storedNames(t, into)
	for _, name := range []string{"Before 0", "Before 1", "During 0", "During 1", "During 2"} {
		if !stored[name] {
			t.Errorf("%q is not in the replica after it caught up", name)
		}
	}
}

// TestRestoreCheck: `gateway restore --check` restores the newest replica (or, without
// one, the newest scheduled backup) into a temporary directory and checks it,
// changing nothing; a damaged replica fails it. The weekly drill does the same and
// its result is the portfolio_restore_drill_success gauge.
func TestRestoreCheck(t *testing.T) {
	replicaDir := filepath.Join(t.TempDir(), "replica")
	env := replicaEnv(t, map[string]string{"PORTFOLIO_REPLICA_URL": "file://" + replicaDir})
	g := startGateway(t, env)
	writeReplicated(t, g, "Checked", 2)
	out, err := runCommand(t, env, "restore", "--check")
	if err != nil || !strings.Contains(out, "restore check passed") || !strings.Contains(out, "the replica file://"+replicaDir) {
		t.Errorf("restore --check while the gateway runs: %v\n%s", err, out)
	}
	g.stop(t)

	cfg, err := config.Load("", func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	client, err := newReplicaClient(cfg, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	drills, err := newRestoreDrills(cfg, zap.NewNop(), reg, &replication{client: client})
	if err != nil {
		t.Fatal(err)
	}
	if v := gaugeValue(t, reg, "portfolio_restore_drill_success"); !math.IsNaN(v) {
		t.Errorf("before the first drill: portfolio_restore_drill_success = %v, want NaN", v)
	}
	drills.drill(context.Background())
	if v := gaugeValue(t, reg, "portfolio_restore_drill_success"); v != 1 {
		t.Errorf("after a good drill: portfolio_restore_drill_success = %v, want 1", v)
	}

	names, err := filepath.Glob(filepath.Join(replicaDir, "ltx", "0", "*.ltx"))
	if err != nil || len(names) == 0 {
		t.Fatalf("shipped files: %v %v", names, err)
	}
	if err := os.Truncate(names[len(names)-1], 100); err != nil {
		t.Fatal(err)
	}
	if out, err := runCommand(t, env, "restore", "--check"); err == nil || !strings.Contains(err.Error(), "restore check failed") {
		t.Errorf("restore --check on a damaged replica: %v\n%s", err, out)
	}
	drills.drill(context.Background())
	if v := gaugeValue(t, reg, "portfolio_restore_drill_success"); v != 0 {
		t.Errorf("after a failed drill: portfolio_restore_drill_success = %v, want 0", v)
	}
	if v := gaugeValue(t, reg, "portfolio_restore_drill_timestamp_seconds"); v == 0 {
		t.Error("portfolio_restore_drill_timestamp_seconds = 0 after two drills")
	}

	// Without a replica: the newest scheduled backup; with neither, nothing to check.
	backups := t.TempDir()
	noReplica := maps.Clone(env)
	delete(noReplica, "PORTFOLIO_REPLICA_URL")
	if out, err := runCommand(t, noReplica, "restore", "--check"); err == nil || !strings.Contains(err.Error(), "nothing to restore") {
		t.Errorf("restore --check with neither: %v\n%s", err, out)
	}
	if out, err := runCommand(t, noReplica, "backup", filepath.Join(backups, "portfolio-20260101T000000Z.db")); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	noReplica["PORTFOLIO_BACKUP_DIR"] = backups
	if out, err := runCommand(t, noReplica, "restore", "--check"); err != nil || !strings.Contains(out, "the backup "+filepath.Join(backups, "portfolio-20260101T000000Z.db")) {
		t.Errorf("restore --check of a backup: %v\n%s", err, out)
	}
}

// adminReplication signs in as the admin of adminEnv and returns what
// GET /api/admin/stats says of the replication.
func adminReplication(t *testing.T, g *gateway) map[string]any {
	t.Helper()
	c := newClient(t, g.adminAddr)
	if status, body := c.do(http.MethodPost, "/api/admin/session", `{"user":"owner","password":"s3cret admin pw"}`); status != http.StatusNoContent {
		t.Fatalf("sign-in: %d %s", status, body)
	}
	status, body := c.do(http.MethodGet, "/api/admin/stats", "")
	if status != http.StatusOK {
		t.Fatalf("GET /api/admin/stats = %d %s", status, body)
	}
	var stats struct {
		Replication map[string]any `json:"replication"`
	}
	if err := json.Unmarshal([]byte(body), &stats); err != nil {
		t.Fatal(err)
	}
	return stats.Replication
}

// TestAdminSaysNotReplicated: without a replica, the admin's stats say the database
// is on one disk only (the dashboard warns "not replicated").
func TestAdminSaysNotReplicated(t *testing.T) {
	g := startGateway(t, adminEnv(t, nil))
	if st := adminReplication(t, g); st["mode"] != "none" || st["healthy"] != false {
		t.Errorf("the admin's stats say %v, want mode none, not healthy", st)
	}
}

// TestReplicaCarriesReleases: a site that promoted a section release before it
// turned replication on, then lost its disk, comes back serving that release: the
// artifact went into the database when replication started, and so into the replica.
func TestReplicaCarriesReleases(t *testing.T) {
	env := replicaEnv(t, map[string]string{"PORTFOLIO_WEB_DIR": webtest.Build(t)})
	if _, err := sectionsCLI(t, env, "publish", writeArtifact(t, "2.0.0-b", "v2", "shipping-alone", "Shipping Alone")); err != nil {
		t.Fatal(err)
	}
	if _, err := sectionsCLI(t, env, "promote", "blog", "2.0.0-b"); err != nil {
		t.Fatal(err)
	}
	env["PORTFOLIO_REPLICA_URL"] = "file://" + filepath.Join(t.TempDir(), "replica")
	g := startGateway(t, env)
	g.logs.waitFor(t, "replica: release artifacts copied into the database, for the replica", g.done)
	untilAll(t, []string{g.addr}, "replicated start", servesV2)
	replicated(t, g)
	g.stop(t)

	if err := os.RemoveAll(env["PORTFOLIO_DATA_DIR"]); err != nil {
		t.Fatal(err)
	}
	g = startGateway(t, env)
	g.logs.waitFor(t, "restored from the replica", g.done)
	untilAll(t, []string{g.addr}, "after the lost disk", servesV2)
}
