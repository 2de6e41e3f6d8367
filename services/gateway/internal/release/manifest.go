// Package release is a section release: one immutable, versioned artifact with a
// section's built files (JS, CSS, prerendered HTML), the routes it renders with what
// their heads say, and the content it owns (the blog's posts, the newsletter's
// editions), so that a team ships its section without rebuilding the gateway
// (docs/decisions/0035-section-releases.md).
//
// An artifact is a gzipped tar: release.json (the Manifest) and the build under
// files/. Pack writes one; Open reads one, refusing anything malformed or hostile;
// Gate says whether a release fits the running site. The package knows no HTTP and
// no SQL: sqlstore keeps the releases, the gateway serves them.
package release

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
)

// SchemaVersion is the manifest format this gateway reads and writes.
const SchemaVersion = 1

// ManifestName is the manifest's name in an artifact; the build is under FilesDir.
const (
	ManifestName = "release.json"
	FilesDir     = "files/"
)

// Sections are the sections released on their own, those content/sections.json marks
// released (decision 0065): the shell and its remotes (decision 0060).
var Sections = content.ReleasedNames()

// Shell is the section that is the host: its release provides the shared modules
// (Provides) the others need (Shared), and its pages are everything on the site
// outside the other sections' Prefix.
const Shell = string(content.SectionShell)

// ProjectRoute is the shell's route whose {id} is a project's id: the one pattern a
// release names, made a page per project of its Projects (Pages).
const ProjectRoute = "/projects/{id}"

// versionPattern keeps a version usable as one URL path segment (/mf/<section>/<version>/)
// that no build's own top-level entry (static/, prerender/, remoteEntry.js) can be:
// it starts with a digit.
var versionPattern = regexp.MustCompile(`^[0-9][0-9A-Za-z.\-]{0,63}$`)

// Manifest is release.json: what the release is and what the gateway needs to serve it.
type Manifest struct {
	Schema         int       `json:"schema"`
	Section        string    `json:"section"`
	Version        string    `json:"version"`        // PackageVersion-commit, unique per section
	PackageVersion string    `json:"packageVersion"` // the app's package.json version
	Commit         string    `json:"commit"`
	Created        time.Time `json:"created"`
	// Shared are the modules the release needs from the shell, as its mf-manifest.json
	// requires them.
	Shared []Shared `json:"shared"`
	// Routes are the section's pages (routes.json's rows of this section, and for the
	// newsletter a page per edition, /newsletter/<id>): path, title, description,
	// noindex. The blog's article pages come from Posts.
	Routes []content.Route `json:"routes"`
	// Posts are the blog's posts (without their Markdown: the HTML is in the build): an
	// article page, head, JSON-LD, feed item and sitemap entry each.
	Posts []content.Post `json:"posts,omitempty"`
	// Editions are the newsletter's editions, with their text: what the admin publishes.
	Editions []content.Edition `json:"editions,omitempty"`
	// Projects are the shell's projects (a page each at ProjectRoute) and Legal its
	// legal pages' dates (the sitemap's lastmod).
	Projects []content.Project `json:"projects,omitempty"`
	Legal    *content.Legal    `json:"legal,omitempty"`
	// Provides are the shared modules a shell release gives the other sections, with
	// their versions (its build's mf-shared.json); the gate holds them against every
	// served section's Shared.
	Provides []Provided `json:"provides,omitempty"`
	// Files lists every file under files/ with its SHA-256 and size.
	Files map[string]FileSum `json:"files"`
}

// Shared is a module shared with the shell, and the versions the release accepts.
type Shared struct {
	Name            string `json:"name"`
	RequiredVersion string `json:"requiredVersion"`
}

// Provided is a module the shell shares, and the version it provides.
type Provided struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// FileSum is a file's SHA-256 (hex) and size in bytes.
type FileSum struct {
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
}

// Pages are every page the release renders: its routes (ProjectRoute made a page per
// project), then an article per published post (at post.URL()).
func (m *Manifest) Pages() []content.Route {
	pages := make([]content.Route, 0, len(m.Routes))
	for _, r := range m.Routes {
		if r.Path == ProjectRoute {
			pages = append(pages, ProjectPages(r, m.Projects)...)
			continue
		}
		pages = append(pages, r)
	}
	for _, p := range content.PublishedPosts(m.Posts) {
		pages = append(pages, content.Route{Path: p.URL(), Section: content.SectionBlog, Title: p.Title, Description: p.Excerpt})
	}
	return pages
}

// ProjectPages are generic (ProjectRoute) made concrete for each project: its own
// title ("<project> · <generic title>") and description.
func ProjectPages(generic content.Route, projects []content.Project) []content.Route {
	out := make([]content.Route, 0, len(projects))
	for _, p := range projects {
		out = append(out, content.Route{
			Path:        strings.Replace(ProjectRoute, "{id}", strconv.Itoa(p.ID), 1),
			Section:     generic.Section,
			Title:       p.Title + " · " + generic.Title,
			Description: p.Description,
			NoIndex:     generic.NoIndex,
		})
	}
	return out
}

// needs are the files a section's build must have: a remote's Module Federation
// entry and manifest, the shell's page and the shared modules it provides; and the
// 404 page every section renders.
func needs(section string) []string {
	if section == Shell {
		return []string{"index.html", mfShared, compose.FileName("404")}
	}
	return []string{"mf-manifest.json", "remoteEntry.js", compose.FileName("404")}
}

// mfShared is the shell's record of the modules it shares (rsbuild's federation plugin).
const mfShared = "mf-shared.json"

// check reports the first thing wrong with the manifest on its own; files are the
// names the artifact holds under files/.
func (m *Manifest) check(files map[string][]byte) error {
	switch {
	case m.Schema != SchemaVersion:
		return fmt.Errorf("release.json: schema %d, this gateway reads %d", m.Schema, SchemaVersion)
	case !slices.Contains(Sections, m.Section):
		return fmt.Errorf("release.json: section %q is not one of %s", m.Section, strings.Join(Sections, ", "))
	case !versionPattern.MatchString(m.Version):
		return fmt.Errorf("release.json: version %q: want a digit, then at most 63 letters, digits, dots or dashes", m.Version)
	case len(m.Routes) == 0:
		return fmt.Errorf("release.json: no routes")
	}
	for _, need := range needs(m.Section) {
		if _, ok := files[need]; !ok {
			return fmt.Errorf("release: the build has no %s", need)
		}
	}
	seen := map[string]bool{}
	for _, r := range m.Pages() {
		switch {
		case string(r.Section) != m.Section:
			return fmt.Errorf("release.json: route %s belongs to section %q, not %q", r.Path, r.Section, m.Section)
		case !strings.HasPrefix(r.Path, "/") || strings.ContainsAny(r.Path, "{}?#\\") || strings.Contains(r.Path, "//"):
			return fmt.Errorf("release.json: route path %q: want a plain absolute path", r.Path)
		case r.Title == "":
			return fmt.Errorf("release.json: route %s has no title", r.Path)
		case seen[r.Path]:
			return fmt.Errorf("release.json: route %s is listed twice", r.Path)
		}
		seen[r.Path] = true
		if _, ok := files[compose.FileName(r.Path)]; !ok {
			return fmt.Errorf("release: route %s has no prerendered HTML (%s)", r.Path, compose.FileName(r.Path))
		}
	}
	if err := m.checkCards(files); err != nil {
		return err
	}
	if m.Section == Shell {
		return m.checkProvides(files[mfShared])
	}
	if len(m.Provides) > 0 {
		return fmt.Errorf("release.json: only the shell provides shared modules")
	}
	return m.checkMF(files["mf-manifest.json"])
}

// checkProvides checks the shell's mf-shared.json against release.json's Provides.
func (m *Manifest) checkProvides(body []byte) error {
	provided, err := ProvidedModules(body)
	if err != nil {
		return fmt.Errorf("release: %w", err)
	}
	if len(provided) != len(m.Provides) {
		return fmt.Errorf("release.json: provides %d shared modules, %s has %d", len(m.Provides), mfShared, len(provided))
	}
	for _, p := range m.Provides {
		if v, ok := provided[p.Name]; !ok || v != p.Version {
			return fmt.Errorf("release.json: shared module %s %s is not what %s provides", p.Name, p.Version, mfShared)
		}
	}
	return nil
}

// checkCards checks the build's share cards, if it drew any (the admin's has none):
// every public page has one, and its image is in the build, so the head the gateway
// gives a page of this release names an image the release serves.
func (m *Manifest) checkCards(files map[string][]byte) error {
	body, ok := files[sharecard.ManifestName]
	if !ok {
		return nil
	}
	cards, err := sharecard.Parse(body)
	if err != nil {
		return fmt.Errorf("release: %w", err)
	}
	for _, r := range m.Pages() {
		c, ok := cards.Cards[r.Path]
		if !ok {
			if !r.NoIndex {
				return fmt.Errorf("release: route %s has no share card in %s", r.Path, sharecard.ManifestName)
			}
			continue
		}
		if _, ok := files[c.File]; !ok {
			return fmt.Errorf("release: the share card of %s, %s, is not in the build", r.Path, c.File)
		}
	}
	return nil
}

// checkMF checks the build's own Module Federation manifest against release.json.
func (m *Manifest) checkMF(body []byte) error {
	var mf struct {
		Name   string `json:"name"`
		Shared []struct {
			Name            string `json:"name"`
			RequiredVersion string `json:"requiredVersion"`
		} `json:"shared"`
	}
	if err := json.Unmarshal(body, &mf); err != nil {
		return fmt.Errorf("release: mf-manifest.json is malformed: %w", err)
	}
	if mf.Name != m.Section {
		return fmt.Errorf("release: mf-manifest.json is the build of %q, not %q", mf.Name, m.Section)
	}
	for _, s := range mf.Shared {
		if !slices.Contains(m.Shared, Shared{Name: s.Name, RequiredVersion: s.RequiredVersion}) {
			return fmt.Errorf("release.json: shared module %s %s of mf-manifest.json is not listed", s.Name, s.RequiredVersion)
		}
	}
	return nil
}

// sum is a file's FileSum.
func sum(data []byte) FileSum {
	h := sha256.Sum256(data)
	return FileSum{SHA256: hex.EncodeToString(h[:]), Size: int64(len(data))}
}

// digestOf is the release's digest: the SHA-256 of its release.json, which lists every
// file's own SHA-256, so it names the whole release.
func digestOf(manifest []byte) string {
	h := sha256.Sum256(manifest)
	return "sha256:" + hex.EncodeToString(h[:])
}
