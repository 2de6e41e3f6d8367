package main

import (
	"bytes"
	"context"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/mail"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	"github.com/portfolio-site/portfolio/services/newsletter"
	nlstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// cli runs `gateway args...` with env and returns what it printed and its error.
func cli(t *testing.T, env map[string]string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), append([]string{"gateway"}, args...), func(k string) string { return env[k] }, strings.NewReader(""), &out, io.Discard)
	return out.String(), err
}

func TestNewsletterScheduleCommand(t *testing.T) {
	env := map[string]string{"PORTFOLIO_DATA_DIR": filepath.Join(t.TempDir(), "data")}
	at := time.Now().Add(24 * time.Hour).UTC().Truncate(time.Second).Format(time.RFC3339)
	steps := []struct {
		args    []string
		out     string
		wantErr string
	}{
		{[]string{"newsletter", "schedule", "2", at}, "edition 2 scheduled for " + at + "\n", ""},
		{[]string{"newsletter", "schedules"}, "2\t" + at + "\t#2 ", ""},
		{[]string{"newsletter", "schedule", "2", "tomorrow"}, "", `"tomorrow" is not a time in RFC 3339`},
		{[]string{"newsletter", "schedule", "2", "2020-01-01T00:00:00Z"}, "", "The time must be in the future."},
		{[]string{"newsletter", "schedule", "42", at}, "", "There is no such edition."},
		{[]string{"newsletter", "unschedule", "2"}, "edition 2 is no longer scheduled\n", ""},
		{[]string{"newsletter", "unschedule", "2"}, "", "This edition is not scheduled; one that has started cannot be cancelled."},
		{[]string{"newsletter", "schedules"}, "", ""},
		{[]string{"newsletter"}, "", "usage: gateway newsletter schedule"},
	}
	for _, s := range steps {
		out, err := cli(t, env, s.args...)
		switch {
		case s.wantErr == "" && err != nil:
			t.Errorf("%v: %v", s.args, err)
		case s.wantErr != "" && (err == nil || !strings.Contains(err.Error(), s.wantErr)):
			t.Errorf("%v: %v, want an error with %q", s.args, err, s.wantErr)
		case !strings.HasPrefix(out, s.out) || (s.out == "" && out != ""):
			t.Errorf("%v printed %q, want %q", s.args, out, s.out)
		}
	}
}

func TestDKIMRecordCommand(t *testing.T) {
	keyFile, signer := dkimKeyFile(t)
	env := map[string]string{
		"PORTFOLIO_DKIM_DOMAIN": "portfolio.test", "PORTFOLIO_DKIM_SELECTOR": "sel2026", "PORTFOLIO_DKIM_KEY_FILE": keyFile,
	}
	out, err := cli(t, env, "dkim-record")
	if err != nil {
		t.Fatal(err)
	}
	record, err := signer.Record()
	if err != nil {
		t.Fatal(err)
	}
	prefix := "sel2026._domainkey.portfolio.test. 3600 IN TXT "
	strs, ok := strings.CutPrefix(strings.TrimSuffix(out, "\n"), prefix)
	if !ok || strings.ReplaceAll(strings.Trim(strs, `"`), `" "`, "") != record {
		t.Errorf("printed %q, want %s and the strings of %q", out, prefix, record)
	}
	if _, err := cli(t, map[string]string{}, "dkim-record"); err == nil || !strings.Contains(err.Error(), "DKIM is off") {
		t.Errorf("without a key: %v", err)
	}
	env["PORTFOLIO_DKIM_KEY_FILE"] = filepath.Join(t.TempDir(), "missing.pem")
	if _, err := cli(t, env, "dkim-record"); err == nil || !strings.Contains(err.Error(), "PORTFOLIO_DKIM_KEY_FILE") {
		t.Errorf("a missing key file: %v", err)
	}
}

// A reader's mail client that only sends email unsubscribes through List-Unsubscribe's
// mailto:, whose subject carries their token; the MTA pipes the message to
// `gateway newsletter unsubscribe-mail`.
func TestUnsubscribeByMail(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	env := map[string]string{"PORTFOLIO_DATA_DIR": dataDir}
	if _, err := cli(t, env, "newsletter", "schedules"); err != nil { // makes and migrates the database
		t.Fatal(err)
	}
	ctx := context.Background()
	db, err := sqldb.Open(ctx, filepath.Join(dataDir, "portfolio.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	store := nlstore.New(db, mailstore.New(db))
	noEmails := func(newsletter.Subscriber) ([]mail.Message, error) { return nil, nil }
	now := time.Now()
	if _, _, err := store.Subscribe(ctx, newsletter.Subscription{Email: "ada@example.org", EmailKey: "ada@example.org", At: now, SentBefore: now,
		Token: newsletter.ConfirmationToken{Hash: "h", ExpiresAt: now.Add(time.Hour)}}, noEmails); err != nil {
		t.Fatal(err)
	}
	_, sub, err := store.Confirm(ctx, "h", now, noEmails)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := newsletter.NewService(ctx, store, newsletter.Emails{
		From: mail.Address{Email: "no-reply@portfolio.test"}, PublicURL: "https://portfolio.test", UnsubscribeMailto: "unsubscribe@portfolio.test",
	}, newsletter.Options{})
	if err != nil {
		t.Fatal(err)
	}
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	m, err := svc.EditionEmail(editions[0], sub)
	if err != nil {
		t.Fatal(err)
	}
	header := m.Headers[0].Value // List-Unsubscribe
	_, mailto, ok := strings.Cut(header, ", <mailto:unsubscribe@portfolio.test?subject=")
	if m.Headers[0].Name != "List-Unsubscribe" || !strings.HasPrefix(header, "<https://portfolio.test/newsletter/unsubscribe?token=") || !ok {
		t.Fatalf("List-Unsubscribe: %q", header)
	}
	subject, err := url.PathUnescape(strings.TrimSuffix(mailto, ">"))
	if err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	run1 := func(message string) error {
		out.Reset()
		return run(ctx, []string{"gateway", "newsletter", "unsubscribe-mail"}, func(k string) string { return env[k] }, strings.NewReader(message), &out, io.Discard)
	}
	if err := run1("From: someone@example.org\r\nSubject: please stop\r\n\r\nthanks\r\n"); err == nil || !strings.Contains(err.Error(), "no unsubscribe token") {
		t.Errorf("no token: %v", err)
	}
	if err := run1("From: someone@example.org\r\nSubject: unsubscribe AAAAnottoken\r\n\r\n"); err == nil || !strings.Contains(err.Error(), "This link is not valid.") {
		t.Errorf("a forged token: %v", err)
	}
	if got, _ := store.Subscriber(ctx, sub.ID); got.State != newsletter.StateConfirmed {
		t.Fatalf("state %s before the real one", got.State)
	}
	if err := run1("From: Ada <ada@example.org>\r\nSubject: Re: " + subject + "\r\n\r\n"); err != nil {
		t.Fatalf("unsubscribe-mail: %v", err)
	}
	if got, _ := store.Subscriber(ctx, sub.ID); got.State != newsletter.StateUnsubscribed {
		t.Errorf("state %s, want unsubscribed", got.State)
	}
}
