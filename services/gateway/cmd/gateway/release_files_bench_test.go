package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
)

// BenchmarkColdFileOfAnOlderRelease is what one request for a small file of an older
// release that is not in memory costs (make bench): the bytes and allocations of the
// whole process while it runs (B/op, allocs/op), the bytes of files read from the
// store (store-B/op) and the artifacts read whole (artifacts/op). For a release the
// size of a section's build (1.2 MB) and for a large one (64 MiB, incompressible,
// under limits raised for it); on SQLite, and on PostgreSQL under
// scripts/with-postgres.sh.
func BenchmarkColdFileOfAnOlderRelease(b *testing.B) {
	for _, d := range dialects {
		for _, c := range []struct {
			name        string
			files, size int
		}{
			{"1.2MB", 100, 12_000},
			{"64MiB", 4, 16 << 20},
		} {
			b.Run(string(d)+"/"+c.name, func(b *testing.B) {
				s := newReleaseSite(b, d)
				s.svc.Limits = release.Limits{Archive: 80 << 20, Total: 128 << 20, File: 16 << 20, FileCount: 4000}
				old := releasetest.Build(b, "blog", "1.0.0-old", "old")
				for i := range c.files {
					releasetest.AddRandomFile(b, &old, fmt.Sprintf("static/media/%d.bin", i), c.size)
				}
				s.serveOlder(b, old)
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					if w := s.get("/mf/blog/1.0.0-old/remoteEntry.js"); w.Code != http.StatusOK {
						b.Fatalf("%d %s", w.Code, w.Body.String())
					}
				}
				b.ReportMetric(float64(s.store.FileBytes.Load())/float64(b.N), "store-B/op")
				b.ReportMetric(float64(s.store.Artifacts.Load())/float64(b.N), "artifacts/op")
			})
		}
	}
}
