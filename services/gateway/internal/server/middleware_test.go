package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/headers"
	"github.com/portfolio-site/portfolio/services/mail/outbox"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

func TestRecoverPanics(t *testing.T) {
	tests := []struct {
		name       string
		handler    http.HandlerFunc
		wantStatus int
		wantJSON   bool
	}{
		{
			name:       "panic before writing",
			handler:    func(http.ResponseWriter, *http.Request) { panic("boom: secret detail") },
			wantStatus: http.StatusInternalServerError,
			wantJSON:   true,
		},
		{
			name: "panic with an error after setting headers",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Encoding", "br")
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				panic(errors.New("boom: secret detail"))
			},
			wantStatus: http.StatusInternalServerError,
			wantJSON:   true,
		},
		{
			name: "panic after the response started",
			handler: func(w http.ResponseWriter, _ *http.Request) {
				w.WriteHeader(http.StatusOK)
				_, _ = w.Write([]byte("partial"))
				panic("boom: secret detail")
			},
			wantStatus: http.StatusOK, // too late to change; the panic is still logged
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			core, logs := observer.New(zap.DebugLevel)
			logger := zap.New(core)
			h := headers.Security(headers.Policy{})(logRequests(logger)(recoverPanics(logger)(tt.handler)))
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/boom", nil))

			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", w.Code, tt.wantStatus)
			}
			if strings.Contains(w.Body.String(), "secret detail") || strings.Contains(w.Body.String(), "goroutine") {
				t.Errorf("response leaks the panic: %s", w.Body)
			}
			if tt.wantJSON {
				var body errorBody
				if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error.Code != string(apperr.Internal) {
					t.Errorf("body = %s, want internal error JSON", w.Body)
				}
				for k, want := range map[string]string{"Content-Type": "application/json", "Cache-Control": "no-store", "Content-Encoding": ""} {
					if got := w.Header().Get(k); got != want {
						t.Errorf("%s = %q, want %q", k, got, want)
					}
				}
			}
			if w.Header().Get("Content-Security-Policy") == "" || w.Header().Get("X-Frame-Options") != "DENY" {
				t.Error("security headers missing on the panic response")
			}
			panics := logs.FilterMessage("panic serving request").All()
			if len(panics) != 1 {
				t.Fatalf("%d panic log entries, want 1", len(panics))
			}
			if fields := panics[0].ContextMap(); fields["stack"] == "" || fields["path"] != "/boom" {
				t.Errorf("panic log lacks stack or path: %v", fields)
			}
			if reqs := logs.FilterMessage("request").All(); len(reqs) != 1 || reqs[0].ContextMap()["status"] != int64(tt.wantStatus) {
				t.Errorf("request log = %v, want one entry with status %d", reqs, tt.wantStatus)
			}
		})
	}
}

func TestRecoverPanicsLetsAbortThrough(t *testing.T) {
	h := recoverPanics(zap.NewNop())(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic(http.ErrAbortHandler)
	}))
	defer func() {
		if v := recover(); v != http.ErrAbortHandler { //nolint:errorlint // identity is the contract
			t.Errorf("recovered %v, want http.ErrAbortHandler re-panicked", v)
		}
	}()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil))
}

// TestStatusOf: every code of apperr has its status here, the one place that maps
// them; a code it does not know is a 500.
func TestStatusOf(t *testing.T) {
	tests := map[apperr.Code]int{
		apperr.Invalid:          400,
		apperr.Unauthorized:     401,
		apperr.Forbidden:        403,
		apperr.NotFound:         404,
		apperr.MethodNotAllowed: 405,
		apperr.Conflict:         409,
		apperr.TooLarge:         413,
		apperr.UnsupportedType:  415,
		apperr.RateLimited:      429,
		apperr.Unavailable:      503,
		apperr.NotConfigured:    503,
		apperr.Internal:         500,
		"anything else":         500,
	}
	for code, want := range tests {
		if got := statusOf(code); got != want {
			t.Errorf("statusOf(%q) = %d, want %d", code, got, want)
		}
	}
}

func TestWriteErrorHidesInternalErrors(t *testing.T) {
	core, logs := observer.New(zap.DebugLevel)
	tests := []struct {
		name       string
		err        error
		wantStatus int
		wantBody   string
	}{
		{"plain error", errors.New("pq: password authentication failed"), 500, `{"error":{"code":"internal","message":"Something went wrong. Please try again later."}}`},
		{"validation error with field", &Error{Code: apperr.Invalid, Message: "Please enter a valid email address", Field: "email"}, 400, `{"error":{"code":"invalid","message":"Please enter a valid email address","field":"email"}}`},
		{"wrapped API error", errorsJoin(&Error{Code: apperr.Conflict, Message: "Already there."}), 409, `{"error":{"code":"conflict","message":"Already there."}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			writeError(w, httptest.NewRequest(http.MethodPost, "/api/x", nil), zap.New(core), tt.err)
			if w.Code != tt.wantStatus || strings.TrimSpace(w.Body.String()) != tt.wantBody {
				t.Errorf("got %d %s, want %d %s", w.Code, w.Body, tt.wantStatus, tt.wantBody)
			}
		})
	}
	if logs.FilterMessage("request failed").Len() != 1 {
		t.Error("the internal error was not logged exactly once")
	}
}

// TestDomainErrorsAnswerByTheirCode: what the domains return is answered by its code
// alone (statusOf), with its own message and Retry-After; no handler translates it.
func TestDomainErrorsAnswerByTheirCode(t *testing.T) {
	_, invalidContact := contact.Parse(contact.Form{Name: "J", Email: "jane@example.org", Subject: "job", Message: "Hi"})
	tests := []struct {
		name       string
		err        error
		wantStatus int
		wantBody   string
		retryAfter string
	}{
		{"contact form, first of its problems", invalidContact, 400,
			`{"error":{"code":"invalid","message":"Name must be at least 2 characters","field":"name"}}`, ""},
		{"wrong password", admin.ErrWrongCredentials, 401, `{"error":{"code":"unauthorized","message":"Wrong user name or password."}}`, ""},
		{"no session", fmt.Errorf("guard: %w", admin.ErrNoSession), 401, `{"error":{"code":"unauthorized","message":"Please sign in."}}`, ""},
		{"unknown edition", newsletter.ErrUnknownEdition, 404, `{"error":{"code":"not_found","message":"There is no such edition."}}`, ""},
		{"unknown email", outbox.ErrNotFound, 404, `{"error":{"code":"not_found","message":"There is no such email."}}`, ""},
		{"publishing", newsletter.ErrPublishing, 409,
			`{"error":{"code":"conflict","message":"This edition is being published right now. Please wait until it is done."}}`, ""},
		{"email not dead", outbox.ErrNotDead, 409,
			`{"error":{"code":"conflict","message":"Only a dead email can be retried; this one is still queued or was sent."}}`, ""},
		{"password checks busy", admin.ErrBusy, 503,
			`{"error":{"code":"unavailable","message":"Too many sign-ins are being checked right now. Please try again in a moment."}}`, "1"},
		{"rate limited", &Error{Code: apperr.RateLimited, Message: "Wait.", RetryAfter: 90 * time.Second}, 429,
			`{"error":{"code":"rate_limited","message":"Wait."}}`, "90"},
		{"store down", apperr.Or(errors.New("disk I/O error"), apperr.Unavailable, "Try later."), 503,
			`{"error":{"code":"unavailable","message":"Try later."}}`, ""},
		{"not configured", admin.ErrNotConfigured, 503, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			writeError(w, httptest.NewRequest(http.MethodPost, "/api/x", nil), zap.NewNop(), tt.err)
			if w.Code != tt.wantStatus || (tt.wantBody != "" && strings.TrimSpace(w.Body.String()) != tt.wantBody) {
				t.Errorf("got %d %s, want %d %s", w.Code, w.Body, tt.wantStatus, tt.wantBody)
			}
			if got := w.Header().Get("Retry-After"); got != tt.retryAfter {
				t.Errorf("Retry-After = %q, want %q", got, tt.retryAfter)
			}
		})
	}
}

func errorsJoin(err error) error { return errors.Join(errors.New("context"), err) }
