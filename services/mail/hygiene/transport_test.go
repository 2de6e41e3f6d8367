package hygiene_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

func message(to, subject string) mail.Message {
	return mail.Message{
		From:    mail.Address{Email: "no-reply@example.com"},
		To:      []mail.Address{{Email: to}},
		Subject: subject,
		Text:    "body of " + subject,
	}
}

// A suppressed address gets nothing through the outbox, whatever the email, also one
// queued before it bounced; everyone else gets theirs. Held emails are dead with the
// reason, counted as suppressed, and go out when the owner lifts the suppression and
// retries them.
func TestSuppressedAddressGetsNoEmailOfAnyKind(t *testing.T) {
	ctx := context.Background()
	db, err := sqldb.OpenSQLite(ctx, filepath.Join(t.TempDir(), "mail.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if err := sqlstore.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	store := sqlstore.New(db)
	list := hygiene.NewService(sqlstore.NewHygiene(db), hygiene.Policy{}, nil)

	kinds := []string{"Confirm your subscription", "Welcome", "DevOps Digest #1", "Thanks for your message"}
	var held []int64
	// One queued before the bounce arrives.
	ids, err := store.Enqueue(ctx, message("Gone@Example.org", kinds[0]))
	if err != nil {
		t.Fatal(err)
	}
	held = append(held, ids...)
	if _, err := list.Record(ctx, []hygiene.Event{{Kind: hygiene.Bounce, Bounce: hygiene.Hard, Email: "gone@example.org", Source: "webhook"}}); err != nil {
		t.Fatal(err)
	}
	for _, subject := range kinds[1:] {
		ids, err := store.Enqueue(ctx, message("gone@example.org", subject))
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, ids...)
	}
	if _, err := store.Enqueue(ctx, message("reader@example.org", kinds[2])); err != nil {
		t.Fatal(err)
	}

	srv := smtptest.Start(t, smtptest.Options{})
	tr, err := smtp.New(smtp.Config{Host: srv.Host, Port: srv.Port, TLS: smtp.TLSNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	w, err := outbox.NewWorker(store, hygiene.Transport{Checker: list, Next: tr}, zap.NewNop(), outbox.Options{PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	run, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- w.Run(run) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run = %v", err)
		}
	})

	got := srv.Wait(t, 1, 5*time.Second)
	deadline := time.Now().Add(5 * time.Second)
	for (w.Stats().Suppressed < uint64(len(held)) || w.Stats().Sent < 1) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if s := w.Stats(); s.Suppressed != uint64(len(held)) || s.Dead != 0 || s.Sent != 1 {
		t.Fatalf("stats %+v, want %d suppressed, 1 sent, none dead", s, len(held))
	}
	if len(srv.Messages()) != 1 || got[0].To[0] != "reader@example.org" {
		t.Fatalf("delivered %+v, want reader@example.org's alone", srv.Messages())
	}
	for _, id := range held {
		e, err := store.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if e.Status != outbox.StatusDead || !strings.HasPrefix(e.LastError, "suppressed: Gone@Example.org is on the suppression list (hard_bounce since") &&
			!strings.HasPrefix(e.LastError, "suppressed: gone@example.org is on the suppression list (hard_bounce since") {
			t.Errorf("%q: %s %q", e.Message.Subject, e.Status, e.LastError)
		}
	}

	// Lifted and retried, it goes out.
	if err := list.Lift(ctx, "GONE@example.org"); err != nil {
		t.Fatal(err)
	}
	if err := store.Requeue(ctx, held[1], time.Now()); err != nil {
		t.Fatal(err)
	}
	w.Notify()
	if got := srv.Wait(t, 2, 5*time.Second); got[1].To[0] != "gone@example.org" {
		t.Errorf("after the lift: %+v", got[1])
	}
}
