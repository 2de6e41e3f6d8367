package newsletter

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
)

// confirmTokenBytes is the entropy of a confirmation token: 256 bits, never guessed.
const confirmTokenBytes = 32

// newConfirmToken returns a random confirmation token (base64url, 43 characters) and
// the hash the store keeps instead of it.
func newConfirmToken() (token, hash string) {
	b := make([]byte, confirmTokenBytes)
	_, _ = rand.Read(b) // never fails (crypto/rand panics rather than return an error)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is what the store keeps of a confirmation token: its SHA-256, in hex. A
// leaked database holds no working link; a plain hash suffices because the token is
// random, not a password.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// wellFormedConfirmToken reports whether token could be one of newConfirmToken's,
// so that garbage is turned away before the store is asked.
func wellFormedConfirmToken(token string) bool {
	b, err := base64.RawURLEncoding.Strict().DecodeString(token)
	return err == nil && len(b) == confirmTokenBytes && canonical(b, token)
}

// canonical reports whether token is exactly b's encoding: the decoder skips CR and LF
// anywhere in its input (found by FuzzUnsubscribeToken), and a token we did not write
// character for character is not one of ours.
func canonical(b []byte, token string) bool {
	return base64.RawURLEncoding.EncodeToString(b) == token
}

// SigningKeySize is the size of the key unsubscribe tokens are signed with.
const SigningKeySize = 32

// newSigningKey returns a random key for unsubscribe tokens.
func newSigningKey() []byte {
	b := make([]byte, SigningKeySize)
	_, _ = rand.Read(b)
	return b
}

// errBadToken is returned for an unsubscribe token that is malformed or not signed
// with the key.
var errBadToken = errors.New("newsletter: unsubscribe token not valid")

// unsubscribeSigner makes and checks unsubscribe tokens: the subscriber's id and an
// HMAC-SHA256 over it, base64url. It stores nothing per token, so every email ever
// sent keeps a working link, and any replica with the same key checks any token.
type unsubscribeSigner struct {
	key []byte
}

// purpose is part of what is signed, so that a MAC made with the same key for
// another purpose later can never pass as an unsubscribe token.
const unsubscribePurpose = "newsletter-unsubscribe\x00"

func (s unsubscribeSigner) mac(id []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(unsubscribePurpose))
	m.Write(id)
	return m.Sum(nil)
}

// Token returns the unsubscribe token of subscriber id.
func (s unsubscribeSigner) Token(id int64) string {
	b := binary.BigEndian.AppendUint64(nil, uint64(id))
	return base64.RawURLEncoding.EncodeToString(append(b, s.mac(b)...))
}

// ID returns the subscriber id token was made for, or errBadToken. Decoding is strict:
// the last character of a token carries unused bits, and a token whose unused bits
// were changed is not one we made.
func (s unsubscribeSigner) ID(token string) (int64, error) {
	b, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(b) != 8+sha256.Size || !canonical(b, token) {
		return 0, errBadToken
	}
	if !hmac.Equal(b[8:], s.mac(b[:8])) {
		return 0, errBadToken
	}
	return int64(binary.BigEndian.Uint64(b[:8])), nil
}
