package server

import (
	"net/http"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/portfolio-site/portfolio/services/apperr"
)

// responseRecorder remembers what a handler wrote, for logging and panic recovery.
type responseRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (rec *responseRecorder) WriteHeader(status int) {
	if rec.status == 0 {
		rec.status = status
	}
	rec.ResponseWriter.WriteHeader(status)
}

func (rec *responseRecorder) Write(b []byte) (int, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	n, err := rec.ResponseWriter.Write(b)
	rec.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (Flush, deadlines).
func (rec *responseRecorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }

// logRequests logs one structured line per request once it is answered. Probes
// (/healthz, /readyz) log at debug so they do not drown the rest.
func logRequests(logger *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &responseRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			if rec.status == 0 {
				rec.status = http.StatusOK // nothing written: net/http sends an empty 200
			}
			level := zapcore.InfoLevel
			switch {
			case rec.status >= 500:
				level = zapcore.ErrorLevel
			case r.URL.Path == "/healthz" || r.URL.Path == "/readyz":
				level = zapcore.DebugLevel
			}
			logger.Log(level, "request",
				zap.String("method", r.Method),
				zap.String("path", r.URL.Path),
				zap.Int("status", rec.status),
				zap.Int64("bytes", rec.bytes),
				zap.Duration("duration", time.Since(start)),
				zap.String("remote", r.RemoteAddr),
			)
		})
	}
}

// recoverPanics turns a panicking handler into a 500 JSON answer (if nothing was sent
// yet) and a logged stack trace, instead of a dropped connection.
func recoverPanics(logger *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &responseRecorder{ResponseWriter: w}
			defer func() {
				v := recover()
				if v == nil {
					return
				}
				if v == http.ErrAbortHandler { //nolint:errorlint // net/http compares it the same way
					panic(v) // the handler asked net/http to abort the response
				}
				logger.Error("panic serving request",
					zap.String("method", r.Method),
					zap.String("path", r.URL.Path),
					zap.Any("panic", v),
					zap.Stack("stack"),
				)
				if rec.status == 0 {
					writeError(w, r, logger, &Error{Code: apperr.Internal, Message: "Something went wrong. Please try again later."})
				}
			}()
			next.ServeHTTP(rec, r)
		})
	}
}

// beforeHeaders has edit change the response's headers just before they are sent (the
// handler's first WriteHeader, or its first Write: 200), knowing the status.
func beforeHeaders(w http.ResponseWriter, edit func(status int, h http.Header)) http.ResponseWriter {
	return &headerEditor{ResponseWriter: w, edit: edit}
}

type headerEditor struct {
	http.ResponseWriter
	edit  func(status int, h http.Header)
	wrote bool
}

func (w *headerEditor) WriteHeader(status int) {
	if !w.wrote {
		w.wrote = true
		w.edit(status, w.Header())
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *headerEditor) Write(b []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *headerEditor) Unwrap() http.ResponseWriter { return w.ResponseWriter }
