// Package dkim signs the site's email with DKIM (RFC 6376) through emersion/go-msgauth:
// relaxed/relaxed canonicalisation, RSA-SHA256 or Ed25519-SHA256 (RFC 8463), over the
// headers that say who sent what to whom (From, To, Subject, Date, Message-ID), the
// unsubscribe headers (RFC 8058 asks for List-Unsubscribe and List-Unsubscribe-Post to
// be signed) and the MIME headers. It also prints the DNS TXT record that publishes
// the key.
//
// A message is signed when it is sent, every attempt again (docs/decisions/0058): the
// bodies are rendered at that moment (0033), so there are no stored bytes to reuse.
package dkim

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/emersion/go-msgauth/dkim"
)

// SignedHeaders are the header fields every signature covers, in h= order. A field
// that a message lacks is still listed: a verifier then also refuses the message if
// one is added on the way (RFC 6376 section 5.4).
var SignedHeaders = []string{
	"From", "To", "Subject", "Date", "Message-ID", "Reply-To",
	"List-Unsubscribe", "List-Unsubscribe-Post",
	"MIME-Version", "Content-Type", "Content-Transfer-Encoding",
}

// minRSABits is the least RSA key size accepted: RFC 8301 requires verifiers to
// accept 1024 to 4096 bits, and 1024 is no longer safe.
const minRSABits = 2048

// Signer signs messages for one domain and selector. It is safe for concurrent use.
type Signer struct {
	domain, selector string
	key              crypto.Signer
}

// New returns a signer for domain and selector with key (*rsa.PrivateKey of at least
// 2048 bits, or ed25519.PrivateKey).
func New(domain, selector string, key crypto.Signer) (*Signer, error) {
	switch {
	case domain == "" || strings.ContainsAny(domain, " \t\r\n;"):
		return nil, fmt.Errorf("dkim: domain %q is not a domain name", domain)
	case selector == "" || strings.ContainsAny(selector, " \t\r\n;"):
		return nil, fmt.Errorf("dkim: selector %q is not a selector", selector)
	}
	if err := checkKey(key); err != nil {
		return nil, err
	}
	return &Signer{domain: domain, selector: selector, key: key}, nil
}

func checkKey(key crypto.Signer) error {
	switch k := key.(type) {
	case *rsa.PrivateKey:
		if n := k.N.BitLen(); n < minRSABits {
			return fmt.Errorf("dkim: the RSA key has %d bits; at least %d are needed", n, minRSABits)
		}
		return nil
	case ed25519.PrivateKey:
		return nil
	case nil:
		return errors.New("dkim: no key")
	default:
		return fmt.Errorf("dkim: a %T key cannot sign DKIM; use RSA (2048 bits or more) or Ed25519", key)
	}
}

// LoadKey reads a PEM private key file: PKCS #8 ("PRIVATE KEY", RSA or Ed25519, as
// `openssl genpkey` writes) or PKCS #1 ("RSA PRIVATE KEY", as `openssl genrsa` did).
func LoadKey(path string) (crypto.Signer, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("dkim: key: %w", err)
	}
	return ParseKey(data)
}

// ParseKey reads a PEM private key (see LoadKey).
func ParseKey(data []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errors.New("dkim: key: no PEM block found")
	}
	var key any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("dkim: key: a PEM %q block is not a private key (want PRIVATE KEY or RSA PRIVATE KEY)", block.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("dkim: key: %w", err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("dkim: key: a %T cannot sign", key)
	}
	if err := checkKey(signer); err != nil {
		return nil, err
	}
	return signer, nil
}

// Domain is the signing domain (d=).
func (s *Signer) Domain() string { return s.domain }

// Selector is the key's selector (s=).
func (s *Signer) Selector() string { return s.selector }

// Sign returns the DKIM-Signature header field for the message raw (its name, and its
// value folded as it is to be written after "DKIM-Signature: ", without the final
// CRLF).
func (s *Signer) Sign(raw []byte) (name, value string, err error) {
	signer, err := dkim.NewSigner(&dkim.SignOptions{
		Domain:                 s.domain,
		Selector:               s.selector,
		Signer:                 s.key,
		Hash:                   crypto.SHA256,
		HeaderCanonicalization: dkim.CanonicalizationRelaxed,
		BodyCanonicalization:   dkim.CanonicalizationRelaxed,
		HeaderKeys:             SignedHeaders,
	})
	if err != nil {
		return "", "", fmt.Errorf("dkim: %w", err)
	}
	if _, err := signer.Write(raw); err != nil {
		_ = signer.Close()
		return "", "", fmt.Errorf("dkim: %w", err)
	}
	if err := signer.Close(); err != nil {
		return "", "", fmt.Errorf("dkim: %w", err)
	}
	field := strings.TrimSuffix(signer.Signature(), "\r\n")
	name, value, ok := strings.Cut(field, ":")
	if !ok {
		return "", "", errors.New("dkim: the signature is no header field")
	}
	return name, strings.TrimLeft(value, " "), nil
}

// RecordName is where the public key is published: <selector>._domainkey.<domain>.
func (s *Signer) RecordName() string { return s.selector + "._domainkey." + s.domain }

// Record is the TXT record's value that publishes the public key (RFC 6376 section
// 3.6.1; k=ed25519 per RFC 8463). An RSA key's record is longer than a DNS string's
// 255 bytes: RecordStrings splits it as a zone file needs.
func (s *Signer) Record() (string, error) {
	der, algo, err := publicKey(s.key.Public())
	if err != nil {
		return "", err
	}
	return "v=DKIM1; k=" + algo + "; p=" + base64.StdEncoding.EncodeToString(der), nil
}

// publicKey is the p= value's bytes: for RSA the SubjectPublicKeyInfo (DER), for
// Ed25519 the 32 raw bytes of the key (RFC 8463 section 4.2).
func publicKey(pub crypto.PublicKey) ([]byte, string, error) {
	switch k := pub.(type) {
	case *rsa.PublicKey:
		der, err := x509.MarshalPKIXPublicKey(k)
		return der, "rsa", err
	case ed25519.PublicKey:
		return []byte(k), "ed25519", nil
	}
	return nil, "", fmt.Errorf("dkim: a %T public key has no DKIM record", pub)
}

// RecordStrings is the record as the quoted strings of one TXT record in a zone file,
// each at most 255 bytes: ("v=DKIM1; k=rsa; p=MIIB…" "…").
func RecordStrings(record string) string {
	var b bytes.Buffer
	const most = 255
	for i := 0; i < len(record); i += most {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(`"` + record[i:min(i+most, len(record))] + `"`)
	}
	return b.String()
}
