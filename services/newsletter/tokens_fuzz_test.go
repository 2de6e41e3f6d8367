package newsletter

import (
	"bytes"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
)

// FuzzConfirmToken: only a token newConfirmToken could have made is well formed,
// whatever a link's query holds.
func FuzzConfirmToken(f *testing.F) {
	good, _ := newConfirmToken()
	for _, seed := range []string{good, good + "=", good[:42], strings.ToUpper(good), good[:42] + "B", "", "%00", strings.Repeat("A", 43), strings.Repeat("/", 43)} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, token string) {
		if !wellFormedConfirmToken(token) {
			return
		}
		b, err := base64.RawURLEncoding.DecodeString(token)
		if err != nil || len(b) != confirmTokenBytes || base64.RawURLEncoding.EncodeToString(b) != token {
			t.Fatalf("%q taken as well formed", token)
		}
		if len(HashToken(token)) != 64 {
			t.Fatalf("hash of %q", token)
		}
	})
}

// FuzzUnsubscribeToken: no token but the one Token made for an id passes ID, and that
// one gives the id back.
func FuzzUnsubscribeToken(f *testing.F) {
	s := unsubscribeSigner{key: bytes.Repeat([]byte{7}, SigningKeySize)}
	for _, id := range []int64{1, 42, 1 << 40, -1} {
		tok := s.Token(id)
		f.Add(tok)
		f.Add(tok[:len(tok)-1] + "A")
		f.Add(tok + "A")
	}
	f.Add("")
	f.Add("not a token")
	f.Fuzz(func(t *testing.T, token string) {
		id, err := s.ID(token)
		if err != nil {
			if !errors.Is(err, errBadToken) {
				t.Fatalf("error %v", err)
			}
			return
		}
		if s.Token(id) != token {
			t.Fatalf("%q taken for subscriber %d, whose token is %q", token, id, s.Token(id))
		}
		other := unsubscribeSigner{key: bytes.Repeat([]byte{8}, SigningKeySize)}
		if _, err := other.ID(token); err == nil {
			t.Fatalf("%q passes under another key", token)
		}
	})
}
