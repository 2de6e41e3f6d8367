// Package ratelimit limits how often each client may call an endpoint: a token bucket
// per key allowing n requests per minute (or per any period) in bursts of up to n.
//
// Memory stays bounded whatever the number of keys: at most maxKeys buckets are
// remembered, in least-recently-used order. A key idle long enough to have a full
// bucket again is forgotten (which changes nothing for it); when the limiter is full, a
// new key evicts the least recently used one. So a flood of new keys cannot lock anyone
// out: a newcomer always gets a bucket of its own, and a client that keeps being
// refused stays recently used, so it keeps its (empty) bucket. At worst an evicted
// client gets a full bucket again early.
package ratelimit

import (
	"math"
	"sync"
	"time"
)

// DefaultMaxKeys bounds the clients one limiter remembers at once: about 110 bytes
// each for an address key (BenchmarkMemoryPerKey: 107 bytes for an IPv6 /64), so about
// 5.5 MB per limiter at the most, whatever the number of clients.
const DefaultMaxKeys = 50_000

// Limiter is safe for concurrent use. Make one per endpoint.
type Limiter struct {
	interval int64         // nanoseconds per token added
	burst    int64         // bucket size
	idle     time.Duration // time for an empty bucket to fill up
	maxKeys  int

	mu      sync.Mutex
	clients map[string]*entry
	// A doubly linked list through the entries, most recently used at head.next,
	// least recently used at head.prev (head is a sentinel).
	head entry
}

// entry is one key's bucket, kept as the time it will be full again (GCRA's
// theoretical arrival time, in whole nanoseconds, so no rounding creeps in), and its
// place in the LRU list.
type entry struct {
	key        string
	full       int64 // Unix nanoseconds when the bucket is full again
	last       int64 // Unix nanoseconds of the last request
	prev, next *entry
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
	l := &Limiter{
		interval: int64(period) / int64(n),
		burst:    int64(n),
		idle:     period,
		maxKeys:  maxKeys,
		clients:  make(map[string]*entry),
	}
	l.head.prev, l.head.next = &l.head, &l.head
	return l
}

// Allow takes one request of key at now. When the request is over the limit it
// returns false and how long until the next one is allowed; a refused request does
// not use up a token.
func (l *Limiter) Allow(key string, now time.Time) (ok bool, retryAfter time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.forgetIdle(now)
	ns := now.UnixNano()
	e, found := l.clients[key]
	if found {
		l.unlink(e)
	} else {
		if len(l.clients) >= l.maxKeys {
			lru := l.head.prev
			l.unlink(lru)
			delete(l.clients, lru.key)
		}
		e = &entry{key: key, full: ns}
		l.clients[key] = e
	}
	e.last = max(e.last, ns)
	l.pushFront(e)
	// Taking a token pushes the time the bucket is full again by one interval; more
	// than a whole bucket ahead of now means there was no token to take.
	next := max(e.full, ns) + l.interval
	if over := next - ns - l.burst*l.interval; over > 0 {
		return false, time.Duration(over)
	}
	e.full = next
	return true, 0
}

// Len is the number of keys remembered.
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.clients)
}

// forgetIdle drops keys, least recently used first, that have been idle for l.idle:
// their buckets are full again (full <= last + idle), exactly what a new key gets. Each call stops at the
// first key still in use, so it costs what it removes.
func (l *Limiter) forgetIdle(now time.Time) {
	cutoff := now.Add(-l.idle).UnixNano()
	for e := l.head.prev; e != &l.head && e.last <= cutoff; e = l.head.prev {
		l.unlink(e)
		delete(l.clients, e.key)
	}
}

func (l *Limiter) unlink(e *entry) {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}

func (l *Limiter) pushFront(e *entry) {
	e.prev, e.next = &l.head, l.head.next
	l.head.next.prev = e
	l.head.next = e
}

// RetryAfterSeconds is d for a Retry-After header: whole seconds, rounded up, at
// least 1.
func RetryAfterSeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}
