package newsletter_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// listed is what the list says of an address after an import.
type listed struct {
	state                               newsletter.State
	name                                string
	source                              newsletter.Source
	subscribed, confirmed, unsubscribed string // RFC 3339, "" for none
}

// refusal is a refused row: its line, and words its reason must contain.
type refusal struct {
	line   int
	reason string
}

// importNow is the test clock's time (newEnv), when every import below runs.
const importNow = "2026-06-01T09:00:00Z"

func TestImport(t *testing.T) {
	tests := []struct {
		name string
		// before makes the list the import meets.
		before func(t *testing.T, e *env)
		file   string
		// code, if set, refuses the whole file: nothing is added.
		code                                 apperr.Code
		format                               string
		confirmed, unconfirmed, unsubscribed int
		refused                              []refusal
		// list is what the list says of these addresses afterwards (absent: not on it).
		list map[string]*listed
	}{
		{
			name: "good rows of this site's export",
			file: "email,name,state,subscribedAt,confirmedAt,unsubscribedAt,source\n" +
				"ann@example.org,Ann,confirmed,2025-01-02T03:04:05Z,2025-01-02T04:00:00Z,,form\n" +
				"bob@example.org,,unconfirmed,2025-02-01T00:00:00Z,,,import\n" +
				"cy@example.org,Cy,unsubscribed,2025-03-01T00:00:00Z,2025-03-01T01:00:00Z,2025-04-01T00:00:00Z,form\n",
			format: "portfolio", confirmed: 1, unconfirmed: 1, unsubscribed: 1,
			list: map[string]*listed{
				"ann@example.org": {newsletter.StateConfirmed, "Ann", newsletter.SourceImport, "2025-01-02T03:04:05Z", "2025-01-02T04:00:00Z", ""},
				"bob@example.org": {newsletter.StateUnconfirmed, "", newsletter.SourceImport, "2025-02-01T00:00:00Z", "", ""},
				"cy@example.org":  {newsletter.StateUnsubscribed, "Cy", newsletter.SourceImport, "2025-03-01T00:00:00Z", "2025-03-01T01:00:00Z", "2025-04-01T00:00:00Z"},
			},
		},
		{
			name: "a confirmed state without a confirmation date gets a confirmation email",
			file: "email,name,state,subscribedAt,confirmedAt,unsubscribedAt\n" +
				"ann@example.org,Ann,confirmed,2025-01-02T03:04:05Z,,\n",
			format: "portfolio", unconfirmed: 1,
			list: map[string]*listed{
				"ann@example.org": {newsletter.StateUnconfirmed, "Ann", newsletter.SourceImport, "2025-01-02T03:04:05Z", "", ""},
			},
		},
		{
			name: "duplicates: in the file, and already on the list",
			before: func(t *testing.T, e *env) {
				e.subscribe(t, "pending@example.org", "Pending")
				e.subscribe(t, "member@example.org", "Member")
				confirm(t, e, "member@example.org")
			},
			file: "email,name\n" +
				"new@example.org,New\n" +
				"NEW@Example.org,Again\n" +
				"Pending@example.org,Renamed\n" +
				"member@EXAMPLE.org,Renamed\n",
			format: "plain", unconfirmed: 1,
			refused: []refusal{{3, "the same address as line 2"}, {4, "already on the list (unconfirmed)"}, {5, "already on the list (confirmed)"}},
			list: map[string]*listed{
				"new@example.org":     {newsletter.StateUnconfirmed, "New", newsletter.SourceImport, importNow, "", ""},
				"pending@example.org": {newsletter.StateUnconfirmed, "Pending", newsletter.SourceForm, importNow, "", ""},
				"member@example.org":  {newsletter.StateConfirmed, "Member", newsletter.SourceForm, importNow, importNow, ""},
			},
		},
		{
			name: "an address unsubscribed earlier is never subscribed again",
			before: func(t *testing.T, e *env) {
				e.subscribe(t, "gone@example.org", "Gone")
				unsubscribe(t, e, "gone@example.org")
			},
			file: "email,name,state,subscribedAt,confirmedAt,unsubscribedAt\n" +
				"gone@example.org,Gone,confirmed,2025-01-01T00:00:00Z,2025-01-01T00:00:00Z,\n",
			format:  "portfolio",
			refused: []refusal{{2, "unsubscribed earlier"}},
			list: map[string]*listed{
				"gone@example.org": {newsletter.StateUnsubscribed, "Gone", newsletter.SourceForm, importNow, "", importNow},
			},
		},
		{
			name: "malformed rows are refused one by one, the good ones added",
			file: "email,name,state,subscribedAt,confirmedAt,unsubscribedAt\n" +
				"not-an-address,Ann,confirmed,,,\n" +
				"j@example.org,J,unconfirmed,,,\n" +
				"short@example.org,Short\n" +
				"date@example.org,Date,confirmed,yesterday,,\n" +
				"future@example.org,Future,confirmed,,2030-01-01T00:00:00Z,\n" +
				"state@example.org,State,pending,,,\n" +
				"quote@example.org,Qu\"ote,unconfirmed,,,\n" +
				"ok@example.org,Okay,unconfirmed,,,\n" +
				",,,,,\n" +
				"\"two\nlines@example.org\",Two,unconfirmed,,,\n",
			format: "portfolio", unconfirmed: 1,
			refused: []refusal{
				{2, "not a valid email address"},
				{3, "name must be at least 2 characters"},
				{4, "it has 2 fields, the header 6"},
				{5, `subscribedAt: "yesterday" is not a date`},
				{6, "confirmedAt: \"2030-01-01T00:00:00Z\" is not a date of the past"},
				{7, `state "pending" is not`},
				{8, "not valid CSV"},
				{11, "not a valid email address"},
			},
			list: map[string]*listed{
				"ok@example.org": {newsletter.StateUnconfirmed, "Okay", newsletter.SourceImport, importNow, "", ""},
			},
		},
		{
			name: "formula cells are data; this site's neutralising quote comes off",
			file: "email,name,state,subscribedAt,confirmedAt,unsubscribedAt\n" +
				"calc@example.org,=cmd|' /C calc'!A0,unconfirmed,,,\n" +
				"sum@example.org,'=SUM(A1:A9),unconfirmed,,,\n" +
				"'-dash@example.org,'@Dash,unconfirmed,,,\n",
			format: "portfolio", unconfirmed: 3,
			list: map[string]*listed{
				"calc@example.org":  {newsletter.StateUnconfirmed, "=cmd|' /C calc'!A0", newsletter.SourceImport, importNow, "", ""},
				"sum@example.org":   {newsletter.StateUnconfirmed, "=SUM(A1:A9)", newsletter.SourceImport, importNow, "", ""},
				"-dash@example.org": {newsletter.StateUnconfirmed, "@Dash", newsletter.SourceImport, importNow, "", ""},
			},
		},
		{
			name: "listmonk: enabled gets a confirmation email, blocklisted comes in unsubscribed",
			file: "uuid,email,name,attributes,status,created_at,updated_at\n" +
				`0f0e…-1,ann@example.org,Ann,"{""city"": ""Oslo""}",enabled,2024-05-06 07:08:09.123456 +0000 +0000,2024-06-01 00:00:00 +0000 +0000` + "\n" +
				`0f0e…-2,bob@example.org,Bob,{},blocklisted,2024-05-06 07:08:09 +0200 CEST,2024-07-01 10:00:00 +0000 UTC` + "\n" +
				`0f0e…-3,cy@example.org,Cy,{},disabled,2024-05-06 07:08:09 +0000 UTC,2024-07-01 10:00:00 +0000 UTC` + "\n",
			format: "listmonk", unconfirmed: 1, unsubscribed: 1,
			refused: []refusal{{4, `listmonk status "disabled"`}},
			list: map[string]*listed{
				"ann@example.org": {newsletter.StateUnconfirmed, "Ann", newsletter.SourceImport, "2024-05-06T07:08:09.123Z", "", ""},
				"bob@example.org": {newsletter.StateUnsubscribed, "Bob", newsletter.SourceImport, "2024-05-06T05:08:09Z", "", "2024-07-01T10:00:00Z"},
			},
		},
		{
			name: "Mailchimp: a confirmation time comes in confirmed and keeps it",
			file: "\ufeffEmail Address,First Name,Last Name,MEMBER_RATING,OPTIN_TIME,OPTIN_IP,CONFIRM_TIME,CONFIRM_IP,LATITUDE,LONGITUDE,LAST_CHANGED,TAGS\n" +
				"ann@example.org,Ann,Lee,2,2023-01-15 10:22:33,,2023-01-15 10:25:00,192.0.2.1,,,2023-01-15 10:25:00,\n" +
				"bob@example.org,Bob,,2,2023-02-01 08:00:00,,,,,,2023-02-01 08:00:00,\n",
			format: "mailchimp", confirmed: 1, unconfirmed: 1,
			list: map[string]*listed{
				"ann@example.org": {newsletter.StateConfirmed, "Ann Lee", newsletter.SourceImport, "2023-01-15T10:22:33Z", "2023-01-15T10:25:00Z", ""},
				"bob@example.org": {newsletter.StateUnconfirmed, "Bob", newsletter.SourceImport, "2023-02-01T08:00:00Z", "", ""},
			},
		},
		{
			name: "Mailchimp's unsubscribed and cleaned files",
			file: "Email Address,First Name,Last Name,OPTIN_TIME,CONFIRM_TIME,UNSUB_TIME,UNSUB_CAMPAIGN_TITLE,CLEAN_TIME\n" +
				"ann@example.org,Ann,,2023-01-15 10:22:33,2023-01-15 10:25:00,2024-01-01 00:00:00,Edition 3,\n" +
				"bob@example.org,Bob,,2023-01-15 10:22:33,2023-01-15 10:25:00,,,2024-02-02 00:00:00\n",
			format: "mailchimp", unsubscribed: 1,
			refused: []refusal{{3, "cleaned in Mailchimp"}},
			list: map[string]*listed{
				"ann@example.org": {newsletter.StateUnsubscribed, "Ann", newsletter.SourceImport, "2023-01-15T10:22:33Z", "2023-01-15T10:25:00Z", "2024-01-01T00:00:00Z"},
			},
		},
		{
			name: "Buttondown: no confirmation date, so every active row is asked to confirm",
			file: "email,notes,metadata,tags,creation_date,subscriber_type,unsubscription_date\n" +
				"ann@example.org,,{},[],2022-03-04T05:06:07.891Z,regular,\n" +
				"bob@example.org,,{},[],2022-03-04T05:06:07+00:00,unsubscribed,2023-01-01T00:00:00+00:00\n" +
				"cy@example.org,,{},[],2022-03-04T05:06:07+00:00,spammy,\n",
			format: "buttondown", unconfirmed: 1, unsubscribed: 1,
			refused: []refusal{{4, `Buttondown type "spammy"`}},
			list: map[string]*listed{
				"ann@example.org": {newsletter.StateUnconfirmed, "", newsletter.SourceImport, "2022-03-04T05:06:07.891Z", "", ""},
				"bob@example.org": {newsletter.StateUnsubscribed, "", newsletter.SourceImport, "2022-03-04T05:06:07Z", "", "2023-01-01T00:00:00Z"},
			},
		},
		{name: "an empty file", file: " \n", code: apperr.Invalid},
		{name: "no email column", file: "name,city\nAnn,Oslo\n", code: apperr.Invalid},
		{
			name: "too large", file: "email\n" + strings.Repeat("a", newsletter.MaxImportBytes), code: apperr.TooLarge,
		},
		{
			name: "too many rows", file: "email\n" + strings.Repeat("x\n", newsletter.MaxImportRows+1), code: apperr.TooLarge,
		},
	}
	for _, d := range databases {
		t.Run(d.name, func(t *testing.T) {
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					e := newEnv(t, d.dsn(t))
					if tt.before != nil {
						tt.before(t, e)
						e.take(t)
					}
					beforeCounts, err := e.svc.Counts(context.Background())
					if err != nil {
						t.Fatal(err)
					}
					res, err := e.svc.Import(context.Background(), strings.NewReader(tt.file))
					if tt.code != "" {
						if apperr.CodeOf(err) != tt.code {
							t.Fatalf("Import = %+v, %v; want the file refused (%s)", res, err, tt.code)
						}
						if c, _ := e.svc.Counts(context.Background()); c != beforeCounts {
							t.Errorf("counts %+v after a refused file, want %+v", c, beforeCounts)
						}
						return
					}
					if err != nil {
						t.Fatal(err)
					}
					if res.Format != tt.format || res.Confirmed != tt.confirmed || res.Unconfirmed != tt.unconfirmed || res.Unsubscribed != tt.unsubscribed {
						t.Errorf("Import = format %s, %d confirmed, %d unconfirmed, %d unsubscribed; want %s, %d, %d, %d",
							res.Format, res.Confirmed, res.Unconfirmed, res.Unsubscribed, tt.format, tt.confirmed, tt.unconfirmed, tt.unsubscribed)
					}
					checkRefused(t, res.Refused, tt.refused)
					checkList(t, e, tt.list)
					// Every unconfirmed row, and only those, got the sign-up's confirmation email.
					var want []string
					for email, l := range tt.list {
						if l.state == newsletter.StateUnconfirmed && l.source == newsletter.SourceImport {
							want = append(want, email)
						}
					}
					var got []string
					for _, m := range e.take(t) {
						if !strings.Contains(m.Subject, "Confirm") {
							t.Errorf("an import queued %q", m.Subject)
						}
						got = append(got, m.To[0].Email)
					}
					slices.Sort(want)
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Errorf("confirmation emails to %q, want %q", got, want)
					}
					if tt.unconfirmed > 0 && e.notifications() == 0 {
						t.Error("the mail worker was not woken")
					}
				})
			}
		})
	}
}

func checkRefused(t *testing.T, got []newsletter.RefusedRow, want []refusal) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("refused %+v, want %+v", got, want)
		return
	}
	for i, w := range want {
		if got[i].Line != w.line || !strings.Contains(got[i].Reason, w.reason) {
			t.Errorf("refused row %d = line %d %q, want line %d %q", i, got[i].Line, got[i].Reason, w.line, w.reason)
		}
	}
}

func checkList(t *testing.T, e *env, want map[string]*listed) {
	t.Helper()
	all, err := e.svc.All(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(want) {
		t.Errorf("%d subscribers on the list, want %d", len(all), len(want))
	}
	for _, s := range all {
		w, ok := want[s.Email]
		if !ok {
			t.Errorf("%s is on the list", s.Email)
			continue
		}
		got := listed{s.State, s.Name, s.Source, rfc(s.SubscribedAt), rfc(s.ConfirmedAt), rfc(s.UnsubscribedAt)}
		if got != *w {
			t.Errorf("%s = %+v, want %+v", s.Email, got, *w)
		}
	}
}

func rfc(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// confirm opens the confirmation link of the last email to address.
func confirm(t *testing.T, e *env, address string) {
	t.Helper()
	for _, m := range e.take(t) {
		if m.To[0].Email == address {
			if o, err := e.svc.Confirm(context.Background(), token(t, m, "confirm")); err != nil || o != newsletter.Confirmed {
				t.Fatalf("Confirm = %v, %v", o, err)
			}
			return
		}
	}
	t.Fatalf("no email to %s", address)
}

// unsubscribe unsubscribes address with the link in the last email to them.
func unsubscribe(t *testing.T, e *env, address string) {
	t.Helper()
	for _, m := range e.take(t) {
		if m.To[0].Email == address {
			if _, err := e.svc.Unsubscribe(context.Background(), token(t, m, "unsubscribe")); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("no email to %s", address)
}

func TestImportedConfirmationIsTheSignUps(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		e := newEnv(t, dsn)
		e.subscribe(t, "form@example.org", "Form")
		signup := one(t, e.take(t))
		if _, err := e.svc.Import(context.Background(), strings.NewReader("email,name\nfile@example.org,File\n")); err != nil {
			t.Fatal(err)
		}
		imported := one(t, e.take(t))
		if imported.Subject != signup.Subject || imported.From != signup.From {
			t.Errorf("imported confirmation %q from %v, a sign-up's %q from %v", imported.Subject, imported.From, signup.Subject, signup.From)
		}
		// Signing up on the site within the resend interval sends no second link.
		if o := e.subscribe(t, "file@example.org", "File"); o != newsletter.SubscribeUnchanged {
			t.Errorf("subscribing on the site after the import: %v, want unchanged", o)
		}
		if o, err := e.svc.Confirm(context.Background(), token(t, imported, "confirm")); err != nil || o != newsletter.Confirmed {
			t.Fatalf("the imported link: %v, %v", o, err)
		}
	})
}

func TestImportIsAllOrNothing(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		e := newEnv(t, dsn)
		ctx := context.Background()
		// The outbox's table gone: the subscribers of the first chunk are written, then
		// queueing their emails fails.
		if _, err := e.db.ExecContext(ctx, "ALTER TABLE mail_outbox RENAME TO mail_outbox_away"); err != nil {
			t.Fatal(err)
		}
		var file strings.Builder
		file.WriteString("email\n")
		for i := range 2500 {
			fmt.Fprintf(&file, "user%d@example.org\n", i)
		}
		_, err := e.svc.Import(ctx, strings.NewReader(file.String()))
		if apperr.CodeOf(err) != apperr.Unavailable {
			t.Fatalf("Import with a failing store: %v, want apperr.Unavailable", err)
		}
		if _, err := e.db.ExecContext(ctx, "ALTER TABLE mail_outbox_away RENAME TO mail_outbox"); err != nil {
			t.Fatal(err)
		}
		if c, err := e.svc.Counts(ctx); err != nil || c.Total() != 0 {
			t.Errorf("counts %+v, %v after a failed import, want none", c, err)
		}
		if msgs := e.take(t); len(msgs) != 0 {
			t.Errorf("%d emails queued by a failed import", len(msgs))
		}
	})
}

// Imports send at most Options.ImportConfirmationsPerDay confirmations a day (UTC), all
// replicas together: the unconfirmed rows past it come in unconfirmed, with no link
// and no email, and the result says how many; the same file imported again another day
// sends them theirs, within that day's limit. A subscriber held back gets a link by
// signing up on the site too.
func TestImportConfirmationsPerDay(t *testing.T) {
	eachDatabase(t, func(t *testing.T, dsn string) {
		e := newEnv(t, dsn)
		e.importPerDay = 3
		e.svc = e.service(t)
		ctx := context.Background()
		importFile := func(svc *newsletter.Service, addresses ...string) newsletter.ImportResult {
			t.Helper()
			res, err := svc.Import(ctx, strings.NewReader("email\n"+strings.Join(addresses, "\n")+"\n"))
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		// recipients takes the emails queued, and returns the recipients of the
		// confirmations among them (a welcome is no confirmation); the link of the one
		// to confirm, if any, is opened and must confirm them.
		recipients := func(confirm ...string) []string {
			var to []string
			for _, m := range e.take(t) {
				if !strings.Contains(m.Subject, "Confirm") {
					continue
				}
				to = append(to, m.To[0].Email)
				if slices.Contains(confirm, m.To[0].Email) {
					if o, err := e.svc.Confirm(ctx, token(t, m, "confirm")); err != nil || o != newsletter.Confirmed {
						t.Errorf("the link to %s: %v, %v", m.To[0].Email, o, err)
					}
				}
			}
			slices.Sort(to)
			return to
		}

		res := importFile(e.svc, "a@example.org", "b@example.org", "kept@example.org", "c@example.org", "d@example.org", "e@example.org")
		if res.Unconfirmed != 6 || res.ConfirmationsSent != 3 || res.ConfirmationsNotSent != 3 || res.ConfirmationsPerDay != 3 {
			t.Errorf("first import: %d unconfirmed, %d confirmations sent, %d not sent of %d a day; want 6, 3, 3, 3",
				res.Unconfirmed, res.ConfirmationsSent, res.ConfirmationsNotSent, res.ConfirmationsPerDay)
		}
		// The first rows of the file get theirs.
		if got, want := recipients(), []string{"a@example.org", "b@example.org", "kept@example.org"}; !slices.Equal(got, want) {
			t.Errorf("confirmations to %q, want %q", got, want)
		}
		if c, err := e.svc.Counts(ctx); err != nil || c.Unconfirmed != 6 {
			t.Errorf("counts %+v, %v: want the 6 on the list, unconfirmed", c, err)
		}

		// Another replica, the same day: the limit is the site's, not the process's.
		other := e.service(t)
		res = importFile(other, "f@example.org", "g@example.org")
		if res.Unconfirmed != 2 || res.ConfirmationsNotSent != 2 {
			t.Errorf("the same day on another replica: %d unconfirmed, %d not sent; want 2, 2", res.Unconfirmed, res.ConfirmationsNotSent)
		}
		if got := recipients(); len(got) != 0 {
			t.Errorf("confirmations to %q past the day's limit", got)
		}

		// Past midnight UTC, the first file again: its rows whose confirmation was held
		// back get it now; the others are on the list already.
		e.clock.Advance(15 * time.Hour)
		res = importFile(other, "a@example.org", "b@example.org", "kept@example.org", "c@example.org", "d@example.org", "e@example.org")
		if res.ConfirmationsResent != 3 || res.ConfirmationsNotSent != 0 || res.Added() != 0 || len(res.Refused) != 3 {
			t.Errorf("the first file the next day: %d resent, %d not sent, %d added, refused %+v; want 3, 0, 0 and a, b, kept refused",
				res.ConfirmationsResent, res.ConfirmationsNotSent, res.Added(), res.Refused)
		}
		if got, want := recipients("d@example.org"), []string{"c@example.org", "d@example.org", "e@example.org"}; !slices.Equal(got, want) {
			t.Errorf("the next day: confirmations to %q, want %q", got, want)
		}
		// The day's limit spent: the second file's rows stay held back, and say so.
		res = importFile(e.svc, "f@example.org", "g@example.org", "h@example.org")
		if res.ConfirmationsNotSent != 3 || res.ConfirmationsResent != 0 || res.Unconfirmed != 1 || len(res.Refused) != 2 ||
			!strings.Contains(res.Refused[0].Reason, "its confirmation held back") {
			t.Errorf("past the limit again: %d not sent, %d resent, %d unconfirmed, refused %+v", res.ConfirmationsNotSent, res.ConfirmationsResent, res.Unconfirmed, res.Refused)
		}
		if got := recipients(); len(got) != 0 {
			t.Errorf("confirmations to %q past the day's limit", got)
		}

		// A subscriber held back gets a link by signing up on the site too.
		if o := e.subscribe(t, "g@example.org", ""); o != newsletter.SubscribeRenewed {
			t.Errorf("signing up after the import held the confirmation back: %v, want renewed", o)
		}
		if got := recipients("g@example.org"); !slices.Equal(got, []string{"g@example.org"}) {
			t.Errorf("signing up: confirmations to %q", got)
		}
	})
}
