package server

import (
	"context"
	"net/http"
	"time"

	"go.uber.org/zap"
)

// Pinger is the database, as /readyz sees it (store.Health): does it answer, and does
// it take writes.
type Pinger interface {
	PingContext(ctx context.Context) error
	// CheckWritable writes something small: a full disk or a read-only database fails
	// it, as it would fail every form.
	CheckWritable(ctx context.Context) error
}

// handleHealthz says the process is up and serving HTTP.
func handleHealthz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
}

// handleReadyz says whether the gateway can serve the site: a load balancer should
// not send visitors to an instance without the shell's build or its database, or
// whose database cannot take a contact message or a subscription (disk full).
func handleReadyz(logger *zap.Logger, web *Web, db Pinger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !web.Ready() {
			writeError(w, r, logger, &Error{Code: ECodeUnavailable, Message: notBuiltMessage})
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := db.PingContext(ctx); err != nil {
			writeError(w, r, logger, &Error{Code: ECodeUnavailable, Message: "database unavailable", Err: err})
			return
		}
		if err := db.CheckWritable(ctx); err != nil {
			writeError(w, r, logger, &Error{Code: ECodeUnavailable, Message: "database cannot be written", Err: err})
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	})
}
