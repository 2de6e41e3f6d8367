package replica_test

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/benbjohnson/litestream/file"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/superfly/ltx"

	"github.com/portfolio-site/portfolio/services/gateway/internal/replica"
)

// TestCountingCountsRequests: every request to the store is counted by operation, a
// failed one too, and the bytes uploaded; a deletion of nothing sends nothing.
func TestCountingCountsRequests(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1_800_000_000, 0)
	c := replica.NewCounting(file.NewReplicaClient(filepath.Join(t.TempDir(), "replica")), func() time.Time { return now })
	reg := prometheus.NewRegistry()
	for _, col := range c.Collectors() {
		reg.MustRegister(col)
	}
	var buf bytes.Buffer
	enc, err := ltx.NewEncoder(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if err := enc.EncodeHeader(ltx.Header{Version: ltx.Version, PageSize: 4096, Commit: 1, MinTXID: 1, MaxTXID: 1, Timestamp: now.UnixMilli(), Flags: ltx.HeaderFlagNoChecksum}); err != nil {
		t.Fatal(err)
	}
	if err := enc.EncodePage(ltx.PageHeader{Pgno: 1}, make([]byte, 4096)); err != nil {
		t.Fatal(err)
	}
	if err := enc.Close(); err != nil {
		t.Fatal(err)
	}
	size := buf.Len()
	info, err := c.WriteLTXFile(ctx, 0, 1, 1, &buf)
	if err != nil {
		t.Fatal(err)
	}
	itr, err := c.LTXFiles(ctx, 0, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	for itr.Next() {
	}
	_ = itr.Close()
	_ = itr.Close() // closed twice, counted once
	rc, err := c.OpenLTXFile(ctx, 0, 1, 1, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, rc)
	_ = rc.Close()
	if _, err := c.OpenLTXFile(ctx, 0, 7, 7, 0, 0); err == nil {
		t.Fatal("opened a file that is not there")
	}
	if err := c.DeleteLTXFiles(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteLTXFiles(ctx, []*ltx.FileInfo{info}); err != nil {
		t.Fatal(err)
	}
	for op, want := range map[string]float64{"put": 1, "list": 1, "get": 2, "delete": 1} {
		if got := requestsOf(t, reg, op); got != want {
			t.Errorf("requests{operation=%q} = %v, want %v", op, got, want)
		}
	}
	if c.Requests() != 5 {
		t.Errorf("Requests() = %d, want 5", c.Requests())
	}
	if got := testutil.ToFloat64(c.Collectors()[1].(prometheus.Counter)); got != float64(size) {
		t.Errorf("sent bytes = %v, want %d", got, size)
	}
	if !c.LastOK().Equal(now) {
		t.Errorf("LastOK = %v, want %v", c.LastOK(), now)
	}
}

// requestsOf is portfolio_replica_requests_total{operation=op} in reg.
func requestsOf(t *testing.T, reg *prometheus.Registry, op string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			if f.GetName() == "portfolio_replica_requests_total" && m.GetLabel()[0].GetValue() == op {
				return m.GetCounter().GetValue()
			}
		}
	}
	t.Fatalf("no requests counter for %s", op)
	return 0
}

// TestHealthy: a replica is healthy within sixty sync intervals of its last complete
// sync, never less than a minute: PortfolioReplicaLagging's threshold.
func TestHealthy(t *testing.T) {
	for _, tc := range []struct {
		lag, interval time.Duration
		want          bool
	}{
		{time.Second, time.Second, true},
		{time.Minute, time.Second, true},
		{61 * time.Second, time.Second, false},
		{59 * time.Second, 100 * time.Millisecond, true},
		{9 * time.Minute, 10 * time.Second, true},
		{11 * time.Minute, 10 * time.Second, false},
	} {
		if got := replica.Healthy(tc.lag, tc.interval); got != tc.want {
			t.Errorf("Healthy(%v, %v) = %v, want %v", tc.lag, tc.interval, got, tc.want)
		}
	}
}
