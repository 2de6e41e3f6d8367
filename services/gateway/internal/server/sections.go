package server

import (
	"net/http"
	"slices"
	"strings"

	"github.com/gorilla/mux"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// handleSectionAssets serves a section's files: /mf/<name>/<version>/<file> from that
// release, immutable for a year (a version never changes, and a tab that loaded it
// finds its lazy chunks after a newer one is promoted); /mf/<name>/<file> from the
// version served now, falling back to the shipped build for the hashed chunks of a
// tab that loaded it before the first promote.
func handleSectionAssets(web ServedSite, name string) http.Handler {
	prefix := "/mf/" + name + "/"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rest := strings.TrimPrefix(r.URL.Path, prefix)
		if first, file, nested := strings.Cut(rest, "/"); nested && site.IsVersion(first) {
			f := web.VersionFile(r.Context(), name, first, file)
			if f == nil {
				notFoundPlain(w)
				return
			}
			static.Serve(w, r, f.WithCacheControl(static.Immutable), http.StatusOK)
			return
		}
		current := stateOf(web, r).Sections[name]
		if rest == site.ManifestFile && current.Manifest != nil {
			static.Serve(w, r, current.Manifest, http.StatusOK)
			return
		}
		for _, s := range []site.Section{current, web.Shipped(name)} {
			if s.Files == nil {
				continue
			}
			if f, ok := s.Files.Lookup(rest); ok {
				static.Serve(w, r, f, http.StatusOK)
				return
			}
		}
		notFoundPlain(w)
	})
}

// handleState serves one file of the state of the moment: remotes.json or a
// discovery file.
func handleState(web ServedSite, file func(*site.State) *static.File) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		static.Serve(w, r, file(stateOf(web, r)), http.StatusOK)
	})
}

// handleTagFeed serves the Atom feed of a tag of the published posts
// (/blog/tags/<slug>/feed.xml); 404 for a slug no published post's tag has.
func handleTagFeed(web ServedSite) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, ok := stateOf(web, r).Discovery.Tag(mux.Vars(r)["slug"])
		if !ok {
			notFoundPlain(w)
			return
		}
		static.Serve(w, r, f, http.StatusOK)
	})
}

// sectionPageRoute, shellPageRoute and shellFileRoute label the requests of the
// routes looked up per request in the metrics.
const (
	sectionPageRoute = "{section page}"
	shellPageRoute   = "{shell page}"
	shellFileRoute   = "{shell file}"
)

// sectionPage matches a GET of a page a section serves now on this origin (serves
// reports which sections it does), or of that path with a trailing slash, which
// redirects: section pages change with releases, so they are looked up per request
// rather than registered at start-up.
func sectionPage(web ServedSite, serves func(content.Section) bool) mux.MatcherFunc {
	return pageOf(web, func(s content.Section) bool { return s != content.SectionShell && serves(s) })
}

// shellPage is sectionPage for the shell's pages, which change with its releases too.
func shellPage(web ServedSite) mux.MatcherFunc {
	return pageOf(web, func(s content.Section) bool { return s == content.SectionShell })
}

// pageOf matches a GET of a page of the request's State whose section is one of which,
// with or without a trailing slash.
func pageOf(web ServedSite, which func(content.Section) bool) mux.MatcherFunc {
	return func(r *http.Request, _ *mux.RouteMatch) bool {
		st := stateOf(web, r)
		if st == nil || st.Pages == nil {
			return false
		}
		p := r.URL.Path
		if len(p) > 1 {
			p = strings.TrimSuffix(p, "/")
		}
		if strings.ContainsAny(p, "{}") { // a pattern's row (/projects/{id}) is no page
			return false
		}
		page, ok := st.Pages.Route(p)
		return ok && which(page.Route().Section)
	}
}

// handleShellPage serves the shell page shellPage matched, from one State: its
// index.html with the route's head and prerendered view; the search page with the
// results of its query.
func handleShellPage(logger *zap.Logger, web ServedSite, publicURL string) http.Handler {
	return servePage(logger, web, func(w http.ResponseWriter, r *http.Request, st *site.State, page *pages.Page) {
		path := page.Route().Path
		doc := st.Page(page.File(publicURL+r.URL.EscapedPath()), compose.Part{Shell: path})
		if path == searchPath {
			doc = searchResults(doc, st, r.URL.Query().Get("q"))
		}
		static.Serve(w, r, doc, http.StatusOK)
	})
}

// servePage answers for a page a matcher found: a trailing slash is a redirect to the
// page, a page promoted away between the match and now is the 404 page, any other is
// serve's, from the request's one State.
func servePage(logger *zap.Logger, web ServedSite, serve func(http.ResponseWriter, *http.Request, *site.State, *pages.Page)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.URL.Path) > 1 && strings.HasSuffix(r.URL.Path, "/") {
			redirectTrailingSlash().ServeHTTP(w, r)
			return
		}
		st := stateOf(web, r)
		page, ok := st.Pages.Route(r.URL.Path)
		if !ok {
			handleNotFound(logger, web).ServeHTTP(w, r)
			return
		}
		serve(w, r, st, page)
	})
}

// shellFile matches a GET of a file of the shell's build (shellFileOf).
func shellFile(web ServedSite) mux.MatcherFunc {
	return func(r *http.Request, _ *mux.RouteMatch) bool {
		_, ok := shellFileOf(web, r)
		return ok
	}
}

// handleShellFile serves the file shellFile matched.
func handleShellFile(web ServedSite) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, ok := shellFileOf(web, r)
		if !ok { // promoted away between the match and now
			notFoundPlain(w)
			return
		}
		static.Serve(w, r, f, http.StatusOK)
	})
}

// shellFileOf is the file of the shell's build at r's path (/static/…, /favicon.ico,
// /og/…), but for the paths others serve (reserved): from the shell of r's State, else
// from the shipped build or a release of the shell this process served, for the hashed
// chunks of a tab that loaded the shell before its last promote.
func shellFileOf(web ServedSite, r *http.Request) (*static.File, bool) {
	name := strings.TrimPrefix(r.URL.Path, "/")
	first, _, _ := strings.Cut(name, "/")
	if first == "" || slices.Contains(reserved, first) {
		return nil, false
	}
	return web.ShellFile(stateOf(web, r), name)
}

// handleSectionPage serves the section page sectionPage matched, from one State.
func handleSectionPage(logger *zap.Logger, web ServedSite, publicURL string) http.Handler {
	return servePage(logger, web, func(w http.ResponseWriter, r *http.Request, st *site.State, page *pages.Page) {
		serveSectionPage(w, r, st, page, publicURL, page.Route().Path)
	})
}

// serveSectionPage serves page with the owning section's prerendered part key.
func serveSectionPage(w http.ResponseWriter, r *http.Request, st *site.State, page *pages.Page, publicURL, key string) {
	route := page.Route()
	part := compose.Part{Shell: st.ChromeFor(route), Section: string(route.Section), Key: key}
	static.Serve(w, r, st.Page(page.File(publicURL+r.URL.EscapedPath()), part), http.StatusOK)
}

// signedOutVariant is the admin page's state when its request brings no session
// cookie: the admin section's build prerenders the page in it (the sign-in form:
// apps/admin/src/prerender.tsx), so the form is in the first paint.
const signedOutVariant = "signed-out"

// handleAdminPage serves the admin's page (sectionPage on the admin's origin): to a
// request without a session cookie, once an admin exists, the page as it is signed out;
// else the frame that asks who is signed in. The page's own probe still decides: a
// cross-site link leaves the SameSite=Strict cookie behind
// (docs/decisions/0068-the-admin-page-served-signed-out.md).
func handleAdminPage(logger *zap.Logger, web ServedSite, adminURL string, auth AdminAuth, cookie adminCookie) http.Handler {
	return servePage(logger, web, func(w http.ResponseWriter, r *http.Request, st *site.State, page *pages.Page) {
		// One URL, two bodies: a cache keys them on the cookie.
		w.Header().Add("Vary", "Cookie")
		key := page.Route().Path
		if cookie.token(r) == "" {
			if configured, err := auth.Configured(r.Context()); err == nil && configured {
				key = st.VariantKey(page.Route(), signedOutVariant)
			} else if err != nil {
				logger.Warn("admin page: whether an admin exists is unknown; serving the frame that asks", zap.Error(err))
			}
		}
		serveSectionPage(w, r, st, page, adminURL, key)
	})
}
