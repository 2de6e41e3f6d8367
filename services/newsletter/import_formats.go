package newsletter

import (
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/portfolio-site/portfolio/content/formfields"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

// The exports an import reads, told apart by their header, and how their columns map
// to a subscriber (README.md, 'Import', says the same for people). Column names are
// compared normalised: lower case, without spaces, underscores or hyphens
// ("Email Address", "email_address" and "emailaddress" are one name).

// role is what a column means to an import.
type role int

const (
	colEmail role = iota
	colName
	colFirstName
	colLastName
	colStatus
	colSubscribed
	colConfirmed
	colUnsubscribed
	colCleaned // Mailchimp's bounced addresses
	colSuppressed
	colSuppressedAt
	numRoles
)

// kind is what a row's status makes of it.
type kind int

const (
	kindActive       kind = iota // confirmed with a confirmation date, else unconfirmed
	kindUnsubscribed             // stored unsubscribed: never written to
)

// importFormat is one export's header and meaning.
type importFormat struct {
	name string
	// detect are the columns that tell this export apart: all of them are there.
	detect []string
	// columns are, for each role, the names its column may have; the first present is
	// read.
	columns [numRoles][]string
	// status says what a row is, or why it is refused.
	status func(r csvRow) (kind, string)
}

// importFormats in the order they are tried: the first whose detect columns are all
// in the header reads the file.
var importFormats = []importFormat{
	{
		// This site's export (GET /api/admin/subscribers.csv): its state, and its times
		// in RFC 3339.
		name:   "portfolio",
		detect: []string{"email", "state", "subscribedat"},
		columns: [numRoles][]string{
			colEmail: {"email"}, colName: {"name"}, colStatus: {"state"},
			colSubscribed: {"subscribedat"}, colConfirmed: {"confirmedat"}, colUnsubscribed: {"unsubscribedat"},
			colSuppressed: {"suppressed"}, colSuppressedAt: {"suppressedat"},
		},
		status: func(r csvRow) (kind, string) {
			switch s := strings.ToLower(r.get(colStatus)); State(s) {
			case StateConfirmed, StateUnconfirmed:
				return kindActive, ""
			case StateUnsubscribed:
				return kindUnsubscribed, ""
			default:
				return 0, fmt.Sprintf("state %q is not confirmed, unconfirmed or unsubscribed", s)
			}
		},
	},
	{
		// listmonk's Subscribers > Export: uuid, email, name, attributes, status
		// (enabled, disabled, blocklisted), created_at, updated_at. It has no
		// confirmation date (opt-in is per list, and not exported).
		name:   "listmonk",
		detect: []string{"uuid", "email", "attributes", "status"},
		columns: [numRoles][]string{
			colEmail: {"email"}, colName: {"name"}, colStatus: {"status"},
			colSubscribed: {"createdat"}, colUnsubscribed: {"updatedat"},
		},
		status: func(r csvRow) (kind, string) {
			switch s := strings.ToLower(r.get(colStatus)); s {
			case "enabled":
				return kindActive, ""
			case "blocklisted":
				return kindUnsubscribed, ""
			default:
				return 0, fmt.Sprintf("listmonk status %q: only enabled and blocklisted subscribers are imported", s)
			}
		},
	},
	{
		// Mailchimp's audience export: a zip of three CSV files (subscribed,
		// unsubscribed, cleaned), each imported on its own. Times are UTC,
		// "2006-01-02 15:04:05".
		name:   "mailchimp",
		detect: []string{"emailaddress", "optintime"},
		columns: [numRoles][]string{
			colEmail: {"emailaddress"}, colFirstName: {"firstname"}, colLastName: {"lastname"},
			colSubscribed: {"optintime"}, colConfirmed: {"confirmtime"}, colUnsubscribed: {"unsubtime"}, colCleaned: {"cleantime"},
		},
		status: func(r csvRow) (kind, string) {
			switch {
			case r.get(colCleaned) != "":
				return 0, "cleaned in Mailchimp: the address bounced"
			case r.get(colUnsubscribed) != "":
				return kindUnsubscribed, ""
			default:
				return kindActive, ""
			}
		},
	},
	{
		// Buttondown's subscriber export: email (or email_address), creation_date,
		// subscriber_type (or type), unsubscription_date. It has no confirmation date.
		name:   "buttondown",
		detect: []string{"creationdate"},
		columns: [numRoles][]string{
			colEmail: {"email", "emailaddress"}, colStatus: {"subscribertype", "type"},
			colSubscribed: {"creationdate"}, colUnsubscribed: {"unsubscriptiondate"},
		},
		status: func(r csvRow) (kind, string) {
			switch s := strings.ToLower(r.get(colStatus)); s {
			case "", "regular", "premium", "gifted", "trialed", "churning", "past_due", "paused", "unactivated":
				return kindActive, ""
			case "unsubscribed", "removed":
				return kindUnsubscribed, ""
			default: // spammy, complained, undeliverable, blocked…
				return 0, fmt.Sprintf("Buttondown type %q: not imported", s)
			}
		},
	},
	{
		// Any other CSV with an email column: a list of addresses, and names if it has
		// them. Every row gets a confirmation email.
		name:   "plain",
		detect: []string{},
		columns: [numRoles][]string{
			colEmail: {"email", "emailaddress"}, colName: {"name", "fullname"},
			colFirstName: {"firstname"}, colLastName: {"lastname"},
		},
		status: func(csvRow) (kind, string) { return kindActive, "" },
	},
}

// columnIndex is where each role's column is in a header (-1: absent), and its name
// as the header writes it.
type columnIndex struct {
	at    [numRoles]int
	names [numRoles]string
}

// detectFormat returns the format of header and where its columns are; ok is false
// when no format has an email column in it.
func detectFormat(header []string) (importFormat, columnIndex, bool) {
	names := make(map[string]int, len(header))
	for i, h := range header {
		n := normaliseColumn(h)
		if _, dup := names[n]; !dup {
			names[n] = i
		}
	}
	for _, f := range importFormats {
		if !hasAll(names, f.detect) {
			continue
		}
		var c columnIndex
		for r := range numRoles {
			c.at[r] = -1
			for _, name := range f.columns[r] {
				if i, ok := names[name]; ok {
					c.at[r], c.names[r] = i, strings.TrimSpace(header[i])
					break
				}
			}
		}
		if c.at[colEmail] >= 0 {
			return f, c, true
		}
	}
	return importFormat{}, columnIndex{}, false
}

func hasAll(names map[string]int, want []string) bool {
	for _, w := range want {
		if _, ok := names[w]; !ok {
			return false
		}
	}
	return true
}

// normaliseColumn is a header cell as formats name it: "Email Address" is
// emailaddress.
func normaliseColumn(h string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '_' || r == '-' || unicode.IsControl(r) || r == '\ufeff' {
			return -1
		}
		return unicode.ToLower(r)
	}, strings.TrimSpace(h))
}

// csvRow is one record and where its columns are.
type csvRow struct {
	cells []string
	cols  *columnIndex
}

func (c *columnIndex) row(record []string) csvRow { return csvRow{cells: record, cols: c} }

// get is the cell of role r, trimmed, with the quote this site's export puts before a
// cell a spreadsheet would take for a formula taken off again; "" if the file has no
// such column.
func (r csvRow) get(ro role) string {
	i := r.cols.at[ro]
	if i < 0 || i >= len(r.cells) {
		return ""
	}
	v := strings.TrimSpace(r.cells[i])
	if len(v) >= 2 && v[0] == '\'' && strings.ContainsRune(formulaStarts, rune(v[1])) {
		v = v[1:]
	}
	return v
}

// formulaStarts are the first characters that make a spreadsheet read a cell as a
// formula (OWASP, CSV injection): a cell of the export that starts with one gets a
// leading quote (NeutraliseCell).
const formulaStarts = "=+-@\t\r"

// NeutraliseCell keeps a value from being read as a formula by a spreadsheet that
// opens the CSV it is written to: a cell that starts with =, +, -, @, a tab or a
// carriage return gets a leading quote, which spreadsheets show as text. An import
// takes that quote off again.
func NeutraliseCell(s string) string {
	if s != "" && strings.ContainsRune(formulaStarts, rune(s[0])) {
		return "'" + s
	}
	return s
}

// name is the row's name: its name column, or its first and last names.
func (r csvRow) name() string {
	if n := r.get(colName); n != "" {
		return n
	}
	return strings.TrimSpace(r.get(colFirstName) + " " + r.get(colLastName))
}

// time is the time in role ro's cell: zero if empty, else a refusal's reason if it is
// not a date or later than now (a day's leeway for a file written in another time
// zone).
func (r csvRow) time(ro role, now time.Time) (time.Time, string) {
	v := r.get(ro)
	if v == "" {
		return time.Time{}, ""
	}
	t, ok := parseImportTime(v)
	if !ok {
		return time.Time{}, fmt.Sprintf("%s: %q is not a date", r.cols.names[ro], v)
	}
	if t.After(now.Add(24*time.Hour)) || t.Year() < 1971 {
		return time.Time{}, fmt.Sprintf("%s: %q is not a date of the past", r.cols.names[ro], v)
	}
	return t.UTC().Truncate(time.Millisecond), ""
}

// importTimeLayouts are the ways the exports write times; one without a zone is UTC.
var importTimeLayouts = []string{
	time.RFC3339Nano,                          // this site, Buttondown
	"2006-01-02 15:04:05",                     // Mailchimp
	"2006-01-02 15:04:05.999999999 -0700 MST", // listmonk (Go's time.String; "+0000 +0000" too)
	"2006-01-02 15:04:05.999999999-07:00",     // PostgreSQL's text
	"2006-01-02 15:04:05.999999999-07",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02",
}

func parseImportTime(v string) (time.Time, bool) {
	for _, layout := range importTimeLayouts {
		if t, err := time.Parse(layout, v); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// subscriber checks a row as the sign-up form would (Parse) and makes it the
// subscriber to add, or says why it is refused.
func (f importFormat) subscriber(r csvRow, now time.Time) (ImportedSubscriber, string) {
	k, reason := f.status(r)
	if reason != "" {
		return ImportedSubscriber{}, reason
	}
	signup, err := Parse(Form{Email: r.get(colEmail), Name: r.name()})
	if err != nil {
		return ImportedSubscriber{}, problemsOf(err)
	}
	sub := ImportedSubscriber{Email: signup.Email, EmailKey: EmailKey(signup.Email), Name: signup.Name}
	subscribed, reason := r.time(colSubscribed, now)
	if reason != "" {
		return ImportedSubscriber{}, reason
	}
	confirmed, reason := r.time(colConfirmed, now)
	if reason != "" {
		return ImportedSubscriber{}, reason
	}
	switch {
	case k == kindUnsubscribed:
		unsubscribed, reason := r.time(colUnsubscribed, now)
		if reason != "" {
			return ImportedSubscriber{}, reason
		}
		if unsubscribed.IsZero() {
			unsubscribed = now
		}
		sub.State, sub.ConfirmedAt, sub.UnsubscribedAt = StateUnsubscribed, confirmed, unsubscribed
	case !confirmed.IsZero():
		sub.State, sub.ConfirmedAt = StateConfirmed, confirmed
	default:
		sub.State = StateUnconfirmed
	}
	if reason := r.suppression(&sub, now); reason != "" {
		return ImportedSubscriber{}, reason
	}
	sub.SubscribedAt = subscribed
	if sub.SubscribedAt.IsZero() {
		// No date of its own: the earliest the row tells, else now.
		sub.SubscribedAt = now
		for _, t := range []time.Time{sub.ConfirmedAt, sub.UnsubscribedAt} {
			if !t.IsZero() && t.Before(sub.SubscribedAt) {
				sub.SubscribedAt = t
			}
		}
	}
	return sub, ""
}

// problemsOf is Parse's refusal as one reason, a clause the admin puts after the row's
// line ("Line 4 (x): not a valid email address."): the sign-up form's messages speak to
// a visitor ("Please enter a valid email address"), this to the owner about a row.
func problemsOf(err error) string {
	e, ok := apperr.From(err)
	if !ok || len(e.Problems) == 0 {
		return err.Error()
	}
	parts := make([]string, 0, len(e.Problems))
	for _, p := range e.Problems {
		switch p.Message {
		case formfields.MsgInvalidEmail:
			parts = append(parts, "not a valid email address")
			continue
		case "":
			parts = append(parts, p.Field+" is refused")
			continue
		}
		// "Name must be at least 2 characters" → "name must be at least 2 characters"
		parts = append(parts, strings.ToLower(p.Message[:1])+p.Message[1:])
	}
	return strings.Join(parts, "; ")
}

// suppression reads this site's export's suppression columns into sub, or says why
// they are wrong.
func (r csvRow) suppression(sub *ImportedSubscriber, now time.Time) string {
	reason := hygiene.Reason(strings.ToLower(strings.TrimSpace(r.get(colSuppressed))))
	if reason == "" {
		return ""
	}
	if !slices.Contains(hygiene.Reasons, reason) {
		return fmt.Sprintf("suppressed %q is not hard_bounce, complaint or soft_bounces", reason)
	}
	at, why := r.time(colSuppressedAt, now)
	if why != "" {
		return why
	}
	if at.IsZero() {
		at = now
	}
	sub.Suppression = &hygiene.Suppression{Email: sub.Email, Reason: reason, At: at, Detail: "imported"}
	return ""
}
