// Package admin is the site owner's access to the admin section: the one configured
// user and their bcrypt password hash, signing in (constant-time checks, failed
// attempts limited per client and per user name) and sessions that live in the
// database, so they survive a restart and hold on every replica.
//
// A session is a random token in a cookie; only the token's SHA-256 is stored, with
// the user, a fingerprint of the credentials it was made with (changing the password
// hash ends every session) and its expiry. The package knows nothing of HTTP or SQL:
// SessionStore is the storage it needs, sqlstore implements it.
package admin

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/mail"
)

// PasswordCost is the bcrypt cost of HashPassword: about a quarter of a second on a
// current core, slow enough for a stolen hash, quick enough for one sign-in.
const PasswordCost = 12

// MaxPasswordBytes is the longest password bcrypt uses in full; HashPassword refuses
// longer ones rather than silently ignore the rest.
const MaxPasswordBytes = 72

// MaxUserLength bounds a user name, configured or typed at sign-in.
const MaxUserLength = 100

// bcryptHashLength is the length of every bcrypt hash in its modular crypt form:
// $2b$12$ (7), a 22-character salt and a 31-character hash.
const bcryptHashLength = 60

// Credentials are the admin's user name and bcrypt password hash. The zero value is
// unconfigured: nobody can sign in.
type Credentials struct {
	User         string
	PasswordHash string
}

// Configured reports whether anyone can sign in.
func (c Credentials) Configured() bool { return c.User != "" && c.PasswordHash != "" }

// fingerprint identifies the credentials a session was made with, without revealing
// the hash: a new password hash (or user) ends every session made with the old one.
func (c Credentials) fingerprint() string {
	sum := sha256.Sum256([]byte(c.User + "\x00" + c.PasswordHash))
	return fmt.Sprintf("%x", sum[:16])
}

// CheckPasswordHash reports whether hash is a bcrypt hash in one of its usual forms,
// $2a$, $2b$ or $2y$ (PHP's, the same algorithm), that bcrypt can verify passwords
// against. The error never contains the hash.
func CheckPasswordHash(hash string) error {
	if !strings.HasPrefix(hash, "$2a$") && !strings.HasPrefix(hash, "$2b$") && !strings.HasPrefix(hash, "$2y$") {
		return errors.New("is not a bcrypt hash (it must start with $2a$, $2b$ or $2y$; `gateway hash-password` prints one)")
	}
	if len(hash) != bcryptHashLength {
		return fmt.Errorf("is not a bcrypt hash (%d characters, a bcrypt hash has %d; quote it so the shell leaves its $ signs alone)", len(hash), bcryptHashLength)
	}
	if _, err := bcrypt.Cost([]byte(hash)); err != nil {
		return errors.New("is not a valid bcrypt hash (its cost or salt cannot be read)")
	}
	return nil
}

// CheckUser reports whether user can be the admin's user name: one line of printable
// characters, no surrounding spaces, at most MaxUserLength characters; the same line
// rules as the names visitors type (mail.BreaksLine, HasBidiControl, HasInvisible,
// VisibleLength), since the name reaches the log and the admin's pages.
func CheckUser(user string) error {
	switch {
	case user != strings.TrimSpace(user):
		return errors.New("has leading or trailing spaces")
	case len([]rune(user)) > MaxUserLength:
		return fmt.Errorf("is longer than %d characters", MaxUserLength)
	case strings.ContainsFunc(user, mail.BreaksLine):
		return errors.New("contains control characters or line breaks")
	case mail.HasBidiControl(user):
		return errors.New("contains a bidirectional control")
	case mail.HasInvisible(user):
		return errInvisibleUser
	case mail.VisibleLength(user) == 0:
		return errors.New("has no visible character")
	}
	return nil
}

// errInvisibleUser: a user name with a character that does not show, such as
// "own\ufeffer", which would look like "owner" (mail.HasInvisible).
var errInvisibleUser = errors.New("contains invisible characters (zero-width, format or default-ignorable ones)")

// ErrEmptyPassword and ErrPasswordTooLong are HashPassword's refusals.
var (
	ErrEmptyPassword   = errors.New("the password is empty")
	ErrPasswordTooLong = fmt.Errorf("the password is longer than %d bytes, which is all bcrypt uses", MaxPasswordBytes)
)

// HashPassword returns the bcrypt hash of password at cost (PasswordCost outside
// tests), for the admin_password_hash setting.
func HashPassword(password string, cost int) (string, error) {
	switch {
	case password == "":
		return "", ErrEmptyPassword
	case len(password) > MaxPasswordBytes:
		return "", ErrPasswordTooLong
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), cost)
	if err != nil {
		return "", fmt.Errorf("admin: hash password: %w", err)
	}
	return string(h), nil
}
