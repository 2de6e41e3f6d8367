package ratelimit_test

import (
	"fmt"
	"net/netip"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
)

func TestBurstThenRate(t *testing.T) {
	l := ratelimit.New(5, 0)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 5 {
		if ok, _ := l.Allow("a", now); !ok {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	ok, retry := l.Allow("a", now)
	if ok {
		t.Fatal("6th request in the same instant allowed")
	}
	if retry != 12*time.Second { // 5 per minute: one token every 12 s
		t.Errorf("retryAfter = %v, want 12s", retry)
	}
	if ok, _ := l.Allow("b", now); !ok {
		t.Error("another client was limited too")
	}
	// Refused requests do not use up tokens: after the wait, one more is allowed.
	for range 10 {
		l.Allow("a", now.Add(time.Second))
	}
	if ok, _ := l.Allow("a", now.Add(12*time.Second)); !ok {
		t.Error("request after Retry-After refused")
	}
	if ok, _ := l.Allow("a", now.Add(12*time.Second)); ok {
		t.Error("two requests allowed after one token refilled")
	}
}

func TestIdleClientsAreForgotten(t *testing.T) {
	l := ratelimit.New(5, 0)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 1000 {
		l.Allow("client-"+strconv.Itoa(i), now)
	}
	if n := l.Len(); n != 1000 {
		t.Fatalf("Len = %d, want 1000", n)
	}
	l.Allow("late", now.Add(30*time.Second))
	if n := l.Len(); n != 1001 {
		t.Fatalf("Len = %d after 30s, want 1001 (nobody idle for a minute yet)", n)
	}
	l.Allow("later", now.Add(61*time.Second))
	if n := l.Len(); n != 2 {
		t.Errorf("Len = %d after a minute, want 2 (only the recent clients)", n)
	}
}

// A flood of new keys far past the limiter's size must not shut anyone out: every
// newcomer gets a bucket of its own, memory stays bounded, and a client that keeps
// being refused keeps being refused (it is never the least recently used).
func TestFloodOfNewKeysLocksNobodyOut(t *testing.T) {
	const maxKeys = 1000
	l := ratelimit.New(5, maxKeys)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for range 5 {
		l.Allow("abuser", now)
	}
	refused := 0
	for i := range 200 * maxKeys {
		at := now.Add(time.Duration(i) * time.Microsecond) // 200k keys within 0.2 s
		if ok, _ := l.Allow("flood-"+strconv.Itoa(i), at); !ok {
			refused++
		}
		if i%100 == 0 {
			if ok, _ := l.Allow("abuser", at); ok {
				t.Fatalf("the abuser got a request through after %d flooding keys", i)
			}
		}
	}
	if refused != 0 {
		t.Errorf("%d first requests of new clients refused during the flood, want 0", refused)
	}
	if n := l.Len(); n > maxKeys {
		t.Errorf("Len = %d, want at most %d", n, maxKeys)
	}
	later := now.Add(time.Second)
	for i := range 8 {
		if ok, _ := l.Allow("fresh-"+strconv.Itoa(i), later); !ok {
			t.Errorf("fresh client %d refused after the flood", i)
		}
	}
}

func TestRetryAfterSeconds(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want int
	}{
		{0, 1}, {time.Millisecond, 1}, {time.Second, 1}, {1001 * time.Millisecond, 2}, {12 * time.Second, 12},
	} {
		if got := ratelimit.RetryAfterSeconds(tt.d); got != tt.want {
			t.Errorf("RetryAfterSeconds(%v) = %d, want %d", tt.d, got, tt.want)
		}
	}
}

func TestNewPerCountsOverItsPeriod(t *testing.T) {
	l := ratelimit.NewPer(5, 15*time.Minute, 0) // 5 failed logins per 15 minutes
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 5 {
		if ok, _ := l.Allow("u", now.Add(time.Duration(i)*time.Second)); !ok {
			t.Fatalf("request %d refused", i+1)
		}
	}
	ok, retry := l.Allow("u", now.Add(10*time.Second))
	if ok {
		t.Fatal("6th request within the period allowed")
	}
	if retry < 2*time.Minute || retry > 3*time.Minute { // one token every 3 minutes
		t.Errorf("retryAfter = %v, want about 3m", retry)
	}
	if ok, _ := l.Allow("u", now.Add(3*time.Minute)); !ok {
		t.Error("refused after a token refilled")
	}
	// A key is remembered for the whole period, not just a minute.
	if ok, _ := l.Allow("u", now.Add(4*time.Minute)); ok {
		t.Error("allowed again before the next token")
	}
}

func TestClientKey(t *testing.T) {
	for _, tt := range []struct {
		addr   string
		prefix int
		want   string
	}{
		{"203.0.113.5", 64, "203.0.113.5"},
		{"::ffff:203.0.113.5", 64, "203.0.113.5"},
		{"2001:db8:1:2:aaaa:bbbb:cccc:dddd", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:2::1", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:3::1", 64, "2001:db8:1:3::/64"},
		{"2001:db8:1:2:aaaa::1", 56, "2001:db8:1::/56"},
		{"2001:db8:1:2::1", 128, "2001:db8:1:2::1"},
		{"fe80::1%eth0", 64, "fe80::/64"},
	} {
		if got := ratelimit.ClientKey(netip.MustParseAddr(tt.addr), tt.prefix); got != tt.want {
			t.Errorf("ClientKey(%s, %d) = %s, want %s", tt.addr, tt.prefix, got, tt.want)
		}
	}
	if got := ratelimit.ClientKey(netip.Addr{}, 64); got != "invalid IP" {
		t.Errorf("ClientKey(zero) = %q", got)
	}
}

// BenchmarkMemoryPerKey reports the heap a full limiter holds per key, with the longest
// keys a client address gives (an IPv6 /64 in full); the README's bound comes from it.
func BenchmarkMemoryPerKey(b *testing.B) {
	keys := make([]string, ratelimit.DefaultMaxKeys)
	for i := range keys {
		keys[i] = fmt.Sprintf("ffff:ffff:%04x:%04x::/64", i>>16, i&0xffff)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var perKey float64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		l := ratelimit.New(5, 0)
		for _, k := range keys {
			l.Allow(string([]byte(k)), now) // a fresh copy, as a request's key is
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		perKey = float64(after.HeapAlloc-before.HeapAlloc) / float64(l.Len())
		runtime.KeepAlive(l)
	}
	b.ReportMetric(perKey, "bytes/key")
	b.ReportMetric(perKey*ratelimit.DefaultMaxKeys/(1<<20), "MiB/limiter")
}
