package release

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
)

// tokenPrefix starts every deploy token, so a leaked one is recognisable (secret
// scanners look for such prefixes).
const tokenPrefix = "pfd_"

// ErrNoToken is a token id the store does not know.
var ErrNoToken = errors.New("no such deploy token")

// Token is a deploy token as the store keeps it: never its secret, only the secret's
// SHA-256.
type Token struct {
	ID         string    `json:"id"`
	Section    string    `json:"section"`
	SecretHash string    `json:"-"`
	CreatedAt  time.Time `json:"createdAt"`
	ExpiresAt  time.Time `json:"expiresAt"`
	RevokedAt  time.Time `json:"revokedAt"`  // zero while valid
	LastUsedAt time.Time `json:"lastUsedAt"` // zero until used
}

// TokenStore keeps deploy tokens (release/sqlstore).
type TokenStore interface {
	InsertToken(ctx context.Context, t Token) error
	Token(ctx context.Context, id string) (Token, error)
	Tokens(ctx context.Context) ([]Token, error)
	RevokeToken(ctx context.Context, id string, now time.Time) error
	TouchToken(ctx context.Context, id string, now time.Time) error
}

// Tokens makes and checks deploy tokens: pfd_<id>_<secret>, where id is public (it
// names the token in lists and logs) and secret is 256 random bits.
type Tokens struct {
	Store TokenStore
	Now   func() time.Time
}

// Create makes a token for section, valid for ttl, and returns it: the only time the
// whole token exists outside the holder's hands.
func (t Tokens) Create(ctx context.Context, section string, ttl time.Duration) (string, Token, error) {
	if !slices.Contains(Sections, section) {
		return "", Token{}, fmt.Errorf("deploy token: section %q is not one of %s", section, strings.Join(Sections, ", "))
	}
	if ttl <= 0 {
		return "", Token{}, errors.New("deploy token: the lifetime must be positive")
	}
	id := make([]byte, 6)
	secret := make([]byte, 32)
	_, _ = rand.Read(id) // crypto/rand.Read never fails
	_, _ = rand.Read(secret)
	now := t.Now()
	tok := Token{
		ID:         hex.EncodeToString(id),
		Section:    section,
		SecretHash: secretHash(secret),
		CreatedAt:  now.UTC(),
		ExpiresAt:  now.Add(ttl).UTC(),
	}
	if err := t.Store.InsertToken(ctx, tok); err != nil {
		return "", Token{}, err
	}
	return tokenPrefix + tok.ID + "_" + base64.RawURLEncoding.EncodeToString(secret), tok, nil
}

// Authorize checks a token for acting on section and returns who acts (token:<id>).
// An unknown, malformed, expired or revoked token is unauthorized; a valid token of
// another section is forbidden. A use is recorded on the token.
func (t Tokens) Authorize(ctx context.Context, token, section string) (string, error) {
	unauthorized := apperr.New(apperr.Unauthorized, "The deploy token is not valid: unknown, expired or revoked.")
	id, secret, ok := parseToken(token)
	if !ok {
		return "", unauthorized
	}
	tok, err := t.Store.Token(ctx, id)
	if errors.Is(err, ErrNoToken) {
		return "", unauthorized
	}
	if err != nil {
		return "", err
	}
	now := t.Now()
	if subtle.ConstantTimeCompare([]byte(secretHash(secret)), []byte(tok.SecretHash)) != 1 ||
		!tok.RevokedAt.IsZero() || !now.Before(tok.ExpiresAt) {
		return "", unauthorized
	}
	if tok.Section != section {
		return "", apperr.New(apperr.Forbidden, fmt.Sprintf("This deploy token is for the %s section, not %s.", tok.Section, section))
	}
	if err := t.Store.TouchToken(ctx, id, now); err != nil {
		return "", err
	}
	return "token:" + id, nil
}

func parseToken(token string) (id string, secret []byte, ok bool) {
	rest, ok := strings.CutPrefix(token, tokenPrefix)
	if !ok {
		return "", nil, false
	}
	id, enc, ok := strings.Cut(rest, "_")
	if !ok || len(id) != 12 {
		return "", nil, false
	}
	secret, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil || len(secret) != 32 {
		return "", nil, false
	}
	return id, secret, true
}

func secretHash(secret []byte) string {
	h := sha256.Sum256(secret)
	return hex.EncodeToString(h[:])
}
