package server_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

const (
	chrome    = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
	android   = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
	googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
)

// visit GETs a page as a browser at remote would, with extra headers.
func (f *fixture) visit(t *testing.T, path, ua, remote string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodGet, path, nil)
	r.Header.Set("User-Agent", ua)
	r.RemoteAddr = remote
	for k, v := range header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	f.h.ServeHTTP(w, r)
	return w
}

// counts flushes the counter and returns every row of analytics_daily as "kind key=n".
func (f *fixture) counts(t *testing.T) []string {
	t.Helper()
	if err := f.views.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	rows, err := f.db.QueryContext(context.Background(), "SELECT kind, key, n FROM analytics_daily")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	var out []string
	for rows.Next() {
		var kind, key string
		var n int64
		if err := rows.Scan(&kind, &key, &n); err != nil {
			t.Fatal(err)
		}
		out = append(out, kind+" "+key+"="+strconv.FormatInt(n, 10))
	}
	slices.Sort(out)
	return out
}

// The pages a person is shown are counted as they are served: a 200 or a 304, by
// path, referrer host and device. Not counted: HEAD, a prefetch, a 404, a redirect,
// assets, the API, a bot, and a page of the admin.
func TestPageViewsAreCountedAsServed(t *testing.T) {
	f := newFixture(t, nil)
	ok := func(path, ua, remote string, header map[string]string, want int) *httptest.ResponseRecorder {
		t.Helper()
		w := f.visit(t, path, ua, remote, header)
		if w.Code != want {
			t.Fatalf("GET %s: %d, want %d", path, w.Code, want)
		}
		return w
	}
	ok("/skills", chrome, "192.0.2.1:1000", map[string]string{"Referer": "https://news.ycombinator.com/item?id=1"}, 200)
	first := ok("/skills", android, "192.0.2.2:1000", nil, 200)
	ok("/skills", chrome, "192.0.2.1:1000", map[string]string{"If-None-Match": first.Header().Get("ETag")}, 304)
	ok("/projects/1", chrome, "192.0.2.1:1000", map[string]string{"Referer": "http://example.com/projects"}, 200)
	ok("/blog/kubernetes-security", chrome, "192.0.2.3:1000", nil, 200)

	// None of these counts.
	ok("/skills", googlebot, "192.0.2.4:1000", nil, 200)
	ok("/skills", chrome, "192.0.2.4:1000", map[string]string{"Sec-Purpose": "prefetch"}, 200)
	// A prerender (speculation rules, docs/decisions/0062-speculation-rules.md): the page
	// counts itself by its beacon once it is shown, if it ever is.
	ok("/talks", chrome, "192.0.2.4:1000", map[string]string{"Sec-Purpose": "prefetch;prerender"}, 200)
	ok("/nope", chrome, "192.0.2.4:1000", nil, 404)
	ok("/skills/", chrome, "192.0.2.4:1000", nil, 301)
	ok("/projects/999", chrome, "192.0.2.4:1000", nil, 404)
	ok("/admin/newsletter", chrome, "192.0.2.4:1000", nil, 302) // to the admin's origin
	ok("/robots.txt", chrome, "192.0.2.4:1000", nil, 200)
	if w := do(f.h, req{method: http.MethodHead, path: "/skills", header: map[string]string{"User-Agent": chrome}}); w.Code != 200 {
		t.Fatalf("HEAD /skills: %d", w.Code)
	}

	want := []string{
		"device desktop=4",
		"device mobile=1",
		"page /blog/kubernetes-security=1",
		"page /projects/1=1",
		"page /skills=3",
		"referrer =4",
		"referrer news.ycombinator.com=1",
		"visitors =3",
	}
	if got := f.counts(t); !slices.Equal(got, want) {
		t.Errorf("counts:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The signed-in owner's visits are not counted, by page or by beacon; once signed out
// they are a reader's again.
func TestTheSignedInOwnerIsNotCounted(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	withCookie := map[string]string{"Cookie": cookie.Name + "=" + cookie.Value}
	f.visit(t, "/skills", chrome, "192.0.2.1:1000", withCookie)
	if w := f.beacon(`{"path":"/talks","referrer":""}`, withCookie); w.Code != http.StatusNoContent {
		t.Fatalf("beacon: %d %s", w.Code, w.Body)
	}
	if got := f.counts(t); len(got) != 0 {
		t.Errorf("the owner's visits counted: %v", got)
	}
	// A cookie that is no live session is anybody's.
	f.visit(t, "/skills", chrome, "192.0.2.1:1000", map[string]string{"Cookie": cookie.Name + "=forged"})
	if got := f.counts(t); !slices.Contains(got, "page /skills=1") {
		t.Errorf("a forged cookie's visit not counted: %v", got)
	}
}

// Sec-GPC and DNT: the view counts, the visitor gets no id.
func TestOptOutHeadersMakeNoVisitor(t *testing.T) {
	for _, h := range []string{"Sec-GPC", "DNT"} {
		t.Run(h, func(t *testing.T) {
			f := newFixture(t, nil)
			f.visit(t, "/skills", chrome, "192.0.2.1:1000", map[string]string{h: "1"})
			got := f.counts(t)
			if !slices.Contains(got, "page /skills=1") || slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "visitors") }) {
				t.Errorf("counts %v: want the view, no visitor", got)
			}
		})
	}
}

func (f *fixture) beacon(body string, header map[string]string) *httptest.ResponseRecorder {
	h := map[string]string{"User-Agent": chrome}
	for k, v := range header {
		h[k] = v
	}
	return f.send(send{path: "/api/pageviews", contentType: "text/plain;charset=UTF-8", body: body, header: h})
}

// The beacon counts a page of the site and nothing else: a path that is no page (the
// app's not-found view) is answered but not counted; another site's request, a body
// too large or of the wrong type are refused.
func TestPageViewBeacon(t *testing.T) {
	f := newFixture(t, nil)
	if w := f.beacon(`{"path":"/talks","referrer":"https://www.linkedin.com/feed/"}`, nil); w.Code != http.StatusNoContent {
		t.Fatalf("beacon: %d %s", w.Code, w.Body)
	}
	for _, tc := range []struct {
		name, body, contentType string
		header                  map[string]string
		want                    int
	}{
		{"not a page", `{"path":"/wp-admin.php","referrer":""}`, "", nil, 204},
		{"a pattern", `{"path":"/projects/{id}","referrer":""}`, "", nil, 204},
		{"not JSON", `path=/talks`, "", nil, 400},
		{"too large", `{"path":"/talks","referrer":"https://x.example/` + strings.Repeat("a", 1100) + `"}`, "", nil, 413},
		{"JSON type", `{"path":"/talks","referrer":""}`, "application/json", nil, 415},
		{"cross-site", `{"path":"/talks","referrer":""}`, "", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, 403},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ct := tc.contentType
			if ct == "" {
				ct = "text/plain;charset=UTF-8"
			}
			w := f.send(send{path: "/api/pageviews", contentType: ct, body: tc.body, header: tc.header})
			if w.Code != tc.want {
				t.Errorf("%d %s, want %d", w.Code, w.Body, tc.want)
			}
		})
	}
	want := []string{"device desktop=1", "page /talks=1", "referrer linkedin.com=1", "visitors =1"}
	if got := f.counts(t); !slices.Equal(got, want) {
		t.Errorf("counts %v, want %v", got, want)
	}
}

// A new subscriber counts for the page they signed up on: the page the script names,
// or the Referer of the form posted without JavaScript; a known address counts nothing.
func TestSignupsByPage(t *testing.T) {
	f := newFixture(t, nil)
	if w := f.subscribeJSON(`{"email":"ada@example.org","name":"","website":"","page":"/newsletter"}`, nil); w.Code != http.StatusAccepted {
		t.Fatalf("subscribe: %d %s", w.Code, w.Body)
	}
	if w := f.subscribeJSON(`{"email":"ada@example.org","name":"","website":"","page":"/newsletter"}`, nil); w.Code != http.StatusAccepted {
		t.Fatalf("subscribe again: %d %s", w.Code, w.Body)
	}
	if w := f.subscribeJSON(`{"email":"bob@example.org","page":"/no/such/page"}`, nil); w.Code != http.StatusAccepted {
		t.Fatalf("subscribe: %d %s", w.Code, w.Body)
	}
	w := f.send(send{path: "/", contentType: "application/x-www-form-urlencoded", body: "form-name=newsletter&email=cy%40example.org",
		header: map[string]string{"Referer": "http://example.com/blog/kubernetes-security"}})
	if w.Code != http.StatusOK {
		t.Fatalf("form post: %d %s", w.Code, w.Body)
	}
	want := []string{"signup /blog/kubernetes-security=1", "signup /newsletter=1", "signup =1"}
	if got := f.counts(t); !slices.Equal(got, want) {
		t.Errorf("counts %v, want %v", got, want)
	}
}

// The Traffic page's data: behind the admin session, for 7, 30 or 90 days, with the
// pages' titles and the articles among them.
func TestAdminTraffic(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	f.visit(t, "/blog/kubernetes-security", chrome, "192.0.2.1:1000", nil)
	f.visit(t, "/skills", android, "192.0.2.2:1000", nil)
	f.visit(t, "/skills", chrome, "192.0.2.1:1000", nil)
	f.counts(t) // flushed
	if w := f.adminCall(http.MethodGet, "/api/admin/traffic", nil, send{}); w.Code != http.StatusUnauthorized {
		t.Errorf("without a session: %d", w.Code)
	}
	cookie := f.signIn(t)
	if w := f.adminCall(http.MethodGet, "/api/admin/traffic?days=12", cookie, send{}); w.Code != http.StatusBadRequest {
		t.Errorf("12 days: %d", w.Code)
	}
	var got struct {
		Enabled bool `json:"enabled"`
		Days    int  `json:"days"`
		Series  []struct {
			Views, Visitors int64
		} `json:"series"`
		Pages []struct {
			Path, Title string
			Count       int64
		} `json:"pages"`
		Articles []struct{ Path string } `json:"articles"`
		Devices  []struct {
			Key   string
			Count int64
		} `json:"devices"`
	}
	f.getJSON(t, "/api/admin/traffic?days=7", cookie, &got)
	if !got.Enabled || got.Days != 7 || len(got.Series) != 7 {
		t.Fatalf("answer %+v", got)
	}
	if today := got.Series[6]; today.Views != 3 || today.Visitors != 2 {
		t.Errorf("today %+v, want 3 views by 2 visitors", today)
	}
	if len(got.Pages) != 2 || got.Pages[0].Path != "/skills" || got.Pages[0].Count != 2 || got.Pages[0].Title != "Skills" {
		t.Errorf("pages %+v", got.Pages)
	}
	if len(got.Articles) != 1 || got.Articles[0].Path != "/blog/kubernetes-security" {
		t.Errorf("articles %+v", got.Articles)
	}
	if len(got.Devices) != 2 {
		t.Errorf("devices %+v", got.Devices)
	}
}

// With PORTFOLIO_ANALYTICS=false nothing is counted and the Traffic page says so.
func TestAnalyticsOff(t *testing.T) {
	f := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_ANALYTICS": "false"}))
	f.visit(t, "/skills", chrome, "192.0.2.1:1000", nil)
	if w := f.beacon(`{"path":"/talks","referrer":""}`, nil); w.Code != http.StatusNoContent {
		t.Errorf("beacon: %d", w.Code)
	}
	var n int
	if err := f.db.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM analytics_daily").Scan(&n); err != nil || n != 0 {
		t.Errorf("%d rows (%v)", n, err)
	}
	var got struct {
		Enabled bool `json:"enabled"`
	}
	f.getJSON(t, "/api/admin/traffic", f.signIn(t), &got)
	if got.Enabled {
		t.Error("enabled")
	}
}

// viewsPerMinute mirrors the server's bound on the views counted per client a minute.
const viewsPerMinute = 30

// One address cannot inflate the counts: of 400 GETs of a page, each served 200, at
// most the bound per minute count (the first viewsPerMinute, and one more every two
// seconds the loop takes), whatever user agents it rotates through, so the visitors
// stay within the bound too; another address still counts.
func TestPageViewsAreBoundedPerClient(t *testing.T) {
	f := newFixture(t, nil)
	start := time.Now()
	for i := range 400 {
		if w := f.visit(t, "/talks", chrome+" "+strconv.Itoa(i), "192.0.2.10:1000", nil); w.Code != http.StatusOK {
			t.Fatalf("GET /talks #%d: %d, want 200 (served, only not counted)", i, w.Code)
		}
	}
	bound := viewsPerMinute + int(time.Since(start)/(time.Minute/viewsPerMinute))
	views, visitors := f.count(t, "page /talks"), f.count(t, "visitors ")
	if views < viewsPerMinute || views > bound {
		t.Errorf("400 GETs from one address counted %d views, want %d to %d", views, viewsPerMinute, bound)
	}
	if visitors > bound {
		t.Errorf("400 GETs from one address, user agent rotated, counted %d visitors, want at most %d", visitors, bound)
	}
	// An IPv6 client is its /64: another address in it is the same client.
	for i := range 2 * viewsPerMinute {
		f.visit(t, "/skills", chrome, "[2001:db8:1:2::"+strconv.Itoa(i+1)+"]:1000", nil)
	}
	if n := f.count(t, "page /skills"); n > bound {
		t.Errorf("%d GETs from one /64 counted %d views, want at most %d", 2*viewsPerMinute, n, bound)
	}
	f.visit(t, "/talks", android, "192.0.2.11:1000", nil)
	if n := f.count(t, "page /talks"); n != views+1 {
		t.Errorf("another address's view: /talks has %d views, want %d", n, views+1)
	}
}

// count is the n of the row "kind key" in counts (0 for none).
func (f *fixture) count(t *testing.T, row string) int {
	t.Helper()
	for _, c := range f.counts(t) {
		if k, n, ok := strings.Cut(c, "="); ok && k == row {
			v, err := strconv.Atoi(n)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
	}
	return 0
}
