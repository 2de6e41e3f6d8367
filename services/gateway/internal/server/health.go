package server

import (
	"net/http"

	"go.uber.org/zap"
)

// handleHealthz says the process is up and serving HTTP.
func handleHealthz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
}

// handleReadyz says whether the gateway can serve the site: a load balancer should
// not send visitors to an instance without the shell's build.
func handleReadyz(logger *zap.Logger, web *Web) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !web.Ready() {
			writeError(w, r, logger, &Error{Code: ECodeUnavailable, Message: notBuiltMessage})
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	})
}
