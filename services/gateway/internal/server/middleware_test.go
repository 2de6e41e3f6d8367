package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/portfolio-site/portfolio/services/gateway/internal/headers"
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
				if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error.Code != ECodeInternal {
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

func TestStatusOf(t *testing.T) {
	tests := map[string]int{
		ECodeInvalid:          400,
		ECodeUnauthorized:     401,
		ECodeForbidden:        403,
		ECodeNotFound:         404,
		ECodeMethodNotAllowed: 405,
		ECodeConflict:         409,
		ECodeTooLarge:         413,
		ECodeUnsupportedType:  415,
		ECodeRateLimited:      429,
		ECodeUnavailable:      503,
		ECodeInternal:         500,
		"anything else":       500,
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
		{"validation error with field", &Error{Code: ECodeInvalid, Message: "Please enter a valid email address", Field: "email"}, 400, `{"error":{"code":"invalid","message":"Please enter a valid email address","field":"email"}}`},
		{"wrapped API error", errorsJoin(&Error{Code: ECodeConflict, Message: "Already there."}), 409, `{"error":{"code":"conflict","message":"Already there."}}`},
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

func errorsJoin(err error) error { return errors.Join(errors.New("context"), err) }
