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

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
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
	// Canaries and previews (docs/decisions/0059-canary-releases.md).
	Canary(ctx context.Context, section, version string, plan release.CanaryPlan, actor string) error
	PreviewToken(ctx context.Context, section, version string, ttl time.Duration) (string, release.Preview, error)
	OpenPreview(ctx context.Context, token string) (release.Preview, error)
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

// promoteRequest promotes a version to everyone, or with a percent (1-99) or stages
// ("10,50,100" with every, such as "30m") to a share of the visitors: a canary
// (docs/decisions/0059-canary-releases.md).
// canaryAnswer is what a promote to a share answers.
type canaryAnswer struct {
	Section string `json:"section"`
	Canary  string `json:"canary"`
	Percent int    `json:"percent"`
}

type promoteRequest struct {
	Version string `json:"version"`
	Percent int    `json:"percent,omitempty"`
	Stages  string `json:"stages,omitempty"`
	Every   string `json:"every,omitempty"`
}

// Valid implements validator.
func (p promoteRequest) Valid(context.Context) error {
	if strings.TrimSpace(p.Version) == "" {
		return invalid("version", "Name the version to promote.")
	}
	if p.Every != "" {
		if _, err := time.ParseDuration(p.Every); err != nil {
			return invalid("every", "Give how long each stage lasts as a duration, such as 30m.")
		}
	}
	return nil
}

// plan is the canary the request asks for; false for a promote to everyone.
func (p promoteRequest) plan() (release.CanaryPlan, bool, error) {
	if p.Percent == 0 && p.Stages == "" {
		return release.CanaryPlan{}, false, nil
	}
	every, _ := time.ParseDuration(p.Every) // checked by Valid
	plan, err := release.ParsePlan(p.Percent, p.Stages, every)
	return plan, true, err
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
		plan, canary, err := req.plan()
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		if canary {
			if err := sections.Canary(r.Context(), section, req.Version, plan, actorOf(r)); err != nil {
				writeError(w, r, logger, err)
				return
			}
			logger.Info("sections: canary", zap.String("section", section), zap.String("version", req.Version), zap.Int("percent", plan.Percent), zap.Ints("stages", plan.Stages), zap.String("actor", actorOf(r)))
			writeJSON(w, http.StatusOK, canaryAnswer{Section: section, Canary: req.Version, Percent: plan.Percent})
			return
		}
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

type previewRequest struct {
	Version string `json:"version"`
}

// Valid implements validator.
func (p previewRequest) Valid(context.Context) error {
	if strings.TrimSpace(p.Version) == "" {
		return invalid("version", "Name the version to preview.")
	}
	return nil
}

// PreviewLink is a signed link that shows a version of a section to whoever opens it
// (release.PreviewToken), on the origin that serves the section.
func PreviewLink(cfg config.Config, section, token string) string {
	base := cfg.PublicURL
	if section == string(content.SectionAdmin) {
		base = cfg.AdminURL
	}
	return base + site.PreviewPath + "?token=" + token
}

// handleSectionPreview makes a preview link of the version in the body (the admin's
// Sections panel): {url, section, version, expires}.
func handleSectionPreview(logger *zap.Logger, cfg config.Config, sections SectionReleases) http.Handler {
	type answer struct {
		URL string `json:"url"`
		release.Preview
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[previewRequest](r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		section := mux.Vars(r)["section"]
		token, p, err := sections.PreviewToken(r.Context(), section, req.Version, release.PreviewTTL)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		logger.Info("sections: preview link made", zap.String("section", section), zap.String("version", req.Version), zap.String("actor", actorOf(r)))
		writeJSON(w, http.StatusOK, answer{URL: PreviewLink(cfg, section, token), Preview: p})
	})
}
