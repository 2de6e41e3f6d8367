package server

import (
	"encoding/json"
	"net/http"
)

// Speculation rules (docs/decisions/0062-speculation-rules.md): every public page is
// sent with the Speculation-Rules header, which points the browser at speculationPath.
// The browser then prerenders the pages a visitor is about to open, so that following a
// link shows a page already rendered. It costs the page no JavaScript; a browser
// without the API ignores the header.
const speculationPath = "/speculation-rules.json"

// speculationTiming is the Server-Timing entry that tells the page's own script the
// gateway speculates (a page cannot read its response's headers, but can read its
// Server-Timing): the shell's entry then leaves a link to the browser, which shows the
// prerendered page, instead of starting the app for it.
const speculationTiming = `speculation;desc="prerender"`

// notSpeculated are the links no rule may ever fetch ahead: the admin's pages (another
// origin, docs/decisions/0047), the API, the built files (/mf/…, /static/…, feeds,
// images: anything with a dot), and the newsletter's confirm and unsubscribe links,
// which act when they are opened (they come in emails, but a page could link one). The
// forms post (POST /, POST /api/…), and a speculation only ever GETs a link's URL.
var notSpeculated = []string{
	"/admin", "/admin/*", "/admin?*",
	"/api/*",
	"/mf/*",
	"/newsletter/confirm*", "/newsletter/unsubscribe*",
	"/*.*",
}

// speculateOncePainted holds every rule back until the page has been painted: the
// inline script that loads the page's entry marks <html data-painted> then
// (apps/shell/src/document/entry-loader.ts, docs/decisions/0067). The browser applies a
// selector anew as the page changes. Until then, a phone's few cores and its connection
// go to the page being shown, not to the pages it may open next.
const speculateOncePainted = `[data-painted] a[href]`

// prerenderedOncePainted are the links prerendered as soon as the page is painted: the
// site's header (not a header of the page's own, in <main>: an article's or an
// edition's tags), and the links a page marks as its likely next.
const prerenderedOncePainted = `header:not(main header) a[href]:not([aria-current="page"]), a[href][data-prerender]:not([aria-current="page"])`

// notSpeculatedLinks are links left alone by what they are: a download, another window,
// nofollow, the search link (it opens the palette), or one that opts out, and any
// spelling of /admin (the browser's patterns match case-sensitively; the gateway
// redirects /Admin to the admin's origin).
const notSpeculatedLinks = `[download], [target]:not([target="_self"]), [rel~="nofollow"], ` +
	`[data-search-open], [data-no-speculation], [href^="/admin" i], [href^="/api/" i]`

// speculationRule is one rule of the rules set (WICG nav-speculation: document rules).
type speculationRule struct {
	Source    string         `json:"source"`
	Where     map[string]any `json:"where"`
	Eagerness string         `json:"eagerness"`
}

// speculationRules is the rules set the gateway serves at speculationPath.
func speculationRules() map[string][]speculationRule {
	links := func(extra ...map[string]any) map[string]any {
		and := []any{
			map[string]any{"href_matches": "/*"},
			map[string]any{"selector_matches": speculateOncePainted},
			map[string]any{"not": map[string]any{"href_matches": notSpeculated}},
			map[string]any{"not": map[string]any{"selector_matches": notSpeculatedLinks}},
		}
		for _, e := range extra {
			and = append(and, e)
		}
		return map[string]any{"and": and}
	}
	return map[string][]speculationRule{
		"prerender": {
			// The site's own navigation, on every page, and the links a page marks as its
			// likely next (data-prerender: the home page's calls to action): the pages most
			// visits go to next, ready before a tap (at most ten at once, the browser's
			// bound for these). Chromium considers only links it renders: on a phone that is
			// the site's name, the menu's links being out of sight. Not a link to the page
			// shown (aria-current, and the site's name on /, data-no-speculation): it would
			// prerender the page itself; on a page below a section (a project) the rule
			// after this one takes the section's.
			{Source: "document", Where: links(map[string]any{"selector_matches": prerenderedOncePainted}), Eagerness: "immediate"},
			// Any other link of the page once a visitor shows interest: a pointer resting
			// on it, or (on a phone) the link near the middle of the screen.
			{Source: "document", Where: links(), Eagerness: "moderate"},
		},
	}
}

// handleSpeculationRules serves the rules set.
func handleSpeculationRules() http.Handler {
	body, err := json.Marshal(speculationRules())
	if err != nil {
		panic("server: speculation rules: " + err.Error())
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/speculationrules+json")
		h.Set("Cache-Control", "public, max-age=300")
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(body)
	})
}

// speculating sets the Speculation-Rules header (and its Server-Timing twin) on a page's
// response when on is true: on a page that is shown (200), not on a redirect or a 404
// the page's handler answers instead (/skills/, a page promoted away).
func speculating(on bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if !on {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(beforeHeaders(w, func(status int, h http.Header) {
				if status == http.StatusOK {
					h.Set("Speculation-Rules", `"`+speculationPath+`"`)
					h.Add("Server-Timing", speculationTiming)
				}
			}), r)
		})
	}
}

// refusePrefetch answers a speculative request (Sec-Purpose: prefetch…) for a URL that
// acts when it is opened: 503, never stored, so the browser drops the prefetch and asks
// again if the link is really followed.
func refusePrefetch(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	_, _ = w.Write([]byte("Not fetched ahead: open the link to use it.\n"))
}
