package admin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Sessions: started by a sign-in, checked on every admin request, ended by Logout.

// Session is a signed-in admin.
type Session struct {
	User string
	// Credential is the fingerprint of the credentials the session was made with.
	Credential string
	CreatedAt  time.Time
	ExpiresAt  time.Time
}

// SessionStore keeps sessions by the SHA-256 of their token (hex). Implementations
// must be safe for concurrent use, also from several processes on one database.
type SessionStore interface {
	// Create stores a new session, and drops every session expired at s.CreatedAt.
	Create(ctx context.Context, tokenHash string, s Session) error
	// Get returns the session unexpired at now, or ErrNoSession.
	Get(ctx context.Context, tokenHash string, now time.Time) (Session, error)
	// Delete ends a session; deleting an unknown one is not an error.
	Delete(ctx context.Context, tokenHash string) error
}

func (a *Auth) startSession(ctx context.Context, creds Credentials, now time.Time) (Session, string, error) {
	token := newToken()
	s := Session{
		User:       creds.User,
		Credential: creds.fingerprint(),
		CreatedAt:  now.UTC(),
		ExpiresAt:  now.Add(a.ttl).UTC(),
	}
	if err := a.store.Create(ctx, hashToken(token), s); err != nil {
		return Session{}, "", fmt.Errorf("admin: start session: %w", err)
	}
	return s, token, nil
}

// Session returns the live session of token, or ErrNoSession. A session made with
// other credentials than the configured ones (the owner changed the password hash or
// the user) is not live.
func (a *Auth) Session(ctx context.Context, token string) (Session, error) {
	if !wellFormedToken(token) {
		return Session{}, ErrNoSession
	}
	creds, err := a.credentials(ctx)
	if errors.Is(err, ErrNotConfigured) {
		return Session{}, ErrNoSession
	}
	if err != nil {
		return Session{}, err
	}
	s, err := a.store.Get(ctx, hashToken(token), a.now())
	if err != nil {
		if errors.Is(err, ErrNoSession) {
			return Session{}, ErrNoSession
		}
		return Session{}, fmt.Errorf("admin: read session: %w", err)
	}
	if s.Credential != creds.fingerprint() || s.User != creds.User {
		return Session{}, ErrNoSession
	}
	return s, nil
}

// Logout ends the session of token, if there is one.
func (a *Auth) Logout(ctx context.Context, token string) error {
	if !wellFormedToken(token) {
		return nil
	}
	if err := a.store.Delete(ctx, hashToken(token)); err != nil {
		return fmt.Errorf("admin: end session: %w", err)
	}
	return nil
}

// tokenBytes is a session token's entropy: 256 bits, never guessed.
const tokenBytes = 32

func newToken() string {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b) // never fails (crypto/rand panics rather than return an error)
	return base64.RawURLEncoding.EncodeToString(b)
}

// hashToken is what the store keeps of a token: a copy of the database holds no
// working session. A plain hash suffices because the token is random.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// wellFormedToken turns away garbage before the store is asked.
func wellFormedToken(token string) bool {
	b, err := base64.RawURLEncoding.DecodeString(token)
	return err == nil && len(b) == tokenBytes
}
