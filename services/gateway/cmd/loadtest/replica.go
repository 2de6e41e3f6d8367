package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"sync/atomic"
	"time"
)

// replicaScenario measures what continuous replication (PORTFOLIO_REPLICA_URL,
// docs/decisions/0053) costs the write path: POST /api/contact driven on SQLite
// without and with a replica (a file replica beside the site: the local part of the
// work, the WAL copied into shipped files and the upload, is the same for any store),
// in the same run, twice each, alternating, so that the machine's load falls on both.
// It prints req/s and gateway CPU per request of each, the ratio, and what was lost.
func replicaScenario(ctx context.Context, o options, out io.Writer) error {
	fmt.Fprintf(out, "\n== replication overhead on sqlite: POST /api/contact, %d connections, %s per run, load average before %s\n", o.conns, o.duration, loadAverage())
	ep := endpoints[0]
	var perSecond, cpuPer [2]float64
	for round := range 2 {
		for i, replicated := range []bool{false, true} {
			label := "without a replica"
			s, err := newSite(ctx, o, "sqlite", out, nil)
			if err != nil {
				return err
			}
			if replicated {
				label = "with a replica"
				s.env["PORTFOLIO_REPLICA_URL"] = "file://" + filepath.Join(s.dir, "replica")
			}
			if err := s.start(ctx); err != nil {
				s.close()
				return err
			}
			run := fmt.Sprintf("%x%d%d", time.Now().UnixNano()&0xffffff, round, i)
			var seq atomic.Int64
			next := func() (request, bool) {
				n := int(seq.Add(1))
				r := ep.request(run, n)
				r.clientIP = ipv4Client(1, n)
				return r, true
			}
			timed, cancel := context.WithTimeout(ctx, o.duration)
			cpu0 := cpuTime(s.gw.cmd.Process.Pid)
			start := time.Now()
			outs := drive(timed, s.gw.addr, o.conns, next)
			elapsed := time.Since(start)
			cpu := cpuTime(s.gw.cmd.Process.Pid) - cpu0
			cancel()
			sum := summarize(outs, elapsed)
			fmt.Fprintf(out, "  round %d, %-18s %s; gateway CPU %s per request\n", round+1, label, sum, perRequest(cpu, sum.n))
			perSecond[i] += sum.perSecond
			if sum.n > 0 {
				cpuPer[i] += float64(cpu) / float64(sum.n)
			}
			s.gw.stop(sigterm, 30*time.Second)
			dbh, err := s.openDB(ctx)
			if err != nil {
				s.close()
				return err
			}
			c, err := count(ctx, dbh, ep, "lt-"+run+"-", outs)
			_ = dbh.Close()
			s.close()
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "  %-28s %s\n", "", c)
		}
	}
	fmt.Fprintf(out, "  with/without a replica: req/s ratio %.2f, gateway CPU per request ratio %.2f\n",
		perSecond[1]/perSecond[0], cpuPer[1]/cpuPer[0])
	return nil
}
