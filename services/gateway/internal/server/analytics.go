package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
)

// Analytics counts the pages served and the newsletter's sign-ups, and reports them to
// the admin (analytics.Counter; docs/decisions/0039).
type Analytics interface {
	View(ctx context.Context, v analytics.View) bool
	SignUp(path string)
	Report(ctx context.Context, days int) (analytics.Report, error)
	// The real-user signals (docs/decisions/0059-canary-releases.md; vitals.go).
	Vitals(v analytics.PageVitals) bool
	Request(section, version string, failed bool)
	ReadVitals(ctx context.Context, from, to string) (analytics.VitalsReport, error)
	Days(days int) (from, to string)
}

// viewCounter counts a page view for every page a person is shown: a GET (not HEAD,
// not a prefetch) of a page answered 200, or 304 (the page the browser kept, shown
// again). Bots are left out by the counter; the signed-in owner here, and a client's
// views past viewsPerMinute (limit).
type viewCounter struct {
	counter Analytics
	auth    AdminAuth
	cookie  adminCookie
	limit   *ratelimit.Limiter // viewsPerMinute per client key; nil for no bound
}

// viewsPerMinute is how many views (pages served and beacons together) one client is
// counted for per minute, as many as beaconsPerMinute allows beacons: a page every two
// seconds, faster than anyone reads. Without it one address could add any number of
// views, and visitors by rotating its user agent; past it the page is served all the
// same, only not counted.
const viewsPerMinute = beaconsPerMinute

// pages is the middleware on the page routes (routes.go). It counts after the page is
// answered, from what is in memory but for the day's first view (which reads the day's
// salt) and a signed-in owner's (whose session is looked up).
func (vc viewCounter) pages(next http.Handler) http.Handler {
	if vc.counter == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || isPrefetch(r) {
			next.ServeHTTP(w, r)
			return
		}
		rec := &responseRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status != 0 && rec.status != http.StatusOK && rec.status != http.StatusNotModified {
			return
		}
		vc.count(r, r.URL.Path, r.Referer())
	})
}

// count counts a view of path unless it is a page of the admin (the owner's, not the
// readers'), the owner is signed in, or the client has had its viewsPerMinute.
func (vc viewCounter) count(r *http.Request, path, referrer string) {
	if path == "/admin" || strings.HasPrefix(path, "/admin/") || inPreview(r) || vc.ownerSignedIn(r) {
		return
	}
	key := clientKeyFrom(r.Context())
	if vc.limit != nil {
		if ok, _ := vc.limit.Allow(key, time.Now()); !ok {
			return
		}
	}
	vc.counter.View(r.Context(), analytics.View{
		Path:      path,
		Referrer:  referrer,
		UserAgent: r.UserAgent(),
		ClientKey: key,
		Anonymous: optedOut(r),
	})
}

// ownerSignedIn reports whether r carries a live admin session: the owner's own visits
// are not the readers'.
func (vc viewCounter) ownerSignedIn(r *http.Request) bool {
	token := vc.cookie.token(r)
	if token == "" {
		return false
	}
	_, err := vc.auth.Session(r.Context(), token)
	return err == nil
}

// optedOut reports whether the browser asks not to be tracked: Global Privacy Control
// (Sec-GPC: 1) or the older Do Not Track (DNT: 1). Such a view is counted without a
// visitor id (analytics.View.Anonymous).
func optedOut(r *http.Request) bool {
	return r.Header.Get("Sec-GPC") == "1" || r.Header.Get("DNT") == "1"
}

// isPrefetch reports whether the browser is only fetching the page in case it is
// opened (a speculative prefetch or prerender): that is no view.
func isPrefetch(r *http.Request) bool {
	p := r.Header.Get("Sec-Purpose")
	if p == "" {
		p = r.Header.Get("Purpose")
	}
	return strings.HasPrefix(p, "prefetch")
}

// beaconsPerMinute is how many page-view beacons one client may send per minute: a
// page every two seconds, faster than anyone reads.
const beaconsPerMinute = 30

// maxBeacon is the largest page-view beacon: a path and a referrer URL, well under it.
const maxBeacon = 1 << 10

// beaconBody is what navigator.sendBeacon sends a string as.
var beaconBody = bodyType{"text/plain", "Send the page view as navigator.sendBeacon sends a string: JSON as text/plain, at most 1 KiB."}

// pageViewBeacon is the body of POST /api/pageviews.
type pageViewBeacon struct {
	Path     string `json:"path"`
	Referrer string `json:"referrer"`
}

// handlePageView counts a page the browser showed by a client-side navigation (the
// gateway counts the pages it serves itself): 204 whether or not it was counted. A path
// that is not a page of the site (the app's not-found view, anything made up) is not
// counted, so no one can add paths; it is no error of the reader's page either.
func handlePageView(logger *zap.Logger, web ServedSite, vc viewCounter) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b pageViewBeacon
		if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
			writeError(w, r, logger, &Error{Code: apperr.Invalid, Message: "The body must be a JSON object with a path and a referrer."})
			return
		}
		if vc.counter != nil && stateOf(web, r).IsPage(b.Path) {
			vc.count(r, b.Path, b.Referrer)
		}
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusNoContent)
	})
}

// signupCounter counts the newsletter's new subscribers by the page they signed up on.
type signupCounter struct {
	counter Analytics
	web     ServedSite
}

// from returns what counts a sign-up whose form named page ("" for none).
func (sc signupCounter) from(page string) func(*http.Request) {
	return func(r *http.Request) {
		if sc.counter != nil {
			sc.counter.SignUp(signupPage(r, sc.web, page))
		}
	}
}

// signupPage is the page a newsletter sign-up came from: the form's page field (the
// path the script sends), else the path of the Referer when it is the site's own (the
// form without JavaScript), else "" (unknown).
func signupPage(r *http.Request, web ServedSite, page string) string {
	if page == "" {
		if u, err := url.Parse(r.Referer()); err == nil && (u.Host == "" || u.Host == r.Host) {
			page = u.Path
		}
	}
	if !web.IsPage(page) {
		return ""
	}
	return page
}

// trafficDays are the spans the Traffic page offers.
var trafficDays = []int{7, 30, 90}

// handleAdminTraffic answers the Traffic page: the views and visitors of each of the
// last 7, 30 or 90 days (?days=, 30 by default), the top pages with their titles (and
// the blog's articles among them), referrer hosts, devices, and sign-ups by page.
func handleAdminTraffic(logger *zap.Logger, web ServedSite, counter Analytics) http.Handler {
	type day struct {
		Day      string `json:"day"`
		Views    int64  `json:"views"`
		Visitors int64  `json:"visitors"`
	}
	type page struct {
		Path  string `json:"path"`
		Title string `json:"title"`
		Count int64  `json:"count"`
	}
	type item struct {
		Key   string `json:"key"`
		Count int64  `json:"count"`
	}
	type answer struct {
		Enabled   bool   `json:"enabled"`
		Days      int    `json:"days"`
		From      string `json:"from,omitempty"`
		To        string `json:"to,omitempty"`
		Series    []day  `json:"series"`
		Pages     []page `json:"pages"`
		Articles  []page `json:"articles"`
		Referrers []item `json:"referrers"`
		Devices   []item `json:"devices"`
		Signups   []page `json:"signups"`
		// Vitals are what the visitors' browsers reported (docs/decisions/0059).
		Vitals trafficVitals `json:"vitals"`
	}
	items := func(kcs []analytics.KeyCount) []item {
		out := make([]item, 0, len(kcs))
		for _, k := range kcs {
			out = append(out, item{k.Key, k.N})
		}
		return out
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		days := 30
		if q := r.URL.Query().Get("days"); q != "" {
			n, err := strconv.Atoi(q)
			if err != nil || !slices.Contains(trafficDays, n) {
				writeError(w, r, logger, invalid("days", "Choose 7, 30 or 90 days."))
				return
			}
			days = n
		}
		a := answer{Days: days, Series: []day{}, Pages: []page{}, Articles: []page{}, Referrers: []item{}, Devices: []item{}, Signups: []page{},
			Vitals: vitalsOf(web, analytics.VitalsReport{})}
		if counter == nil {
			writeJSON(w, http.StatusOK, a)
			return
		}
		rep, err := counter.Report(r.Context(), days)
		if err != nil {
			writeError(w, r, logger, &Error{Code: apperr.Unavailable, Message: "The traffic could not be read. Please try again later.", Err: err})
			return
		}
		a.Enabled, a.From, a.To = true, rep.From, rep.To
		for _, d := range rep.Series {
			a.Series = append(a.Series, day{d.Day, d.Views, d.Visitors})
		}
		articles := articles(web)
		for _, p := range rep.Pages {
			pg := page{Path: p.Key, Title: pageTitle(web, p.Key), Count: p.N}
			if articles[p.Key] {
				a.Articles = append(a.Articles, pg)
			}
			if len(a.Pages) < maxTopPages {
				a.Pages = append(a.Pages, pg)
			}
		}
		a.Articles = a.Articles[:min(len(a.Articles), maxTopPages)]
		for _, s := range rep.Signups {
			a.Signups = append(a.Signups, page{Path: s.Key, Title: pageTitle(web, s.Key), Count: s.N})
		}
		a.Referrers, a.Devices = items(rep.Referrers), items(rep.Devices)
		vitals, err := counter.ReadVitals(r.Context(), rep.From, rep.To)
		if err != nil {
			writeError(w, r, logger, &Error{Code: apperr.Unavailable, Message: "The traffic could not be read. Please try again later.", Err: err})
			return
		}
		a.Vitals = vitalsOf(web, vitals)
		writeJSON(w, http.StatusOK, a)
	})
}

// maxTopPages is how many pages and articles the Traffic page lists.
const maxTopPages = 10

// pageTitle is the title of the page at path as served now; "" for none.
func pageTitle(web ServedSite, path string) string {
	if st := web.State(); st != nil && st.Pages != nil {
		if p, ok := st.Pages.Route(path); ok {
			return p.Route().Title
		}
	}
	return ""
}

// articles are the paths of the blog's articles served now (its published posts).
func articles(web ServedSite) map[string]bool {
	out := map[string]bool{}
	if st := web.State(); st != nil {
		for _, p := range content.PublishedPosts(st.Sections[string(content.SectionBlog)].Description.Posts) {
			out[p.URL()] = true
		}
	}
	return out
}
