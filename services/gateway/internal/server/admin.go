package server

import (
	"context"
	"errors"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// Admin is what the admin API works with.
type Admin struct {
	Auth        AdminAuth
	Subscribers Subscribers
	Publisher   Publisher
	Messages    Messages
	Mail        Mail // the mail outbox's troubled emails
}

// AdminAuth signs the admin in and out (admin.Auth).
type AdminAuth interface {
	Configured() bool
	SessionTTL() time.Duration
	Login(ctx context.Context, user, password, client string) (admin.Session, string, error)
	Session(ctx context.Context, token string) (admin.Session, error)
	Logout(ctx context.Context, token string) error
}

// Subscribers is what the admin reads of the newsletter's list (newsletter.Service).
type Subscribers interface {
	Counts(ctx context.Context) (newsletter.Counts, error)
	List(ctx context.Context, q newsletter.ListQuery) (newsletter.SubscriberPage, error)
	All(ctx context.Context) ([]newsletter.Subscriber, error)
}

// Publisher sends editions to the confirmed subscribers (newsletter.Publisher).
type Publisher interface {
	Editions() []content.Edition
	Publish(ctx context.Context, editionID int) (newsletter.PublishResult, error)
	LastPublications(ctx context.Context) (map[int]newsletter.Publication, error)
}

// Messages are the contact messages received (contact.Inbox).
type Messages interface {
	List(ctx context.Context, limit int) ([]contact.Message, error)
}

// sessionCookie is the admin's session cookie: HttpOnly (no script reads it),
// SameSite=Strict (no other site's page sends it), and over HTTPS Secure with the
// __Host- prefix, which a browser only accepts from this host, for Path=/, over TLS.
type sessionCookie struct {
	name   string
	secure bool
}

func newSessionCookie(https bool) sessionCookie {
	if https {
		return sessionCookie{name: "__Host-portfolio_admin", secure: true}
	}
	return sessionCookie{name: "portfolio_admin"}
}

func (c sessionCookie) set(w http.ResponseWriter, token string, maxAge time.Duration) {
	http.SetCookie(w, &http.Cookie{
		Name: c.name, Value: token, Path: "/", MaxAge: int(maxAge / time.Second),
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode,
	})
}

func (c sessionCookie) clear(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{
		Name: c.name, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: c.secure, SameSite: http.SameSiteStrictMode,
	})
}

func (c sessionCookie) token(r *http.Request) string {
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

// adminGuard guards the admin API, in this order: cross-site requests (403), no admin
// configured (503 not_configured), and for withSession, no live session (401). Every
// answer, refusals included, is no-store: none of it belongs in a cache.
type adminGuard struct {
	logger *zap.Logger
	cop    *http.CrossOriginProtection
	auth   AdminAuth
	cookie sessionCookie
}

// notConfigured is the answer of every admin call while no admin is configured: how
// to configure one.
func notConfigured() error {
	return &Error{
		Code: ECodeNotConfigured,
		Message: "The admin is not configured: set " + config.EnvName("admin_user") + " and " +
			config.EnvName("admin_password_hash") + " (`gateway hash-password` prints a hash) and restart the gateway.",
	}
}

// open guards an endpoint that needs no session (signing in and out).
func (g adminGuard) open(h http.Handler) http.Handler { return g.guard(h, false) }

// withSession guards an endpoint only a signed-in admin may use.
func (g adminGuard) withSession(h http.Handler) http.Handler { return g.guard(h, true) }

func (g adminGuard) guard(h http.Handler, needSession bool) http.Handler {
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.auth.Configured() {
			writeError(w, r, g.logger, notConfigured())
			return
		}
		if needSession {
			s, err := g.auth.Session(r.Context(), g.cookie.token(r))
			switch {
			case errors.Is(err, admin.ErrNoSession):
				writeError(w, r, g.logger, &Error{Code: ECodeUnauthorized, Message: "Please sign in."})
				return
			case err != nil:
				writeError(w, r, g.logger, &Error{Code: ECodeUnavailable, Message: "The session could not be checked. Please try again later.", Err: err})
				return
			}
			r = r.WithContext(context.WithValue(r.Context(), adminSessionKey{}, s))
		}
		h.ServeHTTP(w, r)
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		// CrossOriginProtection lets GET and HEAD through, as safe; admin reads are
		// refused cross-site too, so every request is checked as if it were a POST.
		probe := *r
		probe.Method = http.MethodPost
		if err := g.cop.Check(&probe); err != nil {
			writeError(w, r, g.logger, &Error{Code: ECodeForbidden, Message: "Cross-site requests are not allowed."})
			return
		}
		inner.ServeHTTP(w, r)
	})
}

// sessionAnswer is GET /api/admin/session's body.
type sessionAnswer struct {
	User      string `json:"user"`
	ExpiresAt string `json:"expiresAt"`
}

// handleAdminSession says who is signed in, and until when.
func handleAdminSession() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s := adminSessionFrom(r.Context())
		writeJSON(w, http.StatusOK, sessionAnswer{User: s.User, ExpiresAt: rfc3339(s.ExpiresAt)})
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
	}
	return nil
}

// handleAdminLogin signs the admin in: 204 and the session cookie, 401 for a wrong
// user name or password (which one is not said), 429 after too many failures from
// this client or for this user name. Guarded by adminGuard.open and readBody.
func handleAdminLogin(logger *zap.Logger, auth AdminAuth, cookie sessionCookie) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[loginRequest](r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		client := clientIPFrom(r.Context()).String()
		s, token, err := auth.Login(r.Context(), req.User, req.Password, client)
		if tooMany, ok := errors.AsType[*admin.TooManyAttemptsError](err); ok {
			secs := ratelimit.RetryAfterSeconds(tooMany.RetryAfter)
			w.Header().Set("Retry-After", strconv.Itoa(secs))
			logger.Warn("admin: sign-in refused, too many failures", zap.String("client", client), zap.Int("retry_after", secs))
			writeError(w, r, logger, &Error{Code: ECodeRateLimited, Message: "Too many failed sign-ins. Please wait a few minutes and try again."})
			return
		}
		switch {
		case errors.Is(err, admin.ErrWrongCredentials):
			// The typed user name is not logged: people type passwords into it.
			logger.Warn("admin: sign-in failed", zap.String("client", client))
			writeError(w, r, logger, &Error{Code: ECodeUnauthorized, Message: "Wrong user name or password."})
			return
		case errors.Is(err, admin.ErrNotConfigured):
			writeError(w, r, logger, notConfigured())
			return
		case err != nil:
			writeError(w, r, logger, &Error{Code: ECodeUnavailable, Message: "Signing in failed. Please try again later.", Err: err})
			return
		}
		cookie.set(w, token, auth.SessionTTL())
		logger.Info("admin: signed in", zap.String("user", s.User), zap.String("client", client), zap.Time("expires_at", s.ExpiresAt))
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleAdminLogout ends the session, if any, and clears the cookie. Signing out
// without a session is not an error: the admin ends up signed out either way.
func handleAdminLogout(logger *zap.Logger, auth AdminAuth, cookie sessionCookie) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := auth.Logout(r.Context(), cookie.token(r)); err != nil {
			writeError(w, r, logger, &Error{Code: ECodeUnavailable, Message: "Signing out failed. Please try again.", Err: err})
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
					writeError(w, r, logger, &Error{Code: ECodeUnsupportedType, Message: "Send no body, or JSON (Content-Type: application/json)."})
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
