// Package site owns what the gateway serves: which build of each section, the shell
// among them, is served now (the shipped one, a promoted release, a canary beside it, a
// preview). It loads them (Load), composes their pages into one State swapped whole
// (Apply), keeps released versions addressable for open tabs, and follows the release
// store (Follow). It knows no HTTP: internal/server reads it.
package site

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"sync"
	"sync/atomic"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/search"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// Site is the front end: each section, the shell among them, as it is served now: the
// build the gateway was shipped with, or the release promoted for it (Apply).
// Everything a request reads of the site is one State, swapped whole, so a page never
// mixes two releases (docs/decisions/0060-the-shell-as-a-section.md: the shell's pages,
// files and notices are the State's too).
type Site struct {
	images  map[string]*static.File // content/images (Images)
	contact content.Contact         // the contact page's copy (ContactPage)

	logger  *zap.Logger
	cfg     config.Config
	site    content.Site
	shipped map[string]Section // each section as the gateway was shipped with it

	state    atomic.Pointer[State]
	served   atomic.Pointer[Serving] // the stable state and its variants (variants.go)
	loader   ReleaseLoader           // opens a previewed release not served now
	applyMu  sync.Mutex              // one Apply at a time
	versions *versionCache           // releases kept addressable for open tabs
	draining atomic.Bool             // set by Drain when the process is stopping
}

// Section is one section as it is served: its version (” for the shipped build),
// what it owns of the content, and its files (nil when it is not built).
type Section struct {
	Version     string
	Description release.Description
	Files       compose.Build
	// Manifest is a release's mf-manifest.json as /mf/<name>/mf-manifest.json serves
	// it (pinnedManifest); nil for the shipped build, served as built.
	Manifest *static.File
}

// URL is where the section's files are served: under its version, so a page's
// stylesheets and the shell's remoteEntry come from the very release the page does.
func (s Section) URL(name string) string {
	if s.Version == "" {
		return "/mf/" + name + "/"
	}
	return "/mf/" + name + "/" + s.Version + "/"
}

// State is the site at one moment: the pages (the shell's and every section's, with
// their heads), the composer of their prerendered HTML, the discovery files and where
// the remotes are. Nil fields mean the shell is not built.
type State struct {
	Pages     *pages.Set
	Composer  *compose.Composer
	Discovery *discovery.Files
	Sections  map[string]Section
	// Shell is the shell's build (Sections' shell's files): its top-level files are
	// served from the site's root. Projects is a page per project (/projects/{id})
	// with its own head, by id. Notices are the pages the gateway renders itself in
	// the shell's page (the newsletter's links, the forms without JavaScript); plain
	// HTML when the shell is not built.
	Shell    compose.Build
	Projects map[int]*static.File
	Notices  *pages.Notices
	// Remotes is the public origin's /mf/remotes.json, AdminRemotes the admin origin's
	// (docs/decisions/0047): neither names a section the other origin serves.
	Remotes      *static.File
	AdminRemotes *static.File
	// Search is every section's search documents (their builds' search.json), and
	// SearchJSON the same as /search.json serves them to the browser's palette.
	Search     *search.Index
	SearchJSON *static.File
	// Preview is the preview this state shows (a banner on every page, never counted
	// nor indexed); nil for what visitors are served.
	Preview *release.Preview
}

// Versions are the version of each section this state serves, "shipped" for the
// shipped build: what its pages carry for the vitals (docs/decisions/0059).
func (st *State) Versions() map[string]string {
	out := make(map[string]string, len(st.Sections))
	for name, s := range st.Sections {
		out[name] = ShownVersion(s.Version)
	}
	return out
}

// ShownVersion names a section's version for the pages and the analytics: ” is the
// build the gateway was shipped with.
func ShownVersion(v string) string {
	if v == "" {
		return ShippedVersion
	}
	return v
}

// ShippedVersion is how a section's shipped build is named where a version is.
const ShippedVersion = "shipped"

// Ready reports whether the site can be served: the shell served now has its index.html.
func (w *Site) Ready() bool {
	st := w.State()
	return st != nil && st.Pages != nil
}

// Images are content/images, served under /images/, by path below it.
func (w *Site) Images() map[string]*static.File { return w.images }

// ContactPage is the contact page's copy, for the answers to its form posted without
// JavaScript.
func (w *Site) ContactPage() content.Contact { return w.contact }

// Shipped is the section name as the gateway was shipped with it.
func (w *Site) Shipped(name string) Section { return w.shipped[name] }

// Drain makes /readyz fail from now on while everything else is still served, so a
// load balancer stops sending new visitors before the server stops accepting them.
func (w *Site) Drain() { w.draining.Store(true) }

// Draining reports whether Drain was called.
func (w *Site) Draining() bool { return w.draining.Load() }

// State returns the site as it is served now.
func (w *Site) State() *State { return w.state.Load() }

// ProvidedModules are the shared modules the shipped shell provides, by name, with
// their versions (its mf-shared.json); nil when the shell is not built.
func (w *Site) ProvidedModules() (map[string]string, error) {
	files := w.shipped[release.Shell].Files
	if files == nil {
		return nil, nil
	}
	f, ok := files.Lookup("mf-shared.json")
	if !ok {
		return nil, nil
	}
	return release.ProvidedModules(f.Body)
}

// SharedModules are the modules each remote's shipped build needs from the shell, by
// section (its mf-manifest.json); a remote not built needs none.
func (w *Site) SharedModules() (map[string][]release.Shared, error) {
	out := map[string][]release.Shared{}
	for _, name := range config.RemoteNames {
		files := w.shipped[name].Files
		if files == nil {
			continue
		}
		f, ok := files.Lookup(ManifestFile)
		if !ok {
			continue
		}
		shared, err := release.SharedOf(f.Body)
		if err != nil {
			return nil, fmt.Errorf("remote %s: %w", name, err)
		}
		out[name] = shared
	}
	return out, nil
}

// Load reads the shell's and every remote's build from cfg.WebDir, each its
// section's first release, and prepares the site they make. A build that does not
// exist yet is not an error: it is logged, /readyz reports it, and the pages answer
// 503 until the gateway restarts with the build in place or a release of the shell is
// promoted.
func Load(logger *zap.Logger, cfg config.Config, site content.Site) (*Site, error) {
	web := &Site{logger: logger, cfg: cfg, site: site, shipped: map[string]Section{}, versions: newVersionCache()}
	var err error
	if web.shipped[release.Shell], err = shippedShell(logger, cfg); err != nil {
		return nil, err
	}
	for _, name := range config.RemoteNames {
		if web.shipped[name], err = shippedSection(logger, cfg, name); err != nil {
			return nil, err
		}
	}
	if err := web.Apply(nil); err != nil {
		return nil, err
	}
	for _, msg := range web.warnings() {
		logger.Warn("shell index.html: " + msg)
	}
	if web.images, err = loadImages(content.FS()); err != nil {
		return nil, fmt.Errorf("content images: %w", err)
	}
	if web.contact, err = content.LoadContact(content.FS()); err != nil {
		return nil, err
	}
	return web, nil
}

// shippedShell is the shell as the gateway was shipped with it: its build on disk and
// its part of the compiled-in content, its first release.
func shippedShell(logger *zap.Logger, cfg config.Config) (Section, error) {
	desc, err := release.Describe(content.FS(), release.Shell)
	if err != nil {
		return Section{}, err
	}
	s := Section{Description: desc}
	dir, err := static.Load(cfg.ShellDist())
	switch {
	case errors.Is(err, fs.ErrNotExist):
		logger.Warn("shell not built: pages answer 503 until it is; run make build", zap.String("dir", cfg.ShellDist()))
	case err != nil:
		return s, fmt.Errorf("shell: %w", err)
	default:
		if _, ok := dir.Lookup("index.html"); !ok {
			logger.Warn("shell build has no index.html: pages answer 503 until it does; run make build", zap.String("dir", cfg.ShellDist()))
		}
		s.Files = dir
		logger.Info("shell loaded", zap.String("dir", cfg.ShellDist()), zap.Int("files", dir.Len()))
	}
	return s, nil
}

// shippedSection is a remote as the gateway was shipped with it: its build on disk
// (reloaded when rebuilt) and its part of the compiled-in content.
func shippedSection(logger *zap.Logger, cfg config.Config, name string) (Section, error) {
	desc, err := release.Describe(content.FS(), name)
	if err != nil {
		return Section{}, err
	}
	s := Section{Description: desc}
	// Watched through its manifest, which every build of the remote writes.
	dir, err := static.LoadLive(cfg.RemoteDist(name), "mf-manifest.json")
	switch {
	case errors.Is(err, fs.ErrNotExist):
		logger.Warn("remote not built: its files answer 404", zap.String("remote", name), zap.String("dir", cfg.RemoteDist(name)))
	case err != nil:
		return s, fmt.Errorf("remote %s: %w", name, err)
	default:
		s.Files = dir
		logger.Info("remote loaded", zap.String("remote", name), zap.String("dir", cfg.RemoteDist(name)), zap.Int("files", dir.Len()))
	}
	return s, nil
}

// Apply serves releases (by section) from now on, and the shipped build of every
// section without one. The new pages, heads, feed and sitemap are made first and then
// swapped in at once; on an error nothing changes.
func (w *Site) Apply(releases map[string]*release.Release) error {
	return w.ApplyWith(releases, nil)
}

// CanaryRelease is a release a section serves to Percent of its visitors beside its
// current one (docs/decisions/0059-canary-releases.md).
type CanaryRelease struct {
	Release *release.Release
	Percent int
}

// ApplyWith is Apply with canaries (by section): the state of each canary (the stable
// one with that section's canary in it) is made with the stable one and swapped in
// with it, so a visitor's first page of a canary is as quick as anyone's.
func (w *Site) ApplyWith(releases map[string]*release.Release, canaries map[string]CanaryRelease) error {
	w.applyMu.Lock()
	defer w.applyMu.Unlock()
	sections := make(map[string]Section, len(w.shipped))
	for _, name := range release.Sections {
		sections[name] = w.shipped[name]
		rel, ok := releases[name]
		if !ok || !w.servable(name, rel) {
			continue
		}
		s, err := w.releaseSection(name, rel)
		if err != nil {
			return err
		}
		sections[name] = s
	}
	st, err := w.newState(sections, nil)
	if err != nil {
		return err
	}
	next := &Serving{stable: st, canaries: map[string]canarySection{}, states: map[string]*State{}}
	for _, name := range release.Sections {
		c, ok := canaries[name]
		if !ok || c.Release == nil || !w.servable(name, c.Release) {
			continue
		}
		s, err := w.releaseSection(name, c.Release)
		if err != nil {
			return err
		}
		next.canaries[name] = canarySection{Section: s, Percent: c.Percent}
		if _, err := w.Variant(next, map[string]Section{name: s}, nil); err != nil {
			return err
		}
	}
	w.served.Store(next)
	w.state.Store(st)
	return nil
}

// releaseSection is a release as its section serves it.
func (w *Site) releaseSection(name string, rel *release.Release) (Section, error) {
	s := Section{Version: rel.Manifest.Version, Files: w.versions.add(name, rel)}
	m := rel.Manifest
	s.Description = release.Description{Routes: m.Routes, Posts: m.Posts, Editions: m.Editions, Projects: m.Projects, Legal: m.Legal}
	var err error
	if s.Manifest, err = pinnedManifest(s.Files, s.URL(name)); err != nil {
		return s, fmt.Errorf("%s %s: mf-manifest.json: %w", name, s.Version, err)
	}
	return s, nil
}

// servable reports whether a promoted release may be served: not one that names paths
// outside its section's (promoted before the gate refused such releases,
// docs/decisions/0048), which would serve another's pages; its section serves its
// shipped build instead.
func (w *Site) servable(name string, rel *release.Release) bool {
	if err := release.OwnsItsPaths(rel); err != nil {
		w.logger.Error("sections: not serving a release that names paths outside its section's; serving the shipped build",
			zap.String("section", name), zap.String("version", rel.Manifest.Version), zap.Error(err))
		return false
	}
	return true
}

// newState makes the pages, composer, discovery files and remotes.json of sections;
// with preview, every page says so.
func (w *Site) newState(sections map[string]Section, preview *release.Preview) (*State, error) {
	shell := sections[release.Shell]
	st := &State{Sections: sections, Preview: preview, Shell: shell.Files}
	var indexHTML []byte
	cards := sharecard.Images{}
	if shell.Files != nil {
		if f, ok := shell.Files.Lookup("index.html"); ok {
			indexHTML = f.Body
		}
		// The shell's build is served from the site's root: its og/ is /og/.
		own, err := sharecard.Load(shell.Files, w.cfg.PublicURL+"/")
		if err != nil {
			return nil, fmt.Errorf("shell %s: %w", ShownVersion(shell.Version), err)
		}
		maps.Copy(cards, own)
	}
	routes := slices.Clone(shell.Description.Routes)
	var posts []content.Post
	var editions []content.Edition
	composed := make(map[string]compose.Section, len(sections))
	for _, name := range config.RemoteNames {
		s := sections[name]
		routes = append(routes, s.Description.Routes...)
		posts = append(posts, s.Description.Posts...)
		editions = append(editions, s.Description.Editions...)
		if s.Files != nil {
			composed[name] = compose.Section{Files: s.Files, URL: s.URL(name)}
			// A section's share cards come from the build or release it serves, under
			// that release's own path, which stays served while the release is kept.
			own, err := sharecard.Load(s.Files, w.cfg.PublicURL+s.URL(name))
			if err != nil {
				return nil, fmt.Errorf("%s %s: %w", name, s.Version, err)
			}
			maps.Copy(cards, own)
		}
	}
	in := discovery.Input{Site: w.site, Routes: routes, Posts: posts, Editions: editions, Projects: shell.Description.Projects, PublicURL: w.cfg.PublicURL}
	if shell.Description.Legal != nil {
		in.Legal = *shell.Description.Legal
	}
	in.Blog = sections[string(content.SectionBlog)].Files
	in.Newsletter = sections[string(content.SectionNewsletter)].Files
	var err error
	if st.Discovery, err = discovery.Build(in); err != nil {
		return nil, err
	}
	if indexHTML != nil {
		page := marked(indexHTML, st)
		if st.Pages, err = pages.New(page, w.site, routes, posts, editions, cards, w.cfg.PublicURL); err != nil {
			return nil, fmt.Errorf("shell: %w", err)
		}
		if st.Projects, err = projectPages(page, w.site, shell.Description, cards, w.cfg.PublicURL); err != nil {
			return nil, fmt.Errorf("shell: %w", err)
		}
		st.Composer = compose.New(shell.Files, composed)
	}
	if st.Notices, err = pages.NewNotices(indexHTML, w.site); err != nil {
		return nil, fmt.Errorf("shell: %w", err)
	}
	public := PublicSection
	if w.cfg.Dev {
		// A developer's dev server is one origin for every section, the admin too.
		public = func(content.Section) bool { return true }
	}
	st.Remotes = remotesFile(w.cfg.Remotes(), sections, public)
	st.AdminRemotes = remotesFile(w.cfg.Remotes(), sections, AdminSection)
	if st.Search, err = searchIndex(sections); err != nil {
		return nil, err
	}
	st.SearchJSON = static.NewGzipFile(search.FileName, st.Search.JSON(), static.NoCache)
	return st, nil
}

// searchIndex merges the search documents of the sections' builds, the shell's among
// them (a build without a search.json adds none).
func searchIndex(sections map[string]Section) (*search.Index, error) {
	var docs []search.Document
	for _, name := range release.Sections {
		d, err := searchDocuments(sections[name].Files)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		docs = append(docs, d...)
	}
	return search.New(docs)
}

// searchDocuments are the documents of a build's search.json; none without the build
// or the file.
func searchDocuments(files compose.Build) ([]search.Document, error) {
	if files == nil {
		return nil, nil
	}
	f, ok := files.Lookup(search.FileName)
	if !ok {
		return nil, nil
	}
	return search.Parse(f.Body)
}

// Editions are the newsletter's editions as its section serves them now.
func (w *Site) Editions() []content.Edition {
	return w.State().Sections[string(content.SectionNewsletter)].Description.Editions
}

// ScriptHashes are the CSP's hashes of the inline scripts of the pages of st: its
// shell's (docs/decisions/0060).
func (st *State) ScriptHashes() []string {
	if st == nil || st.Pages == nil {
		return nil
	}
	return st.Pages.ScriptHashes()
}

// warnings are what the shell's index.html holds that the CSP will block.
func (w *Site) warnings() []string {
	if st := w.State(); st != nil && st.Pages != nil {
		return st.Pages.Warnings()
	}
	return nil
}
