package server

import (
	"encoding/csv"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/mail/hygiene"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// The admin API's reads and the publish action (docs/api.md, 'Admin'). Every handler
// here is guarded by adminGuard.withSession.

// handleAdminStats answers the stat cards: real subscriber counts by state, the
// editions in content, how many of them were ever sent, and the schedule.
func handleAdminStats(logger *zap.Logger, subscribers Subscribers, pub Publisher, repl Replication) http.Handler {
	type replication struct {
		Mode       string   `json:"mode"`
		LagSeconds *float64 `json:"lagSeconds,omitempty"`
		Healthy    bool     `json:"healthy"`
	}
	type answer struct {
		Subscribers newsletter.Counts `json:"subscribers"`
		Editions    int               `json:"editions"`
		Published   int               `json:"published"`
		Schedule    string            `json:"schedule"`
		Replication *replication      `json:"replication"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		counts, err := subscribers.Counts(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		last, err := pub.LastPublications(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		a := answer{
			Subscribers: counts,
			Editions:    len(pub.Editions()),
			Published:   len(last),
			Schedule:    newsletter.Schedule,
		}
		if repl != nil {
			st := repl.ReplicationStatus()
			a.Replication = &replication{Mode: st.Mode, Healthy: st.Healthy}
			if st.Mode == ReplicationReplica {
				lag := math.Round(st.Lag.Seconds())
				a.Replication.LagSeconds = &lag
			}
		}
		writeJSON(w, http.StatusOK, a)
	})
}

// handleAdminEditions lists the editions of content, #1 first, each with its last
// send: when it finished and how many emails it queued (null if never sent).
func handleAdminEditions(logger *zap.Logger, pub Publisher) http.Handler {
	type edition struct {
		ID                 int     `json:"id"`
		Title              string  `json:"title"`
		Date               string  `json:"date"`
		Excerpt            string  `json:"excerpt"`
		ReadTime           string  `json:"readTime"`
		LastPublishedAt    *string `json:"lastPublishedAt"`
		LastPublishedCount *int    `json:"lastPublishedCount"`
		// ScheduledAt is when it is set to go out, null when it is not scheduled.
		ScheduledAt *string `json:"scheduledAt"`
		// Results are its last publication's, null if never sent.
		Results *newsletter.Results `json:"results"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		last, err := pub.LastPublications(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		scheduled, err := pub.Schedules(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		results, err := pub.Results(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		out := make([]edition, 0, len(pub.Editions()))
		for _, ed := range pub.Editions() {
			e := edition{
				ID:       ed.ID,
				Title:    ed.Title,
				Date:     ed.MonthText(),
				Excerpt:  ed.Excerpt,
				ReadTime: fmt.Sprintf("%d min read", ed.ReadTime),
			}
			if p, ok := last[ed.ID]; ok {
				e.LastPublishedAt = rfc3339OrNil(p.FinishedAt)
				e.LastPublishedCount = &p.Recipients
			}
			if s, ok := scheduled[ed.ID]; ok {
				e.ScheduledAt = rfc3339OrNil(s.At)
			}
			if res, ok := results[ed.ID]; ok {
				e.Results = &res
			}
			out = append(out, e)
		}
		writeJSON(w, http.StatusOK, out)
	})
}

// handleAdminPublish sends an edition to every confirmed subscriber: one email each,
// queued in the outbox before it answers with how many. The outbox's worker sends
// them at its configured pace.
func handleAdminPublish(logger *zap.Logger, pub Publisher) http.Handler {
	type answer struct {
		Sent  int    `json:"sent"`
		Title string `json:"title"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res, err := pub.Publish(r.Context(), editionID(r))
		if err != nil { // newsletter.ErrUnknownEdition: 404, ErrPublishing: 409
			writeError(w, r, logger, err)
			return
		}
		logger.Info("admin: edition published",
			zap.Int("edition_id", res.EditionID), zap.Int64("publication_id", res.ID), zap.Int("recipients", res.Recipients),
			zap.String("user", adminSessionFrom(r.Context()).User))
		writeJSON(w, http.StatusOK, answer{Sent: res.Recipients, Title: res.Title})
	})
}

// editionID is the {id} of an edition's path; 0, which no edition has, when it is
// not a number (answered as an unknown edition).
func editionID(r *http.Request) int {
	id, err := strconv.Atoi(mux.Vars(r)["id"])
	if err != nil {
		return 0
	}
	return id
}

// handleAdminPreview answers an edition's email as a subscriber gets it (the owner
// standing in for them): its subject, sender, recipient, and both bodies, rendered.
// The admin shows the HTML in a sandboxed iframe.
func handleAdminPreview(logger *zap.Logger, rehearsal Rehearsal) http.Handler {
	type answer struct {
		Subject string `json:"subject"`
		From    string `json:"from"`
		To      string `json:"to"`
		Text    string `json:"text"`
		HTML    string `json:"html"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m, err := rehearsal.Preview(r.Context(), editionID(r))
		if err != nil { // newsletter.ErrUnknownEdition: 404
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, answer{Subject: m.Subject, From: m.From.String(), To: m.To[0].String(), Text: m.Text, HTML: m.HTML})
	})
}

// handleAdminSendTest queues an edition's email to the owner alone, marked as a test
// in its subject, and answers who it goes to. No subscriber gets it, and no
// publication starts.
func handleAdminSendTest(logger *zap.Logger, rehearsal Rehearsal) http.Handler {
	type answer struct {
		To      string `json:"to"`
		Subject string `json:"subject"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m, err := rehearsal.SendTest(r.Context(), editionID(r))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		logger.Info("admin: test of an edition queued",
			zap.Int("edition_id", editionID(r)), zap.String("user", adminSessionFrom(r.Context()).User))
		writeJSON(w, http.StatusAccepted, answer{To: m.To[0].Email, Subject: m.Subject})
	})
}

// subscriberItem is a subscriber as the admin API shows them.
type subscriberItem struct {
	Email          string  `json:"email"`
	Name           string  `json:"name"`
	State          string  `json:"state"`
	SubscribedAt   string  `json:"subscribedAt"`
	ConfirmedAt    *string `json:"confirmedAt"`
	UnsubscribedAt *string `json:"unsubscribedAt"`
	Source         string  `json:"source"`
}

func subscriberItemOf(s newsletter.Subscriber) subscriberItem {
	return subscriberItem{
		Email:          s.Email,
		Name:           s.Name,
		State:          string(s.State),
		SubscribedAt:   rfc3339(s.SubscribedAt),
		ConfirmedAt:    rfc3339OrNil(s.ConfirmedAt),
		UnsubscribedAt: rfc3339OrNil(s.UnsubscribedAt),
		Source:         string(s.Source),
	}
}

// handleAdminSubscribers answers one page of subscribers, newest first, optionally of
// one state: ?page=1&perPage=50&state=confirmed.
func handleAdminSubscribers(logger *zap.Logger, subscribers Subscribers) http.Handler {
	type answer struct {
		Items   []subscriberItem `json:"items"`
		Page    int              `json:"page"`
		PerPage int              `json:"perPage"`
		Total   int              `json:"total"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		page, err := queryInt(q, "page", 1)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		perPage, err := queryInt(q, "perPage", 50)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		state := newsletter.State(q.Get("state"))
		if state != "" && !slices.Contains(newsletter.States, state) {
			writeError(w, r, logger, invalid("state", "The state must be unconfirmed, confirmed or unsubscribed."))
			return
		}
		if perPage < 1 || perPage > newsletter.MaxPerPage {
			writeError(w, r, logger, invalid("perPage", fmt.Sprintf("perPage must be between 1 and %d.", newsletter.MaxPerPage)))
			return
		}
		res, err := subscribers.List(r.Context(), newsletter.ListQuery{State: state, Page: page, PerPage: perPage})
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		items := make([]subscriberItem, 0, len(res.Items))
		for _, s := range res.Items {
			items = append(items, subscriberItemOf(s))
		}
		writeJSON(w, http.StatusOK, answer{Items: items, Page: res.Page, PerPage: res.PerPage, Total: res.Total})
	})
}

// subscribersCSVHeader is the export's first line: every column of a subscriber.
var subscribersCSVHeader = []string{"email", "name", "state", "subscribedAt", "confirmedAt", "unsubscribedAt", "source", "suppressed", "suppressedAt"}

// handleAdminSubscribersCSV answers every subscriber as a CSV attachment, newest
// first, for a spreadsheet or for another site's import (this site's own reads it
// back: newsletter.Service.Import). Every cell a subscriber typed is neutralised
// against spreadsheet formulas (newsletter.NeutraliseCell).
func handleAdminSubscribersCSV(logger *zap.Logger, subscribers Subscribers, list Suppressions) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		all, err := subscribers.All(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		// Each address's suppression goes with it (suppressed: the reason; an import
		// of the file puts it back on the list).
		suppressed := map[string]hygiene.Suppression{}
		if list != nil {
			sups, err := list.Suppressions(r.Context())
			if err != nil {
				writeError(w, r, logger, err)
				return
			}
			for _, s := range sups {
				suppressed[newsletter.EmailKey(s.Email)] = s
			}
		}
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="subscribers-%s.csv"`, time.Now().UTC().Format("2006-01-02")))
		cw := csv.NewWriter(w)
		_ = cw.Write(subscribersCSVHeader)
		for _, s := range all {
			item := subscriberItemOf(s)
			var reason, since string
			if sup, ok := suppressed[newsletter.EmailKey(s.Email)]; ok {
				reason, since = string(sup.Reason), rfc3339(sup.At)
			}
			_ = cw.Write([]string{
				newsletter.NeutraliseCell(item.Email), newsletter.NeutraliseCell(item.Name), item.State,
				item.SubscribedAt, deref(item.ConfirmedAt), deref(item.UnsubscribedAt), item.Source, reason, since,
			})
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			// The status is out already; all that is left is to say so in the log.
			logger.Warn("admin: writing the subscribers CSV failed", zap.Error(err))
		}
	})
}

// handleAdminSubscribersImport adds the subscribers of a CSV file, the request body
// (text/csv, at most newsletter.MaxImportBytes: readBody): this site's export, or
// listmonk's, Mailchimp's or Buttondown's. The newsletter decides everything
// (newsletter.Service.Import); this answers what it did, every refused row with its
// line and reason, or its refusal of the whole file (400 invalid, 413 too_large, 503
// unavailable: nothing was added).
func handleAdminSubscribersImport(logger *zap.Logger, subscribers Subscribers) http.Handler {
	type refused struct {
		Line   int    `json:"line"`
		Email  string `json:"email"`
		Reason string `json:"reason"`
	}
	type answer struct {
		Format       string `json:"format"`
		Rows         int    `json:"rows"`
		Added        int    `json:"added"`
		Confirmed    int    `json:"confirmed"`
		Unconfirmed  int    `json:"unconfirmed"`
		Unsubscribed int    `json:"unsubscribed"`
		// The confirmation emails: rows left without theirs, the day's import
		// confirmations (confirmationsPerDay) having all been sent; rows an earlier
		// import held back, sent theirs now; all queued (newsletter.ImportResult).
		ConfirmationsNotSent int `json:"confirmationsNotSent"`
		ConfirmationsPerDay  int `json:"confirmationsPerDay"`
		ConfirmationsResent  int `json:"confirmationsResent"`
		ConfirmationsSent    int `json:"confirmationsSent"`
		// Suppressed: addresses the file marked suppressed, put on the suppression list.
		Suppressed int       `json:"suppressed"`
		Refused    []refused `json:"refused"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		res, err := subscribers.Import(r.Context(), r.Body)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		out := answer{
			Format: res.Format, Rows: res.Rows, Added: res.Added(),
			Confirmed: res.Confirmed, Unconfirmed: res.Unconfirmed, Unsubscribed: res.Unsubscribed,
			ConfirmationsNotSent: res.ConfirmationsNotSent, ConfirmationsPerDay: res.ConfirmationsPerDay,
			ConfirmationsResent: res.ConfirmationsResent, ConfirmationsSent: res.ConfirmationsSent,
			Suppressed: res.Suppressed, Refused: make([]refused, 0, len(res.Refused)),
		}
		for _, f := range res.Refused {
			out.Refused = append(out.Refused, refused{Line: f.Line, Email: f.Email, Reason: f.Reason})
		}
		logger.Info("admin: subscribers imported", zap.String("format", res.Format), zap.Int("rows", res.Rows),
			zap.Int("added", res.Added()), zap.Int("confirmation_emails", res.ConfirmationsSent),
			zap.Int("confirmations_not_sent", res.ConfirmationsNotSent), zap.Int("refused", len(res.Refused)),
			zap.Duration("took", time.Since(start)), zap.String("user", adminSessionFrom(r.Context()).User))
		writeJSON(w, http.StatusOK, out)
	})
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// handleAdminMessages lists the contact messages received, newest first: ?limit=50
// (at most maxMessages).
func handleAdminMessages(logger *zap.Logger, msgs Messages) http.Handler {
	type message struct {
		ID        int64  `json:"id"`
		Name      string `json:"name"`
		Email     string `json:"email"`
		Subject   string `json:"subject"`
		Message   string `json:"message"`
		CreatedAt string `json:"createdAt"`
	}
	type answer struct {
		Items []message `json:"items"`
	}
	const maxMessages = 500
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit, err := queryLimit(r.URL.Query(), maxMessages)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		list, err := msgs.List(r.Context(), limit)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		items := make([]message, 0, len(list))
		for _, m := range list {
			items = append(items, message{
				ID: m.ID, Name: m.Name, Email: m.Email, Subject: m.Subject, Message: m.Body, CreatedAt: rfc3339(m.CreatedAt),
			})
		}
		writeJSON(w, http.StatusOK, answer{Items: items})
	})
}

// queryLimit reads ?limit=, a whole number from 1 to most, 50 when it is absent.
func queryLimit(q url.Values, most int) (int, error) {
	limit, err := queryInt(q, "limit", 50)
	if err != nil {
		return 0, err
	}
	if limit > most {
		return 0, invalid("limit", fmt.Sprintf("limit must be between 1 and %d.", most))
	}
	return limit, nil
}

// queryInt reads a whole number from the query string, def when it is absent.
func queryInt(q url.Values, name string, def int) (int, error) {
	v := q.Get(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, invalid(name, fmt.Sprintf("%s must be a whole number of 1 or more.", name))
	}
	return n, nil
}
