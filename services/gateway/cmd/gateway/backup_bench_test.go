package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/mail/templates"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// benchSubscribers is the size of the list the backup benchmark copies.
const benchSubscribers = 100_000

// BenchmarkBackupRestore times `gateway backup` and `gateway restore` of a site with
// benchSubscribers confirmed subscribers, each with their confirmation link and the
// two emails they were sent (confirmation and welcome) still in the outbox, as a site
// keeps them: `make bench-backup`.
func BenchmarkBackupRestore(b *testing.B) {
	dataDir := filepath.Join(b.TempDir(), "data")
	fillSite(b, dataDir, benchSubscribers)
	env := map[string]string{"PORTFOLIO_DATA_DIR": dataDir}
	fi, err := os.Stat(filepath.Join(dataDir, "portfolio.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("database of %d subscribers: %.1f MB", benchSubscribers, float64(fi.Size())/1e6)
	backup := filepath.Join(b.TempDir(), "backup.db")

	b.Run("backup", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			_ = os.Remove(backup)
			b.StartTimer()
			if err := run(context.Background(), []string{"gateway", "backup", backup}, mapEnv(env), nil, io.Discard, io.Discard); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("restore", func(b *testing.B) {
		restoreEnv := map[string]string{"PORTFOLIO_DATA_DIR": filepath.Join(b.TempDir(), "restored")}
		for b.Loop() {
			if err := run(context.Background(), []string{"gateway", "restore", backup}, mapEnv(restoreEnv), nil, io.Discard, io.Discard); err != nil {
				b.Fatal(err)
			}
			b.StopTimer()
			removeReplaced(b, restoreEnv["PORTFOLIO_DATA_DIR"])
			b.StartTimer()
		}
	})
}

// fillSite makes the database in dataDir as a site with n confirmed subscribers has it.
func fillSite(tb testing.TB, dataDir string, n int) {
	tb.Helper()
	ctx := context.Background()
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		tb.Fatal(err)
	}
	db, err := sqldb.Open(ctx, filepath.Join(dataDir, "portfolio.db"))
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if err := migrate(ctx, db); err != nil {
		tb.Fatal(err)
	}
	// One real queued email, whose row the others copy (with their own Message-ID).
	// The newsletter's confirmation, as newsletter queues it for a reader.
	reg, err := siteEmails()
	if err != nil {
		tb.Fatal(err)
	}
	var confirmation *templates.Email
	for _, e := range newsletter.EmailTemplates() {
		if e.Name() == "newsletter_confirmation" {
			confirmation = e
		}
	}
	m, err := confirmation.Deferred(map[string]string{
		"to_email": "reader@example.org", "to_name": "Reader", "from_email": "no-reply@portfolio.test", "reply_to": "owner@portfolio.test",
		"newsletter_name": "DevOps Digest", "newsletter_url": "https://portfolio.example.com/newsletter", "site_name": "DevOps Portfolio",
		"unsubscribe_url": "https://portfolio.example.com/newsletter/unsubscribe?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
		"confirm_url":     "https://portfolio.example.com/newsletter/confirm?token=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB", "valid_for": "72 hours",
	})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := reg.Expand(m); err != nil { // a row the worker could send
		tb.Fatal(err)
	}
	m.From = mail.Address{Email: "no-reply@portfolio.test"}
	m.To = []mail.Address{{Name: "Reader", Email: "reader@example.org"}}
	if _, err := mailstore.New(db).Enqueue(ctx, m); err != nil {
		tb.Fatal(err)
	}
	now := strconv.FormatInt(time.Now().UnixMilli(), 10)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		tb.Fatal(err)
	}
	defer tx.Rollback() //nolint:errcheck // committed below
	for _, q := range []string{
		`INSERT INTO newsletter_subscribers (email, email_key, name, state, subscribed_at, confirmed_at)
		 SELECT 'Reader' || i || '@example.org', 'reader' || i || '@example.org', 'Reader ' || i, 'confirmed', ` + now + `, ` + now + `
		 FROM n`,
		`INSERT INTO newsletter_confirmations (token_hash, subscriber_id, created_at, expires_at, used_at)
		 SELECT lower(hex(randomblob(32))), i, ` + now + `, ` + now + ` + 259200000, ` + now + ` FROM n`,
		`INSERT INTO mail_outbox (message, message_id, status, attempts, next_attempt_at, created_at, updated_at, queued_at, finished_at)
		 SELECT o.message, '<' || lower(hex(randomblob(16))) || '@portfolio.test>', 'sent', 1, ` + now + `, ` + now + `, ` + now + `, ` + now + `, ` + now + `
		 FROM n, (SELECT 1 UNION ALL SELECT 2), mail_outbox AS o WHERE o.id = 1`,
	} {
		with := `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ` + strconv.Itoa(n) + `) `
		if _, err := tx.ExecContext(ctx, with+q); err != nil {
			tb.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
}

func mapEnv(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

// removeReplaced removes the databases a restore kept aside.
func removeReplaced(tb testing.TB, dataDir string) {
	tb.Helper()
	old, err := filepath.Glob(filepath.Join(dataDir, "portfolio.db.replaced-*"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range old {
		if err := os.Remove(p); err != nil {
			tb.Fatal(err)
		}
	}
}
