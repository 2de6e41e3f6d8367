// Command loadtest measures the gateway as an attacker or a crowd would use it, on
// loopback, against the real binary: the write path under load (POST /api/contact and
// POST /api/newsletter/subscriptions from many client addresses through a trusted
// proxy's X-Forwarded-For, with the mail worker sending to an in-process SMTP server),
// contact writes without and with continuous replication (its cost on the write
// path), then fault scenarios (an SMTP outage, SIGKILL mid-publish, SIGTERM with requests in
// flight, a sign-in flood, an IPv6 /64 rotation), and pages with the analytics off and
// on (page p99 in one run, and every page view counted stored). Afterwards it counts the rows and
// queued emails in the database against the 2xx answers and prints requests per
// second, latencies, errors, lost and duplicated.
//
//	go run ./services/gateway/cmd/loadtest -gateway bin/gateway -scenarios write
//	scripts/with-postgres.sh go run ./services/gateway/cmd/loadtest -db postgres ...
//
// It measures and prints; it asserts nothing (a benchmark, not a test), but exits
// non-zero when a scenario could not run at all.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// options are the command line's.
type options struct {
	gateway   string        // the gateway binary
	dbs       []string      // sqlite, postgres
	pgURL     string        // PostgreSQL server for -db postgres
	scenarios []string      // write, faults (or single fault names)
	duration  time.Duration // per endpoint in the write scenario
	conns     int           // concurrent connections
	profile   string        // where CPU profiles of the write scenario go ("": none)
}

func run(ctx context.Context, args []string, getenv func(string) string, out io.Writer) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	var o options
	var dbs, scenarios string
	fs.StringVar(&o.gateway, "gateway", "bin/gateway", "the gateway binary to start")
	fs.StringVar(&dbs, "db", "sqlite,postgres", "databases to run on: sqlite, postgres (needs PORTFOLIO_TEST_DATABASE_URL, as scripts/with-postgres.sh sets; skipped without)")
	fs.StringVar(&scenarios, "scenarios", "write,replica,pages,faults", "what to run: write, replica (contact writes without and with continuous replication, on SQLite), pages (page p99 with the analytics off and on), faults, or single faults: "+strings.Join(faultNames(), ", "))
	fs.DurationVar(&o.duration, "duration", 10*time.Second, "how long each endpoint is driven in the write scenario")
	fs.IntVar(&o.conns, "conns", 16, "concurrent connections (closed loop, as wrk -c)")
	fs.StringVar(&o.profile, "profile", "", "a folder: the gateway's CPU profile of each write endpoint goes there (<db>-<endpoint>.pprof, for go tool pprof)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	o.dbs = strings.Split(dbs, ",")
	o.scenarios = strings.Split(scenarios, ",")
	o.pgURL = getenv("PORTFOLIO_TEST_DATABASE_URL")
	if _, err := os.Stat(o.gateway); err != nil {
		return fmt.Errorf("gateway binary: %w (run make build, or go build -o bin/gateway ./services/gateway/cmd/gateway)", err)
	}

	fmt.Fprintf(out, "loadtest: %s, %d CPUs, load average %s\n", time.Now().UTC().Format(time.RFC3339), numCPU(), loadAverage())
	for _, db := range o.dbs {
		if db == "postgres" && o.pgURL == "" {
			fmt.Fprintln(out, "\n== postgres: skipped (no PORTFOLIO_TEST_DATABASE_URL; run under scripts/with-postgres.sh)")
			continue
		}
		for _, sc := range o.scenarios {
			if err := ctx.Err(); err != nil {
				return err
			}
			var err error
			switch {
			case sc == "write":
				err = writeScenario(ctx, o, db, out)
			case sc == "replica" && db == "sqlite":
				err = replicaScenario(ctx, o, out)
			case sc == "replica":
				fmt.Fprintf(out, "\n== replica on %s: skipped (PostgreSQL archives its own WAL)\n", db)
			case sc == "pages":
				err = pagesScenario(ctx, o, db, out)
			case sc == "faults":
				err = faultScenarios(ctx, o, db, faultNames(), out)
			case isFault(sc):
				err = faultScenarios(ctx, o, db, []string{sc}, out)
			default:
				return fmt.Errorf("unknown scenario %q", sc)
			}
			if err != nil {
				return fmt.Errorf("%s on %s: %w", sc, db, err)
			}
		}
	}
	return nil
}
