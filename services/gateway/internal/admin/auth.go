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
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/apperr"
)

// Defaults of Options.
const (
	DefaultSessionTTL    = 12 * time.Hour
	DefaultMaxFailures   = 5
	DefaultFailureWindow = 15 * time.Minute
	// DefaultPasswordChecks is how many bcrypt comparisons run at once: one keeps a
	// core free for pages on a small machine, whatever the number of sign-in attempts.
	DefaultPasswordChecks = 1
	// DefaultSetupLinkTTL is how long a first-run setup link works.
	DefaultSetupLinkTTL = time.Hour
	// UnderAttackAllowance is how many failures a client may have in a window while the
	// user name it tries is under attack (MaxFailures failures for it, from anywhere):
	// every client is slowed down then, but one that has not been failing still gets
	// its attempt.
	UnderAttackAllowance = 2
	// BusyRetryAfter is what a sign-in refused for want of a free password check is
	// told to wait: a check takes about a quarter of a second.
	BusyRetryAfter = time.Second
)

// Options tune an Auth. The zero value uses the defaults.
type Options struct {
	// SessionTTL is how long a session lasts after signing in.
	SessionTTL time.Duration
	// MaxFailures failed sign-ins per FailureWindow are allowed from one client (any
	// user name); more are refused (apperr.RateLimited, with RetryAfter) until its window ends. While
	// a user name has MaxFailures failures in its window, from any clients, a client
	// is allowed only UnderAttackAllowance. A successful sign-in clears the client's
	// count. Counts live in the Store, so every replica enforces one limit.
	MaxFailures   int
	FailureWindow time.Duration
	// PasswordChecks is how many password checks (bcrypt) may run at once; an attempt
	// that finds them all taken is refused at once with ErrBusy.
	PasswordChecks int
	// TrustedPasswordChecks more are kept for sign-ins with a device cookie (which may
	// use the others too); DefaultTrustedPasswordChecks when 0.
	TrustedPasswordChecks int
	// DeviceTTL is how long a device cookie is trusted; DefaultDeviceTTL when 0.
	DeviceTTL time.Duration
	// SetupLinkTTL is how long a setup link made by StartSetup works.
	SetupLinkTTL time.Duration
	// PasswordCost is the bcrypt cost of the hash SetUp stores (PasswordCost when 0).
	PasswordCost int
	// Now is the clock; tests set it.
	Now func() time.Time
	// HoldingPasswordCheck, when set, is called while an attempt holds a password
	// check, before bcrypt runs: tests hold the checks full with it.
	HoldingPasswordCheck func()
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

// FailureStore counts failed sign-ins by key in fixed windows (a window opens with a
// key's first failure and lasts its length), shared by every replica on the database.
type FailureStore interface {
	// Failures returns key's count in its window open at now, and when that window
	// ends (0 and the zero time when none is open).
	Failures(ctx context.Context, key string, now time.Time) (int, time.Time, error)
	// AddFailure counts one more failure of key, atomically, if fewer than limit are
	// counted in its window open at now (a window of length window opens when none is).
	// ok is false when the limit was reached; end is when key's window ends.
	AddFailure(ctx context.Context, key string, limit int, now time.Time, window time.Duration) (ok bool, end time.Time, err error)
	// RemoveFailures takes n failures of key back (attempts that did not fail), down
	// to none.
	RemoveFailures(ctx context.Context, key string, n int) error
	// ClearFailures forgets key's failures.
	ClearFailures(ctx context.Context, key string) error
	// PurgeFailures drops every window ended at now.
	PurgeFailures(ctx context.Context, now time.Time) error
}

// CredentialStore keeps the admin chosen through a setup link, and the setup links'
// tokens (their SHA-256).
type CredentialStore interface {
	// Credentials returns the admin set up in the database, or ErrNotConfigured.
	Credentials(ctx context.Context) (Credentials, error)
	// CreateSetupToken stores a setup token, and drops the expired ones.
	CreateSetupToken(ctx context.Context, tokenHash string, createdAt, expiresAt time.Time) error
	// SetupTokenLive reports whether tokenHash is a setup token unexpired at now.
	SetupTokenLive(ctx context.Context, tokenHash string, now time.Time) (bool, error)
	// CompleteSetup, in one transaction, uses up the setup token (ErrSetupLinkInvalid
	// when it is not live at now), stores creds (ErrAlreadySetUp when an admin is
	// stored already) and drops every other setup token.
	CompleteSetup(ctx context.Context, tokenHash string, now time.Time, creds Credentials) error
}

// Store is everything Auth keeps in the database.
type Store interface {
	SessionStore
	FailureStore
	CredentialStore
}

// The errors of Auth (apperr, docs/decisions/0024): their messages are what the admin
// page shows.
var (
	// ErrNotConfigured: no admin is configured nor set up, so nobody can sign in. It
	// says how to set one up (the names are config's PORTFOLIO_ADMIN_*).
	ErrNotConfigured = apperr.New(apperr.NotConfigured,
		"The admin is not set up yet: open the setup link the gateway printed in its log when it started, or set "+
			"PORTFOLIO_ADMIN_USER and PORTFOLIO_ADMIN_PASSWORD_HASH (`gateway hash-password` prints a hash) and restart the gateway.")
	// ErrWrongCredentials: the user name or the password is wrong (which one is not
	// told).
	ErrWrongCredentials = apperr.New(apperr.Unauthorized, "Wrong user name or password.")
	// ErrNoSession: the token is missing, unknown, expired, signed out, or made with
	// credentials that have since changed.
	ErrNoSession = apperr.New(apperr.Unauthorized, "Please sign in.")
	// ErrBusy: every password check is taken by other sign-ins; try again in
	// BusyRetryAfter.
	ErrBusy = &apperr.Error{Code: apperr.Unavailable, RetryAfter: BusyRetryAfter,
		Message: "Too many sign-ins are being checked right now. Please try again in a moment."}
	// ErrSetupLinkInvalid: the setup link is unknown, used or expired.
	ErrSetupLinkInvalid = apperr.Field("token",
		"This setup link is not valid: it has been used or has expired. Restart the gateway for a new one (it is printed in the log).")
	// ErrAlreadySetUp: an admin exists (configured or set up), so setting one up is
	// refused.
	ErrAlreadySetUp = apperr.New(apperr.Conflict, "The admin is already set up. Please sign in.")
	// errSetupBusy is ErrBusy while setting up.
	errSetupBusy = &apperr.Error{Code: apperr.Unavailable, RetryAfter: BusyRetryAfter,
		Message: "The server is busy. Please try again in a moment.", Err: ErrBusy}
)

// tooManyAttempts refuses a sign-in after too many failures from the client;
// retryAfter is when one more attempt is allowed.
func tooManyAttempts(retryAfter time.Duration) error {
	return &apperr.Error{Code: apperr.RateLimited, RetryAfter: retryAfter,
		Message: "Too many failed sign-ins. Please wait a few minutes and try again."}
}

// Auth signs the admin in and out, checks sessions and sets the admin up on first
// run. Safe for concurrent use.
type Auth struct {
	env          Credentials // from the configuration: wins when set
	store        Store
	ttl          time.Duration
	maxFailures  int
	window       time.Duration
	setupTTL     time.Duration
	cost         int
	checks       chan struct{} // a slot per password check allowed at once
	trusted      chan struct{} // and those only sign-ins with a device cookie may take
	deviceTTL    time.Duration
	now          func() time.Time
	holdingCheck func()

	// stored caches the admin set up in the database once found: it never changes
	// while the gateway runs (resetting it is deleting the row and restarting).
	stored atomic.Pointer[Credentials]

	purgeMu   sync.Mutex
	lastPurge time.Time
}

// New returns the admin's authentication: env are the configured credentials (they
// win when set); without them the admin set up through a setup link, if any, kept
// in store with the sessions and the failure counts.
func New(env Credentials, store Store, opts Options) *Auth {
	if opts.SessionTTL <= 0 {
		opts.SessionTTL = DefaultSessionTTL
	}
	if opts.MaxFailures <= 0 {
		opts.MaxFailures = DefaultMaxFailures
	}
	if opts.FailureWindow <= 0 {
		opts.FailureWindow = DefaultFailureWindow
	}
	if opts.PasswordChecks <= 0 {
		opts.PasswordChecks = DefaultPasswordChecks
	}
	if opts.TrustedPasswordChecks <= 0 {
		opts.TrustedPasswordChecks = DefaultTrustedPasswordChecks
	}
	if opts.DeviceTTL <= 0 {
		opts.DeviceTTL = DefaultDeviceTTL
	}
	if opts.SetupLinkTTL <= 0 {
		opts.SetupLinkTTL = DefaultSetupLinkTTL
	}
	if opts.PasswordCost <= 0 {
		opts.PasswordCost = PasswordCost
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Auth{
		env:          env,
		store:        store,
		ttl:          opts.SessionTTL,
		maxFailures:  opts.MaxFailures,
		window:       opts.FailureWindow,
		setupTTL:     opts.SetupLinkTTL,
		cost:         opts.PasswordCost,
		checks:       make(chan struct{}, opts.PasswordChecks),
		trusted:      make(chan struct{}, opts.TrustedPasswordChecks),
		deviceTTL:    opts.DeviceTTL,
		now:          opts.Now,
		holdingCheck: opts.HoldingPasswordCheck,
	}
}

// credentials are the admin's: the configured ones, else those set up in the
// database, else ErrNotConfigured.
func (a *Auth) credentials(ctx context.Context) (Credentials, error) {
	if a.env.Configured() {
		return a.env, nil
	}
	if c := a.stored.Load(); c != nil {
		return *c, nil
	}
	c, err := a.store.Credentials(ctx)
	if err != nil {
		if errors.Is(err, ErrNotConfigured) {
			return Credentials{}, ErrNotConfigured
		}
		return Credentials{}, fmt.Errorf("admin: read credentials: %w", err)
	}
	a.stored.Store(&c)
	return c, nil
}

// Configured reports whether anyone can sign in: an admin is configured or set up.
func (a *Auth) Configured(ctx context.Context) (bool, error) {
	_, err := a.credentials(ctx)
	if errors.Is(err, ErrNotConfigured) {
		return false, nil
	}
	return err == nil, err
}

// SessionTTL is how long a new session lasts.
func (a *Auth) SessionTTL() time.Duration { return a.ttl }

// Attempt is one sign-in.
type Attempt struct {
	User, Password string
	// Client identifies who is asking (the server layer's client key), for the limit
	// on failures.
	Client string
	// Device is the device cookie the browser sent, if any (DeviceCookie).
	Device string
}

// SignIn checks the attempt's user and password and, if they are right, starts a
// session and returns it with its token (for the cookie). Errors: ErrNotConfigured,
// too many attempts (apperr.RateLimited), ErrBusy, ErrWrongCredentials, or a store
// failure.
//
// Every attempt counts as a failure before the password is checked, so that many
// attempts at once cannot all slip past the limit while bcrypt runs; a successful one
// (or one refused as busy) takes it back. Without a valid device cookie for the user
// it tries, an attempt counts against its client and the user name; with one, against
// that device only, and it may take a password check kept for trusted devices.
func (a *Auth) SignIn(ctx context.Context, at Attempt) (Session, string, error) {
	creds, err := a.credentials(ctx)
	if err != nil {
		return Session{}, "", err
	}
	now := a.now()
	a.purge(ctx, now)
	var r reservation
	if nonce, ok := a.trustedDevice(creds, at.User, at.Device, now); ok {
		r, err = a.reserveDevice(ctx, nonce, now)
	} else {
		r, err = a.reserve(ctx, at.Client, at.User, now)
	}
	if err != nil {
		return Session{}, "", err
	}
	// Cleanups run even when the client has gone: the counts must stay right.
	bg := context.WithoutCancel(ctx)
	passed, err := a.checkPassword(creds, at.User, at.Password, r.trusted())
	if errors.Is(err, ErrBusy) {
		return Session{}, "", errors.Join(err, a.takeBack(bg, r))
	}
	if !passed {
		return Session{}, "", ErrWrongCredentials
	}
	if err := a.forgive(bg, r, now); err != nil {
		return Session{}, "", fmt.Errorf("admin: clear failures: %w", err)
	}
	return a.startSession(ctx, creds, now)
}

// reservation is what an attempt counted before its password check.
type reservation struct {
	key     string // its client's failure key, or its trusted device's
	userKey string // the user name's; "" for a trusted device
}

// trusted reports whether the attempt came with a trusted device's cookie.
func (r reservation) trusted() bool { return r.userKey == "" }

// reserve counts the attempt as a failure of the client and of the user name, or
// refuses it: the client has had MaxFailures in its window, or UnderAttackAllowance
// while the user name is under attack.
func (a *Auth) reserve(ctx context.Context, client, user string, now time.Time) (reservation, error) {
	r := reservation{key: failureKey("client", client), userKey: failureKey("user", strings.ToLower(strings.TrimSpace(user)))}
	userFailures, _, err := a.store.Failures(ctx, r.userKey, now)
	if err != nil {
		return r, fmt.Errorf("admin: read failures: %w", err)
	}
	limit := a.maxFailures
	if userFailures >= a.maxFailures {
		limit = min(limit, UnderAttackAllowance)
	}
	if err := a.count(ctx, r.key, limit, now); err != nil {
		return r, err
	}
	if _, _, err := a.store.AddFailure(ctx, r.userKey, math.MaxInt32, now, a.window); err != nil {
		return r, errors.Join(fmt.Errorf("admin: count failure: %w", err), a.store.RemoveFailures(context.WithoutCancel(ctx), r.key, 1))
	}
	return r, nil
}

// reserveDevice counts the attempt as a failure of the trusted device whose cookie
// has nonce, or refuses it when the device has had MaxFailures in its window.
func (a *Auth) reserveDevice(ctx context.Context, nonce string, now time.Time) (reservation, error) {
	r := reservation{key: failureKey("device", nonce)}
	return r, a.count(ctx, r.key, a.maxFailures, now)
}

// count counts one failure of key, or refuses the attempt when key has had limit.
func (a *Auth) count(ctx context.Context, key string, limit int, now time.Time) error {
	ok, end, err := a.store.AddFailure(ctx, key, limit, now, a.window)
	if err != nil {
		return fmt.Errorf("admin: count failure: %w", err)
	}
	if !ok {
		return tooManyAttempts(max(end.Sub(now), time.Second))
	}
	return nil
}

// takeBack uncounts an attempt that was not checked.
func (a *Auth) takeBack(ctx context.Context, r reservation) error {
	err := a.store.RemoveFailures(ctx, r.key, 1)
	if !r.trusted() {
		err = errors.Join(err, a.store.RemoveFailures(ctx, r.userKey, 1))
	}
	return err
}

// forgive clears the owner's own mistakes after a success: the client's (or device's)
// count goes, and as many are taken back from the user name's (this attempt's among
// them).
func (a *Auth) forgive(ctx context.Context, r reservation, now time.Time) error {
	if r.trusted() {
		return a.store.ClearFailures(ctx, r.key)
	}
	own, _, err := a.store.Failures(ctx, r.key, now)
	if err != nil {
		return err
	}
	return errors.Join(a.store.ClearFailures(ctx, r.key), a.store.RemoveFailures(ctx, r.userKey, max(own, 1)))
}

// checkPassword compares user and password with creds, holding one of the password
// checks (for a trusted device, one kept for them first); ErrBusy when none is free.
// Both comparisons always run, and the names are
// compared as fixed-size digests, so the time taken tells nothing about which one
// was wrong or how long the user name is.
func (a *Auth) checkPassword(creds Credentials, user, password string, trusted bool) (bool, error) {
	var slot chan struct{}
	switch {
	case trusted && take(a.trusted):
		slot = a.trusted
	case take(a.checks):
		slot = a.checks
	default:
		return false, ErrBusy
	}
	defer func() { <-slot }()
	if a.holdingCheck != nil {
		a.holdingCheck()
	}
	userOK := equalDigest(user, creds.User)
	passwordOK := bcrypt.CompareHashAndPassword([]byte(creds.PasswordHash), []byte(password)) == nil
	return userOK && passwordOK, nil
}

// take takes one of the places in slots, if one is free.
func take(slots chan struct{}) bool {
	select {
	case slots <- struct{}{}:
		return true
	default:
		return false
	}
}

// purgeEvery is how often a gateway drops ended failure windows.
const purgeEvery = time.Minute

// purge drops ended failure windows, at most every purgeEvery; a failure is only
// logged by the next one (the counts stay right, the table only grows a little).
func (a *Auth) purge(ctx context.Context, now time.Time) {
	a.purgeMu.Lock()
	due := now.Sub(a.lastPurge) >= purgeEvery
	if due {
		a.lastPurge = now
	}
	a.purgeMu.Unlock()
	if due {
		_ = a.store.PurgeFailures(ctx, now)
	}
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

// failureKey is what the store keeps of a client or user name: a digest, since
// people type their password into the user name field.
func failureKey(kind, value string) string {
	sum := sha256.Sum256([]byte(kind + "\x00" + value))
	return kind + ":" + hex.EncodeToString(sum[:16])
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
