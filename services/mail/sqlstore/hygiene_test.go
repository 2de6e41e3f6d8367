package sqlstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
	"github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// hygieneFixture is the suppression list on a real database, its clock in the test's
// hands, beside an outbox to match events against.
type hygieneFixture struct {
	svc    *hygiene.Service
	outbox *sqlstore.Outbox
	now    time.Time
}

func eachHygiene(t *testing.T, test func(t *testing.T, f *hygieneFixture)) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			db := d.Open(t)
			out := newStore(t, db).(*sqlstore.Outbox)
			f := &hygieneFixture{outbox: out, now: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
			f.svc = hygiene.NewService(sqlstore.NewHygiene(db), hygiene.Policy{SoftBounces: 3, SoftWindow: 7 * 24 * time.Hour},
				func() time.Time { return f.now })
			test(t, f)
		})
	}
}

func (f *hygieneFixture) record(t *testing.T, events ...hygiene.Event) hygiene.Summary {
	t.Helper()
	sum, err := f.svc.Record(context.Background(), events)
	if err != nil {
		t.Fatalf("Record: %v", err)
	}
	return sum
}

// suppressed is email's suppression in force, or ok false.
func (f *hygieneFixture) suppressed(t *testing.T, email string) (hygiene.Suppression, bool) {
	t.Helper()
	got, err := f.svc.Suppressed(context.Background(), []string{email})
	if err != nil {
		t.Fatal(err)
	}
	s, ok := got[mail.AddressKey(email)]
	return s, ok
}

func bounce(kind hygiene.BounceType, email, messageID string, at time.Time) hygiene.Event {
	return hygiene.Event{Kind: hygiene.Bounce, Bounce: kind, Email: email, MessageID: messageID, At: at, Source: "webhook", Detail: "550 5.1.1 no such user"}
}

func TestHardBounceAndComplaintSuppressAtOnce(t *testing.T) {
	eachHygiene(t, func(t *testing.T, f *hygieneFixture) {
		sum := f.record(t,
			bounce(hygiene.Hard, "Gone@Example.org", "", f.now.Add(-time.Hour)),
			hygiene.Event{Kind: hygiene.Complaint, Email: "angry@example.org", Source: "webhook"},
			hygiene.Event{Kind: hygiene.Delivery, Email: "happy@example.org", Source: "webhook"},
		)
		if sum != (hygiene.Summary{Received: 3, Suppressed: 2}) {
			t.Errorf("summary %+v", sum)
		}
		for email, reason := range map[string]hygiene.Reason{"gone@example.org": hygiene.ReasonHardBounce, "ANGRY@example.org": hygiene.ReasonComplaint} {
			s, ok := f.suppressed(t, email)
			if !ok || s.Reason != reason || !s.At.Equal(f.now) {
				t.Errorf("%s: %+v, %v; want suppressed for %s at %v", email, s, ok, reason, f.now)
			}
		}
		if s, ok := f.suppressed(t, "gone@example.org"); ok && (s.Email != "Gone@Example.org" || s.Detail != "550 5.1.1 no such user") {
			t.Errorf("kept %+v", s)
		}
		if _, ok := f.suppressed(t, "happy@example.org"); ok {
			t.Error("a delivery suppressed its address")
		}
	})
}

// An event with a Message-ID acts on that email's recipient, whatever address it
// names (a forwarding address reports the one it forwarded to).
func TestEventsMatchTheOutboxByMessageID(t *testing.T) {
	eachHygiene(t, func(t *testing.T, f *hygieneFixture) {
		m := mail.Message{
			From: mail.Address{Email: "no-reply@example.com"}, To: []mail.Address{{Email: "Reader@example.org"}},
			Subject: "Hello", Text: "hi",
		}.WithDefaults(f.now)
		if _, err := f.outbox.Enqueue(context.Background(), m); err != nil {
			t.Fatal(err)
		}
		f.record(t, bounce(hygiene.Hard, "forwarded@elsewhere.example", "<"+m.MessageID+">", f.now))
		if _, ok := f.suppressed(t, "reader@example.org"); !ok {
			t.Error("the matched email's recipient is not suppressed")
		}
		if _, ok := f.suppressed(t, "forwarded@elsewhere.example"); ok {
			t.Error("the address in the event was suppressed instead of the email's recipient")
		}
		// An unknown Message-ID falls back to the event's address.
		f.record(t, bounce(hygiene.Hard, "other@example.org", "<unknown@example.com>", f.now))
		if _, ok := f.suppressed(t, "other@example.org"); !ok {
			t.Error("an event whose Message-ID matches nothing did not act on its address")
		}
	})
}

func TestRepeatedEventsChangeNothing(t *testing.T) {
	eachHygiene(t, func(t *testing.T, f *hygieneFixture) {
		hard := bounce(hygiene.Hard, "gone@example.org", "", f.now.Add(-time.Minute))
		f.record(t, hard)
		if err := f.svc.Lift(context.Background(), "gone@example.org"); err != nil {
			t.Fatal(err)
		}
		// The same bounce replayed after the owner lifted it: still lifted.
		f.now = f.now.Add(time.Hour)
		if sum := f.record(t, hard, hard); sum != (hygiene.Summary{Received: 2, Duplicates: 2}) {
			t.Errorf("summary %+v", sum)
		}
		if _, ok := f.suppressed(t, "gone@example.org"); ok {
			t.Error("a replayed bounce suppressed the address again")
		}
		// A soft bounce sent three times counts once.
		soft := bounce(hygiene.Soft, "full@example.org", "", f.now.Add(-time.Minute))
		f.record(t, soft, soft, soft)
		if _, ok := f.suppressed(t, "full@example.org"); ok {
			t.Error("one soft bounce repeated three times suppressed the address")
		}
		// A new hard bounce after the lift suppresses again.
		f.record(t, bounce(hygiene.Hard, "gone@example.org", "", f.now))
		if s, ok := f.suppressed(t, "gone@example.org"); !ok || !s.At.Equal(f.now) {
			t.Errorf("a new bounce after the lift: %+v, %v", s, ok)
		}
	})
}

func TestSoftBouncesSuppressAfterTheLimitWithinTheWindow(t *testing.T) {
	eachHygiene(t, func(t *testing.T, f *hygieneFixture) {
		const who = "full@example.org"
		// One outside the window does not count.
		f.record(t, bounce(hygiene.Soft, who, "", f.now.Add(-8*24*time.Hour)))
		f.record(t, bounce(hygiene.Soft, who, "", f.now.Add(-2*time.Hour)), bounce(hygiene.Soft, who, "", f.now.Add(-time.Hour)))
		if _, ok := f.suppressed(t, who); ok {
			t.Fatal("suppressed after two soft bounces in the window")
		}
		if sum := f.record(t, bounce(hygiene.Soft, who, "", f.now)); sum.Suppressed != 1 {
			t.Errorf("the third: %+v", sum)
		}
		s, ok := f.suppressed(t, who)
		if !ok || s.Reason != hygiene.ReasonSoftBounces {
			t.Fatalf("after three: %+v, %v", s, ok)
		}
		// Lifted, the old soft bounces no longer count: one more is not three.
		if err := f.svc.Lift(context.Background(), who); err != nil {
			t.Fatal(err)
		}
		f.now = f.now.Add(time.Minute)
		f.record(t, bounce(hygiene.Soft, who, "", f.now))
		if _, ok := f.suppressed(t, who); ok {
			t.Error("the soft bounces before the lift still counted")
		}
		if got, err := f.svc.Suppressions(context.Background()); err != nil || len(got) != 0 {
			t.Errorf("Suppressions = %+v, %v", got, err)
		}
	})
}

func TestLiftUnknown(t *testing.T) {
	eachHygiene(t, func(t *testing.T, f *hygieneFixture) {
		if err := f.svc.Lift(context.Background(), "nobody@example.org"); !errors.Is(err, hygiene.ErrNotSuppressed) {
			t.Errorf("Lift = %v, want ErrNotSuppressed", err)
		}
	})
}

// A bad event refuses the whole batch, naming it; nothing of the batch is kept.
func TestInvalidEventsRefuseTheBatch(t *testing.T) {
	eachHygiene(t, func(t *testing.T, f *hygieneFixture) {
		tests := []struct {
			event       hygiene.Event
			field, text string
		}{
			{hygiene.Event{Kind: "open", Email: "a@example.org"}, "events[1].type", `The type must be "bounce", "complaint" or "delivery".`},
			{hygiene.Event{Kind: hygiene.Bounce, Email: "a@example.org"}, "events[1].bounce", `A bounce must say "hard" or "soft".`},
			{hygiene.Event{Kind: hygiene.Complaint}, "events[1].email", "An event needs the recipient's email or the email's message_id."},
			{hygiene.Event{Kind: hygiene.Complaint, Email: "not an address"}, "events[1].email", "The email is not a plain email address."},
			{hygiene.Event{Kind: hygiene.Complaint, MessageID: "<no-at-sign>"}, "events[1].message_id", "The message_id is not a Message-ID (<id@domain>)."},
		}
		for _, tt := range tests {
			_, err := f.svc.Record(context.Background(), []hygiene.Event{bounce(hygiene.Hard, "first@example.org", "", f.now), tt.event})
			e, ok := apperr.From(err)
			if !ok || e.Code != apperr.Invalid || len(e.Problems) != 1 || e.Problems[0].Field != tt.field || e.Problems[0].Message != tt.text {
				t.Errorf("%+v: %v, want %s %q", tt.event, err, tt.field, tt.text)
			}
		}
		if _, ok := f.suppressed(t, "first@example.org"); ok {
			t.Error("the good event of a refused batch was kept")
		}
	})
}
