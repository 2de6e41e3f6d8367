// Package canary watches each running canary against its section's stable version on
// what the visitors' browsers and the gateway saw, and rolls a clearly worse one back
// by itself (docs/decisions/0059-canary-releases.md). Every replica checks; the
// store's conditional delete lets exactly one of them end a canary and record why.
package canary

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
)

// Rule is when a canary is clearly worse than its stable version. Each signal needs
// its minimum of samples on the canary's side first.
type Rule struct {
	// ErrorRatio: JavaScript errors per view at least this many times the stable
	// version's, and at least MinErrorRate, over at least MinViews canary views.
	ErrorRatio   float64
	MinErrorRate float64
	MinViews     int64
	// The same for 5xx answers per request, over at least MinRequests.
	MinRequests int64
	// INPWorse: the canary's p75 INP this much above the stable version's, each over at
	// least MinINP measurements.
	INPWorse time.Duration
	MinINP   int64
}

// DefaultRule: errors per view 5× the stable version's over 20 canary
// views, or p75 INP 100 ms worse.
var DefaultRule = Rule{ErrorRatio: 5, MinErrorRate: 0.05, MinViews: 20, MinRequests: 20, INPWorse: 100 * time.Millisecond, MinINP: 20}

// Side is what one version of a section was seen doing.
type Side struct {
	Version  string
	Views    int64 // page views that reported their vitals
	Errors   int64
	INP      analytics.Distribution
	Requests int64
	Failed   int64 // requests answered 5xx
}

func rate(n, of int64) float64 {
	if of == 0 {
		return 0
	}
	return float64(n) / float64(of)
}

// Verdict says why canary is clearly worse than stable, or "" when it is not (yet).
func (r Rule) Verdict(stable, canary Side) string {
	if canary.Views >= r.MinViews {
		c, s := rate(canary.Errors, canary.Views), rate(stable.Errors, stable.Views)
		if c >= r.MinErrorRate && c >= r.ErrorRatio*s {
			return fmt.Sprintf("JavaScript errors: %.2f per view over %d views of %s, against %.2f over %d views of %s (the limit: %g× and at least %.2f)",
				c, canary.Views, canary.Version, s, stable.Views, stable.Version, r.ErrorRatio, r.MinErrorRate)
		}
	}
	if canary.Requests >= r.MinRequests {
		c, s := rate(canary.Failed, canary.Requests), rate(stable.Failed, stable.Requests)
		if c >= r.MinErrorRate && c >= r.ErrorRatio*s {
			return fmt.Sprintf("5xx answers: %.2f per request over %d requests of %s, against %.2f over %d of %s (the limit: %g× and at least %.2f)",
				c, canary.Requests, canary.Version, s, stable.Requests, stable.Version, r.ErrorRatio, r.MinErrorRate)
		}
	}
	if canary.INP.N() >= r.MinINP && stable.INP.N() >= r.MinINP {
		c, s := canary.INP.P75(analytics.INP), stable.INP.P75(analytics.INP)
		if c-s >= float64(r.INPWorse.Milliseconds()) {
			return fmt.Sprintf("INP: p75 %.0f ms over %d interactions of %s, against %.0f ms over %d of %s (the limit: %s worse)",
				c, canary.INP.N(), canary.Version, s, stable.INP.N(), stable.Version, r.INPWorse)
		}
	}
	return ""
}

// Releases is what the guard does to the canaries (release.Service).
type Releases interface {
	Canaries(ctx context.Context) (map[string]release.Canary, error)
	Current(ctx context.Context) (map[string]string, error)
	Abort(ctx context.Context, section, version, actor, reason string) (bool, error)
	Advance(ctx context.Context, actor string) ([]release.Canary, error)
}

// Signals reads what the visitors' browsers and the gateway reported
// (analytics.Counter).
type Signals interface {
	ReadVitals(ctx context.Context, from, to string) (analytics.VitalsReport, error)
}

// Actor is who the history says ended a failing canary or moved one to its next stage.
const Actor = "canary-guard"

// Guard checks the canaries every Every.
type Guard struct {
	Logger   *zap.Logger
	Releases Releases
	Signals  Signals // nil: no signals (analytics off), only the stages move
	Rule     Rule
	Every    time.Duration
	Now      func() time.Time
	// Shipped names the shipped build of a section where a version is expected.
	Shipped string
	// Checks counts the checks this replica has made, failed ones too (nil: not counted):
	// an operator sees the guard is alive, a test that every replica has looked again.
	Checks interface{ Inc() }
}

// Check moves the canaries whose next stage is due, then rolls back each running one
// the rule finds clearly worse. Aborted are the canaries this replica ended.
func (g *Guard) Check(ctx context.Context) (aborted []release.Canary, err error) {
	moved, err := g.Releases.Advance(ctx, Actor)
	for _, c := range moved {
		g.Logger.Info("sections: canary moved to its next stage", zap.String("section", c.Section), zap.String("version", c.Version), zap.Int("percent", c.Percent))
	}
	if err != nil {
		return nil, err
	}
	if g.Signals == nil {
		return nil, nil
	}
	canaries, err := g.Releases.Canaries(ctx)
	if err != nil || len(canaries) == 0 {
		return nil, err
	}
	current, err := g.Releases.Current(ctx)
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, c := range canaries {
		// The stable side over the canary's days: a version's counts are kept per day.
		from, to := analytics.Day(c.StartedAt), analytics.Day(g.Now())
		rep, err := g.Signals.ReadVitals(ctx, from, to)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		stableVersion := current[c.Section]
		if stableVersion == "" {
			stableVersion = g.Shipped
		}
		reason := g.Rule.Verdict(side(rep, c.Section, stableVersion), side(rep, c.Section, c.Version))
		if reason == "" {
			continue
		}
		ok, err := g.Releases.Abort(ctx, c.Section, c.Version, Actor, reason)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if ok {
			g.Logger.Warn("sections: canary rolled back automatically", zap.String("section", c.Section), zap.String("version", c.Version),
				zap.String("serving", stableVersion), zap.String("reason", reason))
			aborted = append(aborted, c)
		}
	}
	return aborted, errors.Join(errs...)
}

func side(rep analytics.VitalsReport, section, version string) Side {
	key := analytics.VersionKey(section, version)
	s := Side{Version: version, Requests: rep.Requests[key], Failed: rep.Failed[key]}
	if v, ok := rep.Scopes[analytics.ScopeVersion+key]; ok {
		s.Views, s.Errors, s.INP = v.Views, v.Errors, v.Metrics[analytics.INP.Name]
	}
	return s
}

// Start checks every Every until the returned stop is called.
func (g *Guard) Start(ctx context.Context) (stop func()) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(g.Every)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			if _, err := g.Check(ctx); err != nil && ctx.Err() == nil {
				g.Logger.Error("sections: checking the canaries failed", zap.Error(err))
			}
			if g.Checks != nil {
				g.Checks.Inc()
			}
		}
	}()
	return func() { cancel(); <-done }
}
