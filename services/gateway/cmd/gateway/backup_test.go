package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	contactstore "github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// runCommand runs `gateway <args>` with env as the environment and returns its error
// and what it wrote to stderr.
func runCommand(t *testing.T, env map[string]string, args ...string) (string, error) {
	t.Helper()
	var stderr bytes.Buffer
	err := run(context.Background(), append([]string{"gateway"}, args...), func(k string) string { return env[k] }, strings.NewReader(""), io.Discard, &stderr)
	return stderr.String(), err
}

// TestBackupUnderLoadRestores takes a backup while contact messages pour in, with
// the SMTP relay down so their emails stay queued, restores it into a fresh data
// directory and starts a gateway there: every message answered 202 before the backup
// started is in the restored database, and its queued email reaches the owner.
func TestBackupUnderLoadRestores(t *testing.T) {
	firstDir := filepath.Join(t.TempDir(), "data")
	env := smtpEnv(downAddr(t), map[string]string{
		"PORTFOLIO_DATA_DIR":              firstDir,
		"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "100000",
		"PORTFOLIO_MAIL_RATE_PER_SECOND":  "0",
	})
	first := startGateway(t, env)
	waitHealthy(t, first.addr)

	var mu sync.Mutex
	var accepted []string // names of the messages answered 202, in order
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				name := fmt.Sprintf("Load %d-%d", w, i)
				status, body := postContact(t, first.addr, strings.Replace(contactJSON, "Jane <b>Doe</b>", name, 1))
				if status != http.StatusAccepted {
					t.Errorf("POST /api/contact = %d %s", status, body)
					return
				}
				mu.Lock()
				accepted = append(accepted, name)
				mu.Unlock()
			}
		})
	}
	waitUntil(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(accepted) >= 40 })
	mu.Lock()
	before := append([]string(nil), accepted...)
	mu.Unlock()
	backup := filepath.Join(t.TempDir(), "backup.db")
	_, err := runCommand(t, env, "backup", backup)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatalf("backup: %v", err)
	}
	first.stop(t)
	t.Logf("%d messages accepted before the backup, %d in all", len(before), len(accepted))

	// A fresh data directory, restored; its gateway's relay works.
	srv := smtptest.Start(t, smtptest.Options{})
	env = smtpEnv(srv.Addr, map[string]string{
		"PORTFOLIO_DATA_DIR":             filepath.Join(t.TempDir(), "restored"),
		"PORTFOLIO_MAIL_RATE_PER_SECOND": "0",
	})
	if out, err := runCommand(t, env, "restore", backup); err != nil {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	second := startGateway(t, env)
	waitHealthy(t, second.addr)

	stored := map[string]bool{}
	for _, m := range storedMessagesN(t, filepath.Join(env["PORTFOLIO_DATA_DIR"], "portfolio.db"), len(accepted)+10) {
		stored[m.Name] = true
	}
	notified := func() map[string]bool {
		got := map[string]bool{}
		for _, m := range srv.Messages() {
			p, err := m.Parse()
			if err != nil {
				t.Fatal(err)
			}
			if name, ok := strings.CutPrefix(p.Get("Subject"), "New contact message: Project Collaboration from "); ok && m.To[0] == "owner@portfolio.test" {
				got[name] = true
			}
		}
		return got
	}
	t.Cleanup(func() {
		if t.Failed() {
			got := notified()
			t.Logf("%d emails, %d notifications", len(srv.Messages()), len(got))
			for _, m := range srv.Messages()[:min(3, len(srv.Messages()))] {
				p, _ := m.Parse()
				t.Logf("to %v: %q", m.To, p.Get("Subject"))
			}
		}
	})
	waitUntil(t, func() bool {
		got := notified()
		for _, name := range before {
			if !got[name] {
				return false
			}
		}
		return true
	})
	for _, name := range before {
		if !stored[name] {
			t.Errorf("message %q, answered 202 before the backup, is not in the restored database", name)
		}
	}
	// Whatever the backup holds beyond them was accepted too; nothing else.
	all := map[string]bool{}
	for _, n := range accepted {
		all[n] = true
	}
	for name := range stored {
		if !all[name] {
			t.Errorf("restored message %q was never accepted", name)
		}
	}

	// Restoring under the running gateway is refused, and changes nothing.
	if _, err := runCommand(t, env, "restore", backup); err == nil || !strings.Contains(err.Error(), "a gateway is running on it") {
		t.Errorf("restore while the gateway runs: %v, want it refused", err)
	}
	if n := len(storedMessagesN(t, filepath.Join(env["PORTFOLIO_DATA_DIR"], "portfolio.db"), len(accepted)+10)); n != len(stored) {
		t.Errorf("after the refused restore: %d messages, want %d", n, len(stored))
	}
	second.stop(t)
}

// TestRestoreRefusesBadFiles: a file that is not an intact database, or whose schema
// is newer than the gateway's, is refused and the database in place stays.
func TestRestoreRefusesBadFiles(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	env := map[string]string{"PORTFOLIO_DATA_DIR": dataDir, "PORTFOLIO_WEB_DIR": webtest.Build(t)}
	g := startGateway(t, env)
	waitHealthy(t, g.addr)
	if status, _ := postContact(t, g.addr, contactJSON); status != http.StatusAccepted {
		t.Fatal(status)
	}
	g.stop(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.db")
	if _, err := runCommand(t, env, "backup", good); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	newer := filepath.Join(dir, "newer.db")
	if err := os.WriteFile(newer, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := sqldb.Open(context.Background(), newer)
	if err != nil {
		t.Fatal(err)
	}
	// What a later build's migration of the contact tables would have recorded.
	if _, err := db.Exec("INSERT INTO gateway_goose_db_version (version_id, is_applied) VALUES (9999, 1)"); err != nil {
		t.Fatal(err)
	}
	_ = db.Close()
	truncated := filepath.Join(dir, "truncated.db")
	if err := os.WriteFile(truncated, raw[:len(raw)/3], 0o600); err != nil {
		t.Fatal(err)
	}
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a database\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		file, want string
	}{
		{newer, "its schema is newer than this build's: gateway_goose_db_version is at migration 9999"},
		{truncated, "not an intact SQLite database"},
		{text, "not an intact SQLite database"},
		{filepath.Join(dir, "missing.db"), "no such file"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			_, err := runCommand(t, env, "restore", tt.file)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("restore: %v, want an error with %q", err, tt.want)
			}
			if n := len(storedMessagesN(t, filepath.Join(dataDir, "portfolio.db"), 10)); n != 1 {
				t.Errorf("after the refused restore: %d messages, want the 1 in place", n)
			}
		})
	}
	if _, err := runCommand(t, env, "restore", good); err != nil {
		t.Errorf("restoring the good backup: %v", err)
	}
}

// TestScheduledBackups: with PORTFOLIO_BACKUP_DIR the gateway takes a copy at once
// when the newest one there is older than the interval, keeps the newest
// PORTFOLIO_BACKUP_KEEP, and reports the copy's age.
func TestScheduledBackups(t *testing.T) {
	backups := t.TempDir()
	old := []string{"portfolio-20240101T000000Z.db", "portfolio-20240102T000000Z.db", "portfolio-20240103T000000Z.db"}
	for _, name := range append(old, "notes.txt") {
		if err := os.WriteFile(filepath.Join(backups, name), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	reg := prometheus.NewRegistry()
	ctx, cancel := context.WithCancel(context.WithValue(context.Background(), registryKey{}, reg))
	defer cancel()
	env := map[string]string{
		"PORTFOLIO_HTTP_ADDR":       "127.0.0.1:0",
		"PORTFOLIO_ADMIN_ADDR":      "127.0.0.1:0",
		"PORTFOLIO_DATA_DIR":        t.TempDir(),
		"PORTFOLIO_WEB_DIR":         webtest.Build(t),
		"PORTFOLIO_METRICS_ADDR":    "off",
		"PORTFOLIO_BACKUP_DIR":      backups,
		"PORTFOLIO_BACKUP_INTERVAL": "1h",
		"PORTFOLIO_BACKUP_KEEP":     "2",
	}
	logs := newLogWatcher()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"gateway"}, func(k string) string { return env[k] }, strings.NewReader(""), io.Discard, logs)
	}()
	path, _ := logs.waitFor(t, "backup taken", done)["path"].(string)
	if err := sqldb.CheckSQLite(context.Background(), path, schemas()...); err != nil {
		t.Errorf("the scheduled backup: %v", err)
	}
	logs.waitFor(t, "backup removed", done)
	entries, err := os.ReadDir(backups)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"notes.txt", old[2], filepath.Base(path)}; fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("backup dir holds %v, want %v (the newest 2 copies, and what is not a copy)", names, want)
	}
	age := gaugeValue(t, reg, "portfolio_backup_age_seconds")
	if age < 0 || age > 60 || math.IsInf(age, 0) {
		t.Errorf("portfolio_backup_age_seconds = %v just after a backup", age)
	}
	if v := gaugeValue(t, reg, "portfolio_backup_interval_seconds"); v != 3600 {
		t.Errorf("portfolio_backup_interval_seconds = %v, want 3600", v)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func gaugeValue(t *testing.T, reg *prometheus.Registry, name string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == name {
			return f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no metric %s", name)
	return 0
}

// storedMessagesN reads up to limit contact messages from the database at dsn.
func storedMessagesN(t *testing.T, dsn string, limit int) []contact.Message {
	t.Helper()
	db, err := sqldb.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, err := contactstore.NewContacts(db, nil).List(context.Background(), limit)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// waitUntil polls cond for up to 20 s.
func waitUntil(t testing.TB, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBackupCarriesReleases: on SQLite a release's artifact is a file beside the
// database; a backup takes the artifacts along, and a restore into a fresh data
// directory brings them back, so the gateway starts on the promoted release. Without
// them the restore is refused: the gateway could not start.
func TestBackupCarriesReleases(t *testing.T) {
	env := map[string]string{
		"PORTFOLIO_DATA_DIR":     filepath.Join(t.TempDir(), "data"),
		"PORTFOLIO_WEB_DIR":      webtest.Build(t),
		"PORTFOLIO_METRICS_ADDR": "off",
	}
	if _, err := sectionsCLI(t, env, "publish", writeArtifact(t, "2.0.0-b", "v2", "shipping-alone", "Shipping Alone")); err != nil {
		t.Fatal(err)
	}
	if _, err := sectionsCLI(t, env, "promote", "blog", "2.0.0-b"); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	if _, err := runCommand(t, env, "backup", backup); err != nil {
		t.Fatal(err)
	}

	restored := maps.Clone(env)
	restored["PORTFOLIO_DATA_DIR"] = filepath.Join(t.TempDir(), "restored")
	aside := backupReleasesDir(backup) + ".aside"
	if err := os.Rename(backupReleasesDir(backup), aside); err != nil {
		t.Fatalf("the backup has no releases beside it: %v", err)
	}
	if _, err := runCommand(t, restored, "restore", backup); err == nil || !strings.Contains(err.Error(), "blog 2.0.0-b") {
		t.Errorf("restore without the artifacts: %v, want it refused naming blog 2.0.0-b", err)
	}
	if err := os.Rename(aside, backupReleasesDir(backup)); err != nil {
		t.Fatal(err)
	}
	if out, err := runCommand(t, restored, "restore", backup); err != nil {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	g := startGateway(t, restored)
	untilAll(t, []string{g.addr}, "restored", servesV2)
	g.stop(t)
}

// TestBackupRefusesPostgreSQL: backup and restore are for the SQLite file; on
// PostgreSQL they point to its own tools, and touch nothing.
func TestBackupRefusesPostgreSQL(t *testing.T) {
	env := map[string]string{"PORTFOLIO_DATA_DIR": t.TempDir(), "PORTFOLIO_DATABASE_URL": "postgres://portfolio@db.invalid/portfolio"}
	for _, cmd := range []string{backupCommand, restoreCommand} {
		if _, err := runCommand(t, env, cmd, filepath.Join(t.TempDir(), "x.db")); err == nil || !strings.Contains(err.Error(), "pg_dump") {
			t.Errorf("%s on PostgreSQL: %v, want it refused, pointing to pg_dump", cmd, err)
		}
	}
	if _, err := runCommand(t, env, backupCommand); err == nil || !strings.Contains(err.Error(), "usage: gateway backup <file>") {
		t.Errorf("backup without a file: %v", err)
	}
}
