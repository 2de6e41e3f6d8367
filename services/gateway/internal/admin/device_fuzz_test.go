package admin

import (
	"encoding/base64"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A device cookie, as a browser (or anyone) sends it: only the exact cookie issued is
// trusted, and only for its user name.
func FuzzDeviceCookie(f *testing.F) {
	now := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	creds := Credentials{User: "owner", PasswordHash: "$2a$04$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ012"}
	a := New(creds, nil, Options{Now: func() time.Time { return now }})
	// The same cookie in every fuzzing process: DeviceCookie's nonce is random.
	at, nonce := strconv.FormatInt(now.Add(-time.Hour).Unix(), 10), base64.RawURLEncoding.EncodeToString([]byte("sixteen byte nce"))
	issued := at + "." + nonce + "." + base64.RawURLEncoding.EncodeToString(deviceMAC(creds, creds.User, at, nonce))
	parts := strings.Split(issued, ".")
	for _, seed := range []string{
		issued, "", ".", "..", "...", issued + ".", "0" + issued, "+" + issued, " " + issued,
		issued[:len(issued)-1] + "B", // the MAC's unused bits set: not canonical
		parts[0] + "." + parts[1] + "=." + parts[2], parts[0] + "." + parts[2] + "." + parts[1],
		"99999999999999999999." + parts[1] + "." + parts[2], "-1." + parts[1] + "." + parts[2],
	} {
		f.Add(seed, "owner")
	}
	f.Add(issued, "Owner")
	f.Fuzz(func(t *testing.T, cookie, user string) {
		nonce, ok := a.trustedDevice(creds, user, cookie, now)
		if ok != (cookie == issued && user == creds.User) {
			t.Fatalf("trustedDevice(%q, %q) = %t", cookie, user, ok)
		}
		if ok && nonce != parts[1] {
			t.Fatalf("nonce %q, want %q", nonce, parts[1])
		}
	})
}
