package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"html"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/analytics"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
)

// A canary or a preview serves a section in two versions at once
// (docs/decisions/0059-canary-releases.md). Each request is served one whole State, as
// before: the stable one, or a variant of it with one or more sections in another
// version, chosen before routing (withVariant) from the visitor's cookies and kept in
// the request's context, where every handler reads it (stateOf). Pages, composed HTML,
// remotes.json and the unversioned /mf/<section>/… files all come from that State, so
// a visitor on a canary loads the canary's code from the first page to the last
// client-side navigation; the versioned files of every release stay served to anyone.

// ReleaseLoader opens a published release whole (release.Service.Load): a preview's,
// when it is not one served now.
type ReleaseLoader interface {
	Load(ctx context.Context, section, version string) (*release.Release, error)
}

// PreviewOpener checks a preview link's token (release.Service.OpenPreview).
type PreviewOpener interface {
	OpenPreview(ctx context.Context, token string) (release.Preview, error)
}

// SetReleaseLoader tells the site how to open a previewed release that is not served.
func (w *Web) SetReleaseLoader(l ReleaseLoader) { w.loader = l }

// served is the stable state, the canaries beside it, and the variants made so far.
type served struct {
	stable   *State
	canaries map[string]canarySection

	mu     sync.Mutex
	states map[string]*State // by variantKey
}

type canarySection struct {
	Section
	Percent int
}

// maxVariants bounds the variants kept: each canary's is made with the stable state;
// the rest (previews, several canaries at once) as visitors ask for them.
const maxVariants = 32

// variantKey names a variant: each section served in another version, in order, and
// the preview it shows.
func variantKey(overrides map[string]Section, preview *release.Preview) string {
	names := make([]string, 0, len(overrides))
	for n := range overrides {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(n + "=" + overrides[n].Version + ";")
	}
	if preview != nil {
		b.WriteString("preview:" + preview.Section + "=" + preview.Version)
	}
	return b.String()
}

// variantState is the stable state of sv with overrides in it, made once.
func (w *Web) variantState(sv *served, overrides map[string]Section, preview *release.Preview) (*State, error) {
	if len(overrides) == 0 && preview == nil {
		return sv.stable, nil
	}
	key := variantKey(overrides, preview)
	sv.mu.Lock()
	defer sv.mu.Unlock()
	if st, ok := sv.states[key]; ok {
		return st, nil
	}
	sections := make(map[string]Section, len(sv.stable.Sections))
	for name, s := range sv.stable.Sections {
		sections[name] = s
	}
	for name, s := range overrides {
		sections[name] = s
	}
	st, err := w.newState(sections, preview)
	if err != nil {
		return nil, err
	}
	if len(sv.states) >= maxVariants {
		// A preview's variant is made again when asked; a canary's too, which takes one
		// page of a few milliseconds.
		clear(sv.states)
	}
	sv.states[key] = st
	return st, nil
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

// PreviewPath opens a preview link; PreviewLeavePath leaves the preview (under /api/:
// the shell's entry leaves such a link to the browser, a document load).
const (
	PreviewPath      = "/preview"
	PreviewLeavePath = "/api/preview/leave"
)

type stateKey struct{}

// stateOf is the State the request is served: its variant, or the stable one.
func (w *Web) stateOf(r *http.Request) *State {
	if st, ok := r.Context().Value(stateKey{}).(*State); ok {
		return st
	}
	return w.State()
}

// onCanary reports whether the visitor of seed is given section's canary of version at
// percent: a number from 0 to 99 drawn from the seed, the section and the version, below
// percent. The same visitor stays on the same side while the share stands; when it
// widens, those on the canary stay and more join; a new version draws anew.
func onCanary(seed, section, version string, percent int) bool {
	sum := sha256.Sum256([]byte(seed + "\x00" + section + "\x00" + version))
	return int(binary.BigEndian.Uint32(sum[:4])%100) < percent
}

// newSeed is a visitor's canary number: random, 16 hex digits.
func newSeed() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

func validSeed(s string) bool {
	if len(s) != 16 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
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
func withVariant(logger *zap.Logger, web *Web, previews PreviewOpener, counter Analytics, secure bool) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			sv := web.served.Load()
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
			if len(sv.canaries) == 0 && preview == nil {
				// Still the one State for everything the request reads: its CSP and its
				// page both, even if an Apply swaps another in meanwhile.
				next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), stateKey{}, sv.stable)))
				return
			}
			overrides := map[string]Section{}
			if len(sv.canaries) > 0 && !analytics.IsBot(r.UserAgent()) {
				seed := ""
				if c, err := r.Cookie(canaryCookie); err == nil && validSeed(c.Value) {
					seed = c.Value
				} else if r.Method == http.MethodGet || r.Method == http.MethodHead {
					seed = newSeed()
					http.SetCookie(w, &http.Cookie{Name: canaryCookie, Value: seed, Path: "/", MaxAge: int(canaryMaxAge.Seconds()),
						HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode})
				}
				for name, c := range sv.canaries {
					if seed != "" && onCanary(seed, name, c.Version, c.Percent) {
						overrides[name] = c.Section
					}
				}
			}
			if preview != nil {
				s, err := web.previewSection(r.Context(), sv, preview)
				if err != nil {
					logger.Warn("sections: the preview cannot be served; serving the site", zap.String("section", preview.Section), zap.String("version", preview.Version), zap.Error(err))
					preview = nil
				} else {
					overrides[preview.Section] = s
				}
			}
			st, err := web.variantState(sv, overrides, preview)
			if err != nil {
				logger.Error("sections: a variant of the site could not be made; serving the stable one", zap.Error(err))
				st = sv.stable
			}
			h := w.Header()
			if variesByVisitor(r.URL.Path) {
				h.Add("Vary", "Cookie")
			}
			if preview != nil {
				h.Set("X-Robots-Tag", "noindex, nofollow")
				w = &privateWriter{ResponseWriter: w}
			}
			r = r.WithContext(context.WithValue(r.Context(), stateKey{}, st))
			if counter == nil || preview != nil || len(sv.canaries) == 0 {
				next.ServeHTTP(w, r)
				return
			}
			rec := &responseRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			for name := range sv.canaries {
				counter.Request(name, shownVersion(st.Sections[name].Version), rec.status >= http.StatusInternalServerError)
			}
		})
	}
}

// previewSection is the previewed version of its section: the one served now (stable or
// canary) or else the release opened from the store and kept with the others.
func (w *Web) previewSection(ctx context.Context, sv *served, p *release.Preview) (Section, error) {
	if !slices.Contains(release.Sections, p.Section) {
		return Section{}, fmt.Errorf("no section %q", p.Section)
	}
	if s := sv.stable.Sections[p.Section]; s.Version == p.Version {
		return s, nil
	}
	if c, ok := sv.canaries[p.Section]; ok && c.Version == p.Version {
		return c.Section, nil
	}
	if w.loader == nil {
		return Section{}, fmt.Errorf("no store to open %s %s from", p.Section, p.Version)
	}
	rel, err := w.loader.Load(ctx, p.Section, p.Version)
	if err != nil {
		return Section{}, err
	}
	if !w.servable(p.Section, rel) {
		return Section{}, fmt.Errorf("%s %s names paths outside its section's", p.Section, p.Version)
	}
	return w.releaseSection(p.Section, rel)
}

// privateWriter keeps a preview's answers out of every shared cache and of the
// browser's own: what it shows is one person's.
type privateWriter struct {
	http.ResponseWriter
	wrote bool
}

func (p *privateWriter) WriteHeader(status int) {
	if !p.wrote {
		p.wrote = true
		p.Header().Set("Cache-Control", "private, no-store")
		p.Header().Del("ETag")
	}
	p.ResponseWriter.WriteHeader(status)
}

func (p *privateWriter) Write(b []byte) (int, error) {
	if !p.wrote {
		p.WriteHeader(http.StatusOK)
	}
	return p.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (p *privateWriter) Unwrap() http.ResponseWriter { return p.ResponseWriter }

// VersionsMeta is the name of the <meta> whose content lists the version of every
// section a page is served with ("blog=1.2.0-abc newsletter=shipped …"): the page's
// entry reports it with the vitals. PreviewMeta marks a preview's page, which reports
// nothing.
const (
	VersionsMeta = "portfolio:versions"
	PreviewMeta  = "portfolio:preview"
)

// marked is the shell's index.html for st: with the versions of its sections in its
// head and, in a preview, the preview's mark and banner.
func marked(indexHTML []byte, st *State) []byte {
	versions := st.Versions()
	names := make([]string, 0, len(versions))
	for n := range versions {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, 0, len(names))
	for _, n := range names {
		parts = append(parts, n+"="+versions[n])
	}
	head := `<meta name="` + VersionsMeta + `" content="` + html.EscapeString(strings.Join(parts, " ")) + `">`
	var banner string
	if p := st.Preview; p != nil {
		what := html.EscapeString(p.Section + " " + p.Version)
		head += `<meta name="` + PreviewMeta + `" content="` + what + `"><meta name="robots" content="noindex, nofollow">`
		banner = `<div data-preview-banner role="status" style="position:relative;z-index:60;background:#1e3a8a;color:#fff;font:14px/1.5 system-ui,sans-serif;padding:6px 12px;text-align:center">` +
			`Previewing ` + what + `: visitors do not see this version. ` +
			`<a href="` + PreviewLeavePath + `" style="color:#fff;text-decoration:underline;font-weight:600">Leave the preview</a></div>`
	}
	out := bytes.Replace(indexHTML, []byte("</head>"), []byte(head+"</head>"), 1)
	if banner != "" {
		if i := bytes.Index(out, []byte("<body")); i >= 0 {
			if j := bytes.IndexByte(out[i:], '>'); j >= 0 {
				at := i + j + 1
				out = append(out[:at:at], append([]byte(banner), out[at:]...)...)
			}
		}
	}
	return out
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
		return !nested || !isVersion(first)
	}
	return true
}
