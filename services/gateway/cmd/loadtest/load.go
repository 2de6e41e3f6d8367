package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// request is one request of a load: what to send, from which client address, and the
// key by which its rows and emails are found afterwards.
type request struct {
	method, path string
	body         []byte
	contentType  string
	clientIP     string // sent as X-Forwarded-For through the trusted proxy (loopback)
	key          string
	header       map[string]string
}

// outcome is what became of a request.
type outcome struct {
	req     request
	status  int // 0: no answer (connection error or timeout)
	latency time.Duration
	err     error
}

// newClient is an HTTP client that keeps conns connections to the gateway.
func newClient(conns int) *http.Client {
	return &http.Client{
		Timeout: 10 * time.Second,
		Transport: &http.Transport{
			MaxIdleConns:        conns,
			MaxIdleConnsPerHost: conns,
			MaxConnsPerHost:     conns,
			DisableCompression:  true,
		},
	}
}

func do(ctx context.Context, c *http.Client, base string, r request) outcome {
	req, err := http.NewRequestWithContext(ctx, r.method, base+r.path, bytes.NewReader(r.body))
	if err != nil {
		return outcome{req: r, err: err}
	}
	if r.contentType != "" {
		req.Header.Set("Content-Type", r.contentType)
	}
	if r.clientIP != "" {
		req.Header.Set("X-Forwarded-For", r.clientIP)
	}
	for k, v := range r.header {
		req.Header.Set(k, v)
	}
	start := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return outcome{req: r, latency: time.Since(start), err: err}
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	return outcome{req: r, status: resp.StatusCode, latency: time.Since(start)}
}

// drive sends next()'s requests over conns connections, each as soon as the previous
// on that connection is answered (a closed loop, as wrk does), until ctx is done or
// next returns false. Requests in flight when ctx ends are still waited for and
// counted: a load test must see every answer.
func drive(ctx context.Context, c *http.Client, base string, conns int, next func() (request, bool)) []outcome {
	var mu sync.Mutex
	var all []outcome
	var wg sync.WaitGroup
	var stopped atomic.Bool
	for range conns {
		wg.Go(func() {
			var mine []outcome
			for ctx.Err() == nil && !stopped.Load() {
				r, ok := next()
				if !ok {
					stopped.Store(true)
					break
				}
				mine = append(mine, do(context.WithoutCancel(ctx), c, base, r))
			}
			mu.Lock()
			all = append(all, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	return all
}

// summary is the latency and status figures of a set of outcomes.
type summary struct {
	n, ok, errors int
	byStatus      map[int]int
	p50, p99, max time.Duration
	elapsed       time.Duration
	perSecond     float64 // 2xx answers per second
	firstError    string
}

func summarize(outs []outcome, elapsed time.Duration) summary {
	s := summary{n: len(outs), byStatus: map[int]int{}, elapsed: elapsed}
	lat := make([]time.Duration, 0, len(outs))
	for _, o := range outs {
		lat = append(lat, o.latency)
		if o.status >= 200 && o.status < 300 {
			s.ok++
		} else {
			s.errors++
			if s.firstError == "" {
				if o.err != nil {
					s.firstError = o.err.Error()
				} else {
					s.firstError = fmt.Sprintf("HTTP %d", o.status)
				}
			}
		}
		s.byStatus[o.status]++
	}
	slices.Sort(lat)
	s.p50, s.p99, s.max = pct(lat, 50), pct(lat, 99), pct(lat, 100)
	if elapsed > 0 {
		s.perSecond = float64(s.ok) / elapsed.Seconds()
	}
	return s
}

func pct(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (len(sorted)*p + 99) / 100
	return sorted[min(max(i-1, 0), len(sorted)-1)]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func (s summary) String() string {
	return fmt.Sprintf("%d requests, %.0f req/s (2xx), p50 %s, p99 %s, max %s, errors %d%s",
		s.n, s.perSecond, ms(s.p50), ms(s.p99), ms(s.max), s.errors, s.errorDetail())
}

func (s summary) errorDetail() string {
	if s.errors == 0 {
		return ""
	}
	var parts []string
	for code, n := range s.byStatus {
		if code < 200 || code >= 300 {
			name := fmt.Sprintf("HTTP %d", code)
			if code == 0 {
				name = "no answer"
			}
			parts = append(parts, fmt.Sprintf("%s ×%d", name, n))
		}
	}
	slices.Sort(parts)
	return fmt.Sprintf(" (%v; first: %s)", parts, s.firstError)
}

// ipv4Client returns the i-th client address of a run: 10.x.y.z, one per request, so
// that no client meets its rate limit and the limiter sees as many clients as requests.
func ipv4Client(run, i int) string {
	n := run<<20 | i
	return fmt.Sprintf("10.%d.%d.%d", (n>>16)&255, (n>>8)&255, n&255)
}
