package analytics

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Real-user signals (docs/decisions/0059-canary-releases.md): what each page view's
// browser reports of its Core Web Vitals and its uncaught errors, counted like the
// views (per day, kind and key; no cookie, no address) under two scopes, the page's
// route and the version of the section that owns it. A metric is kept as a histogram:
// one count per bucket, whose bounds include the metric's good and poor thresholds, so
// a share of good, needs-improvement and poor views is exact and a p75 is the upper
// bound of the bucket it falls in.
const (
	KindVitals   = "vitals"   // views that reported (key: a scope)
	KindErrors   = "errors"   // uncaught JavaScript errors (key: a scope)
	KindRequests = "requests" // requests served during a canary (key: section@version)
	Kind5xx      = "5xx"      // of them, answered 5xx (key: section@version)
)

// Metric is a Core Web Vital: its name (also its kind), its thresholds and buckets.
type Metric struct {
	Name       string
	Good, Poor float64   // good ≤ Good < needs improvement ≤ Poor < poor
	Bounds     []float64 // each bucket's upper bound, the last +Inf
	Unit       string    // "ms", or "" for CLS (unitless)
	Max        float64   // a report above it is no measurement
}

// The metrics, with web.dev's thresholds (LCP 2.5 s / 4 s, INP 200 / 500 ms, CLS 0.1 /
// 0.25, TTFB 0.8 / 1.8 s).
var (
	LCP  = Metric{Name: "lcp", Good: 2500, Poor: 4000, Unit: "ms", Max: 120000, Bounds: msBounds}
	INP  = Metric{Name: "inp", Good: 200, Poor: 500, Unit: "ms", Max: 120000, Bounds: msBounds}
	CLS  = Metric{Name: "cls", Good: 0.1, Poor: 0.25, Max: 100, Bounds: clsBounds}
	TTFB = Metric{Name: "ttfb", Good: 800, Poor: 1800, Unit: "ms", Max: 120000, Bounds: msBounds}
	// Metrics are all four, in the order the admin shows them.
	Metrics = []Metric{LCP, INP, CLS, TTFB}
)

var (
	msBounds = []float64{25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800,
		2000, 2500, 3000, 3500, 4000, 5000, 6000, 8000, 10000, 15000, 20000, math.Inf(1)}
	clsBounds = []float64{0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, math.Inf(1)}
)

// bucket is the index of the bucket of value.
func (m Metric) bucket(value float64) int {
	return sort.SearchFloat64s(m.Bounds, value)
}

// Scopes of the vitals' keys.
const (
	ScopeRoute   = "route:"
	ScopeVersion = "version:"
)

// VersionKey names a section's version in the counts: section@version.
func VersionKey(section, version string) string { return section + "@" + version }

// PageVitals is what one page view's browser reported. A metric it could not measure
// (INP with no interaction) is nil.
type PageVitals struct {
	Route     string // the page's route (a path served now)
	Section   string // the section that owns it ("shell" for the shell's pages)
	Version   string // that section's version on the page; "" when unknown
	UserAgent string
	Values    map[string]float64 // by Metric.Name
	Errors    int
}

// maxErrorsPerView bounds what one report adds: a page throwing in a loop is one
// failing view, not thousands.
const maxErrorsPerView = 10

// Vitals counts a page view's report unless it is a bot's; it reports whether it did.
func (c *Counter) Vitals(v PageVitals) bool {
	now := c.opts.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.agentOf(v.UserAgent).bot {
		return false
	}
	day := c.dayOf(now)
	scopes := []string{ScopeRoute + v.Route}
	if v.Section != "" && v.Version != "" {
		scopes = append(scopes, ScopeVersion+VersionKey(v.Section, v.Version))
	}
	errs := int64(min(max(v.Errors, 0), maxErrorsPerView))
	for _, scope := range scopes {
		c.counts[countKey{day, KindVitals, scope}]++
		if errs > 0 {
			c.counts[countKey{day, KindErrors, scope}] += errs
		}
		for _, m := range Metrics {
			value, ok := v.Values[m.Name]
			if !ok || value < 0 || value > m.Max || math.IsNaN(value) {
				continue
			}
			c.counts[countKey{day, m.Name, scope + "|" + strconv.Itoa(m.bucket(value))}]++
		}
	}
	return true
}

// Request counts a request served while section runs a canary, under the version of it
// the request was served, and whether it failed (5xx).
func (c *Counter) Request(section, version string, failed bool) {
	day := Day(c.opts.Now())
	key := VersionKey(section, version)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[countKey{day, KindRequests, key}]++
	if failed {
		c.counts[countKey{day, Kind5xx, key}]++
	}
}

// Distribution is a metric's histogram over a span.
type Distribution struct {
	Counts []int64 // by bucket
}

// N is the number of measurements.
func (d Distribution) N() int64 {
	var n int64
	for _, c := range d.Counts {
		n += c
	}
	return n
}

// P75 is the upper bound of the bucket the 75th percentile falls in (the last finite
// bound for the last bucket); 0 with no measurement.
func (d Distribution) P75(m Metric) float64 {
	n := d.N()
	if n == 0 {
		return 0
	}
	want := int64(math.Ceil(0.75 * float64(n)))
	var seen int64
	for i, c := range d.Counts {
		seen += c
		if seen >= want {
			if math.IsInf(m.Bounds[i], 1) {
				return m.Bounds[i-1]
			}
			return m.Bounds[i]
		}
	}
	return 0
}

// Shares are the measurements that are good, need improvement and are poor.
func (d Distribution) Shares(m Metric) (good, improve, poor int64) {
	for i, c := range d.Counts {
		switch b := m.Bounds[i]; {
		case b <= m.Good:
			good += c
		case b <= m.Poor:
			improve += c
		default:
			poor += c
		}
	}
	return good, improve, poor
}

// ScopeVitals is what the page views of one scope (a route, a section's version)
// reported over a span.
type ScopeVitals struct {
	Views   int64 // views that reported
	Errors  int64
	Metrics map[string]Distribution // by Metric.Name
}

// VitalsReport is every scope's vitals over From..To, and the requests and 5xx of each
// version served during a canary.
type VitalsReport struct {
	From, To string
	Scopes   map[string]*ScopeVitals // by scope key (ScopeRoute…, ScopeVersion…)
	Requests map[string]int64        // by section@version
	Failed   map[string]int64        // by section@version
}

// maxVitalsKeys bounds what one read of a kind returns: routes × buckets.
const maxVitalsKeys = 100000

// ReadVitals reads the vitals of the days from..to (YYYY-MM-DD) from the store.
func (c *Counter) ReadVitals(ctx context.Context, from, to string) (VitalsReport, error) {
	r := VitalsReport{From: from, To: to, Scopes: map[string]*ScopeVitals{}, Requests: map[string]int64{}, Failed: map[string]int64{}}
	scope := func(key string) *ScopeVitals {
		s, ok := r.Scopes[key]
		if !ok {
			s = &ScopeVitals{Metrics: map[string]Distribution{}}
			r.Scopes[key] = s
		}
		return s
	}
	read := func(kind string) ([]KeyCount, error) {
		kcs, err := c.store.Top(ctx, kind, from, to, maxVitalsKeys)
		if err != nil {
			return nil, fmt.Errorf("analytics: vitals: %w", err)
		}
		return kcs, nil
	}
	for _, kind := range []string{KindVitals, KindErrors} {
		kcs, err := read(kind)
		if err != nil {
			return r, err
		}
		for _, kc := range kcs {
			if kind == KindVitals {
				scope(kc.Key).Views += kc.N
			} else {
				scope(kc.Key).Errors += kc.N
			}
		}
	}
	for _, m := range Metrics {
		kcs, err := read(m.Name)
		if err != nil {
			return r, err
		}
		for _, kc := range kcs {
			key, b, ok := strings.Cut(kc.Key, "|")
			i, err := strconv.Atoi(b)
			if !ok || err != nil || i < 0 || i >= len(m.Bounds) {
				continue
			}
			s := scope(key)
			d := s.Metrics[m.Name]
			if d.Counts == nil {
				d.Counts = make([]int64, len(m.Bounds))
			}
			d.Counts[i] += kc.N
			s.Metrics[m.Name] = d
		}
	}
	for kind, dst := range map[string]map[string]int64{KindRequests: r.Requests, Kind5xx: r.Failed} {
		kcs, err := read(kind)
		if err != nil {
			return r, err
		}
		for _, kc := range kcs {
			dst[kc.Key] += kc.N
		}
	}
	return r, nil
}

// Days is the span of days from..to of the last days days (today included).
func (c *Counter) Days(days int) (from, to string) {
	now := c.opts.Now()
	return Day(now.AddDate(0, 0, -(days - 1))), Day(now)
}
