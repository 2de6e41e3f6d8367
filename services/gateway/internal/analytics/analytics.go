// Package analytics counts the site's page views, daily visitors and newsletter
// sign-ups without a third party, a cookie or personal data (docs/decisions/0039).
//
// A Counter adds each view to counts in memory, per UTC day: by page, referrer host and
// device class. A visitor is counted once a day by an id, the SHA-256 of the day's salt,
// the client key (the IPv4 address or the IPv6 /64) and the user agent; the salt is
// random, shared by the replicas through the store, and deleted with the day's ids once
// the day is over, so an id cannot be computed again. Every few seconds and on Stop the
// counts are added to the store's rows (one per day, kind and key), so storage grows
// with days × distinct pages, not with visits.
package analytics

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"
)

// Kinds of count: a row of the store is a day, a kind and a key.
const (
	KindPage     = "page"     // views by path
	KindReferrer = "referrer" // views by referrer host ("" direct, or from the site)
	KindDevice   = "device"   // views by device class
	KindSignup   = "signup"   // newsletter sign-ups by the page they came from
	KindVisitors = "visitors" // the day's distinct visitors (key "")
)

// Other is the key that stands for every referrer host past maxReferrers in a day.
const Other = "(other)"

// maxReferrers is how many distinct referrer hosts one replica counts per day: the
// Referer header is the client's to write, and random hosts must not grow the table.
const maxReferrers = 1000

// maxSeen is how many visitor ids of the day one replica remembers so as not to send
// them again; past it, ids still go to the store, which counts each once anyway.
const maxSeen = 1 << 20

// DayLayout is how a day is written in the store: UTC, YYYY-MM-DD.
const DayLayout = time.DateOnly

// Day is t's UTC day as the store writes it.
func Day(t time.Time) string { return t.UTC().Format(DayLayout) }

// VisitorID is a visitor's id for the day of salt: the first 16 bytes of SHA-256 of
// the salt, the client key and the user agent, in hex.
func VisitorID(salt []byte, clientKey, userAgent string) string {
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte{0})
	h.Write([]byte(clientKey))
	h.Write([]byte{0})
	h.Write([]byte(userAgent))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Count is one count to add: n to the day's kind and key.
type Count struct {
	Day, Kind, Key string
	N              int64
}

// countKey is what a count in memory is kept under.
type countKey struct{ day, kind, key string }

// Visitor is one visitor id of a day.
type Visitor struct {
	Day, ID string
}

// Batch is what one flush adds to the store.
type Batch struct {
	Today    string // the day now: ids and salts of earlier days are deleted
	Counts   []Count
	Visitors []Visitor
}

// Store keeps the counts, salts and visitor ids (sqlstore.Store).
type Store interface {
	// Salt returns day's salt, made from fresh by whichever replica asks first.
	Salt(ctx context.Context, day string, fresh []byte) ([]byte, error)
	// Add adds a batch in one transaction: each visitor id new to the store adds one
	// to its day's visitors; ids and salts of days before Today are deleted.
	Add(ctx context.Context, b Batch) error
	// Purge deletes the counts of the days before day.
	Purge(ctx context.Context, day string) error
	// Totals is the views and visitors of each day from..to (YYYY-MM-DD) that has any.
	Totals(ctx context.Context, from, to string) (map[string]DayTotal, error)
	// Top is kind's keys over from..to with their sums, largest first, at most limit.
	Top(ctx context.Context, kind, from, to string, limit int) ([]KeyCount, error)
}

// DayTotal is a day's page views and distinct visitors.
type DayTotal struct {
	Views, Visitors int64
}

// KeyCount is a key's count over a span of days.
type KeyCount struct {
	Key string
	N   int64
}

// View is one page seen.
type View struct {
	Path      string
	Referrer  string // the Referer header (the page's) or the beacon's referrer
	UserAgent string
	ClientKey string // ratelimit.ClientKey: the IPv4 address or the IPv6 network
	// Anonymous leaves the visitor out of the day's visitors (Sec-GPC or DNT sent): no
	// id is made from their address.
	Anonymous bool
}

// Options tune a Counter.
type Options struct {
	// SiteHost is the site's own host: referrers from it count as direct.
	SiteHost string
	// FlushEvery is how often counts go to the store (default 5 s).
	FlushEvery time.Duration
	// Retention is how long counts are kept (default 2 years).
	Retention time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Counter counts in memory and flushes to its store.
type Counter struct {
	store  Store
	logger *zap.Logger
	opts   Options

	saltMu  sync.Mutex // one salt fetch at a time
	mu      sync.Mutex
	counts  map[countKey]int64
	ids     []Visitor
	day     string              // the day of seen, refs and salt
	salt    []byte              // the day's salt; nil until fetched
	seen    map[string]struct{} // ids of day already sent or pending
	refs    map[string]struct{} // referrer hosts of day counted by this replica
	agents  map[string]agent    // user agents classified
	today   string              // dayOf's day, until nextDay
	nextDay time.Time

	stopOnce sync.Once
	stop     func() error
}

// New returns a counter over store; Start runs its flushes.
func New(store Store, logger *zap.Logger, opts Options) *Counter {
	if opts.FlushEvery <= 0 {
		opts.FlushEvery = 5 * time.Second
	}
	if opts.Retention <= 0 {
		opts.Retention = 2 * 365 * 24 * time.Hour
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Counter{store: store, logger: logger, opts: opts, counts: map[countKey]int64{}, agents: map[string]agent{}, stop: func() error { return nil }}
}

// View counts v unless it is a bot's (IsBot); it reports whether it counted. The
// visitor's id needs the day's salt: the first view of a day fetches it from the store.
func (c *Counter) View(ctx context.Context, v View) bool {
	now := c.opts.Now()
	c.mu.Lock()
	day := c.dayOf(now)
	a := c.agentOf(v.UserAgent)
	salt := c.salt
	if c.day != day {
		salt = nil
	}
	c.mu.Unlock()
	if a.bot {
		return false
	}
	var id string
	if !v.Anonymous {
		var err error
		if salt == nil {
			salt, err = c.saltFor(ctx, day)
		}
		if err != nil {
			// The view still counts; only the visitor is missed.
			c.logger.Warn("analytics: no salt for the day; visitor not counted", zap.Error(err))
		} else {
			id = VisitorID(salt, v.ClientKey, v.UserAgent)
		}
	}
	ref := ReferrerHost(v.Referrer, c.opts.SiteHost)

	c.mu.Lock()
	defer c.mu.Unlock()
	c.turnDay(day)
	if ref != "" {
		if _, ok := c.refs[ref]; !ok {
			if len(c.refs) >= maxReferrers {
				ref = Other
			} else {
				c.refs[ref] = struct{}{}
			}
		}
	}
	c.counts[countKey{day, KindPage, v.Path}]++
	c.counts[countKey{day, KindReferrer, ref}]++
	c.counts[countKey{day, KindDevice, a.device}]++
	if id != "" {
		if _, ok := c.seen[id]; !ok {
			if len(c.seen) < maxSeen {
				c.seen[id] = struct{}{}
			}
			c.ids = append(c.ids, Visitor{Day: day, ID: id})
		}
	}
	return true
}

// agent is what a user agent says: a bot or not, and the device class.
type agent struct {
	bot    bool
	device string
}

// maxAgents bounds the user agents remembered; past it they are forgotten at once.
const maxAgents = 10000

// agentOf classifies ua once: browsers send a few hundred distinct user agents a day,
// and each classification scans it for every bot mark. c.mu is held.
func (c *Counter) agentOf(ua string) agent {
	if a, ok := c.agents[ua]; ok {
		return a
	}
	a := agent{bot: IsBot(ua), device: DeviceClass(ua)}
	if len(c.agents) >= maxAgents {
		clear(c.agents)
	}
	c.agents[ua] = a
	return a
}

// dayOf is now's day, formatted once a day. c.mu is held.
func (c *Counter) dayOf(now time.Time) string {
	if now.Before(c.nextDay) && !now.Before(c.nextDay.AddDate(0, 0, -1)) {
		return c.today
	}
	c.today = Day(now)
	y, m, d := now.UTC().Date()
	c.nextDay = time.Date(y, m, d+1, 0, 0, 0, 0, time.UTC)
	return c.today
}

// SignUp counts a newsletter sign-up from the page at path.
func (c *Counter) SignUp(path string) {
	day := Day(c.opts.Now())
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[countKey{day, KindSignup, path}]++
}

// turnDay forgets the ids, referrers and salt of an earlier day. c.mu is held.
func (c *Counter) turnDay(day string) {
	if c.day == day {
		return
	}
	c.day, c.salt = day, nil
	c.seen = map[string]struct{}{}
	c.refs = map[string]struct{}{}
}

// saltFor returns day's salt, from memory or else the store.
func (c *Counter) saltFor(ctx context.Context, day string) ([]byte, error) {
	c.mu.Lock()
	if c.day == day && c.salt != nil {
		s := c.salt
		c.mu.Unlock()
		return s, nil
	}
	c.mu.Unlock()

	c.saltMu.Lock()
	defer c.saltMu.Unlock()
	c.mu.Lock()
	if c.day == day && c.salt != nil { // fetched while this one waited
		s := c.salt
		c.mu.Unlock()
		return s, nil
	}
	c.mu.Unlock()
	fresh := make([]byte, 32)
	_, _ = rand.Read(fresh) // never fails (crypto/rand)
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	salt, err := c.store.Salt(ctx, day, fresh)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.turnDay(day)
	c.salt = salt
	return salt, nil
}

// Flush adds what was counted since the last flush to the store. On failure the counts
// are kept for the next one.
func (c *Counter) Flush(ctx context.Context) error {
	c.mu.Lock()
	counts, ids := c.counts, c.ids
	c.counts, c.ids = map[countKey]int64{}, nil
	c.mu.Unlock()
	today := Day(c.opts.Now())
	if len(counts) == 0 && len(ids) == 0 {
		return nil
	}
	b := Batch{Today: today, Visitors: ids, Counts: make([]Count, 0, len(counts))}
	for k, n := range counts {
		b.Counts = append(b.Counts, Count{Day: k.day, Kind: k.kind, Key: k.key, N: n})
	}
	if err := c.store.Add(ctx, b); err != nil {
		c.mu.Lock()
		for k, n := range counts {
			c.counts[k] += n
		}
		c.ids = append(ids, c.ids...)
		c.mu.Unlock()
		return fmt.Errorf("analytics: flush: %w", err)
	}
	return nil
}

// Purge deletes the counts older than the retention.
func (c *Counter) Purge(ctx context.Context) error {
	before := Day(c.opts.Now().Add(-c.opts.Retention))
	if err := c.store.Purge(ctx, before); err != nil {
		return fmt.Errorf("analytics: purge: %w", err)
	}
	return nil
}

// Start flushes every FlushEvery and purges old days every hour, until Stop (or ctx
// ends); Stop flushes what is left, so a view counted before it is not lost.
func (c *Counter) Start(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		flush := time.NewTicker(c.opts.FlushEvery)
		defer flush.Stop()
		purge := time.NewTicker(time.Hour)
		defer purge.Stop()
		c.logIf(c.Purge(ctx))
		for {
			select {
			case <-ctx.Done():
				return
			case <-flush.C:
				c.logIf(c.Flush(ctx))
			case <-purge.C:
				c.logIf(c.Purge(ctx))
			}
		}
	}()
	c.stop = func() error {
		cancel()
		<-done
		// The last flush gets a context of its own: ctx is done by now.
		fctx, fcancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer fcancel()
		return c.Flush(fctx)
	}
}

// Stop ends Start's loop and flushes once more; later calls do nothing.
func (c *Counter) Stop() error {
	var err error
	c.stopOnce.Do(func() { err = c.stop() })
	return err
}

func (c *Counter) logIf(err error) {
	if err != nil && !errors.Is(err, context.Canceled) {
		c.logger.Error("analytics", zap.Error(err))
	}
}

// Pending is how many counts wait for the next flush (for tests and metrics).
func (c *Counter) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.counts)
}

// Report is the traffic of the last Days days, today included.
type Report struct {
	Days      int
	From, To  string // YYYY-MM-DD
	Series    []DaySeries
	Pages     []KeyCount // every page with a view, most viewed first
	Referrers []KeyCount
	Devices   []KeyCount
	Signups   []KeyCount
}

// DaySeries is one day of a report's series.
type DaySeries struct {
	Day string
	DayTotal
}

// maxTop is how many keys a report lists per kind (pages are all listed: the site's
// pages are few).
const maxTop = 20

// Report reads the traffic of the last days days from the store: the views and
// visitors of every day (0 for a day without any), and the pages (all), referrers,
// devices and sign-up pages over the span.
func (c *Counter) Report(ctx context.Context, days int) (Report, error) {
	now := c.opts.Now()
	r := Report{Days: days, From: Day(now.AddDate(0, 0, -(days - 1))), To: Day(now)}
	totals, err := c.store.Totals(ctx, r.From, r.To)
	if err != nil {
		return Report{}, fmt.Errorf("analytics: report: %w", err)
	}
	for i := days - 1; i >= 0; i-- {
		d := Day(now.AddDate(0, 0, -i))
		r.Series = append(r.Series, DaySeries{Day: d, DayTotal: totals[d]})
	}
	for _, q := range []struct {
		kind  string
		limit int
		dst   *[]KeyCount
	}{
		{KindPage, 10000, &r.Pages},
		{KindReferrer, maxTop, &r.Referrers},
		{KindDevice, maxTop, &r.Devices},
		{KindSignup, maxTop, &r.Signups},
	} {
		if *q.dst, err = c.store.Top(ctx, q.kind, r.From, r.To, q.limit); err != nil {
			return Report{}, fmt.Errorf("analytics: report: %w", err)
		}
	}
	return r, nil
}
