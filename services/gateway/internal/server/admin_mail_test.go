package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
)

// TestAdminMailShowsTroubledEmailsAndRetriesADeadOne: over a relay that refuses one
// recipient for good (550) and defers another (451), the admin sees both with the
// relay's reply, and Retry sends the dead one once the mailbox works, with the
// Message-ID it was queued with.
func TestAdminMailShowsTroubledEmailsAndRetriesADeadOne(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	var goneFixed atomic.Bool
	smtpd := smtptest.Start(t, smtptest.Options{RejectRcpt: func(rcpt string) error {
		switch {
		case rcpt == "gone@example.org" && !goneFixed.Load():
			return smtptest.Reply(550, "5.1.1", "no such user")
		case rcpt == "busy@example.org":
			return smtptest.Reply(451, "4.2.1", "mailbox busy")
		}
		return nil
	}})
	msg := func(to, subject string) mail.Message {
		return mail.Message{
			From: mail.Address{Email: "no-reply@example.com"}, To: []mail.Address{{Email: to}},
			Subject: subject, Text: "Hello.",
		}
	}
	ids, err := f.outbox.Enqueue(context.Background(),
		msg("gone@example.org", "To a mailbox that is gone"),
		msg("busy@example.org", "To a busy mailbox"),
		msg("fine@example.org", "To a fine mailbox"))
	if err != nil {
		t.Fatal(err)
	}
	f.deliverTo(t, smtpd)
	smtpd.Wait(t, 1, 10*time.Second)

	type item struct {
		ID            int64
		To            []string
		Subject       string
		Status        string
		Attempts      int
		LastError     string
		NextAttemptAt *string
		DeadAt        *string
		QueuedAt      string
	}
	var list struct {
		Counts struct{ Pending, Sending, Sent, Dead int }
		Items  []item
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		f.getJSON(t, "/api/admin/mail", cookie, &list)
		if (len(list.Items) == 2 && list.Counts.Sent == 1) || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if len(list.Items) != 2 {
		t.Fatalf("items = %+v, want the dead and the failing email", list.Items)
	}
	// The most recently changed first; both failed at their first attempt.
	byTo := map[string]item{}
	for _, it := range list.Items {
		byTo[it.To[0]] = it
	}
	dead, failing := byTo["gone@example.org"], byTo["busy@example.org"]
	if dead.ID != ids[0] || dead.Status != "dead" || dead.Attempts != 1 || dead.Subject != "To a mailbox that is gone" ||
		dead.LastError != "smtp: RCPT TO: 550 5.1.1 no such user" || dead.DeadAt == nil || dead.NextAttemptAt != nil {
		t.Errorf("dead email = %+v", dead)
	}
	if failing.ID != ids[1] || failing.Status != "failing" || failing.Attempts != 1 ||
		failing.LastError != "smtp: RCPT TO: 451 4.2.1 mailbox busy" || failing.NextAttemptAt == nil || failing.DeadAt != nil {
		t.Errorf("failing email = %+v", failing)
	}
	if c := list.Counts; c.Sent != 1 || c.Dead != 1 || c.Pending != 1 {
		t.Errorf("counts = %+v, want 1 sent, 1 dead, 1 pending", c)
	}

	retry := func(id string) (int, string) {
		w := f.adminCall(http.MethodPost, "/api/admin/mail/"+id+"/retry", cookie, send{})
		return w.Code, w.Body.String()
	}
	for _, tt := range []struct {
		id     string
		status int
		body   string
	}{
		{strconv.FormatInt(ids[1], 10), http.StatusConflict, `{"error":{"code":"conflict","message":"Only a dead email can be retried; this one is still queued or was sent."}}` + "\n"},
		{"999", http.StatusNotFound, `{"error":{"code":"not_found","message":"There is no such email."}}` + "\n"},
		{"x", http.StatusNotFound, `{"error":{"code":"not_found","message":"There is no such email."}}` + "\n"},
	} {
		if code, body := retry(tt.id); code != tt.status || body != tt.body {
			t.Errorf("retry %s = %d %s, want %d %s", tt.id, code, body, tt.status, tt.body)
		}
	}

	goneFixed.Store(true)
	code, body := retry(strconv.FormatInt(ids[0], 10))
	var ok struct {
		ID     int64
		Status string
	}
	if err := json.Unmarshal([]byte(body), &ok); code != http.StatusOK || err != nil || ok.ID != ids[0] || ok.Status != "pending" {
		t.Fatalf("retry the dead email = %d %s", code, body)
	}
	msgs := smtpd.Wait(t, 2, 10*time.Second)
	p, err := msgs[1].Parse()
	if err != nil {
		t.Fatal(err)
	}
	queued, _ := f.outbox.Get(context.Background(), ids[0])
	if p.Header.Get("To") != "<gone@example.org>" || p.Get("Message-ID") != "<"+queued.Message.MessageID+">" {
		t.Errorf("resent email: To %q, Message-ID %q; want gone@example.org with %q", p.Header.Get("To"), p.Get("Message-ID"), queued.Message.MessageID)
	}
}
