package sqlstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// eachDatabase runs test on every dialect, with the gateway's and the outbox's tables;
// PostgreSQL's half is skipped without a server (pgtest).
func eachDatabase(t *testing.T, test func(t *testing.T, db *sqldb.DB, out *mailstore.Outbox, contacts *sqlstore.Contacts)) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			db := d.Open(t)
			out := mailstore.New(db)
			for range 2 { // migrating again finds nothing to do and fails nothing
				if err := sqlstore.Migrate(ctx, db); err != nil {
					t.Fatal(err)
				}
				if err := mailstore.Migrate(ctx, db); err != nil {
					t.Fatal(err)
				}
			}
			test(t, db, out, sqlstore.NewContacts(db, out))
		})
	}
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
	eachDatabase(t, testAddAndListNewestFirst)
}

func testAddAndListNewestFirst(t *testing.T, _ *sqldb.DB, out *mailstore.Outbox, contacts *sqlstore.Contacts) {
	ctx := context.Background()
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
	eachDatabase(t, testAddIsAllOrNothing)
}

func testAddIsAllOrNothing(t *testing.T, _ *sqldb.DB, out *mailstore.Outbox, contacts *sqlstore.Contacts) {
	ctx := context.Background()
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
	eachDatabase(t, testAddFailsWhenTheDatabaseIsGone)
}

func testAddFailsWhenTheDatabaseIsGone(t *testing.T, db *sqldb.DB, _ *mailstore.Outbox, contacts *sqlstore.Contacts) {
	_ = db.Close()
	m := contact.Message{Name: "Jane", Email: "jane@example.org", Subject: "job", Body: "0123456789", CreatedAt: time.Now()}
	if err := contacts.Add(context.Background(), &m); err == nil {
		t.Fatal("Add on a closed database succeeded")
	}
}
