package release

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
)

// ErrCanaryServed is a canary of the version its section serves to everyone already.
var ErrCanaryServed = errors.New("the version is served to everyone already")

// CanaryStore keeps the canaries and the secret preview links are signed with
// (release/sqlstore).
type CanaryStore interface {
	Canaries(ctx context.Context) (map[string]Canary, error)
	// StartCanary starts c, or changes the share of a running one of its version.
	StartCanary(ctx context.Context, c Canary, actor string, now time.Time) error
	// AbortCanary ends section's canary of version and records reason; ErrNoCanary
	// when it is not running (another replica ended it first).
	AbortCanary(ctx context.Context, section, version, actor, reason string, now time.Time) error
	// AdvanceCanary moves a canary at the share from to c.Percent, or to everyone (a
	// promote) for 100; ErrNoCanary when it is not at from any more.
	AdvanceCanary(ctx context.Context, c Canary, from int, actor string, now time.Time) error
	// Secret is the secret kept for purpose, made from fresh by the first to ask.
	Secret(ctx context.Context, purpose string, fresh []byte, now time.Time) ([]byte, error)
}

// ParseStages reads stages as the store keeps them ("50,100"); none for ”.
func ParseStages(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// FormatStages writes stages as the store keeps them.
func FormatStages(stages []int) string {
	parts := make([]string, len(stages))
	for i, n := range stages {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

// CanaryPlan is how a canary goes: its first share, and the shares after it, each
// Every after the last (100 finishes it: a promote).
type CanaryPlan struct {
	Percent int
	Stages  []int
	Every   time.Duration
}

// ParsePlan reads a canary's plan from --percent, or --stages with --every (the first
// stage being its start).
func ParsePlan(percent int, stages string, every time.Duration) (CanaryPlan, error) {
	if stages == "" {
		return CanaryPlan{Percent: percent}, validShare(percent)
	}
	list := ParseStages(stages)
	if len(list) < 2 || len(list) != len(strings.Split(stages, ",")) {
		return CanaryPlan{}, apperr.New(apperr.Invalid, "Give the stages as rising percents, such as 10,50,100.")
	}
	if every <= 0 {
		return CanaryPlan{}, apperr.New(apperr.Invalid, "Stages need --every: how long each one lasts, such as 30m.")
	}
	for i, n := range list {
		if i > 0 && n <= list[i-1] {
			return CanaryPlan{}, apperr.New(apperr.Invalid, "Give the stages as rising percents, such as 10,50,100.")
		}
		if n == 100 && i == len(list)-1 {
			continue
		}
		if err := validShare(n); err != nil {
			return CanaryPlan{}, err
		}
	}
	return CanaryPlan{Percent: list[0], Stages: list[1:], Every: every}, nil
}

func validShare(percent int) error {
	if percent < 1 || percent > 99 {
		return apperr.New(apperr.Invalid, "A canary's share is a percent from 1 to 99; promote without one to serve a version to everyone.")
	}
	return nil
}

// Canary serves a published version to plan.Percent of section's new visitors beside
// the version it serves now, if it fits the site and its section's keys as a promote
// must (docs/decisions/0059-canary-releases.md). A canary of the same version changes
// its share; of another, replaces it.
func (s *Service) Canary(ctx context.Context, section, version string, plan CanaryPlan, actor string) error {
	if len(plan.Stages) == 0 {
		if err := validShare(plan.Percent); err != nil {
			return err
		}
	}
	if err := s.servable(ctx, section, version); err != nil {
		return err
	}
	now := s.Now()
	c := Canary{Section: section, Version: version, Percent: plan.Percent, Stages: plan.Stages, Every: plan.Every}
	if len(plan.Stages) > 0 {
		c.NextAt = now.Add(plan.Every)
	}
	err := s.canaries().StartCanary(ctx, c, actor, now)
	if errors.Is(err, ErrCanaryServed) {
		return apperr.Wrap(apperr.Conflict, fmt.Sprintf("%s serves %s to everyone already.", section, version), err)
	}
	return coded(err)
}

// Canaries are the canaries running now, by section.
func (s *Service) Canaries(ctx context.Context) (map[string]Canary, error) {
	return s.canaries().Canaries(ctx)
}

// Abort ends section's canary of version because of reason, recorded in its history
// with actor: false when it was not running any more (another replica acted first).
func (s *Service) Abort(ctx context.Context, section, version, actor, reason string) (bool, error) {
	err := s.canaries().AbortCanary(ctx, section, version, actor, reason, s.Now())
	if errors.Is(err, ErrNoCanary) {
		return false, nil
	}
	return err == nil, err
}

// Advance moves every canary whose next stage is due to it; the last, 100, promotes
// it. Of replicas that do so at once, one moves each (the store's conditional update).
// It returns the canaries it moved, as they are now.
func (s *Service) Advance(ctx context.Context, actor string) ([]Canary, error) {
	all, err := s.Canaries(ctx)
	if err != nil {
		return nil, err
	}
	now := s.Now()
	var moved []Canary
	for _, c := range all {
		if len(c.Stages) == 0 || now.Before(c.NextAt) {
			continue
		}
		from := c.Percent
		next := c
		next.Percent, next.Stages, next.NextAt = c.Stages[0], slices.Clone(c.Stages[1:]), now.Add(c.Every)
		// The last stage, 100, is a promote (the store's, checked when the canary
		// started): the canary ends and its version is the section's.
		if err := s.canaries().AdvanceCanary(ctx, next, from, actor, now); err != nil {
			if errors.Is(err, ErrNoCanary) {
				continue
			}
			return moved, err
		}
		moved = append(moved, next)
	}
	return moved, nil
}

func (s *Service) canaries() CanaryStore { return s.Store }

// PreviewTTL is how long a preview link opens its version by default.
const PreviewTTL = 24 * time.Hour

// Preview is a version of a section shown to whoever holds a signed link to it, until
// Expires.
type Preview struct {
	Section string    `json:"section"`
	Version string    `json:"version"`
	Expires time.Time `json:"expires"`
}

// previewPurpose names the preview links' secret in the store.
const previewPurpose = "preview"

// PreviewToken signs a preview of a published version of section for ttl: the token a
// preview link carries, and the preview it opens.
func (s *Service) PreviewToken(ctx context.Context, section, version string, ttl time.Duration) (string, Preview, error) {
	if _, _, err := s.manifest(ctx, section, version); err != nil {
		return "", Preview{}, err
	}
	if ttl <= 0 {
		ttl = PreviewTTL
	}
	p := Preview{Section: section, Version: version, Expires: s.Now().Add(ttl).Truncate(time.Second)}
	key, err := s.previewKey(ctx)
	if err != nil {
		return "", Preview{}, err
	}
	body, _ := json.Marshal(previewClaims{p.Section, p.Version, p.Expires.Unix()}) // strings and a number: cannot fail
	payload := base64.RawURLEncoding.EncodeToString(body)
	return payload + "." + sign(key, payload), p, nil
}

// OpenPreview checks a preview token: the preview it opens, or an error for one that
// is forged, malformed or expired.
func (s *Service) OpenPreview(ctx context.Context, token string) (Preview, error) {
	payload, mac, ok := strings.Cut(token, ".")
	if !ok {
		return Preview{}, errPreview
	}
	key, err := s.previewKey(ctx)
	if err != nil {
		return Preview{}, err
	}
	if !hmac.Equal([]byte(sign(key, payload)), []byte(mac)) {
		return Preview{}, errPreview
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return Preview{}, errPreview
	}
	var c previewClaims
	if err := json.Unmarshal(body, &c); err != nil || !slices.Contains(Sections, c.S) {
		return Preview{}, errPreview
	}
	p := Preview{Section: c.S, Version: c.V, Expires: time.Unix(c.E, 0).UTC()}
	if !s.Now().Before(p.Expires) {
		return Preview{}, apperr.New(apperr.Invalid, "This preview link has expired: ask for a new one.")
	}
	return p, nil
}

var errPreview = apperr.New(apperr.Invalid, "This is not a preview link of this site.")

type previewClaims struct {
	S string `json:"s"`
	V string `json:"v"`
	E int64  `json:"e"`
}

func sign(key []byte, payload string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// previewKey is the secret preview links are signed with, shared by every replica
// through the store and kept in memory once read.
func (s *Service) previewKey(ctx context.Context) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.previewSecret != nil {
		return s.previewSecret, nil
	}
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh) // never fails (crypto/rand)
	key, err := s.canaries().Secret(ctx, previewPurpose, fresh, s.Now())
	if err != nil {
		return nil, err
	}
	s.previewSecret = key
	return key, nil
}

// Expire removes section's releases published before cutoff but the served one and the
// newest keep, and returns the versions removed.
func (s *Service) Expire(ctx context.Context, section string, cutoff time.Time, keep int, now time.Time) ([]string, error) {
	return s.Store.Expire(ctx, section, cutoff, keep, now)
}

// Current is the version each section serves to everyone (” absent: the shipped build).
func (s *Service) Current(ctx context.Context) (map[string]string, error) {
	return s.Store.Current(ctx)
}
