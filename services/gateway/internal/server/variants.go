package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
)

// A canary or a preview serves a section in two versions at once
// (docs/decisions/0059-canary-releases.md). Each request is served one whole State, as
// before: the stable one, or a variant of it with one or more sections in another
// version, chosen before routing (withVariant) from the visitor's cookies and kept in
// the request's context, where every handler reads it (stateOf). Pages, composed HTML,
// remotes.json and the unversioned /mf/<section>/… files all come from that State, so
// a visitor on a canary loads the canary's code from the first page to the last
// client-side navigation; the versioned files of every release stay served to anyone.

// PreviewOpener checks a preview link's token (release.Service.OpenPreview).
type PreviewOpener interface {
	OpenPreview(ctx context.Context, token string) (release.Preview, error)
}

// Cookies of the variants: the canary's is a random number of the visitor's own, which
// puts them on one side of each canary for as long as it runs; the preview's is the
// signed link's token. Both first-party, HttpOnly, and nothing else: the analytics stay
// cookieless (docs/decisions/0039).
const (
	canaryCookie  = "portfolio_canary"
	previewCookie = "portfolio_preview"
	canaryMaxAge  = 30 * 24 * time.Hour
)

type stateKey struct{}

// stateOf is the State the request is served: its variant, or the stable one.
func stateOf(web ServedSite, r *http.Request) *site.State {
	if st, ok := r.Context().Value(stateKey{}).(*site.State); ok {
		return st
	}
	return web.State()
}

// withVariant chooses the State of each request before it is routed (the routes'
// matchers read it too): the visitor's canaries and preview, as their cookies say. A
// new visitor during a canary is given a canary number (canaryCookie) on their first
// GET; a crawler always gets the stable site and no cookie. A page of a preview is
// never cached nor indexed.
//
// While a canary runs, every request (but a preview's) is counted under the version of
// each canary's section it was served, and whether it failed (5xx): a canary's 5xx
// against its stable version's, for the guard (internal/canary).
func withVariant(logger *zap.Logger, web ServedSite, previews PreviewOpener, counter Analytics, secure bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sv := web.Serving()
			if sv == nil {
				next.ServeHTTP(w, r)
				return
			}
			var preview *release.Preview
			if c, err := r.Cookie(previewCookie); err == nil && previews != nil {
				if p, err := previews.OpenPreview(r.Context(), c.Value); err == nil {
					preview = &p
				}
			}
			canaries := sv.Canaries()
			if len(canaries) == 0 && preview == nil {
				// Still the one State for everything the request reads: its CSP and its
				// page both, even if an Apply swaps another in meanwhile.
				next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), stateKey{}, sv.Stable())))
				return
			}
			overrides := map[string]site.Section{}
			if len(canaries) > 0 && !analytics.IsBot(r.UserAgent()) {
				seed := ""
				if c, err := r.Cookie(canaryCookie); err == nil && site.ValidSeed(c.Value) {
					seed = c.Value
				} else if r.Method == http.MethodGet || r.Method == http.MethodHead {
					seed = site.NewSeed()
					http.SetCookie(w, &http.Cookie{Name: canaryCookie, Value: seed, Path: "/", MaxAge: int(canaryMaxAge.Seconds()),
						HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
				}
				overrides = sv.CanariesOf(seed)
			}
			if preview != nil {
				s, err := web.PreviewSection(r.Context(), sv, preview)
				if err != nil {
					logger.Warn("sections: the preview cannot be served; serving the site", zap.String("section", preview.Section), zap.String("version", preview.Version), zap.Error(err))
					preview = nil
				} else {
					overrides[preview.Section] = s
				}
			}
			st, err := web.Variant(sv, overrides, preview)
			if err != nil {
				logger.Error("sections: a variant of the site could not be made; serving the stable one", zap.Error(err))
				st = sv.Stable()
			}
			h := w.Header()
			if variesByVisitor(r.URL.Path) {
				h.Add("Vary", "Cookie")
			}
			if preview != nil {
				h.Set("X-Robots-Tag", "noindex, nofollow")
				// A preview's answers stay out of every shared cache and of the
				// browser's own: what it shows is one person's.
				w = beforeHeaders(w, func(_ int, h http.Header) {
					h.Set("Cache-Control", "private, no-store")
					h.Del("ETag")
				})
			}
			r = r.WithContext(context.WithValue(r.Context(), stateKey{}, st))
			if counter == nil || preview != nil || len(canaries) == 0 {
				next.ServeHTTP(w, r)
				return
			}
			rec := &responseRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			for _, name := range canaries {
				counter.Request(name, site.ShownVersion(st.Sections[name].Version), rec.status >= http.StatusInternalServerError)
			}
		})
	}
}

// handlePreviewOpen opens a preview link (GET /preview?token=…): the preview's cookie,
// valid as long as the link, and a redirect to the section's first page. A link that is
// forged or expired is a page that says so.
func handlePreviewOpen(logger *zap.Logger, previews PreviewOpener, secure bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("X-Robots-Tag", "noindex, nofollow")
		token := r.URL.Query().Get("token")
		p, err := previews.OpenPreview(r.Context(), token)
		if err != nil {
			logger.Info("sections: a preview link was refused", zap.Error(err))
			writeError(w, r, logger, err)
			return
		}
		http.SetCookie(w, &http.Cookie{Name: previewCookie, Value: token, Path: "/", Expires: p.Expires,
			MaxAge: max(1, int(time.Until(p.Expires).Seconds())), HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
		target := "/" + p.Section
		if p.Section == string(content.SectionAdmin) || p.Section == release.Shell {
			target = "/"
		}
		http.Redirect(w, r, target, http.StatusSeeOther)
	})
}

// handlePreviewLeave ends the preview: its cookie gone, back to the site's home.
func handlePreviewLeave(secure bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		http.SetCookie(w, &http.Cookie{Name: previewCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
		http.Redirect(w, r, "/", http.StatusSeeOther)
	})
}

// inPreview reports whether r carries a preview's cookie: such a visit is never counted.
func inPreview(r *http.Request) bool {
	_, err := r.Cookie(previewCookie)
	return err == nil
}

// variesByVisitor reports whether what path answers can depend on the visitor's
// variant: a page, remotes.json, a section's unversioned files. A release's versioned
// files (/mf/<section>/<version>/…), the shell's built files and the content images are
// the same for everyone, and a cache keeps one copy of them.
func variesByVisitor(p string) bool {
	if strings.HasPrefix(p, "/static/") || strings.HasPrefix(p, "/images/") {
		return false
	}
	if rest, ok := strings.CutPrefix(p, "/mf/"); ok {
		_, below, _ := strings.Cut(rest, "/")
		first, _, nested := strings.Cut(below, "/")
		return !nested || !site.IsVersion(first)
	}
	return true
}
