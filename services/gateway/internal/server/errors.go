package server

import (
	"encoding/json"
	"errors"
	"net/http"

	"go.uber.org/zap"
)

// Error codes of the JSON API. A code says what went wrong in terms a client can act
// on; statusOf maps each to its HTTP status in one place.
const (
	ECodeInvalid          = "invalid"
	ECodeUnauthorized     = "unauthorized"
	ECodeForbidden        = "forbidden"
	ECodeNotFound         = "not_found"
	ECodeMethodNotAllowed = "method_not_allowed"
	ECodeConflict         = "conflict"
	ECodeTooLarge         = "too_large"
	ECodeUnsupportedType  = "unsupported_media_type"
	ECodeRateLimited      = "rate_limited"
	ECodeUnavailable      = "unavailable"
	ECodeNotConfigured    = "not_configured"
	ECodeInternal         = "internal"
)

// Error is an error the API reports to its client. Message is for people and safe to
// show; Err, if set, is the internal cause, which is logged and never sent.
type Error struct {
	Code    string
	Message string
	Field   string // the request field at fault, for ECodeInvalid
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Message + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// statusOf maps an error code to its HTTP status.
func statusOf(code string) int {
	switch code {
	case ECodeInvalid:
		return http.StatusBadRequest
	case ECodeUnauthorized:
		return http.StatusUnauthorized
	case ECodeForbidden:
		return http.StatusForbidden
	case ECodeNotFound:
		return http.StatusNotFound
	case ECodeMethodNotAllowed:
		return http.StatusMethodNotAllowed
	case ECodeConflict:
		return http.StatusConflict
	case ECodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case ECodeUnsupportedType:
		return http.StatusUnsupportedMediaType
	case ECodeRateLimited:
		return http.StatusTooManyRequests
	case ECodeUnavailable, ECodeNotConfigured:
		return http.StatusServiceUnavailable
	default:
		return http.StatusInternalServerError
	}
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
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Code: ECodeInternal, Message: "Something went wrong. Please try again later.", Err: err}
	}
	status := statusOf(e.Code)
	if status >= http.StatusInternalServerError && e.Err != nil {
		logger.Error("request failed", zap.String("method", r.Method), zap.String("path", r.URL.Path), zap.Error(e.Err))
	}
	// Headers a handler set for the body it meant to send do not fit this one.
	h := w.Header()
	for _, k := range []string{"Content-Encoding", "Content-Length", "ETag", "Last-Modified", "Vary"} {
		h.Del(k)
	}
	h.Set("Cache-Control", "no-store")
	writeJSON(w, status, errorBody{Error: errorDetail{Code: e.Code, Message: e.Message, Field: e.Field}})
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
