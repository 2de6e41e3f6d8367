package admin

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// A device cookie (OWASP's "Slow Down Online Guessing Attacks with Device Cookies",
// docs/decisions/0032) tells a sign-in that its browser signed in as the user before:
// "<issued-at, Unix seconds>.<nonce>.<MAC>", the MAC an HMAC-SHA256 over the user name,
// the issued-at and the nonce, keyed with the credentials' password hash. Nothing is
// stored: a new password hash (or user name) makes every device cookie worthless, as
// it ends every session. A sign-in presenting a valid one for the user it tries has a
// password check of its own and is limited per device (the nonce), not per client
// address nor by the user name's "under attack" allowance.

// DefaultDeviceTTL is how long a device cookie is trusted after the sign-in that
// issued it.
const DefaultDeviceTTL = 90 * 24 * time.Hour

// DefaultTrustedPasswordChecks is how many password checks are kept for sign-ins from
// trusted devices, besides Options.PasswordChecks: a flood of other attempts cannot
// take them.
const DefaultTrustedPasswordChecks = 1

// deviceB64 is how a device cookie's nonce and MAC are spelled: one spelling each (the
// decoder would otherwise ignore unused bits).
var deviceB64 = base64.RawURLEncoding.Strict()

const (
	deviceNonceBytes = 16
	deviceMACContext = "portfolio admin device cookie\x00"
)

// DeviceCookie returns a new device cookie for the browser that has just signed in as
// s (or set the admin up); ErrNoSession when s was made with other credentials than
// the current ones.
func (a *Auth) DeviceCookie(ctx context.Context, s Session) (string, error) {
	creds, err := a.credentials(ctx)
	if err != nil {
		return "", err
	}
	if s.User != creds.User || s.Credential != creds.fingerprint() {
		return "", ErrNoSession
	}
	nonce := make([]byte, deviceNonceBytes)
	_, _ = rand.Read(nonce) // never fails (crypto/rand panics rather than return an error)
	issued := strconv.FormatInt(a.now().Unix(), 10)
	n := deviceB64.EncodeToString(nonce)
	return issued + "." + n + "." + deviceB64.EncodeToString(deviceMAC(creds, creds.User, issued, n)), nil
}

// DeviceTTL is how long a device cookie is trusted.
func (a *Auth) DeviceTTL() time.Duration { return a.deviceTTL }

// trustedDevice returns cookie's nonce when it is a device cookie issued with creds
// for user, unexpired at now; ok is false for anything else (none, mangled, forged,
// expired, for another user name or other credentials).
func (a *Auth) trustedDevice(creds Credentials, user, cookie string, now time.Time) (nonce string, ok bool) {
	issued, nonce, mac, found := parseDevice(cookie)
	if !found {
		return "", false
	}
	at, err := strconv.ParseInt(issued, 10, 64)
	if err != nil || !now.Before(time.Unix(at, 0).Add(a.deviceTTL)) {
		return "", false
	}
	return nonce, hmac.Equal(mac, deviceMAC(creds, user, issued, nonce))
}

// parseDevice splits a device cookie into its parts, checking their shapes only: one
// spelling each (the decoder alone would skip line breaks). At their exact encoded
// lengths, the nonce and the MAC decode to their sizes.
func parseDevice(cookie string) (issued, nonce string, mac []byte, ok bool) {
	parts := strings.Split(cookie, ".")
	if len(parts) != 3 || parts[0] == "" || len(parts[0]) > 19 || strings.Trim(parts[0], "0123456789") != "" ||
		len(parts[1]) != deviceB64.EncodedLen(deviceNonceBytes) || len(parts[2]) != deviceB64.EncodedLen(sha256.Size) {
		return "", "", nil, false
	}
	if _, err := deviceB64.DecodeString(parts[1]); err != nil {
		return "", "", nil, false
	}
	mac, err := deviceB64.DecodeString(parts[2])
	if err != nil {
		return "", "", nil, false
	}
	return parts[0], parts[1], mac, true
}

// deviceMAC signs (user, issued, nonce) with creds' password hash: a secret of the
// server's that changes with the password.
func deviceMAC(creds Credentials, user, issued, nonce string) []byte {
	m := hmac.New(sha256.New, []byte(creds.PasswordHash))
	m.Write([]byte(deviceMACContext + user + "\x00" + issued + "\x00" + nonce))
	return m.Sum(nil)
}
