package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/replica"
	"github.com/portfolio-site/portfolio/services/gateway/internal/replica/s3test"
)

// BenchmarkReplicaRestore times `gateway restore --from-replica` of a site with
// benchSubscribers confirmed subscribers (and their emails, as BenchmarkBackupRestore
// has them), from a file replica and from a real S3-compatible server (versitygw on
// loopback): `make bench-replica`.
func BenchmarkReplicaRestore(b *testing.B) {
	dataDir := filepath.Join(b.TempDir(), "data")
	fillSite(b, dataDir, benchSubscribers)
	fi, err := os.Stat(filepath.Join(dataDir, "portfolio.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("database of %d subscribers: %.1f MB", benchSubscribers, float64(fi.Size())/1e6)
	for _, kind := range []string{"file", "s3"} {
		b.Run(kind, func(b *testing.B) {
			env := map[string]string{"PORTFOLIO_REPLICA_URL": "file://" + filepath.Join(b.TempDir(), "replica")}
			if kind == "s3" {
				srv := s3test.Start(b)
				b.Setenv("AWS_CA_BUNDLE", "") // README, Replication
				env = srv.Env()
				env["PORTFOLIO_REPLICA_URL"] = srv.URL("site")
			}
			// The site's database shipped once: its first sync sends all of it.
			client, err := replica.NewClient(env["PORTFOLIO_REPLICA_URL"], mapEnv(env))
			if err != nil {
				b.Fatal(err)
			}
			r := replica.New(replica.Options{
				Path: filepath.Join(dataDir, "portfolio.db"), Client: replica.NewCounting(client, time.Now),
				SyncInterval: time.Second, Logger: zap.NewNop(), Now: time.Now,
			})
			ctx := context.Background()
			if err := r.Open(ctx); err != nil {
				b.Fatal(err)
			}
			if err := r.Sync(ctx); err != nil {
				b.Fatal(err)
			}
			if err := r.Close(ctx); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				into := maps.Clone(env)
				into["PORTFOLIO_DATA_DIR"] = filepath.Join(b.TempDir(), "restored")
				if err := run(ctx, []string{"gateway", "restore", "--from-replica"}, mapEnv(into), nil, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReplicaRequests counts the requests a replicated gateway sends to a real
// S3-compatible server (versitygw behind a counting proxy), per hour: idle, at 10 and
// at 100 contact messages a second, each for replicaBenchPhase, with the readiness
// probe and a Prometheus scrape every 10 s as a deployed site has them. It reports
// requests/hour of each (measured over the phase, so the hourly compaction and the
// daily snapshot are not in it: README, Replication adds them), after a minute's
// warm-up: `make bench-replica`.
func BenchmarkReplicaRequests(b *testing.B) {
	srv := s3test.Start(b)
	b.Setenv("AWS_CA_BUNDLE", "")
	env := srv.Env()
	maps.Copy(env, map[string]string{
		"PORTFOLIO_REPLICA_URL":           srv.URL("site"),
		"PORTFOLIO_DATA_DIR":              filepath.Join(b.TempDir(), "data"),
		"PORTFOLIO_RATE_LIMIT_PER_MINUTE": "100000",
		"PORTFOLIO_MAIL_RATE_PER_SECOND":  "0",
		"PORTFOLIO_LOG_LEVEL":             "info",
	})
	g := startGateway(b, env)
	metrics, _ := g.logs.waitFor(b, "metrics listening", g.done)["addr"].(string)
	probe := func(stop <-chan struct{}) {
		for {
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Second):
			}
			fetch(b, "http://"+g.addr+"/readyz", nil)
			fetch(b, "http://"+metrics+"/metrics", nil)
		}
	}
	replicated(b, g)
	// The start's own requests (the first snapshot, each level listed once) are not a
	// phase's: the first minute's compaction and pruning are behind it.
	time.Sleep(70 * time.Second)
	for b.Loop() {
		for _, rate := range []int{0, 10, 100} {
			stop := make(chan struct{})
			var wg sync.WaitGroup
			wg.Go(func() { probe(stop) })
			before := srv.RequestsByMethod()
			start := time.Now()
			if rate > 0 {
				wg.Go(func() { writeAt(b, g.addr, rate, stop) })
			}
			time.Sleep(replicaBenchPhase)
			close(stop)
			wg.Wait()
			elapsed := time.Since(start)
			after := srv.RequestsByMethod()
			n, byMethod := 0, []string{}
			for _, m := range []string{"PUT", "GET", "LIST", "HEAD", "DELETE"} {
				d := after[m] - before[m]
				n += d
				byMethod = append(byMethod, fmt.Sprintf("%s %.0f", m, float64(d)/elapsed.Hours()))
			}
			perHour := float64(n) / elapsed.Hours()
			b.ReportMetric(perHour, fmt.Sprintf("requests/h@%dw/s", rate))
			b.Logf("%d writes/s: %.0f requests/hour (%s per hour) over %s", rate, perHour, strings.Join(byMethod, ", "), elapsed.Round(time.Second))
		}
	}
	g.stop(b)
}

// replicaBenchPhase is how long each rate of BenchmarkReplicaRequests runs: past a
// minute, so that the minute's compaction and pruning are in it.
const replicaBenchPhase = 2*time.Minute + 5*time.Second

// writeAt posts contact messages to addr at rate a second until stop.
func writeAt(b testing.TB, addr string, rate int, stop <-chan struct{}) {
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	client := &http.Client{Timeout: 5 * time.Second}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		resp, err := client.Post("http://"+addr+"/api/contact", "application/json",
			strings.NewReader(strings.Replace(contactJSON, "Jane <b>Doe</b>", fmt.Sprintf("Rate %d-%d", rate, i), 1)))
		if err != nil {
			b.Error(err)
			return
		}
		_ = resp.Body.Close()
	}
}
