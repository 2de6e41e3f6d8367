package server

import (
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// notFoundPart is the prerendered not-found view for a path, the one the browser renders
// there: inside a section (/blog/…, /newsletter/…, /admin/…) the section's own, at
// /projects/<id> the shell's 'Project Not Found', elsewhere the shell's 404 page.
func notFoundPart(p string) compose.Part {
	first, rest, nested := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if nested {
		switch first {
		case "projects":
			// /projects/<id> is the project page's own 'Project Not Found'; a deeper path
			// matches no route of the shell's, which shows its 404 page.
			if rest == "" || strings.Contains(rest, "/") {
				return compose.Part{Shell: "404"}
			}
			return compose.Part{Shell: "404:/projects"}
		case string(content.SectionBlog), string(content.SectionNewsletter), string(content.SectionAdmin):
			return compose.Part{Shell: "404:/" + first, Section: first, Key: "404"}
		}
	}
	return compose.Part{Shell: "404"}
}

// notFoundPage is the 404 page for the request's path.
func notFoundPage(web ServedSite, r *http.Request) *static.File {
	st := stateOf(web, r)
	return st.Page(st.Pages.NotFound(), notFoundPart(r.URL.Path))
}

// redirectTrailingSlash sends /skills/ to /skills, so each page has one URL.
func redirectTrailingSlash() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// From the decoded path: /skills%2F is /skills/ to the router, and trimming the
		// escaped form would send it to itself forever. mux has cleaned the path, so the
		// target is a local path, never //host.
		movedTo((&url.URL{Path: strings.TrimSuffix(r.URL.Path, "/")}).EscapedPath()).ServeHTTP(w, r)
	})
}

// pageAliases are other addresses of a page: the name people and other sites expect for
// it, where the site's own is another. Each answers a permanent redirect to
// the page, its query kept.
var pageAliases = []struct{ from, to string }{
	{"/terms-of-service", "/terms-of-use"},
}

// movedTo answers a permanent redirect to path, with the request's query.
func movedTo(path string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target := path
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		w.Header().Set("Cache-Control", "no-cache")
		http.Redirect(w, r, target, http.StatusMovedPermanently)
	})
}

// handleNotFound answers every request no route matched.
func handleNotFound(logger *zap.Logger, web ServedSite) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		switch {
		case p == "/api" || strings.HasPrefix(p, "/api/"):
			writeError(w, r, logger, &Error{Code: apperr.NotFound, Message: "There is no such API endpoint."})
		case r.Method != http.MethodGet && r.Method != http.MethodHead, isAssetPath(p):
			notFoundPlain(w)
		case !web.Ready():
			handleSiteNotBuilt(logger).ServeHTTP(w, r)
		default:
			if target, ok := lowerCasePage(web, p); ok {
				// As redirectTrailingSlash: one URL per page, the query string kept.
				if r.URL.RawQuery != "" {
					target += "?" + r.URL.RawQuery
				}
				w.Header().Set("Cache-Control", "no-cache")
				http.Redirect(w, r, target, http.StatusMovedPermanently)
				return
			}
			static.Serve(w, r, notFoundPage(web, r), http.StatusNotFound)
		}
	})
}

// lowerCasePage is the page a wrong-case path (/BLOG, /Skills/, /PROJECTS/1) means: its
// lower-cased form, without a trailing slash, when that is a page served with 200. The
// paths are case-sensitive (and so is the browser's router); without this, a typed or
// linked /BLOG got the 404 page.
func lowerCasePage(web ServedSite, p string) (string, bool) {
	lower := strings.ToLower(p)
	if lower == p {
		return "", false
	}
	if lower != "/" {
		lower = strings.TrimSuffix(lower, "/")
	}
	if web.IsPage(lower) {
		return lower, true
	}
	return "", false
}

// isAssetPath reports whether a path names a file rather than a page: anything under
// /mf/ and anything whose last segment has an extension (/favicon.ico, /app.js).
func isAssetPath(p string) bool {
	return strings.HasPrefix(p, "/mf/") || path.Ext(path.Base(p)) != ""
}

func notFoundPlain(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	// A file missing now (mid-deploy) may exist in a minute: do not let caches keep the 404.
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNotFound)
	_, _ = w.Write([]byte("404 page not found\n"))
}

const notBuiltMessage = "site not built: run make build"

// siteNotBuilt matches a request for a page (not the API's, not a file's) while the
// shell served now has no page.
func siteNotBuilt(web ServedSite) mux.MatcherFunc {
	return func(r *http.Request, _ *mux.RouteMatch) bool {
		p := r.URL.Path
		return !web.Ready() && p != "/api" && !strings.HasPrefix(p, "/api/") && !isAssetPath(p)
	}
}

// handleSiteNotBuilt answers page requests while the shell's build is missing: HTML
// for browsers, JSON for everything else.
func handleSiteNotBuilt(logger *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Retry-After", "30")
		if !strings.Contains(r.Header.Get("Accept"), "text/html") {
			writeError(w, r, logger, &Error{Code: apperr.Unavailable, Message: notBuiltMessage})
			return
		}
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("<!doctype html>\n<html lang=\"en\"><meta charset=\"utf-8\"><title>Site not built</title>\n<p>" + notBuiltMessage + "</p></html>\n"))
	})
}

// handleMethodNotAllowed answers a known path with the wrong method: JSON 405 with the
// Allow header listing the methods the path does accept.
func handleMethodNotAllowed(router *mux.Router, logger *zap.Logger) http.Handler {
	methods := []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var allowed []string
		for _, m := range methods {
			probe := r.Clone(r.Context())
			probe.Method = m
			var match mux.RouteMatch
			if router.Match(probe, &match) && match.MatchErr == nil {
				allowed = append(allowed, m)
			}
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeError(w, r, logger, &Error{Code: apperr.MethodNotAllowed, Message: "This endpoint does not accept " + r.Method + "."})
	})
}
