package server

import (
	"context"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

// The admin's part of the list's hygiene (docs/api.md): scheduling an edition, and the
// suppression list. Every handler here is guarded by adminGuard.withSession.

// Suppressions is the mail's suppression list as the admin sees it (hygiene.Service).
type Suppressions interface {
	Suppressions(ctx context.Context) ([]hygiene.Suppression, error)
	Lift(ctx context.Context, email string) error
}

// handleAdminSchedule sets an edition to go out at a time: {"at": "<RFC 3339>"}, in
// the future; scheduling it again moves it.
func handleAdminSchedule(logger *zap.Logger, pub Publisher) http.Handler {
	type request struct {
		At string `json:"at"`
	}
	type answer struct {
		EditionID int    `json:"editionId"`
		At        string `json:"at"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[request](r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		at, err := time.Parse(time.RFC3339, req.At)
		if err != nil {
			writeError(w, r, logger, invalid("at", "The time must be RFC 3339, such as 2026-12-01T09:00:00Z."))
			return
		}
		s, err := pub.Schedule(r.Context(), editionID(r), at) // ErrUnknownEdition: 404; the past: 400
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		logger.Info("admin: edition scheduled", zap.Int("edition_id", s.EditionID), zap.Time("at", s.At),
			zap.String("user", adminSessionFrom(r.Context()).User))
		writeJSON(w, http.StatusOK, answer{EditionID: s.EditionID, At: rfc3339(s.At)})
	})
}

// handleAdminUnschedule cancels an edition's schedule, until it starts.
func handleAdminUnschedule(logger *zap.Logger, pub Publisher) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := pub.CancelSchedule(r.Context(), editionID(r)); err != nil { // ErrNotScheduled: 404
			writeError(w, r, logger, err)
			return
		}
		logger.Info("admin: schedule cancelled", zap.Int("edition_id", editionID(r)), zap.String("user", adminSessionFrom(r.Context()).User))
		w.WriteHeader(http.StatusNoContent)
	})
}

// suppressionItem is a suppressed address as the admin API shows it.
type suppressionItem struct {
	Email  string `json:"email"`
	Reason string `json:"reason"` // hard_bounce, complaint, soft_bounces
	Since  string `json:"since"`
	Detail string `json:"detail"`
}

// handleAdminSuppressions lists the suppressed addresses, the newest first.
func handleAdminSuppressions(logger *zap.Logger, list Suppressions) http.Handler {
	type answer struct {
		Items []suppressionItem `json:"items"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sups, err := list.Suppressions(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		a := answer{Items: make([]suppressionItem, 0, len(sups))}
		for _, s := range sups {
			a.Items = append(a.Items, suppressionItem{Email: s.Email, Reason: string(s.Reason), Since: rfc3339(s.At), Detail: s.Detail})
		}
		writeJSON(w, http.StatusOK, a)
	})
}

// handleAdminLift lifts an address's suppression (?email=…): it gets email again.
func handleAdminLift(logger *zap.Logger, list Suppressions) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		email := r.URL.Query().Get("email")
		if email == "" {
			writeError(w, r, logger, invalid("email", "Name the address: ?email=…"))
			return
		}
		if err := list.Lift(r.Context(), email); err != nil { // ErrNotSuppressed: 404
			writeError(w, r, logger, err)
			return
		}
		logger.Info("admin: suppression lifted", zap.String("user", adminSessionFrom(r.Context()).User))
		w.WriteHeader(http.StatusNoContent)
	})
}
