package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/pgtest"
)

// releaseSite is a gateway's handler over a database of its own, its release service
// and web wired as run() wires them, with the store counting what is read of it.
type releaseSite struct {
	cfg   config.Config
	web   *site.Site
	svc   *release.Service
	store *releasetest.CountingStore
	h     http.Handler
}

// newReleaseSite opens a site on SQLite in a data directory of its own, or on a
// PostgreSQL database of its own (skipped without a server).
func newReleaseSite(t testing.TB, dialect sqldb.Dialect) *releaseSite {
	t.Helper()
	env := map[string]string{
		"PORTFOLIO_DATA_DIR":     filepath.Join(t.TempDir(), "data"),
		"PORTFOLIO_WEB_DIR":      webtest.Build(t),
		"PORTFOLIO_METRICS_ADDR": "off",
	}
	if dialect == sqldb.Postgres {
		env["PORTFOLIO_DATABASE_URL"] = pgtest.URL(t)
	}
	cfg, err := config.Load("", func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if err := prepareDataDir(cfg); err != nil {
		t.Fatal(err)
	}
	ctx, logger := context.Background(), zap.NewNop()
	loaded, err := loadSite(logger, cfg)
	if err != nil {
		t.Fatal(err)
	}
	db, err := openDatabase(ctx, cfg, logger)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	svc, err := newSections(cfg, logger, db, loaded.web)
	if err != nil {
		t.Fatal(err)
	}
	store := &releasetest.CountingStore{Store: svc.Store}
	svc.Store = store
	// The deploy API and the sections' files are the public listener's.
	h := server.NewServer(server.Deps{
		Logger: logger, Config: cfg, Site: loaded.site, Routes: loaded.routes, Served: loaded.web,
		Registry: prometheus.NewRegistry(), Database: sqldb.NewHealth(db), Sections: svc,
	}).Public
	return &releaseSite{cfg: cfg, web: loaded.web, svc: svc, store: store, h: h}
}

// serveOlder publishes old, then a newer release of its section that the site serves
// from then on (followed as run() follows them, until the test ends): old is an older
// release, not in memory. The store's counts start from there.
func (s *releaseSite) serveOlder(t testing.TB, old release.Build) {
	t.Helper()
	ctx := context.Background()
	s.publish(t, old)
	s.publish(t, releasetest.Build(t, old.Section, "1.0.0-now", "now"))
	if err := s.svc.Promote(ctx, old.Section, "1.0.0-now", "test"); err != nil {
		t.Fatal(err)
	}
	stop, err := site.Follow(ctx, zap.NewNop(), s.svc, s.web)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	s.store.Artifacts.Store(0)
	s.store.FileBytes.Store(0)
}

func (s *releaseSite) publish(t testing.TB, b release.Build) {
	t.Helper()
	if _, err := s.svc.Publish(context.Background(), "", releasetest.Artifact(t, b), nil, "test"); err != nil {
		t.Fatalf("publish %s %s: %v", b.Section, b.Version, err)
	}
}

func (s *releaseSite) get(path string) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	s.h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	return w
}

// allocated is how many bytes the process allocated while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

var dialects = []sqldb.Dialect{sqldb.SQLite, sqldb.Postgres}

// largeFile is the size of the incompressible file of the large release: its artifact
// is as large, and unpacked it is as large again.
const largeFile = 8 << 20

// TestAFileOfAnOlderReleaseCostsThatFile: a tab still on an older release, no longer
// in memory, asks for some of its small files; each costs about that file, not the
// release: no artifact is read, and the request allocates a small fraction of the
// release's size.
func TestAFileOfAnOlderReleaseCostsThatFile(t *testing.T) {
	for _, d := range dialects {
		t.Run(string(d), func(t *testing.T) {
			s := newReleaseSite(t, d)
			old := releasetest.Build(t, "blog", "1.0.0-old", "old")
			releasetest.AddRandomFile(t, &old, "static/media/large.bin", largeFile)
			s.serveOlder(t, old)

			served := 0
			for _, c := range []struct{ file, says string }{
				{"remoteEntry.js", "// old"},
				{"static/js/async/chunk.1.0.0-old.js", "'old'"},
				{"static/css/blog.1.0.0-old.css", ".mark"},
			} {
				var w *httptest.ResponseRecorder
				n := allocated(func() { w = s.get("/mf/blog/1.0.0-old/" + c.file) })
				if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), c.says) || w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
					t.Errorf("%s: %d %q %q", c.file, w.Code, w.Header().Get("Cache-Control"), w.Body.String())
				}
				// Well under the release's size: the release read whole would be twice it.
				if n > largeFile/8 {
					t.Errorf("%s (%d bytes) of an older release: the request allocated %d bytes; the release is %d", c.file, w.Body.Len(), n, largeFile)
				}
				served += w.Body.Len()
			}
			if read := s.store.FileBytes.Load(); read != int64(served) {
				t.Errorf("served %d bytes of an older release, read %d from the store", served, read)
			}
			if w := s.get("/mf/blog/1.0.0-old/static/js/none.js"); w.Code != http.StatusNotFound {
				t.Errorf("a file the older release does not have: %d, want 404", w.Code)
			}
			if n := s.store.Artifacts.Load(); n != 0 {
				t.Errorf("serving files of an older release read %d artifacts whole, want none", n)
			}
		})
	}
}

// TestPublishingIsRateLimitedPerToken: a deploy token publishes a handful of artifacts
// in a row, then is answered 429 with Retry-After and the API's JSON error until its
// budget refills; another token is not held back by it.
func TestPublishingIsRateLimitedPerToken(t *testing.T) {
	s := newReleaseSite(t, sqldb.SQLite)
	ctx := context.Background()
	first, _, err := s.svc.Tokens.Create(ctx, "blog", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	second, _, err := s.svc.Tokens.Create(ctx, "blog", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	artifact := releasetest.Artifact(t, releasetest.Build(t, "blog", "1.0.0-a", "a"))
	publish := func(token string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/api/sections/blog/releases", bytes.NewReader(artifact))
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Content-Type", "application/gzip")
		w := httptest.NewRecorder()
		s.h.ServeHTTP(w, req)
		return w
	}
	const enough = 20 // far more than CI publishes of one section at once
	var refused *httptest.ResponseRecorder
	published := 0
	for ; published < enough; published++ {
		w := publish(first)
		if w.Code == http.StatusTooManyRequests {
			refused = w
			break
		}
		if w.Code != http.StatusCreated {
			t.Fatalf("publish #%d: %d %s", published+1, w.Code, w.Body.String())
		}
	}
	if refused == nil {
		t.Fatalf("%d publishes in a row with one token, none refused", enough)
	}
	if published < 3 {
		t.Errorf("refused after %d publishes: CI's retries need a few", published)
	}
	var body struct {
		Error struct{ Code, Message string } `json:"error"`
	}
	if retry, err := strconv.Atoi(refused.Header().Get("Retry-After")); err != nil || retry < 1 ||
		json.Unmarshal(refused.Body.Bytes(), &body) != nil || body.Error.Code != "rate_limited" || body.Error.Message == "" {
		t.Errorf("over the limit: Retry-After %q, %s", refused.Header().Get("Retry-After"), refused.Body.String())
	}
	if w := publish(second); w.Code != http.StatusCreated {
		t.Errorf("another token after the first is limited: %d %s", w.Code, w.Body.String())
	}
}

// gatedStore holds every read of files until its gate opens, and counts the reads
// under way.
type gatedStore struct {
	release.Store
	gate          chan struct{}
	mu            sync.Mutex
	reading, most int
}

// Files implements release.Store.
func (s *gatedStore) Files(ctx context.Context, section, version string, names []string) (map[string][]byte, error) {
	s.mu.Lock()
	s.reading++
	s.most = max(s.most, s.reading)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.reading--
		s.mu.Unlock()
	}()
	<-s.gate
	return s.Store.Files(ctx, section, version, names)
}

func (s *gatedStore) counts() (reading, most int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reading, s.most
}

// TestFilesOfOlderReleasesAreReadAFewAtATime: a flood of requests for files of an
// older release, none in memory, has a few files read from the store at a time (the
// others wait their turn), and a file that many ask for at once read once for all of
// them; every request is answered.
func TestFilesOfOlderReleasesAreReadAFewAtATime(t *testing.T) {
	const files = 16
	s := newReleaseSite(t, sqldb.SQLite)
	old := releasetest.Build(t, "blog", "1.0.0-old", "old")
	for i := range files {
		old.Files[fmt.Sprintf("static/js/async/%d.js", i)] = fmt.Appendf(nil, "export const n = %d;\n", i)
	}
	s.serveOlder(t, old)
	store := s.svc.Store
	for _, c := range []struct {
		name string
		file func(i int) int // the file the i-th request asks for
		most int
	}{
		{"a file each", func(i int) int { return i }, 4}, // the server's coldReads
		{"one file for all", func(int) int { return 7 }, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			gated := &gatedStore{Store: store, gate: make(chan struct{})}
			s.svc.Store = gated
			var wg sync.WaitGroup
			for i := range files {
				wg.Go(func() {
					w := s.get(fmt.Sprintf("/mf/blog/1.0.0-old/static/js/async/%d.js", c.file(i)))
					if want := fmt.Sprintf("export const n = %d;\n", c.file(i)); w.Code != http.StatusOK || w.Body.String() != want {
						t.Errorf("request %d: %d %q", i, w.Code, w.Body.String())
					}
				})
			}
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				if reading, _ := gated.counts(); reading >= c.most {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%d requests: fewer than %d reads under way", files, c.most)
				}
			}
			time.Sleep(100 * time.Millisecond) // every other request has had the time to start a read too
			close(gated.gate)
			wg.Wait()
			if _, most := gated.counts(); most != c.most {
				t.Errorf("%d requests for files of an older release: %d reads from the store at once, want %d", files, most, c.most)
			}
		})
	}
}
