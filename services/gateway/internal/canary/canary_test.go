package canary

import (
	"context"
	"math"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
)

// inp is a distribution of n interactions all at ms.
func inp(n int64, ms float64) analytics.Distribution {
	d := analytics.Distribution{Counts: make([]int64, len(analytics.INP.Bounds))}
	for i, b := range analytics.INP.Bounds {
		if ms <= b {
			d.Counts[i] = n
			break
		}
	}
	return d
}

func TestVerdict(t *testing.T) {
	r := DefaultRule
	for _, tc := range []struct {
		name           string
		stable, canary Side
		want           string // a prefix of the reason; "" keeps the canary
	}{
		{"no samples yet", Side{Views: 100}, Side{Views: 19, Errors: 19}, ""},
		{"errors on every view, none on stable", Side{Views: 100}, Side{Views: 20, Errors: 20}, "JavaScript errors: 1.00 per view over 20 views"},
		{"errors at 5× stable", Side{Views: 100, Errors: 10}, Side{Views: 20, Errors: 10}, "JavaScript errors: 0.50"},
		{"errors under 5× stable", Side{Views: 100, Errors: 20}, Side{Views: 20, Errors: 15}, ""},
		{"one error in 40 views: under the floor", Side{Views: 100}, Side{Views: 40, Errors: 1}, ""},
		{"5xx on a tenth of requests", Side{Requests: 1000, Failed: 1}, Side{Requests: 100, Failed: 10}, "5xx answers: 0.10 per request"},
		{"INP 100 ms worse", Side{INP: inp(50, 150)}, Side{INP: inp(20, 250)}, "INP: p75 250 ms"},
		{"INP 50 ms worse", Side{INP: inp(50, 150)}, Side{INP: inp(20, 200)}, ""},
		{"INP worse, too few interactions", Side{INP: inp(50, 150)}, Side{INP: inp(19, 2000)}, ""},
		{"INP worse, stable unmeasured", Side{INP: inp(3, 150)}, Side{INP: inp(50, 2000)}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := r.Verdict(tc.stable, tc.canary)
			if tc.want == "" && got != "" || tc.want != "" && !strings.HasPrefix(got, tc.want) {
				t.Errorf("Verdict = %q, want %q…", got, tc.want)
			}
		})
	}
}

func TestP75AndShares(t *testing.T) {
	m := analytics.LCP
	d := analytics.Distribution{Counts: make([]int64, len(m.Bounds))}
	put := func(ms float64, n int64) {
		for i, b := range m.Bounds {
			if ms <= b {
				d.Counts[i] += n
				return
			}
		}
	}
	put(900, 60)   // good
	put(3000, 30)  // needs improvement
	put(50000, 10) // poor, past the last finite bound
	if got := d.P75(m); got != 3000 {
		t.Errorf("p75 = %v, want 3000 (the bucket of the 75th)", got)
	}
	if g, i, p := d.Shares(m); g != 60 || i != 30 || p != 10 {
		t.Errorf("shares %d/%d/%d, want 60/30/10", g, i, p)
	}
	all := analytics.Distribution{Counts: make([]int64, len(m.Bounds))}
	all.Counts[len(m.Bounds)-1] = 5
	if got := all.P75(m); math.IsInf(got, 0) || got != 20000 {
		t.Errorf("p75 of the last bucket = %v, want its lower bound 20000", got)
	}
}

// noCanaries is a release store with no canary running and nothing to move.
type noCanaries struct{}

func (noCanaries) Canaries(context.Context) (map[string]release.Canary, error) { return nil, nil }
func (noCanaries) Current(context.Context) (map[string]string, error)          { return nil, nil }
func (noCanaries) Abort(context.Context, string, string, string, string) (bool, error) {
	return false, nil
}
func (noCanaries) Advance(context.Context, string) ([]release.Canary, error) { return nil, nil }

type countChecks struct{ n atomic.Int64 }

func (c *countChecks) Inc() { c.n.Add(1) }

// A started guard counts every check it makes, and stops counting once stopped.
func TestAStartedGuardCountsItsChecks(t *testing.T) {
	checks := &countChecks{}
	g := &Guard{Logger: zap.NewNop(), Releases: noCanaries{}, Every: time.Millisecond, Now: time.Now, Checks: checks}
	stop := g.Start(t.Context())
	for checks.n.Load() < 3 {
		runtime.Gosched()
	}
	stop()
	after := checks.n.Load()
	g2 := &Guard{Logger: zap.NewNop(), Releases: noCanaries{}, Every: time.Millisecond, Now: time.Now}
	g2.Start(t.Context())() // without a counter: nothing to count, nothing breaks
	if got := checks.n.Load(); got != after {
		t.Fatalf("checks after stop: %d, then %d", after, got)
	}
}
