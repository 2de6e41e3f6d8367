package admin

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

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
