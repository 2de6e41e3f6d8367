package server

import (
	"encoding/json"
	"net/http"
	"strconv"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
)

// The JSON API's errors are apperr.Errors (docs/decisions/0024): the domains return
// them, and the guards and handlers here make them for what only HTTP knows (a body
// too large, a cross-site request), with apperr's codes.
type Error = apperr.Error

// statuses maps each error code to its HTTP status: the one place that does. A code
// not here is a 500.
var statuses = map[apperr.Code]int{
	apperr.Invalid:          http.StatusBadRequest,
	apperr.Unauthorized:     http.StatusUnauthorized,
	apperr.Forbidden:        http.StatusForbidden,
	apperr.NotFound:         http.StatusNotFound,
	apperr.MethodNotAllowed: http.StatusMethodNotAllowed,
	apperr.Conflict:         http.StatusConflict,
	apperr.TooLarge:         http.StatusRequestEntityTooLarge,
	apperr.UnsupportedType:  http.StatusUnsupportedMediaType,
	apperr.RateLimited:      http.StatusTooManyRequests,
	apperr.Unavailable:      http.StatusServiceUnavailable,
	apperr.NotConfigured:    http.StatusServiceUnavailable,
	apperr.Internal:         http.StatusInternalServerError,
}

// statusOf maps an error code to its HTTP status.
func statusOf(code apperr.Code) int {
	if status, ok := statuses[code]; ok {
		return status
	}
	return http.StatusInternalServerError
}

// failed is what a client is told about err, and with which status: err's own
// *Error, or, for any other error, an internal one whose cause is logged and not
// shown (message is what to say then). A 5xx with a cause is logged here; a Retry-After
// the error carries is set on w.
func failed(w http.ResponseWriter, r *http.Request, logger *zap.Logger, err error, message string) (*Error, int) {
	e, ok := apperr.From(err)
	if !ok {
		e = &Error{Code: apperr.Internal, Message: message, Err: err}
	}
	status := statusOf(e.Code)
	if status >= http.StatusInternalServerError && e.Err != nil {
		logger.Error("request failed", zap.String("method", r.Method), zap.String("path", r.URL.Path), zap.Error(e.Err))
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(ratelimit.RetryAfterSeconds(e.RetryAfter)))
	}
	return e, status
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
}

// writeError answers with err as JSON. An error that is not an *Error is internal: it
// is logged and the client only learns that something failed.
func writeError(w http.ResponseWriter, r *http.Request, logger *zap.Logger, err error) {
	e, status := failed(w, r, logger, err, "Something went wrong. Please try again later.")
	// Headers a handler set for the body it meant to send do not fit this one.
	h := w.Header()
	for _, k := range []string{"Content-Encoding", "Content-Length", "ETag", "Last-Modified", "Vary"} {
		h.Del(k)
	}
	h.Set("Cache-Control", "no-store")
	writeJSON(w, status, errorBody{Error: errorDetail{Code: string(e.Code), Message: e.Message, Field: e.Field}})
}

// writeJSON answers with v encoded as JSON. The caller sets Cache-Control.
func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		// Only a programming error (an unencodable type) gets here.
		status = http.StatusInternalServerError
		body = []byte(`{"error":{"code":"internal","message":"Something went wrong. Please try again later."}}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}
