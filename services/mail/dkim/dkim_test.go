package dkim_test

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	msgauth "github.com/emersion/go-msgauth/dkim"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/dkim"
	"github.com/portfolio-site/portfolio/services/mail/dkim/dkimtest"
	"github.com/portfolio-site/portfolio/services/mail/maildir"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
)

func rsaKey(t testing.TB, bits int) *rsa.PrivateKey {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, bits)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func ed25519Key(t testing.TB) ed25519.PrivateKey {
	t.Helper()
	_, k, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// newsletterMessage is an email as the newsletter queues it: both bodies, the
// unsubscribe headers, a reply address and a name that needs encoding.
func newsletterMessage() mail.Message {
	return mail.Message{
		From:    mail.Address{Name: "DevOps Portfolio", Email: "no-reply@example.com"},
		To:      []mail.Address{{Name: "Zoë Reader", Email: "reader@example.org"}},
		ReplyTo: []mail.Address{{Name: "Owner", Email: "owner@example.com"}},
		Subject: "DevOps Digest - December 2024 - Ünïcode in the subject",
		Text:    "Hi Zoë,\n\nA line long enough to be wrapped by quoted-printable encoding, because it goes on and on past seventy-six characters.\n\nUnsubscribe: https://example.com/newsletter/unsubscribe?token=abc\n",
		HTML:    "<p>Hi Zoë,</p>\n<p>Trailing spaces   \n\tand tabs\t</p>",
		Headers: []mail.Header{
			{Name: "List-Unsubscribe", Value: "<https://example.com/newsletter/unsubscribe?token=abc>, <mailto:unsubscribe@example.com?subject=unsubscribe%20abc>"},
			{Name: "List-Unsubscribe-Post", Value: "List-Unsubscribe=One-Click"},
		},
	}.WithDefaults(time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC))
}

// verify checks raw's signatures with go-msgauth against signer's record.
func verify(t *testing.T, signer *dkim.Signer, raw []byte) []*msgauth.Verification {
	t.Helper()
	return dkimtest.GoMsgauth(t, signer, raw)
}

func TestSignedMailVerifies(t *testing.T) {
	for _, tt := range []struct {
		name string
		key  crypto.Signer
		algo string
	}{
		{"rsa-2048", rsaKey(t, 2048), "rsa-sha256"},
		{"ed25519", ed25519Key(t), "ed25519-sha256"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			signer, err := dkim.New("example.com", "portfolio", tt.key)
			if err != nil {
				t.Fatal(err)
			}
			srv := smtptest.Start(t, smtptest.Options{})
			tr, err := smtp.New(smtp.Config{Host: srv.Host, Port: srv.Port, TLS: smtp.TLSNone, Timeout: 5 * time.Second, Signer: signer})
			if err != nil {
				t.Fatal(err)
			}
			if err := tr.Send(context.Background(), newsletterMessage()); err != nil {
				t.Fatal(err)
			}
			raw := srv.Wait(t, 1, 5*time.Second)[0].Data
			vs := verify(t, signer, raw)
			if len(vs) != 1 || vs[0].Err != nil {
				t.Fatalf("verifications = %+v, want one that passes", vs)
			}
			v := vs[0]
			if v.Domain != "example.com" {
				t.Errorf("d= %q", v.Domain)
			}
			for _, h := range []string{"From", "To", "Subject", "Date", "Message-ID", "List-Unsubscribe", "List-Unsubscribe-Post", "MIME-Version", "Content-Type"} {
				if !slices.ContainsFunc(v.HeaderKeys, func(k string) bool { return strings.EqualFold(k, h) }) {
					t.Errorf("h= %v does not cover %s", v.HeaderKeys, h)
				}
			}
			field := signatureField(t, raw)
			for _, want := range []string{"c=relaxed/relaxed", "a=" + tt.algo, "s=portfolio", "d=example.com"} {
				if !strings.Contains(strings.Join(strings.Fields(field), ""), strings.ReplaceAll(want, " ", "")) {
					t.Errorf("signature %q lacks %s", field, want)
				}
			}
			verifyWithDkimpy(t, signer, raw)

			// A changed header or body no longer verifies: the test above can fail.
			for _, tamper := range []struct{ from, to string }{
				{"DevOps_Digest", "DevOps_Digets"}, // the encoded subject
				{"List-Unsubscribe-Post: List-Unsubscribe=One-Click", "List-Unsubscribe-Post: List-Unsubscribe=Nope"},
				{"Trailing", "Changed"},
			} {
				changed := bytes.Replace(raw, []byte(tamper.from), []byte(tamper.to), 1)
				if bytes.Equal(changed, raw) {
					t.Fatalf("%q not in the message", tamper.from)
				}
				if vs := verify(t, signer, changed); vs[0].Err == nil {
					t.Errorf("a message with %q changed to %q still verifies", tamper.from, tamper.to)
				}
				if dkimtest.HaveDkimpy() && dkimtest.Dkimpy(t, signer, changed) == nil {
					t.Errorf("dkimpy verifies a message with %q changed to %q", tamper.from, tamper.to)
				}
			}
		})
	}
}

// signatureField is raw's DKIM-Signature field, unfolded.
func signatureField(t *testing.T, raw []byte) string {
	t.Helper()
	header, _, _ := strings.Cut(string(raw), "\r\n\r\n")
	unfolded := strings.ReplaceAll(header, "\r\n ", " ")
	unfolded = strings.ReplaceAll(unfolded, "\r\n\t", " ")
	for line := range strings.SplitSeq(unfolded, "\r\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.EqualFold(name, "DKIM-Signature") {
			return value
		}
	}
	t.Fatalf("no DKIM-Signature in\n%s", header)
	return ""
}

// verifyWithDkimpy checks raw with dkimpy too, where it is installed: a second,
// independent verifier.
func verifyWithDkimpy(t *testing.T, signer *dkim.Signer, raw []byte) {
	t.Helper()
	if err := dkimtest.Dkimpy(t, signer, raw); err != nil {
		t.Error(err)
	}
}

// The maildir signs too; here a plain-text email without a reply address or the
// unsubscribe headers (a contact notification): the headers it lacks are signed as
// absent, and both verifiers take that.
func TestMaildirSigns(t *testing.T) {
	signer, err := dkim.New("example.com", "portfolio", ed25519Key(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tr, err := maildir.New(dir, zap.NewNop(), signer)
	if err != nil {
		t.Fatal(err)
	}
	plain := mail.Message{
		From: mail.Address{Email: "no-reply@example.com"}, To: []mail.Address{{Email: "owner@example.com"}},
		Subject: "New message from Jane", Text: "Hello,\n\nA line.\n",
	}.WithDefaults(time.Now())
	if err := tr.Send(context.Background(), plain); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "new", "*"))
	if err != nil || len(files) != 1 {
		t.Fatalf("files %v, %v", files, err)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if vs := verify(t, signer, raw); len(vs) != 1 || vs[0].Err != nil {
		t.Fatalf("verifications = %+v", vs)
	}
	verifyWithDkimpy(t, signer, raw)
}

// Each attempt signs the message anew: the same message twice gives the same body and
// headers, and two signatures that both verify.
func TestRetrySignsAgain(t *testing.T) {
	signer, err := dkim.New("example.com", "portfolio", rsaKey(t, 2048))
	if err != nil {
		t.Fatal(err)
	}
	m := newsletterMessage()
	first, err := mail.Bytes(m, signer)
	if err != nil {
		t.Fatal(err)
	}
	second, err := mail.Bytes(m, signer)
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range [][]byte{first, second} {
		if vs := verify(t, signer, raw); vs[0].Err != nil {
			t.Fatalf("verify: %v", vs[0].Err)
		}
	}
	unsigned, err := mail.Bytes(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(unsigned, []byte("DKIM-Signature")) {
		t.Error("a message without a signer is signed")
	}
}

func pemOf(t *testing.T, typ string, der []byte) []byte {
	t.Helper()
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}

func pkcs8(t *testing.T, key any) []byte {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pemOf(t, "PRIVATE KEY", der)
}

func TestParseKey(t *testing.T) {
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	rsa2048 := rsaKey(t, 2048)
	tests := []struct {
		name    string
		pem     []byte
		wantErr string
	}{
		{"rsa pkcs8", pkcs8(t, rsa2048), ""},
		{"rsa pkcs1", pemOf(t, "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rsa2048)), ""},
		{"ed25519 pkcs8", pkcs8(t, ed25519Key(t)), ""},
		{"rsa 1024", pkcs8(t, rsaKey(t, 1024)), "the RSA key has 1024 bits; at least 2048 are needed"},
		{"ecdsa", pkcs8(t, ec), "cannot sign DKIM"},
		{"public key", pemOf(t, "PUBLIC KEY", []byte{1}), `a PEM "PUBLIC KEY" block is not a private key`},
		{"not pem", []byte("hello"), "no PEM block found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := dkim.ParseKey(tt.pem)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("ParseKey: %v", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("ParseKey: %v, want an error with %q", err, tt.wantErr)
			}
		})
	}
}

func TestRecord(t *testing.T) {
	ed := ed25519Key(t)
	signer, err := dkim.New("example.com", "sel", ed)
	if err != nil {
		t.Fatal(err)
	}
	record, err := signer.Record()
	if err != nil {
		t.Fatal(err)
	}
	// RFC 8463: the 32 raw bytes of the public key, base64.
	if !strings.HasPrefix(record, "v=DKIM1; k=ed25519; p=") || len(strings.TrimPrefix(record, "v=DKIM1; k=ed25519; p=")) != 44 {
		t.Errorf("record %q", record)
	}
	if got := signer.RecordName(); got != "sel._domainkey.example.com" {
		t.Errorf("RecordName = %q", got)
	}
	rsaSigner, err := dkim.New("example.com", "sel", rsaKey(t, 2048))
	if err != nil {
		t.Fatal(err)
	}
	long, err := rsaSigner.Record()
	if err != nil {
		t.Fatal(err)
	}
	strs := dkim.RecordStrings(long)
	for s := range strings.SplitSeq(strs, `" "`) {
		if n := len(strings.Trim(s, `"`)); n > 255 {
			t.Errorf("a string of %d bytes in %s", n, strs)
		}
	}
	if strings.ReplaceAll(strings.Trim(strs, `"`), `" "`, "") != long {
		t.Errorf("RecordStrings(%q) = %s does not join back", long, strs)
	}
}
