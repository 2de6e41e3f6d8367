package ratelimit_test

import (
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

func TestMaxKeysBoundsMemory(t *testing.T) {
	l := ratelimit.New(5, 100)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	allowed := 0
	for i := range 10_000 {
		if ok, _ := l.Allow("client-"+strconv.Itoa(i), now); ok {
			allowed++
		}
	}
	if n := l.Len(); n > 100 {
		t.Errorf("Len = %d, want at most 100", n)
	}
	// 100 remembered clients plus the shared overflow bucket's burst.
	if allowed != 100+50 {
		t.Errorf("%d requests allowed, want 150", allowed)
	}
	// Known clients keep their own bucket.
	if ok, _ := l.Allow("client-1", now); !ok {
		t.Error("a remembered client lost its bucket")
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

func TestForgetRefillsTheBucket(t *testing.T) {
	l := ratelimit.NewPer(2, time.Hour, 0)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l.Allow("a", now)
	l.Allow("a", now)
	l.Allow("b", now)
	l.Allow("b", now)
	l.Forget("a")
	for i := range 2 {
		if ok, _ := l.Allow("a", now); !ok {
			t.Fatalf("request %d after Forget refused", i+1)
		}
	}
	if ok, _ := l.Allow("b", now); ok {
		t.Error("Forget(a) refilled b too")
	}
}
