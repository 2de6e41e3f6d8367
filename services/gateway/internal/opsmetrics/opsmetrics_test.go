package opsmetrics

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"go.uber.org/zap"

	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	nlstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// TestCollect reads a backlog and a running publication from a real database, on
// SQLite and PostgreSQL: what the outbox-backlog and publish-stuck alerts look at.
func TestCollect(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	ms := func(d time.Duration) int64 { return now.Add(-d).UnixMilli() }
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			db := d.Open(t)
			if err := mailstore.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
			if err := nlstore.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
			c := New(mailstore.New(db), nlstore.New(db, mailstore.New(db)), zap.NewNop())
			c.now = func() time.Time { return now }
			reg := prometheus.NewRegistry()
			reg.MustRegister(c)

			empty := `
# HELP portfolio_mail_outbox_oldest_queued_age_seconds Age of the oldest email not yet delivered nor given up; 0 when none is.
# TYPE portfolio_mail_outbox_oldest_queued_age_seconds gauge
portfolio_mail_outbox_oldest_queued_age_seconds 0
# HELP portfolio_mail_outbox_queued Emails in the outbox not yet delivered nor given up, by status (pending, sending).
# TYPE portfolio_mail_outbox_queued gauge
portfolio_mail_outbox_queued{status="pending"} 0
portfolio_mail_outbox_queued{status="sending"} 0
# HELP portfolio_newsletter_oldest_running_publication_age_seconds Age of the oldest publication still queueing; 0 when none is.
# TYPE portfolio_newsletter_oldest_running_publication_age_seconds gauge
portfolio_newsletter_oldest_running_publication_age_seconds 0
# HELP portfolio_newsletter_publications_running Newsletter publications still queueing their emails.
# TYPE portfolio_newsletter_publications_running gauge
portfolio_newsletter_publications_running 0
`
			if err := testutil.GatherAndCompare(reg, strings.NewReader(empty)); err != nil {
				t.Errorf("empty database: %v", err)
			}

			for _, row := range []struct {
				status string
				age    time.Duration
			}{{"pending", 90 * time.Second}, {"pending", time.Second}, {"sent", time.Hour}, {"dead", time.Hour}} {
				if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO mail_outbox
					(message, message_id, status, next_attempt_at, created_at, updated_at)
					VALUES ('{}', 'id', $1, $2, $2, $2)`), row.status, ms(row.age)); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.ExecContext(ctx, db.Rebind(`INSERT INTO newsletter_publications (edition_id, status, started_at)
				VALUES (4, 'running', $1)`), ms(10*time.Minute)); err != nil {
				t.Fatal(err)
			}
			want := strings.NewReplacer(
				`queued_age_seconds 0`, `queued_age_seconds 90`,
				`{status="pending"} 0`, `{status="pending"} 2`,
				`publication_age_seconds 0`, `publication_age_seconds 600`,
				`publications_running 0`, `publications_running 1`,
			).Replace(empty)
			if err := testutil.GatherAndCompare(reg, strings.NewReader(want)); err != nil {
				t.Errorf("backlog: %v", err)
			}
		})
	}
}
