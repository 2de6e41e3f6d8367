package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sqlite"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	mailsqlite "github.com/portfolio-site/portfolio/services/mail/sqlite"
)

func open(t *testing.T) (*sql.DB, *mailsqlite.Store, *sqlite.Contacts) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "portfolio.db")
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	out := mailsqlite.New(db)
	if err := out.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	// Opening again migrates nothing and fails nothing.
	again, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatalf("second Open: %v", err)
	}
	_ = again.Close()
	return db, out, sqlite.NewContacts(db, out)
}

func email(to string) mail.Message {
	return mail.Message{
		From:    mail.Address{Email: "no-reply@example.com"},
		To:      []mail.Address{{Email: to}},
		Subject: "s",
		Text:    "t",
	}
}

func TestAddAndListNewestFirst(t *testing.T) {
	ctx := context.Background()
	_, out, contacts := open(t)
	base := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for i, name := range []string{"first", "second", "third"} {
		m := contact.Message{Name: name, Email: name + "@example.org", Subject: "job", Body: "0123456789", CreatedAt: base.Add(time.Duration(i) * time.Minute)}
		if name == "second" {
			m.IP = "203.0.113.9"
		}
		if err := contacts.Add(ctx, &m, email("owner@example.com"), email(m.Email)); err != nil {
			t.Fatal(err)
		}
		if m.ID == 0 {
			t.Error("Add did not set the ID")
		}
	}
	got, err := contacts.List(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Name != "third" || got[2].Name != "first" {
		t.Fatalf("List = %+v, want newest first", got)
	}
	if got[1].IP != "203.0.113.9" || got[0].IP != "" || !got[0].CreatedAt.Equal(base.Add(2*time.Minute)) {
		t.Errorf("fields read back wrong: %+v", got[:2])
	}
	if limited, _ := contacts.List(ctx, 1); len(limited) != 1 {
		t.Errorf("List(1) returned %d", len(limited))
	}
	if c, _ := out.Count(ctx); c.Pending != 6 {
		t.Errorf("outbox %+v, want 6 pending", c)
	}
}

func TestAddIsAllOrNothing(t *testing.T) {
	ctx := context.Background()
	_, out, contacts := open(t)
	m := contact.Message{Name: "Jane", Email: "jane@example.org", Subject: "job", Body: "0123456789", CreatedAt: time.Now()}
	bad := email("owner@example.com")
	bad.Subject = "broken\r\nBcc: victim@example.com"
	if err := contacts.Add(ctx, &m, email("owner@example.com"), bad); !errors.Is(err, mail.ErrInvalid) {
		t.Fatalf("Add = %v, want the email's validation error", err)
	}
	if got, _ := contacts.List(ctx, 10); len(got) != 0 {
		t.Errorf("message stored although its emails were not: %+v", got)
	}
	if c, _ := out.Count(ctx); c != (outbox.Counts{}) {
		t.Errorf("outbox %+v, want empty", c)
	}
	// The schema refuses a subject outside the list even if a caller skipped validation.
	m.Subject = "spam"
	if err := contacts.Add(ctx, &m); err == nil {
		t.Error("stored a message with an unknown subject")
	}
}

func TestAddFailsWhenTheDatabaseIsGone(t *testing.T) {
	db, _, contacts := open(t)
	_ = db.Close()
	m := contact.Message{Name: "Jane", Email: "jane@example.org", Subject: "job", Body: "0123456789", CreatedAt: time.Now()}
	if err := contacts.Add(context.Background(), &m); err == nil {
		t.Fatal("Add on a closed database succeeded")
	}
}
