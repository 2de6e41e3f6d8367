package server_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/mail/hygiene"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// importAnswer is POST /api/admin/subscribers/import's answer.
type importAnswer struct {
	Format                                            string
	Rows, Added, Confirmed, Unconfirmed, Unsubscribed int
	Refused                                           []struct {
		Line          int
		Email, Reason string
	}
}

// exportRows GETs the subscribers CSV and returns its rows, header first.
func (f *fixture) exportRows(t *testing.T, cookie *http.Cookie) [][]string {
	t.Helper()
	w := f.adminCall(http.MethodGet, "/api/admin/subscribers.csv", cookie, send{})
	if w.Code != http.StatusOK {
		t.Fatalf("export: %d %s", w.Code, w.Body)
	}
	rows, err := csv.NewReader(strings.NewReader(w.Body.String())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func (f *fixture) importCSV(t *testing.T, cookie *http.Cookie, file []byte) importAnswer {
	t.Helper()
	w := f.adminCall(http.MethodPost, "/api/admin/subscribers/import", cookie, send{contentType: "text/csv", reader: bytes.NewReader(file)})
	if w.Code != http.StatusOK {
		t.Fatalf("import: %d %s", w.Code, w.Body)
	}
	var a importAnswer
	if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAdminExportImportsIntoAnotherSite(t *testing.T) {
	from := newFixture(t, adminEnv(t, nil))
	fromCookie := from.signIn(t)
	from.seedSubscribers(t, "ada@example.org", "=cmd|calc@example.org")
	exported := from.exportRows(t, fromCookie)
	var file bytes.Buffer
	cw := csv.NewWriter(&file)
	_ = cw.WriteAll(exported)

	to := newFixture(t, adminEnv(t, nil))
	cookie := to.signIn(t)
	got := to.importCSV(t, cookie, file.Bytes())
	if got.Format != "portfolio" || got.Rows != 4 || got.Added != 4 || got.Confirmed != 2 || got.Unconfirmed != 1 || got.Unsubscribed != 1 || len(got.Refused) != 0 {
		t.Fatalf("import = %+v, want the 4 subscribers added", got)
	}
	// The same list, each now from an import; the formula cell neutralised again.
	again := to.exportRows(t, cookie)
	strip := func(rows [][]string) [][]string {
		out := make([][]string, 0, len(rows))
		for _, r := range rows[1:] {
			out = append(out, r[:6])
		}
		slices.SortFunc(out, func(a, b []string) int { return strings.Compare(a[0], b[0]) })
		return out
	}
	if a, b := strip(exported), strip(again); !slices.EqualFunc(a, b, slices.Equal) {
		t.Errorf("re-exported\n%q\nwant\n%q", b, a)
	}
	for _, r := range again[1:] {
		if r[6] != string(newsletter.SourceImport) {
			t.Errorf("%s: source %q, want import", r[0], r[6])
		}
		if strings.Contains(r[0], "calc") && r[0] != "'=cmd|calc@example.org" {
			t.Errorf("the formula cell came back as %q", r[0])
		}
	}
	// One confirmation email, to the unconfirmed subscriber.
	if c, err := to.outbox.Count(context.Background()); err != nil || c.Pending != 1 {
		t.Errorf("outbox %+v, %v; want 1 confirmation pending", c, err)
	}

	// The same file again: nobody is changed, every row refused with its reason.
	second := to.importCSV(t, cookie, file.Bytes())
	if second.Added != 0 || len(second.Refused) != 4 {
		t.Fatalf("second import = %+v, want every row refused", second)
	}
	for i, r := range second.Refused {
		if r.Line != i+2 || !strings.Contains(r.Reason, "already on the list") && !strings.Contains(r.Reason, "unsubscribed earlier") {
			t.Errorf("refused %+v", r)
		}
	}
}

func TestAdminImportRefusesTheWholeFile(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	for _, tt := range []struct {
		name, contentType string
		body              []byte
		status            int
		code, field       string
	}{
		{"JSON", "application/json", []byte(`{"email":"ann@example.org"}`), http.StatusUnsupportedMediaType, "unsupported_media_type", ""},
		{"a form post", "multipart/form-data; boundary=x", []byte("--x--"), http.StatusUnsupportedMediaType, "unsupported_media_type", ""},
		{"too large", "text/csv", append([]byte("email\n"), bytes.Repeat([]byte("a"), newsletter.MaxImportBytes)...), http.StatusRequestEntityTooLarge, "too_large", ""},
		{"no email column", "text/csv", []byte("name\nAnn\n"), http.StatusBadRequest, "invalid", "file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := f.adminCall(http.MethodPost, "/api/admin/subscribers/import", cookie, send{contentType: tt.contentType, reader: bytes.NewReader(tt.body)})
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if e := decodeError(t, w); e.Error.Code != tt.code || e.Error.Field != tt.field {
				t.Errorf("error %+v, want %s on %q", e.Error, tt.code, tt.field)
			}
		})
	}
	if c, err := f.subs.Counts(context.Background()); err != nil || c.Total() != 0 {
		t.Errorf("counts %+v, %v after refused files", c, err)
	}
}

// The admin's imports send at most PORTFOLIO_IMPORT_CONFIRMATIONS_PER_DAY confirmation
// emails a day: the unconfirmed rows past it are added all the same, with no email, and
// the answer says how many and what the limit is.
func TestAdminImportConfirmationsPerDay(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_IMPORT_CONFIRMATIONS_PER_DAY": "2"}))
	cookie := f.signIn(t)
	w := f.adminCall(http.MethodPost, "/api/admin/subscribers/import", cookie, send{contentType: "text/csv",
		reader: strings.NewReader("email\nann@example.org\nbob@example.org\ncy@example.org\n")})
	if w.Code != http.StatusOK {
		t.Fatalf("import: %d %s", w.Code, w.Body)
	}
	want := `{"format":"plain","rows":3,"added":3,"confirmed":0,"unconfirmed":3,"unsubscribed":0,"confirmationsNotSent":1,"confirmationsPerDay":2,"confirmationsResent":0,"confirmationsSent":2,"suppressed":0,"refused":[]}`
	if got := strings.TrimSpace(w.Body.String()); got != want {
		t.Errorf("answer\n%s\nwant\n%s", got, want)
	}
	if got := f.queued(t).Pending; got != 2 {
		t.Errorf("%d emails queued, want the 2 confirmations of the day's limit", got)
	}
	if c, err := f.subs.Counts(context.Background()); err != nil || c.Unconfirmed != 3 {
		t.Errorf("counts %+v, %v: want the 3 on the list, unconfirmed", c, err)
	}
}

// A suppressed address stays suppressed when the list moves: the export says so, and
// the import puts it on the other site's suppression list.
func TestAdminExportImportCarriesSuppressions(t *testing.T) {
	from := newFixture(t, adminEnv(t, nil))
	fromCookie := from.signIn(t)
	from.seedSubscribers(t, "ada@example.org", "grace@example.org")
	if _, err := from.hygiene.Record(context.Background(), []hygiene.Event{
		{Kind: hygiene.Complaint, Email: "Grace@example.org", Source: "webhook"},
	}); err != nil {
		t.Fatal(err)
	}
	exported := from.exportRows(t, fromCookie)
	header := exported[0]
	if !slices.Equal(header[len(header)-2:], []string{"suppressed", "suppressedAt"}) {
		t.Fatalf("header %q", header)
	}
	for _, r := range exported[1:] {
		if want := r[0] == "grace@example.org"; (r[7] == "complaint" && r[8] != "") != want || (!want && (r[7] != "" || r[8] != "")) {
			t.Errorf("row %q", r)
		}
	}
	var file bytes.Buffer
	_ = csv.NewWriter(&file).WriteAll(exported)

	to := newFixture(t, adminEnv(t, nil))
	w := to.adminCall(http.MethodPost, "/api/admin/subscribers/import", to.signIn(t), send{contentType: "text/csv", reader: bytes.NewReader(file.Bytes())})
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `"suppressed":1,`) {
		t.Fatalf("import: %d %s", w.Code, w.Body)
	}
	if s, ok := to.suppression(t, "grace@example.org"); !ok || s.Reason != hygiene.ReasonComplaint {
		t.Errorf("grace@ on the other site: %+v, %v", s, ok)
	}
	if _, ok := to.suppression(t, "ada@example.org"); ok {
		t.Error("ada@ is suppressed on the other site")
	}
	// A suppression this site does not know refuses its row.
	bad := "email,state,subscribedAt,suppressed\nbob@example.org,confirmed,2026-01-01T00:00:00Z,bounced\n"
	w = to.adminCall(http.MethodPost, "/api/admin/subscribers/import", to.signIn(t), send{contentType: "text/csv", body: bad})
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), `suppressed \"bounced\" is not hard_bounce, complaint or soft_bounces`) {
		t.Errorf("an unknown suppression: %d %s", w.Code, w.Body)
	}
}
