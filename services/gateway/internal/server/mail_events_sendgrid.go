package server

import (
	"crypto/ecdsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

// SendGrid's signed Event Webhook (docs/api.md, 'Mail events'): a JSON array of events,
// signed with ECDSA P-256 over SHA-256 of the timestamp header followed by the raw
// body; the public key is the base64 DER SendGrid shows under Mail Settings.
const (
	mailEventsSendGridPath = mailEventsPath + "/sendgrid"
	sendGridSignature      = "X-Twilio-Email-Event-Webhook-Signature"
	sendGridTimestamp      = "X-Twilio-Email-Event-Webhook-Timestamp"
)

// ParseSendGridKey reads SendGrid's verification key: base64 of a DER
// SubjectPublicKeyInfo of an ECDSA key.
func ParseSendGridKey(b64 string) (*ecdsa.PublicKey, error) {
	der, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
	if err != nil {
		return nil, fmt.Errorf("sendgrid key: %w", err)
	}
	pub, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return nil, fmt.Errorf("sendgrid key: %w", err)
	}
	key, ok := pub.(*ecdsa.PublicKey)
	if !ok {
		return nil, fmt.Errorf("sendgrid key: a %T, not an ECDSA key", pub)
	}
	return key, nil
}

// verifySendGrid checks a SendGrid request's signature with key.
func verifySendGrid(key *ecdsa.PublicKey) func(r *http.Request, body []byte) error {
	return func(r *http.Request, body []byte) error {
		ts := r.Header.Get(sendGridTimestamp)
		sig, err := base64.StdEncoding.DecodeString(r.Header.Get(sendGridSignature))
		if err != nil || len(sig) == 0 || ts == "" {
			return fmt.Errorf("no %s and %s", sendGridSignature, sendGridTimestamp)
		}
		sum := sha256.Sum256(append([]byte(ts), body...))
		if !ecdsa.VerifyASN1(key, sum[:], sig) {
			return errors.New("the SendGrid signature does not match")
		}
		return nil
	}
}

// sendGridEvent is the part of a SendGrid event the suppression list reads.
type sendGridEvent struct {
	Email     string `json:"email"`
	Timestamp int64  `json:"timestamp"`
	SMTPID    string `json:"smtp-id"` // the email's Message-ID, <…>
	Event     string `json:"event"`
	// Type tells a bounce ("bounce": refused for good) from a block ("blocked": for
	// now, such as a full mailbox or a reputation block).
	Type      string `json:"type"`
	EventID   string `json:"sg_event_id"`
	Reason    string `json:"reason"`
	StatusTxt string `json:"status"`
}

// handleSendGridEvents records SendGrid's bounces ("bounce" with type "bounce" is
// hard, "blocked" soft), spam reports (complaints) and deliveries; every other event
// (processed, deferred, dropped, opens and clicks, which the site never asks for) is
// ignored. Repeats are recognised by sg_event_id.
func handleSendGridEvents(logger *zap.Logger, events MailEvents) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in []sendGridEvent
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			writeError(w, r, logger, &Error{Code: apperr.Invalid, Message: "The body must be SendGrid's JSON array of events."})
			return
		}
		list := make([]hygiene.Event, 0, len(in))
		for _, e := range in {
			ev := hygiene.Event{Email: strings.TrimSpace(e.Email), MessageID: strings.TrimSpace(e.SMTPID), Source: "sendgrid", ID: e.EventID,
				Detail: strings.TrimSpace(e.StatusTxt + " " + e.Reason)}
			if e.Timestamp > 0 {
				ev.At = time.Unix(e.Timestamp, 0).UTC()
			}
			switch {
			case e.Event == "bounce" && e.Type == "blocked":
				ev.Kind, ev.Bounce = hygiene.Bounce, hygiene.Soft
			case e.Event == "bounce":
				ev.Kind, ev.Bounce = hygiene.Bounce, hygiene.Hard
			case e.Event == "spamreport":
				ev.Kind = hygiene.Complaint
			case e.Event == "delivered":
				ev.Kind = hygiene.Delivery
			default:
				continue
			}
			list = append(list, ev)
		}
		recordEvents(w, r, logger, events, list)
	})
}
