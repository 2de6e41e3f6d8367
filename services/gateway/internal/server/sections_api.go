package server

import (
	"context"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
)

// SectionReleases publishes, promotes and rolls back the sections' releases
// (release.Service with its deploy tokens).
type SectionReleases interface {
	// Publish stores the artifact raw, signed by sig (an SSHSIG blob; nil unsigned).
	Publish(ctx context.Context, section string, raw, sig []byte, actor string) (*release.Release, error)
	Promote(ctx context.Context, section, version, actor string) error
	Rollback(ctx context.Context, section, actor string) (string, error)
	Overviews(ctx context.Context) ([]release.Overview, error)
	// Authorize checks a deploy token for section and returns who acts.
	Authorize(ctx context.Context, token, section string) (string, error)
	// The keys whose signature a section's releases need (docs/decisions/0048).
	Keys(ctx context.Context, section string) ([]release.Key, error)
	AddKey(ctx context.Context, section string, pub []byte, actor string) (release.Key, error)
	RemoveKey(ctx context.Context, section, fingerprint, actor string) error
}

// SignatureHeader carries a release's signature with its artifact: the SSHSIG blob in
// base64, which is the body of the .sig file ssh-keygen -Y sign writes, without its
// BEGIN and END lines. Without it the release is unsigned.
const SignatureHeader = "Release-Signature"

// maxArtifact is the largest artifact the deploy API reads (release.DefaultLimits).
var maxArtifact = release.DefaultLimits.Archive

// Publishing opens and checks a whole artifact (up to release.DefaultLimits.Total
// unpacked) and writes it and its files to the database: each deploy token (or admin)
// publishes at most publishBurst in a row, then one per publishPeriod/publishBurst
// (docs/decisions/0049-release-files-from-an-index.md). CI publishes a section once
// per change; a loop or a leaked token is held back. The count is each replica's.
const (
	publishBurst  = 10
	publishPeriod = time.Hour
)

// publishing guards the publishing of an artifact by the actor of a request that has
// one (withDeployToken): its rate (429 with Retry-After), then its body, read whole.
func publishing(logger *zap.Logger) func(http.Handler) http.Handler {
	fail := apiFailure(logger)
	limit := rateLimitBy(logger, ratelimit.NewPer(publishBurst, publishPeriod, 0), actorOf, fail)
	body := readBody(gzipBody, maxArtifact, fail)
	return func(h http.Handler) http.Handler { return limit(body(h)) }
}

// servingAnswer is what a promote or rollback answers: the version served now, ”
// for the shipped build.
type servingAnswer struct {
	Section string `json:"section"`
	Serving string `json:"serving"`
}

type promoteRequest struct {
	Version string `json:"version"`
}

// Valid implements validator.
func (p promoteRequest) Valid(context.Context) error {
	if strings.TrimSpace(p.Version) == "" {
		return invalid("version", "Name the version to promote.")
	}
	return nil
}

// withDeployToken lets a request through with a deploy token for the section of its
// path (Authorization: Bearer pfd_…), putting who acts in its context. Every use is
// logged, and the store records the token's last use.
func withDeployToken(logger *zap.Logger, sections SectionReleases) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Cache-Control", "no-store")
			section := mux.Vars(r)["section"]
			token, ok := bearerToken(r.Header.Get("Authorization"))
			if !ok {
				w.Header().Set("WWW-Authenticate", `Bearer realm="sections"`)
				writeError(w, r, logger, &Error{Code: apperr.Unauthorized, Message: "Send a deploy token: Authorization: Bearer <token>."})
				return
			}
			actor, err := sections.Authorize(r.Context(), strings.TrimSpace(token), section)
			if err != nil {
				logger.Warn("sections: deploy token refused", zap.String("section", section), zap.String("path", r.URL.Path), zap.Error(err))
				writeError(w, r, logger, err)
				return
			}
			logger.Info("sections: deploy token used", zap.String("actor", actor), zap.String("section", section), zap.String("path", r.URL.Path))
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), actorKey{}, actor)))
		})
	}
}

// bearerToken is the token of an Authorization header of the Bearer scheme, whose
// name is case-insensitive (RFC 9110 11.1: "bearer" and "BEARER" are "Bearer"); false
// for another scheme or none.
func bearerToken(authorization string) (string, bool) {
	scheme, token, ok := strings.Cut(authorization, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return token, true
}

type actorKey struct{}

// actorOf is who acts on a request: its deploy token, or the admin signed in.
func actorOf(r *http.Request) string {
	if a, ok := r.Context().Value(actorKey{}).(string); ok {
		return a
	}
	return "admin:" + adminSessionFrom(r.Context()).User
}

// handleReleasePublish stores the artifact in the body (application/gzip) as a release
// of the path's section: 201 with its version, or why it was refused.
func handleReleasePublish(logger *zap.Logger, sections SectionReleases) http.Handler {
	type answer struct {
		Section string `json:"section"`
		Version string `json:"version"`
		Digest  string `json:"digest"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var sig []byte
		if h := strings.Join(strings.Fields(r.Header.Get(SignatureHeader)), ""); h != "" {
			var err error
			if sig, err = base64.StdEncoding.DecodeString(h); err != nil {
				writeError(w, r, logger, invalid("signature", "The "+SignatureHeader+" header must be the signature in base64: the lines of the .sig file between its BEGIN and END lines."))
				return
			}
		}
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			writeError(w, r, logger, &Error{Code: apperr.Invalid, Message: "The request body could not be read."})
			return
		}
		rel, err := sections.Publish(r.Context(), mux.Vars(r)["section"], raw, sig, actorOf(r))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		logger.Info("sections: release published", zap.String("section", rel.Manifest.Section), zap.String("version", rel.Manifest.Version), zap.String("actor", actorOf(r)))
		writeJSON(w, http.StatusCreated, answer{Section: rel.Manifest.Section, Version: rel.Manifest.Version, Digest: rel.Digest})
	})
}

// handleReleasePromote makes the version in the body the one the path's section serves.
func handleReleasePromote(logger *zap.Logger, sections SectionReleases) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[promoteRequest](r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		section := mux.Vars(r)["section"]
		if err := sections.Promote(r.Context(), section, req.Version, actorOf(r)); err != nil {
			writeError(w, r, logger, err)
			return
		}
		logger.Info("sections: release promoted", zap.String("section", section), zap.String("version", req.Version), zap.String("actor", actorOf(r)))
		writeJSON(w, http.StatusOK, servingAnswer{Section: section, Serving: req.Version})
	})
}

// handleReleaseRollback undoes the path's section's last promote.
func handleReleaseRollback(logger *zap.Logger, sections SectionReleases) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		section := mux.Vars(r)["section"]
		to, err := sections.Rollback(r.Context(), section, actorOf(r))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		logger.Info("sections: release rolled back", zap.String("section", section), zap.String("serving", to), zap.String("actor", actorOf(r)))
		writeJSON(w, http.StatusOK, servingAnswer{Section: section, Serving: to})
	})
}

// handleAdminSections lists every section's releases, checks and history.
func handleAdminSections(logger *zap.Logger, sections SectionReleases) http.Handler {
	type answer struct {
		Sections []release.Overview `json:"sections"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, err := sections.Overviews(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, answer{Sections: list})
	})
}

// handleSectionKeys lists the path's section's keys.
func handleSectionKeys(logger *zap.Logger, sections SectionReleases) http.Handler {
	type answer struct {
		Keys []release.Key `json:"keys"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		keys, err := sections.Keys(r.Context(), mux.Vars(r)["section"])
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, answer{Keys: keys})
	})
}

type addKeyRequest struct {
	PublicKey string `json:"publicKey"`
}

// handleSectionKeyAdd registers the public key in the body for the path's section.
func handleSectionKeyAdd(logger *zap.Logger, sections SectionReleases) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[addKeyRequest](r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		section := mux.Vars(r)["section"]
		k, err := sections.AddKey(r.Context(), section, []byte(req.PublicKey), actorOf(r))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		logger.Info("sections: key added", zap.String("section", section), zap.String("key", k.Fingerprint), zap.String("actor", actorOf(r)))
		writeJSON(w, http.StatusCreated, k)
	})
}

// handleSectionKeyRemove takes the key named by ?fingerprint= from the path's section.
// The fingerprint is a query parameter: its base64 may hold "/" (and "//", which the
// router would clean), so it cannot be a path segment.
func handleSectionKeyRemove(logger *zap.Logger, sections SectionReleases) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		section := mux.Vars(r)["section"]
		fingerprint := r.URL.Query().Get("fingerprint")
		if fingerprint == "" {
			writeError(w, r, logger, invalid("fingerprint", "Name the key to remove: ?fingerprint=SHA256:…"))
			return
		}
		if err := sections.RemoveKey(r.Context(), section, fingerprint, actorOf(r)); err != nil {
			writeError(w, r, logger, err)
			return
		}
		logger.Info("sections: key removed", zap.String("section", section), zap.String("key", fingerprint), zap.String("actor", actorOf(r)))
		w.WriteHeader(http.StatusNoContent)
	})
}
