package main

import (
	"context"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// Page views counted just before SIGTERM reach the database, though the flush interval
// is far longer than the run: the last flush is part of the shutdown. Two replicas on
// one PostgreSQL database (one after the other) add to the same rows and share the
// day's salt, so one browser is one visitor.
func TestRunFlushesPageViewsOnShutdown(t *testing.T) {
	const browser = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
	for _, tc := range []struct {
		name     string
		replicas int
		dsn      func(t *testing.T, dataDir string) (env map[string]string, dsn string)
	}{
		{"sqlite", 1, func(t *testing.T, dataDir string) (map[string]string, string) {
			return nil, filepath.Join(dataDir, "portfolio.db")
		}},
		{"postgres, two replicas", 2, func(t *testing.T, _ string) (map[string]string, string) {
			u := pgtest.URL(t)
			return map[string]string{"PORTFOLIO_DATABASE_URL": u}, u
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dataDir := filepath.Join(t.TempDir(), "data")
			extra, dsn := tc.dsn(t, dataDir)
			for i := range tc.replicas {
				env := map[string]string{
					"PORTFOLIO_DATA_DIR":                 filepath.Join(dataDir, "..", "replica", string(rune('a'+i))),
					"PORTFOLIO_ANALYTICS_FLUSH_INTERVAL": "1m",
				}
				if extra == nil {
					env["PORTFOLIO_DATA_DIR"] = dataDir
				}
				for k, v := range extra {
					env[k] = v
				}
				g := startGateway(t, env)
				waitHealthy(t, g.addr)
				for range 3 {
					if resp, _ := fetch(t, "http://"+g.addr+"/skills", map[string]string{"User-Agent": browser}); resp.StatusCode != http.StatusOK {
						t.Fatalf("GET /skills: %d", resp.StatusCode)
					}
				}
				g.stop(t)
			}
			db, err := sqldb.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var views, visitors int
			if err := db.QueryRowContext(context.Background(),
				"SELECT n FROM analytics_daily WHERE kind = 'page' AND key = '/skills'").Scan(&views); err != nil {
				t.Fatalf("no page views stored: %v", err)
			}
			if err := db.QueryRowContext(context.Background(),
				"SELECT n FROM analytics_daily WHERE kind = 'visitors'").Scan(&visitors); err != nil {
				t.Fatalf("no visitors stored: %v", err)
			}
			// One browser on one address: one visitor, whichever replica it reached.
			if views != 3*tc.replicas || visitors != 1 {
				t.Errorf("%d views by %d visitors, want %d by 1", views, visitors, 3*tc.replicas)
			}
		})
	}
}
