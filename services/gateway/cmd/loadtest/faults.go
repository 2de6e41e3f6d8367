package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	nlstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

const sigterm = syscall.SIGTERM

// faults are the fault scenarios, in the order they run.
var faults = []struct {
	name string
	run  func(ctx context.Context, o options, db string, out io.Writer) error
}{
	{"smtp-outage", smtpOutage},
	{"kill-mid-publish", killMidPublish},
	{"sigterm-in-flight", sigtermInFlight},
	{"signin-flood", signInFlood},
	{"ipv6-rotation", ipv6Rotation},
}

func faultNames() []string {
	names := make([]string, 0, len(faults))
	for _, f := range faults {
		names = append(names, f.name)
	}
	return names
}

func isFault(name string) bool { return slices.Contains(faultNames(), name) }

func faultScenarios(ctx context.Context, o options, db string, names []string, out io.Writer) error {
	for _, f := range faults {
		if !slices.Contains(names, f.name) {
			continue
		}
		fmt.Fprintf(out, "\n== %s on %s (load average %s)\n", f.name, db, loadAverage())
		if err := f.run(ctx, o, db, out); err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
	}
	return nil
}

// quickMail makes the outbox retry within a second and send without a rate limit, so
// that an outage's recovery shows in seconds rather than the hour of the defaults.
//
// The send timeout sets the lease of a claim (send timeout + 40 s): an email a killed
// gateway was sending is tried again once that lease has expired.
var quickMail = map[string]string{
	"PORTFOLIO_OUTBOX_SEND_TIMEOUT":  "5s",
	"PORTFOLIO_OUTBOX_RETRY_BASE":    "100ms",
	"PORTFOLIO_OUTBOX_RETRY_MAX":     "1s",
	"PORTFOLIO_OUTBOX_POLL_INTERVAL": "200ms",
	"PORTFOLIO_MAIL_RATE_PER_SECOND": "0",
}

// waitFor polls cond every 20 ms until it holds or timeout passes; it returns how long
// that took and whether it held.
func waitFor(ctx context.Context, timeout time.Duration, cond func() bool) (time.Duration, bool) {
	start := time.Now()
	for {
		if cond() {
			return time.Since(start), true
		}
		if time.Since(start) > timeout || ctx.Err() != nil {
			return time.Since(start), false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// contactRequests returns a next function for drive: contact posts from distinct
// clients, n of them (0: no end).
func contactRequests(run string, phase, n int) (func() (request, bool), *atomic.Int64) {
	var seq atomic.Int64
	return func() (request, bool) {
		i := int(seq.Add(1))
		if n > 0 && i > n {
			return request{}, false
		}
		r := endpoints[0].request(run, i)
		r.clientIP = ipv4Client(phase, i)
		return r, true
	}, &seq
}

// smtpOutage: the relay goes down; contact posts keep being accepted at their usual
// speed; nothing is given up during the outage; once the relay is back every email
// arrives, once.
func smtpOutage(ctx context.Context, o options, db string, out io.Writer) error {
	s, err := newSite(ctx, o, db, out, quickMail)
	if err != nil {
		return err
	}
	defer s.close()
	if err := s.start(ctx); err != nil {
		return err
	}
	s.smtp.down()
	const posts = 300
	run := fmt.Sprintf("o%x", time.Now().UnixNano()&0xffffff)
	next, _ := contactRequests(run, 1, posts)
	start := time.Now()
	outs := drive(ctx, s.gw.addr, 8, next)
	sum := summarize(outs, time.Since(start))
	fmt.Fprintf(out, "  relay down; contact posts: %s\n", sum)
	time.Sleep(3 * time.Second) // several retry rounds fail meanwhile
	dbh, err := s.openDB(ctx)
	if err != nil {
		return err
	}
	defer dbh.Close()
	dead, pending := outboxCounts(ctx, dbh)
	fmt.Fprintf(out, "  after 3 s of outage: %d emails waiting, %d dead\n", pending, dead)
	if err := s.smtp.up(); err != nil {
		return err
	}
	c, err := count(ctx, dbh, endpoints[0], "lt-"+run+"-", outs)
	if err != nil {
		return err
	}
	want := 0
	for _, e := range mustEmails(ctx, dbh, "lt-"+run+"-") {
		want += e.to + e.replyTo
	}
	took, ok := waitFor(ctx, 60*time.Second, func() bool { return s.smtp.count() >= want })
	time.Sleep(500 * time.Millisecond) // a duplicate would arrive now
	got, dups := s.smtp.delivered()
	dead, pending = outboxCounts(ctx, dbh)
	fmt.Fprintf(out, "  relay back: %d of %d queued emails delivered %s after (all: %t), duplicates %d, dead %d, still waiting %d\n",
		got, want, ms(took), ok, dups, dead, pending)
	fmt.Fprintf(out, "  rows: %s\n", c)
	return nil
}

// killMidPublish: SIGKILL while an edition is being sent to 400 confirmed
// subscribers, then a restart; every subscriber gets it, and a copy sent twice
// carries the Message-ID of the first (at-least-once).
func killMidPublish(ctx context.Context, o options, db string, out io.Writer) error {
	s, err := newSite(ctx, o, db, out, quickMail)
	if err != nil {
		return err
	}
	defer s.close()
	if err := s.start(ctx); err != nil {
		return err
	}
	const readers = 400
	dbh, err := s.openDB(ctx)
	if err != nil {
		return err
	}
	defer dbh.Close()
	if err := seedConfirmed(ctx, dbh, readers); err != nil {
		return err
	}
	cookie, _, err := signIn(s.gw.adminBase, "198.51.100.7")
	if err != nil {
		return err
	}
	res := make(chan string, 1)
	go func() {
		code, body := post(s.gw.adminBase+"/api/admin/editions/1/publish", cookie, "", "")
		res <- fmt.Sprintf("%d %s", code, strings.TrimSpace(body))
	}()
	// Killed once some of the edition went out: mid-send, the window of a duplicate.
	waitFor(ctx, 30*time.Second, func() bool { return s.smtp.count() >= readers/4 })
	s.gw.stop(syscall.SIGKILL, 10*time.Second)
	before := s.smtp.count()
	var answer string
	select {
	case answer = <-res:
	case <-time.After(5 * time.Second):
		answer = "no answer"
	}
	fmt.Fprintf(out, "  SIGKILL after %d of %d emails were delivered (publish answered: %s)\n", before, readers, answer)
	if err := s.start(ctx); err != nil {
		return err
	}
	// The emails in flight at the kill are leased to the dead process for 45 s.
	took, ok := waitFor(ctx, 80*time.Second, func() bool {
		got := s.smtp.received()
		n := 0
		for i := range readers {
			if len(got[reader(i)]) > 0 {
				n++
			}
		}
		return n == readers
	})
	time.Sleep(time.Second) // a duplicate would arrive now
	got := s.smtp.received()
	lost, dups, sameID := 0, 0, 0
	for i := range readers {
		ids := got[reader(i)]
		switch {
		case len(ids) == 0:
			lost++
		case len(ids) > 1:
			dups += len(ids) - 1
			if len(slices.Compact(slices.Clone(ids))) == 1 {
				sameID += len(ids) - 1
			}
		}
	}
	fmt.Fprintf(out, "  restarted: every subscriber had the edition %s after the restart (%t); lost %d, duplicated %d (with the first copy's Message-ID: %d)\n",
		ms(took), ok, lost, dups, sameID)
	return nil
}

func reader(i int) string { return fmt.Sprintf("reader%04d@example.org", i) }

// sigtermInFlight: SIGTERM while 16 connections post contact messages; every request
// the gateway answered 2xx is stored, and the shutdown is quick.
func sigtermInFlight(ctx context.Context, o options, db string, out io.Writer) error {
	s, err := newSite(ctx, o, db, out, quickMail)
	if err != nil {
		return err
	}
	defer s.close()
	if err := s.start(ctx); err != nil {
		return err
	}
	run := fmt.Sprintf("t%x", time.Now().UnixNano()&0xffffff)
	next, _ := contactRequests(run, 2, 0)
	loadCtx, stopLoad := context.WithCancel(ctx)
	var outs []outcome
	done := make(chan struct{})
	go func() {
		outs = drive(loadCtx, s.gw.addr, o.conns, next)
		close(done)
	}()
	time.Sleep(2 * time.Second)
	exit := s.gw.stop(syscall.SIGTERM, 30*time.Second)
	stopLoad()
	<-done
	refused, cut := 0, 0
	for _, x := range outs {
		if x.status == 0 {
			if x.err != nil && strings.Contains(x.err.Error(), "connection refused") {
				refused++
			} else {
				cut++
			}
		}
	}
	sum := summarize(outs, 0)
	fmt.Fprintf(out, "  SIGTERM after 2 s of load: the gateway exited in %s; %d requests, %d answered 2xx, %d refused after the listener closed, %d cut without an answer, other statuses %v\n",
		ms(exit), sum.n, sum.ok, refused, cut, statusesBut2xx(sum.byStatus))
	dbh, err := s.openDB(ctx)
	if err != nil {
		return err
	}
	defer dbh.Close()
	c, err := count(ctx, dbh, endpoints[0], "lt-"+run+"-", outs)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "  rows: %s\n", c)
	return nil
}

func statusesBut2xx(m map[int]int) map[int]int {
	out := map[int]int{}
	for k, v := range m {
		if k != 0 && (k < 200 || k >= 300) {
			out[k] = v
		}
	}
	return out
}

// signInFlood: 32 clients keep trying wrong passwords for 5 s while 4 others fetch
// pages; page latency is compared with the same fetches before the flood. The owner,
// who signed in once before it (and so has a device cookie), tries the right password
// during it from new addresses: from a new browser, and from that browser.
func signInFlood(ctx context.Context, o options, db string, out io.Writer) error {
	s, err := newSite(ctx, o, db, out, nil)
	if err != nil {
		return err
	}
	defer s.close()
	if err := s.start(ctx); err != nil {
		return err
	}
	pages := []string{"/rss.xml", "/sitemap.xml", "/api/newsletter/stats", "/healthz"}
	if _, err := os.Stat(filepath.Join(s.env["PORTFOLIO_WEB_DIR"], "shell", "dist", "index.html")); err == nil {
		pages = append(pages, "/", "/blog") // the shell is built: its pages too
	}
	var pi atomic.Int64
	nextPage := func() (request, bool) {
		p := pages[int(pi.Add(1))%len(pages)]
		return request{method: "GET", path: p}, true
	}
	measure := func(d time.Duration) summary {
		c, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		start := time.Now()
		return summarize(drive(c, s.gw.addr, 4, nextPage), time.Since(start))
	}
	fmt.Fprintf(out, "  pages %v\n  pages before:   %s\n", pages, measure(3*time.Second))
	_, device, err := signIn(s.gw.adminBase, "203.0.113.100")
	if err != nil {
		return err
	}
	if device == "" {
		return errors.New("the owner's sign-in before the flood set no device cookie")
	}

	floodCtx, stopFlood := context.WithCancel(ctx)
	var seq atomic.Int64
	var mu sync.Mutex
	statuses := map[int]int{}
	var wg sync.WaitGroup
	wg.Go(func() {
		outs := drive(floodCtx, s.gw.adminAddr, 32, func() (request, bool) {
			i := int(seq.Add(1))
			body, _ := json.Marshal(map[string]string{"user": adminUser, "password": fmt.Sprint("guess-", i)})
			return request{method: "POST", path: "/api/admin/session", body: body, contentType: "application/json",
				clientIP: ipv4Client(3, i)}, true
		})
		mu.Lock()
		for _, x := range outs {
			statuses[x.status]++
		}
		mu.Unlock()
	})
	time.Sleep(500 * time.Millisecond)
	during := measure(5 * time.Second)
	body, _ := json.Marshal(map[string]string{"user": adminUser, "password": adminPassword})
	owner := func(cookie, clientIP string) string {
		start := time.Now()
		code, answer := postFrom(s.gw.adminBase+"/api/admin/session", cookie, string(body), "application/json", clientIP)
		return fmt.Sprintf("%d %s in %s", code, strings.TrimSpace(answer), ms(time.Since(start)))
	}
	newBrowser := owner("", "203.0.113.200")
	knownBrowser := owner(device, "203.0.113.201")
	stopFlood()
	wg.Wait()
	fmt.Fprintf(out, "  pages during:   %s\n", during)
	fmt.Fprintf(out, "  sign-in flood: %d attempts by status %v\n", int(seq.Load()), statuses)
	fmt.Fprintf(out, "  the owner's right password during the flood, from a new address:\n")
	fmt.Fprintf(out, "    a new browser (no device cookie; 503 while the flood holds the check): %s\n", newBrowser)
	fmt.Fprintf(out, "    the browser that signed in before (its device cookie):                  %s\n", knownBrowser)
	return nil
}

// ipv6Rotation: 20 contact posts from 20 addresses of one IPv6 /64 with the limit at
// 5 a minute; a limiter keyed by /64 accepts 5.
func ipv6Rotation(ctx context.Context, o options, db string, out io.Writer) error {
	s, err := newSite(ctx, o, db, out, map[string]string{"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "5"})
	if err != nil {
		return err
	}
	defer s.close()
	if err := s.start(ctx); err != nil {
		return err
	}
	run := fmt.Sprintf("v%x", time.Now().UnixNano()&0xffffff)
	var seq atomic.Int64
	outs := drive(ctx, s.gw.addr, 1, func() (request, bool) {
		i := int(seq.Add(1))
		if i > 20 {
			return request{}, false
		}
		r := endpoints[0].request(run, i)
		r.clientIP = fmt.Sprintf("2001:db8:1:2:%x::%x", i*7919%65536, i)
		return r, true
	})
	sum := summarize(outs, 0)
	fmt.Fprintf(out, "  20 posts from 20 addresses in 2001:db8:1:2::/64, limit 5/min: %d accepted, statuses %v\n", sum.ok, sum.byStatus)
	return nil
}

// seedConfirmed adds n confirmed subscribers reader0000@… through the newsletter's
// import (its own transaction), before any request runs.
func seedConfirmed(ctx context.Context, db *sqldb.DB, n int) error {
	now := time.Now()
	subs := make([]newsletter.ImportedSubscriber, n)
	for i := range subs {
		subs[i] = newsletter.ImportedSubscriber{Email: reader(i), EmailKey: newsletter.EmailKey(reader(i)),
			State: newsletter.StateConfirmed, SubscribedAt: now, ConfirmedAt: now}
	}
	none := func(newsletter.Subscriber) ([]mail.Message, error) { return nil, nil } // confirmed: no confirmation to send
	if _, err := nlstore.New(db, mailstore.New(db)).Import(ctx, subs, now, 0, none); err != nil {
		return fmt.Errorf("seed subscribers: %w", err)
	}
	return nil
}

// outboxCounts returns the dead and the waiting (pending or sending) emails.
func outboxCounts(ctx context.Context, db *sqldb.DB) (dead, waiting int) {
	c, _ := mailstore.New(db).Count(ctx) // zeros when it cannot be read: a report, not a check
	return c.Dead, c.Pending + c.Sending
}

func mustEmails(ctx context.Context, db *sqldb.DB, prefix string) map[string]keyEmails {
	m, err := outboxEmails(ctx, db, prefix)
	if err != nil {
		return nil
	}
	return m
}

// signIn signs the admin in from clientIP and returns the session cookie and the
// device cookie ("" if none), each as name=value.
func signIn(base, clientIP string) (session, device string, err error) {
	body, _ := json.Marshal(map[string]string{"user": adminUser, "password": adminPassword})
	req, _ := http.NewRequest("POST", base+"/api/admin/session", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", clientIP)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		b, _ := io.ReadAll(resp.Body)
		return "", "", fmt.Errorf("sign-in: %d %s", resp.StatusCode, b)
	}
	for _, c := range resp.Cookies() {
		switch {
		case strings.HasSuffix(c.Name, "portfolio_admin"):
			session = c.Name + "=" + c.Value
		case strings.HasSuffix(c.Name, "portfolio_admin_device"):
			device = c.Name + "=" + c.Value
		}
	}
	if session == "" {
		return "", "", errors.New("sign-in set no cookie")
	}
	return session, device, nil
}

func post(url, cookie, body, contentType string) (int, string) {
	return postFrom(url, cookie, body, contentType, "")
}

func postFrom(url, cookie, body, contentType, clientIP string) (int, string) {
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	if err != nil {
		return 0, err.Error()
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if cookie != "" {
		req.Header.Set("Cookie", cookie)
	}
	if clientIP != "" {
		req.Header.Set("X-Forwarded-For", clientIP)
	}
	c := &http.Client{Timeout: 60 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}
