package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// Admin is what the admin API works with.
type Admin struct {
	Auth        AdminAuth
	Subscribers Subscribers
	Publisher   Publisher
	Messages    Messages
	Mail        Mail // the mail outbox's troubled emails
	Rehearsal   Rehearsal
	// Replication is where the database is copied as it is written (nil: not said).
	Replication Replication
	// Suppressions is the mail's suppression list; nil serves none.
	Suppressions Suppressions
}

// Replication says how the site's database is kept off its disk
// (docs/decisions/0053), for the admin's dashboard.
type Replication interface {
	ReplicationStatus() ReplicationStatus
}

// Ways the database is kept off its disk.
const (
	ReplicationReplica  = "replica"  // SQLite, replicated to PORTFOLIO_REPLICA_URL
	ReplicationNone     = "none"     // SQLite on one disk only
	ReplicationPostgres = "postgres" // the database server's own archiving
)

// ReplicationStatus is one of the Replication* modes and, for a replica, how long ago
// it last held every write and whether that is within what the alert allows.
type ReplicationStatus struct {
	Mode    string
	Lag     time.Duration
	Healthy bool
}

// AdminAuth signs the admin in and out (admin.Auth).
type AdminAuth interface {
	Configured(ctx context.Context) (bool, error)
	SessionTTL() time.Duration
	SignIn(ctx context.Context, at admin.Attempt) (admin.Session, string, error)
	// DeviceCookie and DeviceTTL make the device cookie of a browser that signed in.
	DeviceCookie(ctx context.Context, s admin.Session) (string, error)
	DeviceTTL() time.Duration
	Session(ctx context.Context, token string) (admin.Session, error)
	Logout(ctx context.Context, token string) error
	SetUp(ctx context.Context, token, user, password string) (admin.Session, string, error)
}

// Subscribers is what the admin reads of the newsletter's list (newsletter.Service).
type Subscribers interface {
	Counts(ctx context.Context) (newsletter.Counts, error)
	List(ctx context.Context, q newsletter.ListQuery) (newsletter.SubscriberPage, error)
	All(ctx context.Context) ([]newsletter.Subscriber, error)
	Import(ctx context.Context, file io.Reader) (newsletter.ImportResult, error)
}

// Publisher sends editions to the confirmed subscribers (newsletter.Publisher).
type Publisher interface {
	Editions() []content.Edition
	Publish(ctx context.Context, editionID int) (newsletter.PublishResult, error)
	LastPublications(ctx context.Context) (map[int]newsletter.Publication, error)
	Schedule(ctx context.Context, editionID int, at time.Time) (newsletter.ScheduledEdition, error)
	CancelSchedule(ctx context.Context, editionID int) (newsletter.ScheduledEdition, error)
	Schedules(ctx context.Context) (map[int]newsletter.ScheduledEdition, error)
	Results(ctx context.Context) (map[int]newsletter.Results, error)
}

// Rehearsal shows an edition's email before it is published and sends it to the
// owner alone (newsletter.Rehearsal).
type Rehearsal interface {
	Preview(ctx context.Context, editionID int) (mail.Message, error)
	SendTest(ctx context.Context, editionID int) (mail.Message, error)
}

// Messages are the contact messages received (contact.Inbox).
type Messages interface {
	List(ctx context.Context, limit int) ([]contact.Message, error)
}

// adminCookie is one of the admin's cookies: HttpOnly (no script reads it),
// SameSite=Strict (no other site's page sends it), and over HTTPS Secure.
type adminCookie struct {
	name   string
	path   string
	secure bool
}

// newSessionCookie is the session's cookie: over HTTPS with the __Host- prefix, which
// a browser only accepts from this host, for Path=/, over TLS.
func newSessionCookie(https bool) adminCookie {
	if https {
		return adminCookie{name: "__Host-portfolio_admin", path: "/", secure: true}
	}
	return adminCookie{name: "portfolio_admin", path: "/"}
}

// newDeviceCookie is the device cookie (admin.Auth.DeviceCookie): sent only to the
// sign-in endpoint, the one place that reads it; over HTTPS with the __Secure- prefix,
// which a browser only accepts over TLS (__Host- would need Path=/).
func newDeviceCookie(https bool) adminCookie {
	if https {
		return adminCookie{name: "__Secure-portfolio_admin_device", path: adminSessionPath, secure: true}
	}
	return adminCookie{name: "portfolio_admin_device", path: adminSessionPath}
}

// adminSessionPath is where the admin signs in and out (routes.go), and so the path of
// the device cookie: the browser sends it there only.
const adminSessionPath = "/api/admin/session"

func (c adminCookie) set(w http.ResponseWriter, token string, maxAge time.Duration) {
	http.SetCookie(w, &http.Cookie{
		Name: c.name, Value: token, Path: c.path, MaxAge: int(maxAge / time.Second),
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode,
	})
}

func (c adminCookie) clear(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{
		Name: c.name, Value: "", Path: c.path, MaxAge: -1,
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode,
	})
}

func (c adminCookie) token(r *http.Request) string {
	ck, err := r.Cookie(c.name)
	if err != nil {
		return ""
	}
	return ck.Value
}

type adminSessionKey struct{}

// adminSessionFrom returns the session adminEndpoint found for the request.
func adminSessionFrom(ctx context.Context) admin.Session {
	s, _ := ctx.Value(adminSessionKey{}).(admin.Session)
	return s
}

// adminGuard guards the admin API, in this order: requests from any other origin than
// the admin's (403, fromAdminOrigin), no admin
// configured nor set up (503 not_configured), and for withSession, no live session
// (401). Every answer, refusals included, is no-store: none of it belongs in a cache.
type adminGuard struct {
	logger *zap.Logger
	origin string // the admin's (config.Config.AdminURL)
	auth   AdminAuth
	cookie adminCookie
}

// guardMode is who may call an endpoint of the admin API.
type guardMode int

const (
	guardAnyone     guardMode = iota // from the admin's origin: the session probe and setting up
	guardConfigured                  // and an admin configured or set up: signing in and out
	guardSession                     // and a live session: everything else
)

// probe guards an endpoint that answers whatever the state (the session probe,
// setting up).
func (g adminGuard) probe(h http.Handler) http.Handler { return g.guard(h, guardAnyone) }

// open guards an endpoint that needs no session (signing in and out).
func (g adminGuard) open(h http.Handler) http.Handler { return g.guard(h, guardConfigured) }

// withSession guards an endpoint only a signed-in admin may use.
func (g adminGuard) withSession(h http.Handler) http.Handler { return g.guard(h, guardSession) }

func (g adminGuard) guard(h http.Handler, mode guardMode) http.Handler {
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if mode == guardAnyone {
			h.ServeHTTP(w, r)
			return
		}
		configured, err := g.auth.Configured(r.Context())
		if err != nil {
			writeError(w, r, g.logger, &Error{Code: apperr.Unavailable, Message: "The admin could not be checked. Please try again later.", Err: err})
			return
		}
		if !configured {
			writeError(w, r, g.logger, admin.ErrNotConfigured)
			return
		}
		needSession := mode == guardSession
		if needSession {
			s, err := g.auth.Session(r.Context(), g.cookie.token(r))
			if err != nil { // admin.ErrNoSession: 401
				writeError(w, r, g.logger, apperr.Or(err, apperr.Unavailable, "The session could not be checked. Please try again later."))
				return
			}
			r = r.WithContext(context.WithValue(r.Context(), adminSessionKey{}, s))
		}
		h.ServeHTTP(w, r)
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		// Reads as well as actions: a response read by another origin's script is as
		// bad as an action taken by one.
		if !fromAdminOrigin(r, g.origin) {
			writeError(w, r, g.logger, &Error{Code: apperr.Forbidden, Message: "Only the admin's own pages may use the admin API."})
			return
		}
		inner.ServeHTTP(w, r)
	})
}

// sessionAnswer is GET /api/admin/session's body: who is signed in and until when, or
// nobody, and then whether an admin exists to sign in as (else the page says to use
// the setup link).
type sessionAnswer struct {
	Authenticated bool   `json:"authenticated"`
	User          string `json:"user,omitempty"`
	ExpiresAt     string `json:"expiresAt,omitempty"`
	Configured    *bool  `json:"configured,omitempty"`
}

// handleAdminSession is the admin page's probe: always 200 for the states the page is
// built for (signed in, signed out, not set up), so that a browser logs no failed
// request on a page that works as intended. Guarded by adminGuard.probe.
func handleAdminSession(logger *zap.Logger, auth AdminAuth, cookie adminCookie) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		configured, err := auth.Configured(r.Context())
		if err != nil {
			writeError(w, r, logger, &Error{Code: apperr.Unavailable, Message: "The session could not be checked. Please try again later.", Err: err})
			return
		}
		if !configured {
			writeJSON(w, http.StatusOK, sessionAnswer{Configured: &configured})
			return
		}
		s, err := auth.Session(r.Context(), cookie.token(r))
		switch {
		case errors.Is(err, admin.ErrNoSession): // signed out: a state the page is built for
			writeJSON(w, http.StatusOK, sessionAnswer{Configured: &configured})
		case err != nil:
			writeError(w, r, logger, &Error{Code: apperr.Unavailable, Message: "The session could not be checked. Please try again later.", Err: err})
		default:
			writeJSON(w, http.StatusOK, sessionAnswer{Authenticated: true, User: s.User, ExpiresAt: rfc3339(s.ExpiresAt)})
		}
	})
}

// setupRequest is the body of POST /api/admin/setup.
type setupRequest struct {
	Token    string `json:"token"`
	User     string `json:"user"`
	Password string `json:"password"`
}

// Valid refuses a request without a token; the user name and password rules are
// admin.CheckSetup's, applied by SetUp once the admin is known not to exist.
func (s setupRequest) Valid(context.Context) error {
	if s.Token == "" {
		return invalid("token", "Open the setup link from the gateway's log.")
	}
	return nil
}

// handleAdminSetup sets the admin up through a setup link: 204 with a session cookie
// (the owner is signed in), 400 for a refused user name or password or a link that is
// not (or no longer) valid, 409 when an admin exists. Guarded by adminGuard.probe and
// readBody.
func handleAdminSetup(logger *zap.Logger, auth AdminAuth, cookie, device adminCookie) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[setupRequest](r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		s, token, err := auth.SetUp(r.Context(), req.Token, req.User, req.Password)
		if err != nil {
			writeError(w, r, logger, apperr.Or(err, apperr.Unavailable, "Setting up the admin failed. Please try again later."))
			return
		}
		cookie.set(w, token, auth.SessionTTL())
		setDeviceCookie(r.Context(), w, logger, auth, device, s)
		logger.Info("admin: set up through the setup link, signed in", zap.String("user", s.User), zap.Time("expires_at", s.ExpiresAt))
		w.WriteHeader(http.StatusNoContent)
	})
}

// loginRequest is the body of POST /api/admin/session.
type loginRequest struct {
	User     string `json:"user"`
	Password string `json:"password"`
}

// Valid refuses what cannot be a sign-in at all; a wrong one is for Login to say.
func (l loginRequest) Valid(context.Context) error {
	switch {
	case strings.TrimSpace(l.User) == "":
		return invalid("user", "Enter your user name.")
	case utf8.RuneCountInString(l.User) > admin.MaxUserLength:
		return invalid("user", "The user name is too long.")
	case l.Password == "":
		return invalid("password", "Enter your password.")
	case len(l.Password) > admin.MaxPasswordBytes:
		// bcrypt compares only the first 72 bytes: a longer one would sign in with
		// whatever follows them. Setup refuses such passwords the same way.
		return invalid("password", fmt.Sprintf("The password must be at most %d bytes (bcrypt ignores the rest).", admin.MaxPasswordBytes))
	}
	return nil
}

// handleAdminLogin signs the admin in: 204, the session cookie and a new device
// cookie, 401 for a wrong user name or password (which one is not said), 429 after too
// many failures from this client (or device) or for this user name. Guarded by
// adminGuard.open and readBody.
func handleAdminLogin(logger *zap.Logger, auth AdminAuth, cookie, device adminCookie) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[loginRequest](r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		// The client's limit key (an IPv6 client by its network), as every limit.
		client := clientKeyFrom(r.Context())
		s, token, err := auth.SignIn(r.Context(), admin.Attempt{User: req.User, Password: req.Password, Client: client, Device: device.token(r)})
		switch {
		case apperr.CodeOf(err) == apperr.RateLimited:
			e, _ := apperr.From(err)
			logger.Warn("admin: sign-in refused, too many failures", zap.String("client", client),
				zap.Int("retry_after", ratelimit.RetryAfterSeconds(e.RetryAfter)))
		case errors.Is(err, admin.ErrBusy):
			// Every password check is taken: a quick answer rather than a queue, so a
			// flood of sign-ins costs the site at most the checks' cores.
			logger.Warn("admin: sign-in refused, password checks busy", zap.String("client", client))
		case errors.Is(err, admin.ErrWrongCredentials):
			// The typed user name is not logged: people type passwords into it.
			logger.Warn("admin: sign-in failed", zap.String("client", client))
		}
		if err != nil {
			writeError(w, r, logger, apperr.Or(err, apperr.Unavailable, "Signing in failed. Please try again later."))
			return
		}
		cookie.set(w, token, auth.SessionTTL())
		setDeviceCookie(r.Context(), w, logger, auth, device, s)
		logger.Info("admin: signed in", zap.String("user", s.User), zap.String("client", client), zap.Time("expires_at", s.ExpiresAt))
		w.WriteHeader(http.StatusNoContent)
	})
}

// setDeviceCookie gives the browser that has just signed in as s a new device cookie.
// Without one it signs in as any new client would, so a failure is only logged.
func setDeviceCookie(ctx context.Context, w http.ResponseWriter, logger *zap.Logger, auth AdminAuth, device adminCookie, s admin.Session) {
	value, err := auth.DeviceCookie(ctx, s)
	if err != nil {
		logger.Warn("admin: no device cookie", zap.Error(err))
		return
	}
	device.set(w, value, auth.DeviceTTL())
}

// handleAdminLogout ends the session, if any, and clears the cookie. Signing out
// without a session is not an error: the admin ends up signed out either way.
func handleAdminLogout(logger *zap.Logger, auth AdminAuth, cookie adminCookie) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := auth.Logout(r.Context(), cookie.token(r)); err != nil {
			writeError(w, r, logger, &Error{Code: apperr.Unavailable, Message: "Signing out failed. Please try again.", Err: err})
			return
		}
		cookie.clear(w)
		w.WriteHeader(http.StatusNoContent)
	})
}

// noBodyOrJSON answers 415 for a request with a body that is not JSON: an admin
// action takes none, and a plain form post from another site could carry one.
func noBodyOrJSON(logger *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength != 0 {
				if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
					writeError(w, r, logger, &Error{Code: apperr.UnsupportedType, Message: "Send no body, or JSON (Content-Type: application/json)."})
					return
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// rfc3339 is a time as the API writes it: RFC 3339, UTC, whole seconds.
func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// rfc3339OrNil is rfc3339, or null for the zero time (something that has not happened).
func rfc3339OrNil(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := rfc3339(t)
	return &s
}
