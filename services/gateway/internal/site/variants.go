package site

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"html"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
)

// ReleaseLoader opens a published release whole (release.Service.Load): a preview's,
// when it is not one served now.
type ReleaseLoader interface {
	Load(ctx context.Context, section, version string) (*release.Release, error)
}

// setReleaseLoader tells the site how to open a previewed release that is not served.
func (w *Site) setReleaseLoader(l ReleaseLoader) { w.loader = l }

// Serving is what is served at one moment: the stable state, the canaries beside it,
// and the variants made so far.
type Serving struct {
	stable   *State
	canaries map[string]canarySection

	mu     sync.Mutex
	states map[string]*State // by variantKey
}

// Serving returns what is served now: nil before the first Apply.
func (w *Site) Serving() *Serving { return w.served.Load() }

// Stable is the state served to every visitor on no canary and no preview.
func (sv *Serving) Stable() *State { return sv.stable }

// Canaries are the sections that run a canary, in order.
func (sv *Serving) Canaries() []string {
	names := make([]string, 0, len(sv.canaries))
	for name := range sv.canaries {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// CanariesOf are the canaries (by section) the visitor of seed is given; none without
// a seed.
func (sv *Serving) CanariesOf(seed string) map[string]Section {
	out := map[string]Section{}
	for name, c := range sv.canaries {
		if seed != "" && onCanary(seed, name, c.Version, c.Percent) {
			out[name] = c.Section
		}
	}
	return out
}

// Serves reports whether version (as pages name it: "shipped" for the shipped build) is
// one section serves now to someone (the shell too, docs/decisions/0060): its stable
// version or its canary.
func (w *Site) Serves(section, version string) bool {
	return w.ServingAs(section, version) != ""
}

// ServingAs says how a section's version is served now: "stable", "canary" or "".
func (w *Site) ServingAs(section, version string) string {
	sv := w.served.Load()
	if sv == nil {
		return ""
	}
	if s, ok := sv.stable.Sections[section]; ok && ShownVersion(s.Version) == version {
		return "stable"
	}
	if c, ok := sv.canaries[section]; ok && c.Version == version {
		return "canary"
	}
	return ""
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

// Variant is the stable state of sv with overrides in it (by section), showing preview
// if not nil: made once, then kept with sv.
func (w *Site) Variant(sv *Serving, overrides map[string]Section, preview *release.Preview) (*State, error) {
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

// onCanary reports whether the visitor of seed is given section's canary of version at
// percent: a number from 0 to 99 drawn from the seed, the section and the version, below
// percent. The same visitor stays on the same side while the share stands; when it
// widens, those on the canary stay and more join; a new version draws anew.
func onCanary(seed, section, version string, percent int) bool {
	sum := sha256.Sum256([]byte(seed + "\x00" + section + "\x00" + version))
	return int(binary.BigEndian.Uint32(sum[:4])%100) < percent
}

// NewSeed is a visitor's canary number: random, 16 hex digits.
func NewSeed() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// ValidSeed reports whether s can be a visitor's canary number (NewSeed).
func ValidSeed(s string) bool {
	if len(s) != 16 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// PreviewSection is the previewed version of its section: the one served now (stable or
// canary) or else the release opened from the store and kept with the others.
func (w *Site) PreviewSection(ctx context.Context, sv *Serving, p *release.Preview) (Section, error) {
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

// PreviewPath opens a preview link; PreviewLeavePath leaves the preview (under /api/:
// the shell's entry leaves such a link to the browser, a document load).
const (
	PreviewPath      = "/preview"
	PreviewLeavePath = "/api/preview/leave"
)

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
