package server_test

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
)

// bcrypt reads only the first 72 bytes of a password: with a 72-byte password, that
// password plus any suffix would sign in. Sign-in refuses what setup refuses: more than
// 72 bytes.
func TestSignInRefusesPasswordsBcryptWouldCut(t *testing.T) {
	password := strings.Repeat("p", 72)
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, map[string]string{"PORTFOLIO_ADMIN_USER": adminUser, "PORTFOLIO_ADMIN_PASSWORD_HASH": string(hash)})
	cases := []struct {
		name, password string
		status         int
	}{
		{"the 72-byte password", password, http.StatusNoContent},
		{"it plus a suffix", password + "anything", http.StatusBadRequest},
		{"73 bytes of another password", strings.Repeat("q", 73), http.StatusBadRequest},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := f.login(adminUser, c.password, "")
			if w.Code != c.status {
				t.Fatalf("status %d %s, want %d", w.Code, w.Body, c.status)
			}
			if c.status == http.StatusBadRequest {
				if !strings.Contains(w.Body.String(), `"field":"password"`) || !strings.Contains(w.Body.String(), "at most 72 bytes") {
					t.Errorf("body %s", w.Body)
				}
				if len(w.Result().Cookies()) != 0 {
					t.Errorf("a refused sign-in set cookies: %v", w.Header().Values("Set-Cookie"))
				}
			}
		})
	}
}
