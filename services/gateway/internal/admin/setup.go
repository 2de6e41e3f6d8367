package admin

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/portfolio-site/portfolio/services/apperr"
)

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

// MinPasswordLength is the shortest password SetUp accepts, in characters.
const MinPasswordLength = 12

// CheckSetup returns the first problem with the user name and password the owner
// chose, in the form's order (an apperr Invalid error), or nil. The setup form in the
// browser says the same.
func CheckSetup(user, password string) error {
	switch {
	case strings.TrimSpace(user) == "":
		return apperr.Field("user", "Enter a user name.")
	case user != strings.TrimSpace(user):
		return apperr.Field("user", "The user name must not start or end with a space.")
	case utf8.RuneCountInString(user) > MaxUserLength:
		return apperr.Field("user", fmt.Sprintf("The user name must be at most %d characters.", MaxUserLength))
	case errors.Is(CheckUser(user), errInvisibleUser):
		return apperr.Field("user", "The user name must not contain invisible characters.")
	case CheckUser(user) != nil:
		return apperr.Field("user", "The user name must be one line of printable characters.")
	case password == "":
		return apperr.Field("password", "Enter a password.")
	case utf8.RuneCountInString(password) < MinPasswordLength:
		return apperr.Field("password", fmt.Sprintf("The password must be at least %d characters.", MinPasswordLength))
	case len(password) > MaxPasswordBytes:
		return apperr.Field("password", fmt.Sprintf("The password must be at most %d bytes (bcrypt ignores the rest).", MaxPasswordBytes))
	}
	if why := weakPassword(password); why != "" {
		return apperr.Field("password", why)
	}
	return nil
}

// StartSetup makes a one-time setup link's token when no admin exists (configured or
// set up), valid for Options.SetupLinkTTL; only its SHA-256 is stored. It returns ""
// when an admin exists. The caller shows the token to the operator only (the log).
// Each replica that starts without an admin makes its own; any of them works, until
// one is used or they expire.
func (a *Auth) StartSetup(ctx context.Context) (token string, expiresAt time.Time, err error) {
	ok, err := a.Configured(ctx)
	if err != nil || ok {
		return "", time.Time{}, err
	}
	now := a.now()
	token = newToken()
	expiresAt = now.Add(a.setupTTL).UTC()
	if err := a.store.CreateSetupToken(ctx, hashToken(token), now.UTC(), expiresAt); err != nil {
		return "", time.Time{}, fmt.Errorf("admin: store setup link: %w", err)
	}
	return token, expiresAt, nil
}

// SetUp makes user, with password, the admin, through the setup link's token, and
// signs them in: the password's bcrypt hash is stored, the link (and every other
// one) stops working. Errors: ErrAlreadySetUp, a refused user name or password
// (CheckSetup), ErrSetupLinkInvalid, busy (wrapping ErrBusy), or a store failure.
func (a *Auth) SetUp(ctx context.Context, token, user, password string) (Session, string, error) {
	if ok, err := a.Configured(ctx); err != nil {
		return Session{}, "", err
	} else if ok {
		return Session{}, "", ErrAlreadySetUp
	}
	if err := CheckSetup(user, password); err != nil {
		return Session{}, "", err
	}
	if !wellFormedToken(token) {
		return Session{}, "", ErrSetupLinkInvalid
	}
	// The link is checked before hashing, so that nobody without one can make the
	// gateway run bcrypt here; it is used up below, in one transaction.
	live, err := a.store.SetupTokenLive(ctx, hashToken(token), a.now())
	if err != nil {
		return Session{}, "", fmt.Errorf("admin: read setup link: %w", err)
	}
	if !live {
		return Session{}, "", ErrSetupLinkInvalid
	}
	hash, err := a.hashHolding(password)
	if err != nil {
		return Session{}, "", err
	}
	creds := Credentials{User: user, PasswordHash: hash}
	now := a.now()
	if err := a.store.CompleteSetup(ctx, hashToken(token), now, creds); err != nil {
		if errors.Is(err, ErrSetupLinkInvalid) || errors.Is(err, ErrAlreadySetUp) {
			return Session{}, "", err
		}
		return Session{}, "", fmt.Errorf("admin: store the admin: %w", err)
	}
	if !a.env.Configured() {
		a.stored.Store(&creds)
	}
	return a.startSession(ctx, creds, now)
}

// hashHolding hashes password holding one of the password checks, as signing in does.
func (a *Auth) hashHolding(password string) (string, error) {
	select {
	case a.checks <- struct{}{}:
	default:
		return "", errSetupBusy
	}
	defer func() { <-a.checks }()
	return HashPassword(password, a.cost)
}
