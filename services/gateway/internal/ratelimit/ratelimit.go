// Package ratelimit limits how often each client may call an endpoint: a token bucket
// per key (golang.org/x/time/rate) allowing n requests per minute (or per any period)
// in bursts of up to n. Memory stays bounded: a key idle long enough to have a full bucket again is
// forgotten (which changes nothing for it), and past a maximum number of keys, new
// clients share one bucket until idle keys are swept.
package ratelimit

import (
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// DefaultMaxKeys bounds the clients remembered at once (about 100 bytes each).
const DefaultMaxKeys = 100_000

// Limiter is safe for concurrent use. Make one per endpoint.
type Limiter struct {
	limit   rate.Limit
	burst   int
	idle    time.Duration // time for an empty bucket to fill up
	maxKeys int

	mu        sync.Mutex
	clients   map[string]*client
	lastSweep time.Time
	overflow  *rate.Limiter // shared by new keys while the map is full
}

type client struct {
	bucket *rate.Limiter
	seen   time.Time
}

// New allows each key perMinute requests per minute, in bursts of up to perMinute,
// remembering at most maxKeys keys (DefaultMaxKeys if maxKeys <= 0).
func New(perMinute, maxKeys int) *Limiter {
	return NewPer(perMinute, time.Minute, maxKeys)
}

// NewPer allows each key n requests per period, in bursts of up to n, remembering at
// most maxKeys keys (DefaultMaxKeys if maxKeys <= 0).
func NewPer(n int, period time.Duration, maxKeys int) *Limiter {
	n = max(n, 1)
	period = max(period, time.Second)
	if maxKeys <= 0 {
		maxKeys = DefaultMaxKeys
	}
	limit := rate.Limit(float64(n) / period.Seconds())
	return &Limiter{
		limit:   limit,
		burst:   n,
		idle:    period,
		maxKeys: maxKeys,
		clients: make(map[string]*client),
		// The overflow bucket lets a crowd of new clients through at a few times one
		// client's rate, rather than shutting them all out.
		overflow: rate.NewLimiter(limit*10, n*10),
	}
}

// Allow takes one request of key at now. When the request is over the limit it
// returns false and how long until the next one is allowed.
func (l *Limiter) Allow(key string, now time.Time) (ok bool, retryAfter time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) >= l.idle {
		l.sweep(now)
	}
	c, found := l.clients[key]
	if !found {
		if len(l.clients) >= l.maxKeys && now.Sub(l.lastSweep) >= l.idle/10 {
			l.sweep(now)
		}
		if len(l.clients) >= l.maxKeys {
			return take(l.overflow, now)
		}
		c = &client{bucket: rate.NewLimiter(l.limit, l.burst)}
		l.clients[key] = c
	}
	c.seen = now
	return take(c.bucket, now)
}

// Forget gives key a full bucket again, as if it had never been seen: for a limiter
// that counts failures, a success wipes the slate.
func (l *Limiter) Forget(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.clients, key)
}

// Len is the number of keys remembered.
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.clients)
}

// sweep forgets every key idle for l.idle: its bucket is full again, exactly what a
// new key gets.
func (l *Limiter) sweep(now time.Time) {
	for k, c := range l.clients {
		if now.Sub(c.seen) >= l.idle {
			delete(l.clients, k)
		}
	}
	l.lastSweep = now
}

func take(b *rate.Limiter, now time.Time) (bool, time.Duration) {
	r := b.ReserveN(now, 1)
	if !r.OK() {
		return false, time.Minute
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now) // a refused request does not use up a token
		return false, d
	}
	return true, 0
}

// RetryAfterSeconds is d for a Retry-After header: whole seconds, rounded up, at
// least 1.
func RetryAfterSeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
