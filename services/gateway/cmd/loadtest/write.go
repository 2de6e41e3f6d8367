package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	contactstore "github.com/portfolio-site/portfolio/services/gateway/internal/contact/sqlstore"
	mailstore "github.com/portfolio-site/portfolio/services/mail/sqlstore"
	nlstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"

	"github.com/portfolio-site/portfolio/services/sqldb"
)

// endpoint is a write endpoint driven by the load.
type endpoint struct {
	name string
	// request returns the i-th request; its key is the address the visitor gave.
	request func(run string, i int) request
	// profile names the CPU profile of its run (-profile).
	profile string
	// rows counts what its domain stored per key (the address) starting with prefix.
	rows func(ctx context.Context, db *sqldb.DB, prefix string) (map[string]int, error)
	// check checks each key's queued emails.
	check func(e keyEmails) (lost, dup bool)
}

// keyEmails is what the outbox holds about one visitor's address.
type keyEmails struct {
	to, replyTo int // emails to the address, and emails whose Reply-To is the address
}

var endpoints = []endpoint{
	{
		name: "POST /api/contact",
		request: func(run string, i int) request {
			key := fmt.Sprintf("lt-%s-c%d@example.org", run, i)
			body, _ := json.Marshal(map[string]string{
				"name": "Load Tester", "email": key, "subject": "other",
				"message": fmt.Sprintf("Load test message number %d: is the write path fast?", i),
			})
			return request{method: "POST", path: "/api/contact", body: body, contentType: "application/json", key: key}
		},
		profile: "contact_messages",
		rows:    contactRows,
		// The owner's notification (Reply-To: the visitor) exactly once; the visitor's
		// auto-reply at most once (a site-wide cap may leave it out).
		check: func(e keyEmails) (bool, bool) { return e.replyTo == 0, e.replyTo > 1 || e.to > 1 },
	},
	{
		name: "POST /api/newsletter/subscriptions",
		request: func(run string, i int) request {
			key := fmt.Sprintf("lt-%s-s%d@example.org", run, i)
			body, _ := json.Marshal(map[string]string{"email": key, "name": "Load Tester"})
			return request{method: "POST", path: "/api/newsletter/subscriptions", body: body, contentType: "application/json", key: key}
		},
		profile: "newsletter_subscribers",
		rows:    subscriberRows,
		// The confirmation email exactly once.
		check: func(e keyEmails) (bool, bool) { return e.to == 0, e.to > 1 },
	},
}

// writeScenario drives each write endpoint for o.duration with the mail worker
// running, then stops the gateway (SIGTERM) and counts.
func writeScenario(ctx context.Context, o options, db string, out io.Writer) error {
	fmt.Fprintf(out, "\n== write path on %s: %d connections, %s per endpoint, load average before %s\n", db, o.conns, o.duration, loadAverage())
	s, err := newSite(ctx, o, db, out, nil)
	if err != nil {
		return err
	}
	defer s.close()
	if err := s.start(ctx); err != nil {
		return err
	}
	run := fmt.Sprintf("%x", time.Now().UnixNano()&0xffffff)
	results := make([][]outcome, len(endpoints))
	for ei, ep := range endpoints {
		// A second of warm-up (counted for lost and duplicated, not for speed).
		var seq atomic.Int64
		next := func() (request, bool) {
			i := int(seq.Add(1))
			r := ep.request(run, i)
			r.clientIP = ipv4Client(ei+1, i)
			return r, true
		}
		warm, cancel := context.WithTimeout(ctx, time.Second)
		warmOuts := drive(warm, s.gw.addr, o.conns, next)
		cancel()
		timed, cancel := context.WithTimeout(ctx, o.duration)
		cpu0, pgCPU0, selfCPU0 := cpuTime(s.gw.cmd.Process.Pid), postgresCPU(), cpuTime(os.Getpid())
		profiled := make(chan error, 1)
		if o.profile != "" {
			path := filepath.Join(o.profile, db+"-"+ep.profile+".pprof")
			// pprof takes whole seconds (0 would mean its default of 30).
			go func() { profiled <- s.gw.profileCPU(ctx, max(o.duration-time.Second, time.Second), path) }()
		} else {
			profiled <- nil
		}
		start := time.Now()
		outs := drive(timed, s.gw.addr, o.conns, next)
		elapsed := time.Since(start)
		cpu, pgCPU, selfCPU := cpuTime(s.gw.cmd.Process.Pid)-cpu0, postgresCPU()-pgCPU0, cpuTime(os.Getpid())-selfCPU0
		cancel()
		if err := <-profiled; err != nil {
			return err
		}
		sum := summarize(outs, elapsed)
		// CPU per request says what the gateway costs whatever else the machine runs:
		// on a busy machine req/s falls, CPU per request does not.
		line := fmt.Sprintf("  %-36s %s; gateway CPU %s per request", ep.name, sum, perRequest(cpu, sum.n))
		if db == "postgres" {
			line += fmt.Sprintf(", postgres CPU %s", perRequest(pgCPU, sum.n))
		}
		line += fmt.Sprintf(", load generator CPU %s", perRequest(selfCPU, sum.n))
		fmt.Fprintln(out, line)
		results[ei] = append(warmOuts, outs...)
	}
	sent, _ := s.smtp.delivered()
	fmt.Fprintf(out, "  mail worker delivered %d emails meanwhile; load average after %s\n", sent, loadAverage())
	s.gw.stop(sigterm, 30*time.Second)

	dbh, err := s.openDB(ctx)
	if err != nil {
		return err
	}
	defer dbh.Close()
	for ei, ep := range endpoints {
		c, err := count(ctx, dbh, ep, "lt-"+run+"-", results[ei])
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "  %-36s %s\n", ep.name, c)
	}
	return nil
}

// counted is what the database holds against what the clients were told.
type counted struct {
	accepted, rows, lost, duplicated int
	emailsLost, emailsDuplicated     int
	storedUnanswered                 int // stored though the client got no 2xx
}

func (c counted) String() string {
	return fmt.Sprintf("%d accepted (2xx), %d rows: lost %d, duplicated %d; emails lost %d, duplicated %d; stored without a 2xx %d",
		c.accepted, c.rows, c.lost, c.duplicated, c.emailsLost, c.emailsDuplicated, c.storedUnanswered)
}

// count compares the rows and queued emails whose address starts with prefix against
// the outcomes.
func count(ctx context.Context, db *sqldb.DB, ep endpoint, prefix string, outs []outcome) (counted, error) {
	rows, err := ep.rows(ctx, db, prefix)
	if err != nil {
		return counted{}, fmt.Errorf("count %s: %w", ep.name, err)
	}
	emails, err := outboxEmails(ctx, db, prefix)
	if err != nil {
		return counted{}, err
	}
	var c counted
	answered := map[string]bool{}
	for _, o := range outs {
		k := o.req.key
		if o.status < 200 || o.status >= 300 {
			continue
		}
		answered[k] = true
		c.accepted++
		switch n := rows[k]; {
		case n == 0:
			c.lost++
		case n > 1:
			c.duplicated++
		}
		lost, dup := ep.check(emails[k])
		if lost {
			c.emailsLost++
		}
		if dup {
			c.emailsDuplicated++
		}
	}
	for k, n := range rows {
		c.rows += n
		if !answered[k] {
			c.storedUnanswered++
		}
	}
	return c, nil
}

// everything is as many rows as a listing may hold: the load test reads them all.
const everything = 1 << 30

// contactRows counts the contact messages per sender address starting with prefix.
func contactRows(ctx context.Context, db *sqldb.DB, prefix string) (map[string]int, error) {
	msgs, err := contactstore.NewContacts(db, mailstore.New(db)).List(ctx, everything)
	if err != nil {
		return nil, err
	}
	rows := map[string]int{}
	for _, m := range msgs {
		if strings.HasPrefix(m.Email, prefix) {
			rows[m.Email]++
		}
	}
	return rows, nil
}

// subscriberRows counts the subscribers per address starting with prefix.
func subscriberRows(ctx context.Context, db *sqldb.DB, prefix string) (map[string]int, error) {
	subs, _, err := nlstore.New(db, mailstore.New(db)).List(ctx, "", everything, 0)
	if err != nil {
		return nil, err
	}
	rows := map[string]int{}
	for _, s := range subs {
		if strings.HasPrefix(s.Email, prefix) {
			rows[s.Email]++
		}
	}
	return rows, nil
}

// outboxEmails reads the outbox's messages that concern addresses with prefix.
func outboxEmails(ctx context.Context, db *sqldb.DB, prefix string) (map[string]keyEmails, error) {
	msgs, err := mailstore.New(db).Mentioning(ctx, prefix)
	if err != nil {
		return nil, fmt.Errorf("count emails: %w", err)
	}
	out := map[string]keyEmails{}
	for _, m := range msgs {
		for _, a := range m.To {
			if strings.HasPrefix(a.Email, prefix) {
				e := out[a.Email]
				e.to++
				out[a.Email] = e
			}
		}
		for _, a := range m.ReplyTo {
			if strings.HasPrefix(a.Email, prefix) {
				e := out[a.Email]
				e.replyTo++
				out[a.Email] = e
			}
		}
	}
	return out, nil
}
