package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

// MailEvents records what happened to the site's emails after they left: bounces,
// complaints, deliveries (hygiene.Service), which keeps the suppression list.
type MailEvents interface {
	Record(ctx context.Context, events []hygiene.Event) (hygiene.Summary, error)
}

// The mail events webhooks are public, and authenticated by their signatures alone:
// no cookie, no same-origin check (a relay posts them, not a browser).
const (
	// maxEventsBody is the largest body a webhook reads: a batch of MaxEvents events.
	maxEventsBody = 1 << 20
	// eventsPerMinute is how many webhook requests one client may make a minute; a
	// relay batches its events, and one that is refused sends them again.
	eventsPerMinute = 120
	// mailEventsPath is the generic webhook's path.
	mailEventsPath = "/api/mail/events"
	// signatureHeader carries the generic webhook's signature: sha256=<hex HMAC>.
	signatureHeader = "X-Portfolio-Signature"
)

var eventsBody = bodyType{"application/json", "Send the events as JSON (Content-Type: application/json)."}

// mailEventsEndpoint guards a webhook, in this order: too many requests from one
// client (429), a body that is not JSON (415) or too large (413), a signature that
// does not verify (401, by verify). Only then is the body decoded.
func mailEventsEndpoint(logger *zap.Logger, limiter *ratelimit.Limiter, verify func(r *http.Request, body []byte) error, h http.Handler) http.Handler {
	fail := apiFailure(logger)
	checked := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body) // readBody kept it, within its limit
		if err != nil {
			fail(w, r, &Error{Code: apperr.Invalid, Message: "The request body could not be read."})
			return
		}
		if err := verify(r, body); err != nil {
			logger.Warn("mail events: refused a request whose signature does not verify",
				zap.String("path", r.URL.Path), zap.String("client", clientKeyFrom(r.Context())), zap.Error(err))
			fail(w, r, &Error{Code: apperr.Unauthorized, Message: "The signature is missing or does not match the body."})
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
	return rateLimit(logger, limiter, fail)(readBody(eventsBody, maxEventsBody, fail)(checked))
}

// notConfigured answers every request with 503 not_configured and message: a webhook
// whose secret or key is not set.
func notConfigured(logger *zap.Logger, message string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, logger, &Error{Code: apperr.NotConfigured, Message: message})
	})
}

// verifyHMAC checks the generic webhook's X-Portfolio-Signature: sha256=<hex
// HMAC-SHA256 of the raw body under secret>, in constant time.
func verifyHMAC(secret string) func(r *http.Request, body []byte) error {
	return func(r *http.Request, body []byte) error {
		hexSig, ok := strings.CutPrefix(r.Header.Get(signatureHeader), "sha256=")
		if !ok {
			return fmt.Errorf("no %s: sha256=… header", signatureHeader)
		}
		got, err := hex.DecodeString(hexSig)
		if err != nil {
			return fmt.Errorf("%s is not hex", signatureHeader)
		}
		m := hmac.New(sha256.New, []byte(secret))
		m.Write(body)
		if !hmac.Equal(got, m.Sum(nil)) {
			return fmt.Errorf("%s does not match", signatureHeader)
		}
		return nil
	}
}

// genericEvent is one event of the generic webhook's body (docs/api.md).
type genericEvent struct {
	Type      string `json:"type"`
	Email     string `json:"email"`
	Bounce    string `json:"bounce"`
	MessageID string `json:"message_id"`
	At        string `json:"at"`
	Detail    string `json:"detail"`
}

// handleMailEvents records the generic webhook's events:
// {"events":[{"type","email","bounce","message_id","at"}]}. A bad event refuses the
// batch (400 naming events[i].field); a batch sent again changes nothing.
func handleMailEvents(logger *zap.Logger, events MailEvents) http.Handler {
	type request struct {
		Events []genericEvent `json:"events"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Fields it does not know are ignored, not refused: a relay's own function may
		// send more than the generic body has, and a later version of it may too.
		var req request
		dec := json.NewDecoder(r.Body)
		if err := dec.Decode(&req); err != nil {
			writeError(w, r, logger, decodeError(err))
			return
		}
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			writeError(w, r, logger, &Error{Code: apperr.Invalid, Message: "The request body must be a single JSON object."})
			return
		}
		var err error
		if req.Events == nil {
			writeError(w, r, logger, invalid("events", `The body must have "events", a list.`))
			return
		}
		list := make([]hygiene.Event, 0, len(req.Events))
		for i, e := range req.Events {
			ev := hygiene.Event{
				Kind: hygiene.Kind(e.Type), Bounce: hygiene.BounceType(e.Bounce), Email: strings.TrimSpace(e.Email),
				MessageID: strings.TrimSpace(e.MessageID), Source: "webhook", Detail: e.Detail,
			}
			if e.At != "" {
				if ev.At, err = time.Parse(time.RFC3339, e.At); err != nil {
					writeError(w, r, logger, invalid(fmt.Sprintf("events[%d].at", i), "The time must be RFC 3339, such as 2026-11-25T10:00:00Z."))
					return
				}
			}
			list = append(list, ev)
		}
		recordEvents(w, r, logger, events, list)
	})
}

// recordEvents records list and answers what it did.
func recordEvents(w http.ResponseWriter, r *http.Request, logger *zap.Logger, events MailEvents, list []hygiene.Event) {
	sum, err := events.Record(r.Context(), list)
	if err != nil {
		writeError(w, r, logger, err)
		return
	}
	if sum.Suppressed > 0 || sum.Received > sum.Duplicates {
		logger.Info("mail events recorded", zap.String("path", r.URL.Path),
			zap.Int("received", sum.Received), zap.Int("duplicates", sum.Duplicates), zap.Int("suppressed", sum.Suppressed))
	}
	writeJSON(w, http.StatusOK, sum)
}
