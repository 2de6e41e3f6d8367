package newsletter_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/newsletter"
)

// remind runs SendReminders on svc and fails unless it queued want.
func (e *env) remind(t *testing.T, svc *newsletter.Service, want int) {
	t.Helper()
	n, err := svc.SendReminders(context.Background())
	if err != nil || n != want {
		t.Fatalf("SendReminders at %v = %d, %v; want %d", e.clock.Now(), n, err, want)
	}
}

// A reader who has not confirmed 24 hours after their confirmation gets one reminder,
// with a link that works when it arrives, and never a second one, whichever replica
// looks and however often. Whoever confirmed or unsubscribed gets none.
func TestOneReminderForUnconfirmedReaders(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		e := newEnv(t, dsn)
		other := e.service(t) // another replica
		e.subscribe(t, "lazy@example.org", "Lazy")
		e.subscribe(t, "keen@example.org", "")
		e.subscribe(t, "gone@example.org", "")
		first := e.take(t)
		if len(first) != 3 {
			t.Fatalf("%d confirmations", len(first))
		}
		if o, err := e.svc.Confirm(ctx, token(t, first[1], "confirm")); o != newsletter.Confirmed || err != nil {
			t.Fatal(o, err)
		}
		if _, err := e.svc.Unsubscribe(ctx, token(t, first[2], "unsubscribe")); err != nil {
			t.Fatal(err)
		}
		e.take(t) // the welcome

		e.clock.Advance(24*time.Hour - time.Minute)
		e.remind(t, e.svc, 0)
		e.clock.Advance(time.Minute)
		e.remind(t, other, 1)
		e.remind(t, e.svc, 0)
		m := one(t, e.take(t))
		if m.To[0].Email != "lazy@example.org" || m.Subject != "Reminder: confirm your subscription to DevOps Digest" ||
			!strings.Contains(m.Text, "Hi Lazy,") || !strings.Contains(m.Text, "This is the only reminder.") ||
			!strings.Contains(m.Text, "72 hours") || !strings.Contains(m.Text, "/newsletter/unsubscribe?token=") {
			t.Errorf("reminder to %v, %q:\n%s", m.To, m.Subject, m.Text)
		}
		if m.Headers[0].Name != "List-Unsubscribe" {
			t.Errorf("headers %+v", m.Headers)
		}

		// Days later, still nothing more.
		for range 5 {
			e.clock.Advance(24 * time.Hour)
			e.remind(t, e.svc, 0)
		}
		if msgs := e.take(t); len(msgs) != 0 {
			t.Errorf("%d more emails", len(msgs))
		}
	})
}

// The reminder's link works when the reminder arrives, and after the first link has
// lapsed; the first link works too while it lasts.
func TestReminderLinkConfirms(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		e := newEnv(t, dsn)
		e.subscribe(t, "lazy@example.org", "")
		firstLink := token(t, one(t, e.take(t)), "confirm")
		e.clock.Advance(25 * time.Hour)
		e.remind(t, e.svc, 1)
		reminderLink := token(t, one(t, e.take(t)), "confirm")
		if reminderLink == firstLink {
			t.Fatal("the reminder carries the first link")
		}
		// 72 h after the first link: it has lapsed, the reminder's has not.
		e.clock.Advance(48 * time.Hour)
		if o, err := e.svc.Confirm(ctx, firstLink); o != newsletter.ConfirmExpired || err != nil {
			t.Errorf("the first link at 73 h: %v, %v", o, err)
		}
		if o, err := e.svc.Confirm(ctx, reminderLink); o != newsletter.Confirmed || err != nil {
			t.Errorf("the reminder's link: %v, %v", o, err)
		}
	})
}

// Nobody whose link lapsed long ago is written to again (the readers unconfirmed when
// reminders shipped): the window is the reminder's delay plus a link's life.
func TestNoReminderLongAfter(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		e := newEnv(t, dsn)
		e.subscribe(t, "old@example.org", "")
		e.take(t)
		// 24 h + 72 h later, the window has passed: no reminder ever.
		e.clock.Advance(97 * time.Hour)
		e.remind(t, e.svc, 0)
		if msgs := e.take(t); len(msgs) != 0 {
			t.Errorf("%d emails", len(msgs))
		}
	})
}
