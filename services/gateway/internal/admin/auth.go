package admin

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
)

// Defaults of Options.
const (
	DefaultSessionTTL    = 12 * time.Hour
	DefaultMaxFailures   = 5
	DefaultFailureWindow = 15 * time.Minute
)

// Options tune an Auth. The zero value uses the defaults.
type Options struct {
	// SessionTTL is how long a session lasts after signing in.
	SessionTTL time.Duration
	// MaxFailures failed sign-ins per FailureWindow are allowed from one client and,
	// separately, for one user name; more are refused (ErrTooManyAttempts) until the
	// window lets one more through. A successful sign-in clears the count.
	MaxFailures   int
	FailureWindow time.Duration
	// Now is the clock; tests set it.
	Now func() time.Time
}

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

var (
	// ErrNotConfigured: no admin user and password hash are configured, so nobody
	// can sign in.
	ErrNotConfigured = errors.New("admin: no admin user is configured")
	// ErrWrongCredentials: the user name or the password is wrong (which one is not
	// told).
	ErrWrongCredentials = errors.New("admin: wrong user name or password")
	// ErrNoSession: the token is missing, unknown, expired, signed out, or made with
	// credentials that have since changed.
	ErrNoSession = errors.New("admin: no such session")
)

// TooManyAttemptsError refuses a sign-in after too many failures from the client or
// for the user name; RetryAfter is when one more attempt is allowed.
type TooManyAttemptsError struct {
	RetryAfter time.Duration
}

func (e *TooManyAttemptsError) Error() string {
	return fmt.Sprintf("admin: too many failed sign-ins, retry after %s", e.RetryAfter)
}

// Auth signs the admin in and out and checks sessions. Safe for concurrent use.
type Auth struct {
	creds    Credentials
	sessions SessionStore
	ttl      time.Duration
	byClient *ratelimit.Limiter
	byUser   *ratelimit.Limiter
	now      func() time.Time
}

// New returns the admin's authentication with creds (unconfigured: every sign-in is
// refused with ErrNotConfigured), keeping sessions in sessions.
func New(creds Credentials, sessions SessionStore, opts Options) *Auth {
	if opts.SessionTTL <= 0 {
		opts.SessionTTL = DefaultSessionTTL
	}
	if opts.MaxFailures <= 0 {
		opts.MaxFailures = DefaultMaxFailures
	}
	if opts.FailureWindow <= 0 {
		opts.FailureWindow = DefaultFailureWindow
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Auth{
		creds:    creds,
		sessions: sessions,
		ttl:      opts.SessionTTL,
		// A bucket per key: MaxFailures at once, then one more per
		// FailureWindow/MaxFailures. Only failures keep their token (Login).
		byClient: ratelimit.NewPer(opts.MaxFailures, opts.FailureWindow, 0),
		byUser:   ratelimit.NewPer(opts.MaxFailures, opts.FailureWindow, 0),
		now:      opts.Now,
	}
}

// Configured reports whether anyone can sign in.
func (a *Auth) Configured() bool { return a.creds.Configured() }

// SessionTTL is how long a new session lasts.
func (a *Auth) SessionTTL() time.Duration { return a.ttl }

// Login checks user and password and, if they are right, starts a session and
// returns it with its token (for the cookie). client identifies who is asking (their
// IP address) for the limit on failures. Errors: ErrNotConfigured,
// *TooManyAttemptsError, ErrWrongCredentials, or a store failure.
//
// Every attempt takes a token from the client's and the user name's bucket before
// the password is checked, so that many attempts at once cannot all slip past the
// limit while bcrypt runs; a successful one gives them back.
func (a *Auth) Login(ctx context.Context, user, password, client string) (Session, string, error) {
	if !a.Configured() {
		return Session{}, "", ErrNotConfigured
	}
	now := a.now()
	clientKey, userKey := client, strings.ToLower(strings.TrimSpace(user))
	if ok, retry := a.byClient.Allow(clientKey, now); !ok {
		return Session{}, "", &TooManyAttemptsError{RetryAfter: retry}
	}
	if ok, retry := a.byUser.Allow(userKey, now); !ok {
		return Session{}, "", &TooManyAttemptsError{RetryAfter: retry}
	}
	// Both checks always run, and the names are compared as fixed-size digests, so
	// the time taken tells nothing about which one was wrong or how long the user
	// name is.
	userOK := equalDigest(user, a.creds.User)
	passwordOK := bcrypt.CompareHashAndPassword([]byte(a.creds.PasswordHash), []byte(password)) == nil
	if !userOK || !passwordOK {
		return Session{}, "", ErrWrongCredentials
	}
	a.byClient.Forget(clientKey)
	a.byUser.Forget(userKey)

	token := newToken()
	s := Session{
		User:       a.creds.User,
		Credential: a.creds.fingerprint(),
		CreatedAt:  now.UTC(),
		ExpiresAt:  now.Add(a.ttl).UTC(),
	}
	if err := a.sessions.Create(ctx, hashToken(token), s); err != nil {
		return Session{}, "", fmt.Errorf("admin: start session: %w", err)
	}
	return s, token, nil
}

// Session returns the live session of token, or ErrNoSession. A session made with
// other credentials than the configured ones (the owner changed the password hash or
// the user) is not live.
func (a *Auth) Session(ctx context.Context, token string) (Session, error) {
	if !a.Configured() || !wellFormedToken(token) {
		return Session{}, ErrNoSession
	}
	s, err := a.sessions.Get(ctx, hashToken(token), a.now())
	if err != nil {
		if errors.Is(err, ErrNoSession) {
			return Session{}, ErrNoSession
		}
		return Session{}, fmt.Errorf("admin: read session: %w", err)
	}
	if s.Credential != a.creds.fingerprint() || s.User != a.creds.User {
		return Session{}, ErrNoSession
	}
	return s, nil
}

// Logout ends the session of token, if there is one.
func (a *Auth) Logout(ctx context.Context, token string) error {
	if !wellFormedToken(token) {
		return nil
	}
	if err := a.sessions.Delete(ctx, hashToken(token)); err != nil {
		return fmt.Errorf("admin: end session: %w", err)
	}
	return nil
}

func equalDigest(a, b string) bool {
	da, db := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(da[:], db[:]) == 1
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
