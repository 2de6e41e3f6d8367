package sqlstore_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

const (
	firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
	iphone  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	ipad    = "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
	google  = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
)

// clock is a settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// site is a store on a migrated database and a counter over it, on a clock.
type site struct {
	db    *sqldb.DB
	store *sqlstore.Store
	clock *clock
}

func newSite(t *testing.T, d sqldbtest.Dialect) site {
	t.Helper()
	db := d.Open(t)
	if err := sqlstore.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	if err := sqlstore.Migrate(context.Background(), db); err != nil {
		t.Fatalf("migrating twice: %v", err)
	}
	return site{db: db, store: sqlstore.New(db), clock: &clock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}}
}

// counter is a replica's counter over the site's store.
func (s site) counter(retention time.Duration) *analytics.Counter {
	return analytics.New(s.store, zap.NewNop(), analytics.Options{SiteHost: "example.com", Retention: retention, Now: s.clock.Now})
}

// counts is every row of analytics_daily as "day kind key=n", sorted.
func (s site) counts(t *testing.T) []string {
	t.Helper()
	return s.column(t, "analytics_daily", "day || ' ' || kind || ' ' || key || '=' || n")
}

func view(path, ref, ua, client string) analytics.View {
	return analytics.View{Path: path, Referrer: ref, UserAgent: ua, ClientKey: client}
}

func flush(t *testing.T, c *analytics.Counter) {
	t.Helper()
	if err := c.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// Views from two replicas add up into one row per day, kind and key: the table grows
// with pages, not with visits, and a visitor seen by both counts once.
func TestAggregation(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := newSite(t, d)
			a, b := s.counter(0), s.counter(0)
			for range 3 {
				a.View(ctx, view("/blog/k8s", "https://www.Google.com/search?q=x", firefox, "192.0.2.1"))
			}
			a.View(ctx, view("/", "https://example.com/blog", iphone, "2001:db8:1::/64"))
			b.View(ctx, view("/blog/k8s", "", firefox, "192.0.2.1")) // the same visitor, on the other replica
			b.View(ctx, view("/", "", ipad, "192.0.2.2"))
			b.SignUp("/newsletter")
			flush(t, a)
			flush(t, b)
			// More views later add to the same rows.
			a.View(ctx, view("/", "", iphone, "2001:db8:1::/64"))
			flush(t, a)
			want := []string{
				"2026-03-01 device desktop=4",
				"2026-03-01 device mobile=2",
				"2026-03-01 device tablet=1",
				"2026-03-01 page /=3",
				"2026-03-01 page /blog/k8s=4",
				"2026-03-01 referrer =4",
				"2026-03-01 referrer google.com=3",
				"2026-03-01 signup /newsletter=1",
				"2026-03-01 visitors =3",
			}
			if got := s.counts(t); !slices.Equal(got, want) {
				t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}

			r, err := a.Report(ctx, 7)
			if err != nil {
				t.Fatal(err)
			}
			if r.From != "2026-02-23" || r.To != "2026-03-01" || len(r.Series) != 7 {
				t.Fatalf("report span %s..%s, %d days", r.From, r.To, len(r.Series))
			}
			if last := r.Series[6]; last.Day != "2026-03-01" || last.Views != 7 || last.Visitors != 3 {
				t.Errorf("today = %+v, want 7 views by 3 visitors", last)
			}
			if first := r.Series[0]; first.Views != 0 || first.Visitors != 0 {
				t.Errorf("a day without views = %+v", first)
			}
			if want := []analytics.KeyCount{{Key: "/blog/k8s", N: 4}, {Key: "/", N: 3}}; !slices.Equal(r.Pages, want) {
				t.Errorf("pages = %v, want %v", r.Pages, want)
			}
			if want := []analytics.KeyCount{{Key: "/newsletter", N: 1}}; !slices.Equal(r.Signups, want) {
				t.Errorf("signups = %v, want %v", r.Signups, want)
			}
		})
	}
}

// Bots are not counted: no row at all comes from them.
func TestBotsAreNotCounted(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := newSite(t, d)
			c := s.counter(0)
			for _, ua := range []string{
				google, "", "curl/8.5.0", "Go-http-client/1.1", "python-requests/2.31",
				"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
				"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
				"facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
			} {
				if c.View(ctx, view("/", "", ua, "192.0.2.9")) {
					t.Errorf("%q counted", ua)
				}
			}
			flush(t, c)
			if got := s.counts(t); len(got) != 0 {
				t.Errorf("rows after bots only: %v", got)
			}
			if !c.View(ctx, view("/", "", firefox, "192.0.2.9")) {
				t.Error("Firefox not counted")
			}
		})
	}
}

// What a visit leaves in the database: no address, no user agent, no referrer URL
// (only its host), nothing a visitor could be found by once the day is over.
func TestNoPersonalDataStored(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := newSite(t, d)
			c := s.counter(0)
			const ip, ref = "203.0.113.77", "https://news.example.org/item?id=4711&user=alice"
			c.View(ctx, view("/blog/k8s", ref, firefox, ip))
			flush(t, c)

			// The columns of every table, as the database has them: nothing more can be stored.
			wantCols := map[string][]string{
				"analytics_daily":    {"day", "kind", "key", "n"},
				"analytics_salts":    {"day", "salt"},
				"analytics_visitors": {"day", "id"},
			}
			for table, want := range wantCols {
				rows, err := s.db.QueryContext(ctx, "SELECT * FROM "+table)
				if err != nil {
					t.Fatal(err)
				}
				cols, _ := rows.Columns()
				var all []string
				for rows.Next() {
					vals := make([]sql.NullString, len(cols))
					ptrs := make([]any, len(cols))
					for i := range vals {
						ptrs[i] = &vals[i]
					}
					if err := rows.Scan(ptrs...); err != nil {
						t.Fatal(err)
					}
					for _, v := range vals {
						all = append(all, v.String)
					}
				}
				_ = rows.Close()
				if !slices.Equal(cols, want) {
					t.Errorf("%s columns = %v, want %v", table, cols, want)
				}
				for _, v := range all {
					for _, personal := range []string{ip, "203.0.113", firefox, "Firefox", ref, "alice", "4711"} {
						if strings.Contains(v, personal) {
							t.Errorf("%s holds %q in %q", table, personal, v)
						}
					}
				}
			}
			if got := s.counts(t); !slices.Contains(got, "2026-03-01 referrer news.example.org=1") {
				t.Errorf("the referrer's host is not counted: %v", got)
			}
		})
	}
}

// The salt is the day's: a new day brings a new one, the visitor counts again, and
// the old salt and the old day's ids are gone from the database.
func TestSaltRotatesDaily(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := newSite(t, d)
			c := s.counter(0)
			c.View(ctx, view("/", "", firefox, "192.0.2.1"))
			flush(t, c)
			salt1, ids1 := s.column(t, "analytics_salts", "salt"), s.column(t, "analytics_visitors", "id")
			if len(salt1) != 1 || len(ids1) != 1 {
				t.Fatalf("day 1: salts %v, ids %v", salt1, ids1)
			}
			// Another replica asking for the same day gets the same salt.
			fresh := []byte("another replica's fresh salt....")
			if got, err := s.store.Salt(ctx, "2026-03-01", fresh); err != nil || string(got) == string(fresh) {
				t.Errorf("a second replica's salt = %x, %v: want the first one's", got, err)
			}

			s.clock.Set(time.Date(2026, 3, 2, 0, 0, 1, 0, time.UTC))
			c.View(ctx, view("/", "", firefox, "192.0.2.1"))
			flush(t, c)
			salt2, ids2 := s.column(t, "analytics_salts", "salt"), s.column(t, "analytics_visitors", "id")
			if len(salt2) != 1 || salt2[0] == salt1[0] {
				t.Errorf("day 2 salts %v: want one, not day 1's %v", salt2, salt1)
			}
			if len(ids2) != 1 || ids2[0] == ids1[0] {
				t.Errorf("day 2 ids %v: want one, not day 1's %v", ids2, ids1)
			}
			if days := s.column(t, "analytics_salts", "day"); !slices.Equal(days, []string{"2026-03-02"}) {
				t.Errorf("salts kept for %v", days)
			}
			want := []string{"2026-03-01 visitors =1", "2026-03-02 visitors =1"}
			for _, w := range want {
				if !slices.Contains(s.counts(t), w) {
					t.Errorf("missing %q in %v", w, s.counts(t))
				}
			}
		})
	}
}

// Counts older than the retention are deleted; younger ones stay.
func TestRetention(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := newSite(t, d)
			c := s.counter(30 * 24 * time.Hour)
			for _, day := range []int{1, 2, 3} {
				s.clock.Set(time.Date(2026, 3, day, 12, 0, 0, 0, time.UTC))
				c.View(ctx, view("/", "", firefox, "192.0.2.1"))
				flush(t, c)
			}
			s.clock.Set(time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)) // 30 days after 2 March
			if err := c.Purge(ctx); err != nil {
				t.Fatal(err)
			}
			days := map[string]bool{}
			for _, r := range s.counts(t) {
				days[strings.Fields(r)[0]] = true
			}
			if days["2026-03-01"] || !days["2026-03-02"] || !days["2026-03-03"] {
				t.Errorf("days kept: %v, want 2 and 3 March", days)
			}
		})
	}
}

// Stop flushes what was counted since the last flush: nothing is lost at shutdown,
// even with a flush interval far longer than the run.
func TestStopFlushes(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := newSite(t, d)
			c := analytics.New(s.store, zap.NewNop(), analytics.Options{FlushEvery: time.Hour, Now: s.clock.Now})
			c.Start(ctx)
			for range 5 {
				c.View(ctx, view("/talks", "", firefox, "192.0.2.1"))
			}
			if got := s.counts(t); len(got) != 0 {
				t.Fatalf("flushed before Stop: %v", got)
			}
			if err := c.Stop(); err != nil {
				t.Fatal(err)
			}
			if got := s.counts(t); !slices.Contains(got, "2026-03-01 page /talks=5") {
				t.Errorf("after Stop: %v", got)
			}
			if c.Pending() != 0 {
				t.Errorf("%d counts still pending", c.Pending())
			}
		})
	}
}

// A visitor who sends Sec-GPC or DNT is counted as a view but gets no id: they are not
// among the day's visitors.
func TestAnonymousViewsMakeNoVisitorID(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := newSite(t, d)
			c := s.counter(0)
			v := view("/", "", firefox, "192.0.2.1")
			v.Anonymous = true
			c.View(ctx, v)
			flush(t, c)
			if ids := s.column(t, "analytics_visitors", "id"); len(ids) != 0 {
				t.Errorf("ids %v", ids)
			}
			if got := s.counts(t); !slices.Contains(got, "2026-03-01 page /=1") || slices.Contains(got, "2026-03-01 visitors =1") {
				t.Errorf("rows %v: want the view, no visitor", got)
			}
		})
	}
}

// column is the values of expr over every row of table, as text, sorted.
func (s site) column(t *testing.T, table, expr string) []string {
	t.Helper()
	rows, err := s.db.QueryContext(context.Background(), "SELECT "+expr+" FROM "+table)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	slices.Sort(out) // in Go: the databases' collations differ
	return out
}

// A flush of more visitors than one statement takes (they go in chunks) counts each
// once, and a second replica's flush of the same visitors adds none.
func TestManyVisitorsInOneFlush(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := newSite(t, d)
			a, b := s.counter(0), s.counter(0)
			for i := range 2500 {
				client := fmt.Sprintf("10.0.%d.%d", i/256, i%256)
				a.View(ctx, view("/", "", firefox, client))
				b.View(ctx, view("/", "", firefox, client))
			}
			flush(t, a)
			flush(t, b)
			if got := s.counts(t); !slices.Contains(got, "2026-03-01 visitors =2500") || !slices.Contains(got, "2026-03-01 page /=5000") {
				t.Errorf("rows %v", got)
			}
		})
	}
}
