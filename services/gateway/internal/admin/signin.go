package admin

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/apperr"
)

// Sign-in: the attempt, its password check, and the limits on failures (docs/decisions/0012).

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

// tooManyAttempts refuses a sign-in after too many failures from the client;
// retryAfter is when one more attempt is allowed.
func tooManyAttempts(retryAfter time.Duration) error {
	return &apperr.Error{Code: apperr.RateLimited, RetryAfter: retryAfter,
		Message: "Too many failed sign-ins. Please wait a few minutes and try again."}
}

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

// failureKey is what the store keeps of a client or user name: a digest, since
// people type their password into the user name field.
func failureKey(kind, value string) string {
	sum := sha256.Sum256([]byte(kind + "\x00" + value))
	return kind + ":" + hex.EncodeToString(sum[:16])
}

func equalDigest(a, b string) bool {
	da, db := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return subtle.ConstantTimeCompare(da[:], db[:]) == 1
}
