package server

import (
	"net/http"
	"strings"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// The site's two origins (docs/decisions/0047). Every section's code runs on the
// public one, so the admin's pages, session and API live on an origin of their own,
// and each serves only what is its own.

// adminPrefix is where the admin's pages are, on either origin.
const adminPrefix = "/" + string(content.SectionAdmin)

// isAdminPath reports whether p is the admin's: /admin or below, in any case (the
// admin origin then sends a wrong-case path to its lower-case page).
func isAdminPath(p string) bool {
	return len(p) >= len(adminPrefix) && strings.EqualFold(p[:len(adminPrefix)], adminPrefix) &&
		(len(p) == len(adminPrefix) || p[len(adminPrefix)] == '/')
}

// adminPage matches a request for one of the admin's pages.
func adminPage(r *http.Request, _ *mux.RouteMatch) bool { return isAdminPath(r.URL.Path) }

// redirectToOrigin sends a request to the same path and query on origin: a bookmark of
// an admin page on the public origin, a link to a public page followed on the admin's.
// The target's host is always origin's, whatever the path holds.
func redirectToOrigin(origin string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target := origin + r.URL.EscapedPath()
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		w.Header().Set("Cache-Control", "no-store") // the origins can move
		http.Redirect(w, r, target, http.StatusFound)
	})
}

// redirectTo sends a request to a page of this origin.
func redirectTo(path string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		http.Redirect(w, r, path, http.StatusFound)
	})
}

// adminHome is the admin's first page in routes.json: the admin origin's root leads
// there.
func adminHome(routes []content.Route) string {
	for _, r := range routes {
		if r.Section == content.SectionAdmin {
			return r.Path
		}
	}
	return adminPrefix
}

// adminRobots is the admin origin's robots.txt: nothing here is for crawlers.
func adminRobots() http.Handler {
	robots := static.NewFile("robots.txt", []byte("User-agent: *\nDisallow: /\n"), static.NoCache)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { static.Serve(w, r, robots, http.StatusOK) })
}

// handleAdminNotFound answers what no route of the admin origin matched: the API's and
// the sections' files' 404s and the admin's own 404 page as on the public origin, and
// for anything else of the site's (a page, the feed the footer links) a redirect to the
// public origin, which serves it.
func handleAdminNotFound(logger *zap.Logger, web ServedSite, publicURL string) http.Handler {
	notFound, public := handleNotFound(logger, web), redirectToOrigin(publicURL)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && !isAdminPath(p) &&
			p != "/api" && !strings.HasPrefix(p, "/api/") && !strings.HasPrefix(p, "/mf/") {
			public.ServeHTTP(w, r)
			return
		}
		notFound.ServeHTTP(w, r)
	})
}

// handleAdminRoot answers the admin origin's root: the admin's first page for its
// owner arriving there (typed, bookmarked, the log's link: Sec-Fetch-Site none or not
// a browser), the site's home for a link followed from the admin's pages (the header's
// Home and logo).
func handleAdminRoot(home, publicURL string) http.Handler {
	admin, public := redirectTo(home), redirectToOrigin(publicURL)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if site := r.Header.Get("Sec-Fetch-Site"); site != "" && site != "none" {
			public.ServeHTTP(w, r)
			return
		}
		admin.ServeHTTP(w, r)
	})
}

// fromAdminOrigin reports whether r may reach the admin API: a browser must say it
// comes from the admin's own page (Sec-Fetch-Site: same-origin). same-site is refused:
// the public origin is another port or a sibling host of the same site, where every
// section's script runs, and a SameSite=Strict cookie still goes with its requests.
// A browser too old to send Sec-Fetch-Site is checked by its Origin instead; a client
// that sends neither is not a browser, and has the session's cookie only if its user
// gave it.
func fromAdminOrigin(r *http.Request, adminURL string) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site != "" {
		return site == "same-origin"
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		return strings.EqualFold(origin, adminURL)
	}
	return true
}
