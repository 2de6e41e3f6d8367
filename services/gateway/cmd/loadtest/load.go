package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
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

// conn is one keep-alive connection to the gateway, used by one goroutine. It writes
// requests and reads answers itself, with no goroutine of its own: net/http's client
// spends three goroutine hand-offs per request, and the load generator shares the
// machine's two cores with the gateway and the database (wrk is lean the same way).
type conn struct {
	addr string // host:port
	nc   net.Conn
	br   *bufio.Reader
	out  bytes.Buffer
}

// requestTimeout bounds one request, as a client would give up.
const requestTimeout = 10 * time.Second

func (c *conn) do(r request) outcome {
	start := time.Now()
	status, err := c.roundTrip(r)
	if errors.Is(err, errClosedIdle) {
		// The server closed the kept-alive connection as the request went out, before
		// reading it: sent again on a new one, as net/http and browsers do.
		c.close()
		status, err = c.roundTrip(r)
	}
	if err != nil {
		c.close() // the next request opens a new connection
	}
	return outcome{req: r, status: status, latency: time.Since(start), err: err}
}

// errClosedIdle: a reused connection ended before a byte of the answer came.
var errClosedIdle = errors.New("server closed the idle connection")

func (c *conn) roundTrip(r request) (int, error) {
	reused := c.nc != nil
	if c.nc == nil {
		nc, err := net.DialTimeout("tcp", c.addr, requestTimeout)
		if err != nil {
			return 0, err
		}
		c.nc, c.br = nc, bufio.NewReader(nc)
	}
	if err := c.nc.SetDeadline(time.Now().Add(requestTimeout)); err != nil {
		return 0, err
	}
	c.out.Reset()
	fmt.Fprintf(&c.out, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n", r.method, r.path, c.addr, len(r.body))
	if r.contentType != "" {
		fmt.Fprintf(&c.out, "Content-Type: %s\r\n", r.contentType)
	}
	if r.clientIP != "" {
		fmt.Fprintf(&c.out, "X-Forwarded-For: %s\r\n", r.clientIP)
	}
	for k, v := range r.header {
		fmt.Fprintf(&c.out, "%s: %s\r\n", k, v)
	}
	c.out.WriteString("\r\n")
	c.out.Write(r.body)
	if _, err := c.nc.Write(c.out.Bytes()); err != nil {
		if reused {
			return 0, fmt.Errorf("%w: %w", errClosedIdle, err)
		}
		return 0, err
	}
	if _, err := c.br.Peek(1); err != nil {
		if reused && (errors.Is(err, io.EOF) || errors.Is(err, syscall.ECONNRESET)) {
			return 0, fmt.Errorf("%w: %w", errClosedIdle, err)
		}
		return 0, err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	if err != nil {
		return 0, err
	}
	if resp.Close {
		c.close()
	}
	return resp.StatusCode, nil
}

func (c *conn) close() {
	if c.nc != nil {
		_ = c.nc.Close()
		c.nc, c.br = nil, nil
	}
}

// drive sends next()'s requests to the gateway at addr (host:port) over conns connections, each as soon as the previous
// on that connection is answered (a closed loop, as wrk does), until ctx is done or
// next returns false. Requests in flight when ctx ends are still waited for and
// counted: a load test must see every answer.
func drive(ctx context.Context, addr string, conns int, next func() (request, bool)) []outcome {
	var mu sync.Mutex
	var all []outcome
	var wg sync.WaitGroup
	var stopped atomic.Bool
	for range conns {
		wg.Go(func() {
			c := &conn{addr: addr}
			defer c.close()
			var mine []outcome
			for ctx.Err() == nil && !stopped.Load() {
				r, ok := next()
				if !ok {
					stopped.Store(true)
					break
				}
				mine = append(mine, c.do(r))
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
