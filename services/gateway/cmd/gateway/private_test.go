package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// TestDataDirIsPrivate: what the gateway writes in its data directory (the database
// with its WAL and shared memory, the maildir and its messages, the release artifacts)
// and a `gateway backup` with the artifacts beside it are the gateway's user's alone,
// 0700 and 0600, even with a umask of 0.
func TestDataDirIsPrivate(t *testing.T) {
	sqldbtest.Umask(t, 0)
	dataDir := filepath.Join(t.TempDir(), "data")
	env := map[string]string{"PORTFOLIO_DATA_DIR": dataDir, "PORTFOLIO_WEB_DIR": webtest.Build(t), "PORTFOLIO_METRICS_ADDR": "off"}
	if _, err := sectionsCLI(t, env, "publish", writeArtifact(t, "2.0.0-b", "v2", "shipping-alone", "Shipping Alone")); err != nil {
		t.Fatal(err)
	}
	g := startGateway(t, env)
	waitHealthy(t, g.addr)
	if status, body := postContact(t, g.addr, contactJSON); status != http.StatusAccepted {
		t.Fatalf("POST /api/contact = %d %s", status, body)
	}
	var mails []string
	waitUntil(t, func() bool {
		mails, _ = filepath.Glob(filepath.Join(dataDir, "maildir", "new", "*.eml"))
		return len(mails) == 2
	})
	db := filepath.Join(dataDir, "portfolio.db")
	want := map[string]os.FileMode{
		dataDir: 0o700, db: 0o600, db + "-wal": 0o600, db + "-shm": 0o600,
		filepath.Join(dataDir, "maildir"): 0o700, filepath.Join(dataDir, "maildir", "new"): 0o700, mails[0]: 0o600,
		filepath.Join(dataDir, "releases"): 0o700, filepath.Join(dataDir, "releases", "blog"): 0o700,
		filepath.Join(dataDir, "releases", "blog", "2.0.0-b.tar.gz"): 0o600,
	}

	backup := filepath.Join(t.TempDir(), "backup.db")
	if _, err := runCommand(t, env, "backup", backup); err != nil {
		t.Fatal(err)
	}
	want[backup] = 0o600
	want[backupReleasesDir(backup)] = 0o700
	want[filepath.Join(backupReleasesDir(backup), "blog", "2.0.0-b.tar.gz")] = 0o600
	sqldbtest.WantModes(t, want)
	g.stop(t)
}

// TestScheduledBackupsArePrivate: PORTFOLIO_BACKUP_DIR is created 0700, and every copy
// the gateway takes there is 0600, even with a umask of 0.
func TestScheduledBackupsArePrivate(t *testing.T) {
	sqldbtest.Umask(t, 0)
	backups := filepath.Join(t.TempDir(), "backups")
	g := startGateway(t, map[string]string{"PORTFOLIO_BACKUP_DIR": backups, "PORTFOLIO_BACKUP_INTERVAL": "1h"})
	path, _ := g.logs.waitFor(t, "backup taken", g.done)["path"].(string)
	if err := sqldb.CheckSQLite(context.Background(), path, schemas()...); err != nil {
		t.Errorf("the scheduled backup: %v", err)
	}
	sqldbtest.WantModes(t, map[string]os.FileMode{backups: 0o700, path: 0o600})
	g.stop(t)
}

// TestStartTightensPrivateFiles: a data directory and a backup directory left with
// wider modes (by an older gateway, or by hand) are made 0700 and 0600 when the
// gateway starts, with a log line per path saying from which mode to which.
func TestStartTightensPrivateFiles(t *testing.T) {
	root := t.TempDir()
	dataDir, backups := filepath.Join(root, "data"), filepath.Join(root, "backups")
	db := filepath.Join(dataDir, "portfolio.db")
	mail := filepath.Join(dataDir, "maildir", "new", "1.eml")
	backup := filepath.Join(backups, "portfolio-20240101T000000Z.db")
	for _, dir := range []string{filepath.Dir(mail), backups} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{db, mail, backup} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wide := map[string]os.FileMode{
		dataDir: 0o755, filepath.Join(dataDir, "maildir"): 0o755, filepath.Dir(mail): 0o755, backups: 0o755,
		db: 0o644, mail: 0o644, backup: 0o644,
	}
	for path, mode := range wide {
		if err := os.Chmod(path, mode); err != nil {
			t.Fatal(err)
		}
	}
	g := startGateway(t, map[string]string{"PORTFOLIO_DATA_DIR": dataDir, "PORTFOLIO_BACKUP_DIR": backups, "PORTFOLIO_BACKUP_INTERVAL": "1h"})
	g.logs.waitFor(t, "backup taken", g.done)

	tightened := map[string]string{}
	for _, e := range g.logs.all() {
		if e["msg"] == "permissions tightened" {
			path := fmt.Sprint(e["path"])
			if _, twice := tightened[path]; twice {
				t.Errorf("%s tightened twice", path)
			}
			tightened[path] = fmt.Sprintf("%v to %v", e["from"], e["to"])
		}
	}
	want := map[string]os.FileMode{}
	for path, mode := range wide {
		private := mode &^ 0o077
		want[path] = private
		if got, wantLog := tightened[path], fmt.Sprintf("%#o to %#o", mode, private); got != wantLog {
			t.Errorf("log for %s: %q, want %q", path, got, wantLog)
		}
	}
	if len(tightened) != len(wide) {
		t.Errorf("tightened %v, want only the %d paths made wide", tightened, len(wide))
	}
	sqldbtest.WantModes(t, want)
	g.stop(t)
}
