package server_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

const testEventsSecret = "0123456789abcdef0123456789abcdef"

// postEvent posts body to path of f's public origin with the headers given, from
// remote, as a relay would: no cookie, no Origin.
func (f *fixture) postEvent(path, body, remote string, header map[string]string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	r.RemoteAddr = remote
	r.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	return w
}

func sign(secret, body string) map[string]string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(body))
	return map[string]string{"X-Portfolio-Signature": "sha256=" + hex.EncodeToString(m.Sum(nil))}
}

func (f *fixture) suppression(t *testing.T, email string) (hygiene.Suppression, bool) {
	t.Helper()
	got, err := f.hygiene.Suppressed(context.Background(), []string{email})
	if err != nil {
		t.Fatal(err)
	}
	s, ok := got[strings.ToLower(email)]
	return s, ok
}

func TestGenericMailEventsWebhook(t *testing.T) {
	f := newFixture(t, map[string]string{"PORTFOLIO_MAIL_EVENTS_SECRET": testEventsSecret})
	good := `{"events":[{"type":"bounce","email":"gone@example.org","bounce":"hard","message_id":"<a1@portfolio.test>","at":"2026-11-25T10:00:00Z"},` +
		`{"type":"complaint","email":"angry@example.org"},{"type":"delivery","email":"happy@example.org","at":"2026-11-25T10:00:01Z"}]}`
	unauthorized := `{"error":{"code":"unauthorized","message":"The signature is missing or does not match the body."}}`
	tests := []struct {
		name, body  string
		header      map[string]string
		contentType string
		status      int
		answer      string
	}{
		{"no signature", good, nil, "", http.StatusUnauthorized, unauthorized},
		{"not hex", good, map[string]string{"X-Portfolio-Signature": "sha256=zz"}, "", http.StatusUnauthorized, unauthorized},
		{"another scheme", good, map[string]string{"X-Portfolio-Signature": "sha1=" + strings.TrimPrefix(sign(testEventsSecret, good)["X-Portfolio-Signature"], "sha256=")}, "", http.StatusUnauthorized, unauthorized},
		{"another secret", good, sign("another secret of some length", good), "", http.StatusUnauthorized, unauthorized},
		{"signature of another body", good, sign(testEventsSecret, good+" "), "", http.StatusUnauthorized, unauthorized},
		{"not JSON", good, sign(testEventsSecret, good), "text/plain", http.StatusUnsupportedMediaType,
			`{"error":{"code":"unsupported_media_type","message":"Send the events as JSON (Content-Type: application/json)."}}`},
		{"bad event", `{"events":[{"type":"bounce","email":"a@example.org","bounce":"maybe"}]}`, nil, "", http.StatusBadRequest,
			`{"error":{"code":"invalid","message":"A bounce must say \"hard\" or \"soft\".","field":"events[0].bounce"}}`},
		{"bad time", `{"events":[{"type":"complaint","email":"a@example.org","at":"yesterday"}]}`, nil, "", http.StatusBadRequest,
			`{"error":{"code":"invalid","message":"The time must be RFC 3339, such as 2026-11-25T10:00:00Z.","field":"events[0].at"}}`},
		{"no events", `{}`, nil, "", http.StatusBadRequest, `{"error":{"code":"invalid","message":"The body must have \"events\", a list.","field":"events"}}`},
		{"fields it does not know", `{"events":[{"type":"complaint","email":"x@example.org","bounce":"hard","provider":"own"}],"sent_by":"lambda"}`, nil, "", http.StatusOK, `{"received":1,"duplicates":0,"suppressed":1}`},
		{"two objects", `{"events":[]}{"events":[]}`, nil, "", http.StatusBadRequest, `{"error":{"code":"invalid","message":"The request body must be a single JSON object."}}`},
		{"good", good, sign(testEventsSecret, good), "", http.StatusOK, `{"received":3,"duplicates":0,"suppressed":2}`},
		{"good, again", good, sign(testEventsSecret, good), "", http.StatusOK, `{"received":3,"duplicates":3,"suppressed":0}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			header := tt.header
			if header == nil && tt.status != http.StatusUnauthorized {
				header = sign(testEventsSecret, tt.body)
			}
			if tt.contentType != "" {
				header["Content-Type"] = tt.contentType
			}
			w := f.postEvent("/api/mail/events", tt.body, "192.0.2.1:1000", header)
			if w.Code != tt.status || strings.TrimSpace(w.Body.String()) != tt.answer {
				t.Errorf("%d %s, want %d %s", w.Code, w.Body.String(), tt.status, tt.answer)
			}
			if cc := w.Header().Get("Cache-Control"); w.Code == http.StatusOK && cc != "no-store" {
				t.Errorf("Cache-Control %q", cc)
			}
		})
	}
	if s, ok := f.suppression(t, "gone@example.org"); !ok || s.Reason != hygiene.ReasonHardBounce {
		t.Errorf("gone@: %+v, %v", s, ok)
	}
	if s, ok := f.suppression(t, "angry@example.org"); !ok || s.Reason != hygiene.ReasonComplaint {
		t.Errorf("angry@: %+v, %v", s, ok)
	}
	if _, ok := f.suppression(t, "happy@example.org"); ok {
		t.Error("a delivery suppressed its address")
	}

	// Larger than 1 MiB: refused before it is read whole.
	big := `{"events":[],"pad":"` + strings.Repeat("x", 1<<20) + `"}`
	if w := f.postEvent("/api/mail/events", big, "192.0.2.2:1000", sign(testEventsSecret, big)); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a 1 MiB body: %d %s", w.Code, w.Body.String())
	}
	// One client at most 120 a minute, signed or not.
	var last *httptest.ResponseRecorder
	for range 121 {
		last = f.postEvent("/api/mail/events", "{}", "192.0.2.3:1000", nil)
	}
	if last.Code != http.StatusTooManyRequests || last.Header().Get("Retry-After") == "" {
		t.Errorf("the 121st request in a minute: %d %v", last.Code, last.Header())
	}
	// Not on the admin's origin.
	r := httptest.NewRequest(http.MethodPost, "/api/mail/events", strings.NewReader(good))
	for k, v := range sign(testEventsSecret, good) {
		r.Header.Set(k, v)
	}
	r.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	f.adm.ServeHTTP(w, r)
	if w.Code != http.StatusNotFound {
		t.Errorf("on the admin's origin: %d", w.Code)
	}
}

func TestMailEventsWebhooksOffUntilConfigured(t *testing.T) {
	f := newFixture(t, nil)
	for path, env := range map[string]string{"/api/mail/events": "PORTFOLIO_MAIL_EVENTS_SECRET", "/api/mail/events/sendgrid": "PORTFOLIO_SENDGRID_WEBHOOK_KEY"} {
		w := f.postEvent(path, `{"events":[]}`, "192.0.2.1:1000", sign(testEventsSecret, `{"events":[]}`))
		if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), `"code":"not_configured"`) || !strings.Contains(w.Body.String(), env) {
			t.Errorf("%s: %d %s", path, w.Code, w.Body.String())
		}
	}
}

// sendGridKey is a P-256 key pair as SendGrid makes one, and its public half as the
// base64 DER SendGrid shows.
func sendGridKey(t *testing.T) (*ecdsa.PrivateKey, string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return key, base64.StdEncoding.EncodeToString(der)
}

// signSendGrid signs body as SendGrid does: ECDSA over SHA-256 of the timestamp and
// the body, base64 of the ASN.1 signature.
func signSendGrid(t *testing.T, key *ecdsa.PrivateKey, ts, body string) map[string]string {
	t.Helper()
	sum := sha256.Sum256([]byte(ts + body))
	sig, err := ecdsa.SignASN1(rand.Reader, key, sum[:])
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"X-Twilio-Email-Event-Webhook-Signature": base64.StdEncoding.EncodeToString(sig), "X-Twilio-Email-Event-Webhook-Timestamp": ts}
}

func TestSendGridEventWebhook(t *testing.T) {
	key, public := sendGridKey(t)
	f := newFixture(t, map[string]string{"PORTFOLIO_SENDGRID_WEBHOOK_KEY": public})
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	// The documented shape of SendGrid's events (Event Webhook reference).
	body := `[
  {"email":"gone@example.org","timestamp":1764064800,"smtp-id":"<14c5d75ce93.dfd.64b469@ismtpd-555>","event":"bounce","category":["newsletter"],"sg_event_id":"6g4ZI7SA-xmRDv57GoPIPw==","sg_message_id":"14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0","reason":"500 unknown recipient","status":"5.0.0","type":"bounce","bounce_classification":"Invalid Address"},
  {"email":"full@example.org","timestamp":1764064801,"smtp-id":"<14c5d75ce94@ismtpd-555>","event":"bounce","sg_event_id":"blocked-1","reason":"452 mailbox full","status":"4.2.2","type":"blocked"},
  {"email":"angry@example.org","timestamp":1764064802,"event":"spamreport","sg_event_id":"spam-1","sg_message_id":"x.filter"},
  {"email":"happy@example.org","timestamp":1764064803,"smtp-id":"<happy@ismtpd-555>","event":"delivered","response":"250 OK","sg_event_id":"delivered-1"},
  {"email":"happy@example.org","timestamp":1764064804,"event":"open","sg_event_id":"open-1"},
  {"email":"late@example.org","timestamp":1764064805,"event":"deferred","sg_event_id":"deferred-1","response":"400 try again later","attempt":"5"}
]`
	other, _ := sendGridKey(t)
	for _, tt := range []struct {
		name   string
		header map[string]string
		body   string
		status int
		answer string
	}{
		{"unsigned", nil, body, http.StatusUnauthorized, ""},
		{"signed by another key", signSendGrid(t, other, ts, body), body, http.StatusUnauthorized, ""},
		{"another timestamp", func() map[string]string {
			h := signSendGrid(t, key, ts, body)
			h["X-Twilio-Email-Event-Webhook-Timestamp"] = "1"
			return h
		}(), body, http.StatusUnauthorized, ""},
		{"signed", signSendGrid(t, key, ts, body), body, http.StatusOK, `{"received":4,"duplicates":0,"suppressed":2}`},
		{"replayed", signSendGrid(t, key, ts, body), body, http.StatusOK, `{"received":4,"duplicates":4,"suppressed":0}`},
	} {
		w := f.postEvent("/api/mail/events/sendgrid", tt.body, "192.0.2.9:1000", tt.header)
		if w.Code != tt.status || (tt.answer != "" && strings.TrimSpace(w.Body.String()) != tt.answer) {
			t.Errorf("%s: %d %s, want %d %s", tt.name, w.Code, w.Body.String(), tt.status, tt.answer)
		}
	}
	for email, want := range map[string]hygiene.Reason{"gone@example.org": hygiene.ReasonHardBounce, "angry@example.org": hygiene.ReasonComplaint} {
		if s, ok := f.suppression(t, email); !ok || s.Reason != want {
			t.Errorf("%s: %+v, %v; want %s", email, s, ok, want)
		}
	}
	for _, email := range []string{"full@example.org", "happy@example.org", "late@example.org"} {
		if _, ok := f.suppression(t, email); ok {
			t.Errorf("%s is suppressed", email)
		}
	}
}
