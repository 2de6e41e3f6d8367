package main

import (
	"context"
	"fmt"
	"io"
	"sync/atomic"
	"time"

	analyticsstore "github.com/portfolio-site/portfolio/services/gateway/internal/analytics/sqlstore"
)

// pagePaths are the pages the page scenario asks for in turn: the shell's, a project,
// the blog's index and an article, the newsletter's.
var pagePaths = []string{"/", "/skills", "/projects", "/projects/1", "/talks", "/blog", "/blog/kubernetes-security", "/newsletter"}

// pageReferrers are the Referer headers sent in turn ("" none).
var pageReferrers = []string{"", "https://www.google.com/", "https://news.ycombinator.com/item?id=1", ""}

// browserUA is a browser's user agent: the analytics count it (a bot's they skip).
const browserUA = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"

// pageClients is how many client addresses the page load comes from, so that the
// day's visitor ids number in the thousands as on a busy day.
const pageClients = 5000

// pagesScenario serves pages under load with the analytics off and on, alternating
// (off, on, off, on) in one run so that both see the same machine, and prints each
// run's p99 and the counts stored, which must equal the pages answered with counting
// on: the last ones are flushed at SIGTERM.
func pagesScenario(ctx context.Context, o options, db string, out io.Writer) error {
	fmt.Fprintf(out, "\n== pages on %s, analytics off vs on: %d connections, %s per run, load average before %s\n", db, o.conns, o.duration, loadAverage())
	best := map[bool]summary{}
	for i, on := range []bool{false, true, false, true} {
		sum, stored, answered, err := pagesRun(ctx, o, db, on, i)
		if err != nil {
			return err
		}
		if on {
			fmt.Fprintf(out, "  analytics on   %s; page views stored %d of %d pages answered 200\n", sum, stored, answered)
		} else {
			fmt.Fprintf(out, "  analytics off  %s\n", sum)
		}
		if b, ok := best[on]; !ok || sum.p99 < b.p99 {
			best[on] = sum
		}
	}
	fmt.Fprintf(out, "  page p99, the better of two runs each: analytics off %s, on %s\n", ms(best[false].p99), ms(best[true].p99))
	return nil
}

// pagesRun starts a gateway with the analytics on or off, drives pages for
// o.duration after a second of warm-up, stops it with SIGTERM, and returns the timed
// part's summary, the page views its database holds and the pages answered 200 (the
// warm-up's too).
func pagesRun(ctx context.Context, o options, db string, on bool, run int) (sum summary, stored int64, answered int, err error) {
	env := map[string]string{"PORTFOLIO_ANALYTICS": fmt.Sprint(on), "PORTFOLIO_LOG_LEVEL": "warn"}
	s, err := newSite(ctx, o, db, io.Discard, env)
	if err != nil {
		return summary{}, 0, 0, err
	}
	defer s.close()
	if err := s.start(ctx); err != nil {
		return summary{}, 0, 0, err
	}
	var seq atomic.Int64
	next := func() (request, bool) {
		i := int(seq.Add(1))
		r := request{method: "GET", path: pagePaths[i%len(pagePaths)], clientIP: ipv4Client(run+1, i%pageClients),
			header: map[string]string{"User-Agent": browserUA}}
		if ref := pageReferrers[i%len(pageReferrers)]; ref != "" {
			r.header["Referer"] = ref
		}
		return r, true
	}
	warm, cancel := context.WithTimeout(ctx, time.Second)
	warmOuts := drive(warm, s.gw.addr, o.conns, next)
	cancel()
	timed, cancel := context.WithTimeout(ctx, o.duration)
	start := time.Now()
	outs := drive(timed, s.gw.addr, o.conns, next)
	elapsed := time.Since(start)
	cancel()
	s.gw.stop(sigterm, 30*time.Second)
	sum = summarize(outs, elapsed)
	// Every 200 of the warm-up and the timed part was a view (around midnight UTC on two
	// days: the sum below covers both).
	answered = summarize(warmOuts, 0).byStatus[200] + sum.byStatus[200]
	if !on {
		return sum, 0, answered, nil
	}
	dbh, err := s.openDB(ctx)
	if err != nil {
		return summary{}, 0, 0, err
	}
	defer dbh.Close()
	days, err := analyticsstore.New(dbh).Totals(ctx, "0000-01-01", "9999-12-31")
	if err != nil {
		return summary{}, 0, 0, fmt.Errorf("count page views: %w", err)
	}
	for _, d := range days {
		stored += d.Views
	}
	return sum, stored, answered, nil
}
