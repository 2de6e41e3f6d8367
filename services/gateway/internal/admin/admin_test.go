package admin_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// The lowest cost keeps the tests fast; the algorithm is the same.
const testCost = bcrypt.MinCost

func hash(t *testing.T, password string) string {
	t.Helper()
	h, err := admin.HashPassword(password, testCost)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// clock is a settable time for the sessions' expiry and the failure windows.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func sessions(t *testing.T) *sqlstore.Store {
	t.Helper()
	ctx := context.Background()
	db, err := sqldb.OpenSQLite(ctx, filepath.Join(t.TempDir(), "portfolio.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if err := sqlstore.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	return sqlstore.New(db)
}

func newAuth(t *testing.T, creds admin.Credentials, store admin.Store) (*admin.Auth, *clock) {
	t.Helper()
	return newAuthWith(t, creds, store, admin.Options{})
}

// newAuthWith is newAuth with opts (the session TTL, clock and cost are the tests').
func newAuthWith(t *testing.T, creds admin.Credentials, store admin.Store, opts admin.Options) (*admin.Auth, *clock) {
	t.Helper()
	c := &clock{now: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	opts.SessionTTL, opts.Now, opts.PasswordCost = time.Hour, c.Now, testCost
	return admin.New(creds, store, opts), c
}

func TestLoginAndSessions(t *testing.T) {
	ctx := context.Background()
	creds := admin.Credentials{User: "owner", PasswordHash: hash(t, "correct horse")}

	t.Run("right credentials start a session that lasts the TTL", func(t *testing.T) {
		a, c := newAuth(t, creds, sessions(t))
		s, token, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		if s.User != "owner" || !s.ExpiresAt.Equal(c.Now().Add(time.Hour)) {
			t.Errorf("session = %+v, want owner until an hour from now", s)
		}
		if len(token) != 43 {
			t.Errorf("token %q: want 43 base64url characters (32 random bytes)", token)
		}
		got, err := a.Session(ctx, token)
		if err != nil || got.User != "owner" {
			t.Fatalf("Session = %+v, %v", got, err)
		}
		c.Add(59 * time.Minute)
		if _, err := a.Session(ctx, token); err != nil {
			t.Errorf("a minute before expiry: %v", err)
		}
		c.Add(time.Minute)
		if _, err := a.Session(ctx, token); !errors.Is(err, admin.ErrNoSession) {
			t.Errorf("at expiry: err = %v, want ErrNoSession", err)
		}
	})

	t.Run("logout ends the session and only that one", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		_, first, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		_, second, err := a.Login(ctx, "owner", "correct horse", "192.0.2.2")
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Logout(ctx, first); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Session(ctx, first); !errors.Is(err, admin.ErrNoSession) {
			t.Errorf("after logout: err = %v, want ErrNoSession", err)
		}
		if _, err := a.Session(ctx, second); err != nil {
			t.Errorf("the other session ended too: %v", err)
		}
		if err := a.Logout(ctx, first); err != nil {
			t.Errorf("logging out twice: %v", err)
		}
	})

	t.Run("wrong user or password is refused alike", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		for _, tt := range []struct{ user, password string }{
			{"owner", "wrong"},
			{"Owner", "correct horse"},
			{"someone", "correct horse"},
			{"", ""},
			{"owner", strings.Repeat("x", 200)},
		} {
			if _, _, err := a.Login(ctx, tt.user, tt.password, "192.0.2.1"); !errors.Is(err, admin.ErrWrongCredentials) {
				t.Errorf("Login(%q, %q) = %v, want ErrWrongCredentials", tt.user, tt.password, err)
			}
		}
	})

	t.Run("tokens that are not a live session", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		for _, token := range []string{"", "nope", strings.Repeat("A", 43), "../../etc/passwd"} {
			if _, err := a.Session(ctx, token); !errors.Is(err, admin.ErrNoSession) {
				t.Errorf("Session(%q) = %v, want ErrNoSession", token, err)
			}
		}
	})

	t.Run("a new password hash ends the sessions made with the old one", func(t *testing.T) {
		store := sessions(t)
		a, _ := newAuth(t, creds, store)
		_, token, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		changed, _ := newAuth(t, admin.Credentials{User: "owner", PasswordHash: hash(t, "battery staple")}, store)
		if _, err := changed.Session(ctx, token); !errors.Is(err, admin.ErrNoSession) {
			t.Errorf("session after the hash changed: err = %v, want ErrNoSession", err)
		}
	})

	t.Run("a session survives a restart", func(t *testing.T) {
		store := sessions(t)
		a, _ := newAuth(t, creds, store)
		_, token, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		restarted, _ := newAuth(t, creds, store)
		if _, err := restarted.Session(ctx, token); err != nil {
			t.Errorf("after a restart: %v", err)
		}
	})

	t.Run("PHP's $2y$ hashes are accepted", func(t *testing.T) {
		y := "$2y$" + strings.TrimPrefix(hash(t, "correct horse"), "$2a$")
		if err := admin.CheckPasswordHash(y); err != nil {
			t.Fatal(err)
		}
		a, _ := newAuth(t, admin.Credentials{User: "owner", PasswordHash: y}, sessions(t))
		if _, _, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1"); err != nil {
			t.Errorf("Login with a $2y$ hash: %v", err)
		}
	})
}

func TestLoginUnconfigured(t *testing.T) {
	ctx := context.Background()
	for _, creds := range []admin.Credentials{{}, {User: "owner"}, {PasswordHash: hash(t, "pw")}} {
		a, _ := newAuth(t, creds, sessions(t))
		if ok, err := a.Configured(ctx); ok || err != nil {
			t.Errorf("%+v: Configured() = %v, %v", creds.User, ok, err)
		}
		if _, _, err := a.Login(ctx, creds.User, "pw", "192.0.2.1"); !errors.Is(err, admin.ErrNotConfigured) {
			t.Errorf("Login = %v, want ErrNotConfigured", err)
		}
	}
}

func TestFailedLoginsAreLimited(t *testing.T) {
	ctx := context.Background()
	creds := admin.Credentials{User: "owner", PasswordHash: hash(t, "correct horse")}
	fail := func(t *testing.T, a *admin.Auth, user, client string) {
		t.Helper()
		if _, _, err := a.Login(ctx, user, "wrong", client); !errors.Is(err, admin.ErrWrongCredentials) {
			t.Fatalf("failure from %s for %s: %v, want ErrWrongCredentials", client, user, err)
		}
	}
	limited := func(t *testing.T, a *admin.Auth, user, client string) {
		t.Helper()
		_, _, err := a.Login(ctx, user, "correct horse", client)
		tooMany, ok := apperr.From(err)
		if !ok || tooMany.Code != apperr.RateLimited {
			t.Fatalf("Login from %s for %s with the right password = %v, want apperr.RateLimited", client, user, err)
		}
		if tooMany.RetryAfter <= 0 || tooMany.RetryAfter > admin.DefaultFailureWindow {
			t.Errorf("RetryAfter = %v", tooMany.RetryAfter)
		}
	}

	t.Run("per client, whatever the user name", func(t *testing.T) {
		a, c := newAuth(t, creds, sessions(t))
		for i := range admin.DefaultMaxFailures {
			fail(t, a, "user"+string(rune('a'+i)), "192.0.2.1")
		}
		limited(t, a, "owner", "192.0.2.1")
		if _, _, err := a.Login(ctx, "owner", "correct horse", "192.0.2.2"); err != nil {
			t.Errorf("another client was refused: %v", err)
		}
		c.Add(admin.DefaultFailureWindow)
		if _, _, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1"); err != nil {
			t.Errorf("after the window: %v", err)
		}
	})

	t.Run("failures from other clients do not lock the owner out", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		for i := range 3 * admin.DefaultMaxFailures {
			fail(t, a, "owner", fmt.Sprintf("198.51.100.%d", i+1))
		}
		if _, _, err := a.Login(ctx, "OWNER ", "correct horse", "203.0.113.9"); !errors.Is(err, admin.ErrWrongCredentials) {
			t.Errorf("a clean client's attempt while the name is under attack = %v, want it checked", err)
		}
		if _, _, err := a.Login(ctx, "owner", "correct horse", "192.0.2.200"); err != nil {
			t.Errorf("the owner from a clean address, after %d failures for the name elsewhere: %v", 3*admin.DefaultMaxFailures, err)
		}
	})

	t.Run("while a name is under attack every client gets fewer tries", func(t *testing.T) {
		a, c := newAuth(t, creds, sessions(t))
		for i := range admin.DefaultMaxFailures {
			fail(t, a, "owner", fmt.Sprintf("198.51.100.%d", i+1))
		}
		// The first attacker has one failure; one more is allowed, then it waits.
		for range admin.UnderAttackAllowance - 1 {
			fail(t, a, "owner", "198.51.100.1")
		}
		limited(t, a, "owner", "198.51.100.1")
		// A new client: UnderAttackAllowance failures, not DefaultMaxFailures.
		for range admin.UnderAttackAllowance {
			fail(t, a, "owner", "203.0.113.50")
		}
		limited(t, a, "owner", "203.0.113.50")
		// Once the windows end, the name is no longer under attack.
		c.Add(admin.DefaultFailureWindow)
		for range admin.DefaultMaxFailures {
			fail(t, a, "owner", "203.0.113.50")
		}
		limited(t, a, "owner", "203.0.113.50")
	})

	t.Run("a successful sign-in does not count and clears the count", func(t *testing.T) {
		a, _ := newAuth(t, creds, sessions(t))
		for range 3 {
			for range admin.DefaultMaxFailures - 1 {
				fail(t, a, "owner", "192.0.2.1")
			}
			if _, _, err := a.Login(ctx, "owner", "correct horse", "192.0.2.1"); err != nil {
				t.Fatalf("sign-in after %d failures: %v", admin.DefaultMaxFailures-1, err)
			}
		}
	})

	t.Run("concurrent attempts cannot outrun the limit", func(t *testing.T) {
		a, _ := newAuthWith(t, creds, sessions(t), admin.Options{PasswordChecks: 20})
		var wg sync.WaitGroup
		var mu sync.Mutex
		wrong := 0
		for range 20 {
			wg.Go(func() {
				_, _, err := a.Login(ctx, "owner", "wrong", "192.0.2.1")
				if errors.Is(err, admin.ErrWrongCredentials) {
					mu.Lock()
					wrong++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if wrong != admin.DefaultMaxFailures {
			t.Errorf("%d of 20 concurrent attempts checked the password, want %d", wrong, admin.DefaultMaxFailures)
		}
	})

	t.Run("two replicas on one database share the counts", func(t *testing.T) {
		store := sessions(t)
		one, _ := newAuth(t, creds, store)
		other, _ := newAuth(t, creds, store)
		for range admin.DefaultMaxFailures {
			fail(t, one, "owner", "192.0.2.1")
		}
		limited(t, other, "owner", "192.0.2.1")
	})
}

func TestPasswordChecksAreCapped(t *testing.T) {
	ctx := context.Background()
	creds := admin.Credentials{User: "owner", PasswordHash: hash(t, "correct horse")}
	holding, release := make(chan struct{}), make(chan struct{})
	var hold sync.Once
	a, _ := newAuthWith(t, creds, sessions(t), admin.Options{
		PasswordChecks: 1,
		HoldingPasswordCheck: func() {
			hold.Do(func() {
				close(holding)
				<-release
			})
		},
	})
	done := make(chan error, 1)
	go func() {
		_, _, err := a.Login(ctx, "someone", "wrong", "192.0.2.1")
		done <- err
	}()
	<-holding // the only check is taken

	// Every other attempt is refused at once, and does not count as a failure.
	for range 2 * admin.DefaultMaxFailures {
		if _, _, err := a.Login(ctx, "owner", "correct horse", "192.0.2.2"); !errors.Is(err, admin.ErrBusy) {
			t.Fatalf("Login while the checks are full = %v, want ErrBusy", err)
		}
	}
	close(release)
	if err := <-done; !errors.Is(err, admin.ErrWrongCredentials) {
		t.Errorf("the held attempt: %v", err)
	}
	for range admin.DefaultMaxFailures - 1 {
		if _, _, err := a.Login(ctx, "owner", "wrong", "192.0.2.2"); !errors.Is(err, admin.ErrWrongCredentials) {
			t.Fatalf("after the busy refusals: %v, want the attempts checked (busy ones do not count)", err)
		}
	}
	if _, _, err := a.Login(ctx, "owner", "correct horse", "192.0.2.2"); err != nil {
		t.Errorf("sign-in once the checks are free: %v", err)
	}
}

func TestSetup(t *testing.T) {
	ctx := context.Background()

	t.Run("the link sets the admin up once, then it is signed in as usual", func(t *testing.T) {
		store := sessions(t)
		a, _ := newAuth(t, admin.Credentials{}, store)
		token, expires, err := a.StartSetup(ctx)
		if err != nil || token == "" {
			t.Fatalf("StartSetup = %q, %v", token, err)
		}
		if want := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC); !expires.Equal(want) {
			t.Errorf("expires %v, want an hour from now", expires)
		}
		s, session, err := a.SetUp(ctx, token, "jane", "a long enough password")
		if err != nil {
			t.Fatal(err)
		}
		if s.User != "jane" {
			t.Errorf("session user %q", s.User)
		}
		if _, err := a.Session(ctx, session); err != nil {
			t.Errorf("the session SetUp started: %v", err)
		}
		if ok, err := a.Configured(ctx); !ok || err != nil {
			t.Errorf("Configured after setup = %v, %v", ok, err)
		}
		if _, _, err := a.SetUp(ctx, token, "mallory", "another long password"); !errors.Is(err, admin.ErrAlreadySetUp) {
			t.Errorf("the link a second time: %v, want ErrAlreadySetUp", err)
		}
		// Another replica (or a restart) reads the admin from the database; the
		// password is stored as a bcrypt hash.
		restarted, _ := newAuth(t, admin.Credentials{}, store)
		if _, _, err := restarted.Login(ctx, "jane", "a long enough password", "192.0.2.1"); err != nil {
			t.Errorf("sign-in after a restart: %v", err)
		}
		stored, err := store.Credentials(ctx)
		if err != nil || admin.CheckPasswordHash(stored.PasswordHash) != nil || strings.Contains(stored.PasswordHash, "long enough") {
			t.Errorf("stored %+v, %v: want a bcrypt hash", stored, err)
		}
		if token, _, err := restarted.StartSetup(ctx); token != "" || err != nil {
			t.Errorf("StartSetup with an admin in the database = %q, %v; want no link", token, err)
		}
	})

	t.Run("the link expires after an hour", func(t *testing.T) {
		a, c := newAuth(t, admin.Credentials{}, sessions(t))
		token, _, err := a.StartSetup(ctx)
		if err != nil {
			t.Fatal(err)
		}
		c.Add(time.Hour)
		if _, _, err := a.SetUp(ctx, token, "jane", "a long enough password"); !errors.Is(err, admin.ErrSetupLinkInvalid) {
			t.Errorf("SetUp an hour later = %v, want ErrSetupLinkInvalid", err)
		}
		if ok, _ := a.Configured(ctx); ok {
			t.Error("an expired link set the admin up")
		}
	})

	t.Run("every replica's link works until one is used", func(t *testing.T) {
		store := sessions(t)
		one, _ := newAuth(t, admin.Credentials{}, store)
		other, _ := newAuth(t, admin.Credentials{}, store)
		first, _, err1 := one.StartSetup(ctx)
		second, _, err2 := other.StartSetup(ctx)
		if err := errors.Join(err1, err2); err != nil {
			t.Fatal(err)
		}
		if _, _, err := one.SetUp(ctx, second, "jane", "a long enough password"); err != nil {
			t.Fatalf("one replica's link on the other: %v", err)
		}
		if _, _, err := other.SetUp(ctx, first, "mallory", "another long password"); !errors.Is(err, admin.ErrAlreadySetUp) {
			t.Errorf("the other link after setup: %v, want ErrAlreadySetUp", err)
		}
	})

	t.Run("wrong or made-up tokens", func(t *testing.T) {
		a, _ := newAuth(t, admin.Credentials{}, sessions(t))
		if _, _, err := a.StartSetup(ctx); err != nil {
			t.Fatal(err)
		}
		for _, token := range []string{"", "nope", strings.Repeat("A", 43)} {
			if _, _, err := a.SetUp(ctx, token, "jane", "a long enough password"); !errors.Is(err, admin.ErrSetupLinkInvalid) {
				t.Errorf("SetUp(%q) = %v, want ErrSetupLinkInvalid", token, err)
			}
		}
	})

	t.Run("no link while an admin is configured, and the configuration wins", func(t *testing.T) {
		store := sessions(t)
		a, _ := newAuth(t, admin.Credentials{User: "owner", PasswordHash: hash(t, "correct horse")}, store)
		if token, _, err := a.StartSetup(ctx); token != "" || err != nil {
			t.Errorf("StartSetup with a configured admin = %q, %v", token, err)
		}
		if _, _, err := a.SetUp(ctx, strings.Repeat("A", 43), "jane", "a long enough password"); !errors.Is(err, admin.ErrAlreadySetUp) {
			t.Errorf("SetUp with a configured admin = %v", err)
		}
	})

	t.Run("the user name and password rules", func(t *testing.T) {
		for _, tt := range []struct {
			user, password, field, message string
		}{
			{"", "a long enough password", "user", "Enter a user name."},
			{" jane", "a long enough password", "user", "The user name must not start or end with a space."},
			{strings.Repeat("j", admin.MaxUserLength+1), "a long enough password", "user", "The user name must be at most 100 characters."},
			{"ja\tne", "a long enough password", "user", "The user name must be one line of printable characters."},
			{"jane", "", "password", "Enter a password."},
			{"jane", "short pw", "password", "The password must be at least 12 characters."},
			{"jane", strings.Repeat("é", 37), "password", "The password must be at most 72 bytes (bcrypt ignores the rest)."},
			{"jane", "ünïcödé pässwörd", "", ""},
			// NIST 800-63B: no common, repeated or sequential passwords, and say which.
			{"jane", "123456789012", "password", admin.MsgPasswordCommon},
			{"jane", "password1234", "password", admin.MsgPasswordCommon},
			{"jane", "PASSWORD1234", "password", admin.MsgPasswordCommon},
			{"jane", strings.Repeat(" ", 12), "password", admin.MsgPasswordRepeated},
			{"jane", strings.Repeat("\x00", 12), "password", admin.MsgPasswordRepeated},
			{"jane", strings.Repeat("é", 14), "password", admin.MsgPasswordRepeated},
			{"jane", "3456789012345", "password", admin.MsgPasswordSequential},
			{"jane", "zyxwvutsrqponm", "password", admin.MsgPasswordSequential},
			{"jane", "correct horse battery", "", ""},
			// The user name: one line, no direction controls, something visible.
			{"ja\u0085ne", "a long enough password", "user", "The user name must be one line of printable characters."},
			{"ja\u2028ne", "a long enough password", "user", "The user name must be one line of printable characters."},
			{"ja\u2029ne", "a long enough password", "user", "The user name must be one line of printable characters."},
			{"admin\u202Enimda", "a long enough password", "user", "The user name must be one line of printable characters."},
			{"\u200B\u200B\u200B", "a long enough password", "user", "The user name must not contain invisible characters."},
			// Invisible characters: "own\ufeffer" would show as "owner".
			{"own\ufeffer", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u200ber", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u00ader", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u2060er", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u034fer", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u200cer", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u200der", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u2062er", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u180eer", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"own\u3164er", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"owner\ufe0f", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"owner\U000e0001\U000e0041\U000e007f", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"\ufeffowner", "a long enough password", "user", "The user name must not contain invisible characters."},
			{"مریم\u200cزاده", "a long enough password", "", ""},
		} {
			err := admin.CheckSetup(tt.user, tt.password)
			if tt.field == "" {
				if err != nil {
					t.Errorf("CheckSetup(%q, %q) = %v, want nil", tt.user, tt.password, err)
				}
				continue
			}
			p, ok := apperr.From(err)
			if !ok || p.Code != apperr.Invalid || p.Field != tt.field || p.Message != tt.message {
				t.Errorf("CheckSetup(%q, %q) = %+v, want %s %q", tt.user, tt.password, p, tt.field, tt.message)
			}
		}
	})
}

func TestCheckPasswordHash(t *testing.T) {
	good := hash(t, "pw")
	tests := []struct {
		name string
		hash string
		ok   bool
	}{
		{"$2a$", good, true},
		{"$2b$", "$2b$" + good[4:], true},
		{"$2y$", "$2y$" + good[4:], true},
		{"plain text", "hunter2", false},
		{"other scheme", "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", false},
		{"$2x$", "$2x$" + good[4:], false},
		{"shell ate the $ signs", "a$04" + good[7:], false},
		{"truncated", good[:50], false},
		{"bad cost", "$2a$99" + good[6:], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := admin.CheckPasswordHash(tt.hash)
			if (err == nil) != tt.ok {
				t.Fatalf("CheckPasswordHash = %v, want ok %v", err, tt.ok)
			}
			if err != nil && strings.Contains(err.Error(), tt.hash) {
				t.Errorf("the error shows the hash: %v", err)
			}
		})
	}
}

func TestHashPassword(t *testing.T) {
	h, err := admin.HashPassword("correct horse", testCost)
	if err != nil {
		t.Fatal(err)
	}
	if err := admin.CheckPasswordHash(h); err != nil {
		t.Errorf("HashPassword's hash fails CheckPasswordHash: %v", err)
	}
	if bcrypt.CompareHashAndPassword([]byte(h), []byte("correct horse")) != nil {
		t.Error("the hash does not verify the password")
	}
	if _, err := admin.HashPassword("", testCost); !errors.Is(err, admin.ErrEmptyPassword) {
		t.Errorf("empty password: %v", err)
	}
	if _, err := admin.HashPassword(strings.Repeat("x", 73), testCost); !errors.Is(err, admin.ErrPasswordTooLong) {
		t.Errorf("73-byte password: %v", err)
	}
}

func TestCheckUser(t *testing.T) {
	for _, tt := range []struct {
		user string
		ok   bool
	}{
		{"admin", true},
		{"Jane Doe", true},
		{" admin", false},
		{"ad\nmin", false},
		{strings.Repeat("a", admin.MaxUserLength+1), false},
		{"ad\u0085min", false},       // NEL
		{"ad\u2028min", false},       // line separator
		{"ad\u2029min", false},       // paragraph separator
		{"ad\u202Emin", false},       // right-to-left override
		{"ad\u2066min\u2069", false}, // an isolate
		{"\u200B\u200D", false},      // nothing visible
		{"Zoë Ñúñez", true},
	} {
		if err := admin.CheckUser(tt.user); (err == nil) != tt.ok {
			t.Errorf("CheckUser(%q) = %v, want ok %v", tt.user, err, tt.ok)
		}
	}
}
