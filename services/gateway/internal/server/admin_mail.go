package server

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/mail/outbox"
)

// Mail is the outbox as the admin sees it: the emails in trouble, and putting a dead
// one back in the queue (mail/sqlstore.Outbox; the gateway wakes its worker after a
// Requeue).
type Mail interface {
	Count(ctx context.Context) (outbox.Counts, error)
	Troubled(ctx context.Context, limit int) ([]outbox.Entry, error)
	Requeue(ctx context.Context, id int64, now time.Time) error
}

// mailItem is an email in trouble as the admin API shows it (docs/api.md).
type mailItem struct {
	ID       int64    `json:"id"`
	To       []string `json:"to"`
	Subject  string   `json:"subject"`
	Status   string   `json:"status"` // "failing" (will be tried again) or "dead"
	Attempts int      `json:"attempts"`
	// LastError is why the last attempt failed, e.g. the relay's reply.
	LastError     string  `json:"lastError"`
	NextAttemptAt *string `json:"nextAttemptAt"` // null when dead
	DeadAt        *string `json:"deadAt"`        // null when failing
	QueuedAt      string  `json:"queuedAt"`
}

func newMailItem(e outbox.Entry) mailItem {
	it := mailItem{
		ID:        e.ID,
		To:        e.Message.Recipients(),
		Subject:   e.Message.Subject,
		Status:    "failing",
		Attempts:  e.Attempts,
		LastError: e.LastError,
		QueuedAt:  rfc3339(e.QueuedAt),
	}
	if e.Status == outbox.StatusDead {
		it.Status = "dead"
		it.DeadAt = rfc3339OrNil(e.FinishedAt)
	} else {
		it.NextAttemptAt = rfc3339OrNil(e.NextAttemptAt)
	}
	return it
}

// handleAdminMail lists the emails in trouble, the most recently changed first, with
// the outbox's counts by status.
func handleAdminMail(logger *zap.Logger, mail Mail) http.Handler {
	type answer struct {
		Counts struct {
			Pending int `json:"pending"`
			Sending int `json:"sending"`
			Sent    int `json:"sent"`
			Dead    int `json:"dead"`
		} `json:"counts"`
		Items []mailItem `json:"items"`
	}
	const maxItems = 500
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		limit, err := queryLimit(r.URL.Query(), maxItems)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		counts, err := mail.Count(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		list, err := mail.Troubled(r.Context(), limit)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		var a answer
		a.Counts.Pending, a.Counts.Sending, a.Counts.Sent, a.Counts.Dead = counts.Pending, counts.Sending, counts.Sent, counts.Dead
		a.Items = make([]mailItem, 0, len(list))
		for _, e := range list {
			a.Items = append(a.Items, newMailItem(e))
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, a)
	})
}

// handleAdminMailRetry puts a dead email back in the queue: it is tried again at once,
// with a new retry lifetime and the Message-ID it was queued with.
func handleAdminMailRetry(logger *zap.Logger, mail Mail) http.Handler {
	type answer struct {
		ID     int64  `json:"id"`
		Status string `json:"status"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseInt(mux.Vars(r)["id"], 10, 64)
		if err != nil {
			id = 0 // no email has it: answered as unknown below
		}
		if err := mail.Requeue(r.Context(), id, time.Now()); err != nil { // outbox.ErrNotFound: 404, ErrNotDead: 409
			writeError(w, r, logger, err)
			return
		}
		logger.Info("admin: dead email queued again", zap.Int64("outbox_id", id), zap.String("user", adminSessionFrom(r.Context()).User))
		writeJSON(w, http.StatusOK, answer{ID: id, Status: "pending"})
	})
}
