package newsletter

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/portfolio-site/portfolio/content/formfields"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

// The bounds of an import: what one request may ask the store to write in one
// transaction. 200,000 rows of a listmonk or Mailchimp export are 20-40 MiB, so a
// file that big is cut down (or split) first; 10 MiB is about 100,000 rows of this
// site's own export.
const (
	MaxImportBytes = 10 << 20
	MaxImportRows  = 200_000
)

// What the admin is told about the whole file (apperr: the import is refused and
// nothing is written).
var (
	ErrImportTooLarge = apperr.New(apperr.TooLarge, fmt.Sprintf("The file is larger than %d MiB. Split it and import each part.", MaxImportBytes>>20))
	ErrImportTooLong  = apperr.New(apperr.TooLarge, fmt.Sprintf("The file has more than %d rows. Split it and import each part.", MaxImportRows))
	ErrImportEmpty    = apperr.Field("file", "The file is empty.")
	ErrImportNoEmail  = apperr.Field("file", "The file's first line must name its columns, one of them the email address (email, Email Address or email_address).")
)

// ImportResult is what an import did. Every row is either added (Confirmed,
// Unconfirmed or Unsubscribed), refused, or sent the confirmation an earlier import
// held back (ConfirmationsResent).
type ImportResult struct {
	// Format is the export the file was read as: portfolio (this site's), listmonk,
	// mailchimp, buttondown, or plain (any CSV with an email column).
	Format string
	Rows   int // data rows read, refused ones included
	// Confirmed came in confirmed (their row had a confirmation date); Unconfirmed were
	// sent a confirmation email but for ConfirmationsNotSent of them; Unsubscribed came
	// in unsubscribed and get nothing.
	Confirmed, Unconfirmed, Unsubscribed int
	// ConfirmationsNotSent are the rows left without their confirmation email because
	// imports had sent ConfirmationsPerDay today (UTC) already: Unconfirmed ones added,
	// and refused ones whose confirmation an earlier import held back. Importing the
	// file again another day sends them theirs (ConfirmationsResent), within that day's
	// limit.
	ConfirmationsNotSent, ConfirmationsPerDay int
	// ConfirmationsResent are rows already on the list, unconfirmed, whose confirmation
	// an earlier import held back: sent it now. They are neither added nor refused.
	ConfirmationsResent int
	// ConfirmationsSent is how many confirmation emails the import queued: to the
	// Unconfirmed it did not hold back, and the ConfirmationsResent.
	ConfirmationsSent int
	// Suppressed are the addresses the file marked suppressed (this site's export)
	// that the import put on the suppression list, on the list already or not.
	Suppressed int
	Refused    []RefusedRow
}

// Added is how many subscribers the import added.
func (r ImportResult) Added() int { return r.Confirmed + r.Unconfirmed + r.Unsubscribed }

// RefusedRow is a row an import did not add, and why.
type RefusedRow struct {
	Line   int    // in the file, from 1 (the header)
	Email  string // the row's email cell, as it is (cut to formfields.EmailMax characters)
	Reason string
}

// Import adds the subscribers of a CSV file: this site's export, or an export of
// listmonk, Mailchimp or Buttondown (importFormats; README.md has the mapping). Each
// row is checked as the sign-up form is (Parse); a row with a confirmation date comes
// in confirmed with that date; an unsubscribed row comes in unsubscribed, so it is
// never written to; every other row comes in unconfirmed and gets the confirmation
// email of a sign-up, through the outbox, which sends at the mail rate, while imports
// have sent fewer than Options.ImportConfirmationsPerDay today; past that, rows still
// come in unconfirmed, with no email (ConfirmationsNotSent), and importing the file
// again on a later day sends them theirs (ConfirmationsResent). An address
// already on the list, in any state, is never changed (an unsubscribed one is never
// subscribed again), nor one that is twice in the file; those rows are refused, with
// malformed ones, each with its line and reason.
//
// A file over MaxImportBytes or MaxImportRows, or without a header naming an email
// column, is refused whole (apperr TooLarge or Invalid). The rows are written in one
// transaction: if the store fails, nothing is (apperr.Unavailable).
func (s *Service) Import(ctx context.Context, file io.Reader) (ImportResult, error) {
	data, err := io.ReadAll(io.LimitReader(file, MaxImportBytes+1))
	if err != nil {
		return ImportResult{}, apperr.Wrap(apperr.Invalid, "The file could not be read.", err)
	}
	if len(data) > MaxImportBytes {
		return ImportResult{}, ErrImportTooLarge
	}
	now := s.clock()
	rows, res, err := readImport(data, now)
	if err != nil {
		return ImportResult{}, err
	}
	tokens := make(map[string]string) // EmailKey: the token its confirmation carries
	subs := make([]ImportedSubscriber, 0, len(rows))
	lines := make(map[string]int, len(rows)) // EmailKey: its row's line
	for _, r := range rows {
		if r.sub.State == StateUnconfirmed {
			token, hash := newConfirmToken()
			tokens[r.sub.EmailKey] = token
			r.sub.Token = ConfirmationToken{Hash: hash, ExpiresAt: now.Add(s.confirmTTL)}
		}
		subs = append(subs, r.sub)
		lines[r.sub.EmailKey] = r.line
	}
	var renderErr error
	out, err := s.store.Import(ctx, subs, now, s.importPerDay, func(sub Subscriber) ([]mail.Message, error) {
		m, err := s.confirmationEmail(sub, tokens[EmailKey(sub.Email)])
		if err != nil {
			renderErr = err
		}
		return []mail.Message{m}, err
	})
	if err != nil {
		return ImportResult{}, unavailable(err, renderErr, "The import could not be saved, and nothing of it was. Please try again later.")
	}
	res.ConfirmationsPerDay = s.importPerDay
	for _, r := range rows {
		state, ok := out.Known[r.sub.EmailKey]
		switch {
		case ok && out.Resent[r.sub.EmailKey]:
			res.ConfirmationsResent++
			res.ConfirmationsSent++
		case ok && out.Held[r.sub.EmailKey]:
			res.ConfirmationsNotSent++
			res.Refused = append(res.Refused, r.refuse("already on the list (unconfirmed), its confirmation held back: today's import confirmations are all sent"))
		case ok && state == StateUnsubscribed:
			res.Refused = append(res.Refused, r.refuse("unsubscribed earlier: an import never subscribes an address again"))
		case ok:
			res.Refused = append(res.Refused, r.refuse(fmt.Sprintf("already on the list (%s)", state)))
		case r.sub.State == StateConfirmed:
			res.Confirmed++
		case r.sub.State == StateUnconfirmed:
			res.Unconfirmed++
			if out.Held[r.sub.EmailKey] {
				res.ConfirmationsNotSent++
			} else {
				res.ConfirmationsSent++
			}
		default:
			res.Unsubscribed++
		}
	}
	sortRefused(res.Refused)
	if res.ConfirmationsSent > 0 {
		s.wake()
	}
	// The suppressions come after the subscribers' commit: the suppression list is the
	// mail module's. Importing the file again adds the ones a failure left out.
	if res.Suppressed, err = s.importSuppressions(ctx, rows); err != nil {
		return ImportResult{}, apperr.Wrap(apperr.Unavailable, "The subscribers were imported, but their suppressions could not be: import the file again.", err)
	}
	return res, nil
}

// importSuppressions puts the suppressions of rows on the mail's suppression list.
func (s *Service) importSuppressions(ctx context.Context, rows []importRow) (int, error) {
	var sups []hygiene.Suppression
	for _, r := range rows {
		if r.sub.Suppression != nil {
			sups = append(sups, *r.sub.Suppression)
		}
	}
	if len(sups) == 0 || s.suppressions == nil {
		return 0, nil
	}
	return s.suppressions.Import(ctx, sups)
}

// importRow is a row found good, before the store has its say.
type importRow struct {
	line  int
	email string // the cell as it was
	sub   ImportedSubscriber
}

func (r importRow) refuse(reason string) RefusedRow {
	return RefusedRow{Line: r.line, Email: r.email, Reason: reason}
}

// readImport reads the rows of a CSV file: the good ones, and a result with the
// format, the count and the refused rows. Only a problem of the whole file is an
// error.
func readImport(data []byte, now time.Time) ([]importRow, ImportResult, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // a byte order mark (Excel's UTF-8)
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, ImportResult{}, ErrImportEmpty
	}
	cr := csv.NewReader(bufio.NewReader(bytes.NewReader(data)))
	cr.FieldsPerRecord = -1 // a row of the wrong length is refused, not the file
	header, err := cr.Read()
	if err != nil {
		return nil, ImportResult{}, apperr.Wrap(apperr.Invalid, "The file's first line is not a CSV header.", err)
	}
	f, cols, ok := detectFormat(header)
	if !ok {
		return nil, ImportResult{}, ErrImportNoEmail
	}
	res := ImportResult{Format: f.name}
	var rows []importRow
	seen := make(map[string]int) // EmailKey: the first line with it
	for {
		record, err := cr.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if pe, ok := errors.AsType[*csv.ParseError](err); ok {
			res.Rows++
			res.Refused = append(res.Refused, RefusedRow{Line: pe.StartLine, Reason: "not valid CSV: " + pe.Err.Error()})
			continue
		}
		if err != nil {
			return nil, ImportResult{}, apperr.Wrap(apperr.Invalid, "The file could not be read.", err)
		}
		line, _ := cr.FieldPos(0)
		if blank(record) {
			continue // a spreadsheet's empty line: no subscriber
		}
		res.Rows++
		if res.Rows > MaxImportRows {
			return nil, ImportResult{}, ErrImportTooLong
		}
		row := cols.row(record)
		email := cut(row.get(colEmail), formfields.EmailMax)
		refuse := func(reason string) {
			res.Refused = append(res.Refused, RefusedRow{Line: line, Email: email, Reason: reason})
		}
		if len(record) != len(header) {
			refuse(fmt.Sprintf("it has %d fields, the header %d", len(record), len(header)))
			continue
		}
		if !utf8.ValidString(strings.Join(record, "")) {
			refuse("it is not UTF-8 text")
			continue
		}
		sub, reason := f.subscriber(row, now)
		if reason != "" {
			refuse(reason)
			continue
		}
		if first, dup := seen[sub.EmailKey]; dup {
			refuse(fmt.Sprintf("the same address as line %d", first))
			continue
		}
		seen[sub.EmailKey] = line
		rows = append(rows, importRow{line: line, email: email, sub: sub})
	}
	return rows, res, nil
}

func blank(record []string) bool {
	for _, c := range record {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// cut keeps the first n characters of s.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// sortRefused orders refused rows by line: those the store refused would come after
// the others.
func sortRefused(rs []RefusedRow) {
	slices.SortStableFunc(rs, func(a, b RefusedRow) int { return cmp.Compare(a.Line, b.Line) })
}
