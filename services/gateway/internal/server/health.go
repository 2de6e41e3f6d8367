package server

import (
	"context"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/version"
)

// Pinger is the database, as /readyz sees it (sqldb.Health): does it answer, and does
// it take writes.
type Pinger interface {
	PingContext(ctx context.Context) error
	// CheckWritable writes something small: a full disk or a read-only database fails
	// it, as it would fail every form.
	CheckWritable(ctx context.Context) error
}

// handleHealthz says the process is up and serving HTTP, and which build it runs.
func handleHealthz() http.Handler {
	v := version.Get()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": v.Version, "commit": v.Commit})
	})
}

// handleReadyz says whether the gateway can serve the site: a load balancer should
// not send visitors to an instance without the shell's build or its database, or
// whose database cannot take a contact message or a subscription (disk full).
func handleReadyz(logger *zap.Logger, web ServedSite, db Pinger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := readiness(r.Context(), web, db); err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	})
}

// readiness is what /readyz and the portfolio_ready gauge check: not stopping, the
// shell built, the database answering and taking writes.
func readiness(ctx context.Context, web ServedSite, db Pinger) *Error {
	if web.Draining() {
		return &Error{Code: apperr.Unavailable, Message: "shutting down"}
	}
	if !web.Ready() {
		return &Error{Code: apperr.Unavailable, Message: notBuiltMessage}
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		return &Error{Code: apperr.Unavailable, Message: "database unavailable", Err: err}
	}
	if err := db.CheckWritable(ctx); err != nil {
		return &Error{Code: apperr.Unavailable, Message: "database cannot be written", Err: err}
	}
	return nil
}
