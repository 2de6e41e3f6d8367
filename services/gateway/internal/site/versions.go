package site

import (
	"context"
	"encoding/json"
	"sync"

	"go.uber.org/zap"
	"golang.org/x/sync/singleflight"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// ReleaseFiles reads files of a published release from the store: those of names it
// has, and only those (release.Service).
type ReleaseFiles interface {
	Files(ctx context.Context, section, version string, names []string) (map[string][]byte, error)
}

// keptVersions is how many releases of one section stay in memory (those this process
// served); a file of another is read from the store when a tab asks for it.
const keptVersions = 6

// coldReads is how many requests at once read files of releases not in memory from
// the store; the others wait. Each reads one file (with its precompressed variants),
// so what a flood of them holds in memory at once is bounded by this many files. As
// many as SQLite's read pool has connections (sqldb): more would only queue there.
const coldReads = 4

// versionCache keeps the files of the releases this process served, by section and
// version, the most recently added last, and reads a file of any other published
// release from the store.
type versionCache struct {
	mu     sync.Mutex
	byName map[string][]keptVersion
	store  ReleaseFiles
	// cold makes concurrent requests for one file not in memory share one read.
	cold  singleflight.Group
	reads chan struct{} // a token per read from the store under way (coldReads)
}

type keptVersion struct {
	version string
	files   *static.Dir
}

func newVersionCache() *versionCache {
	return &versionCache{byName: map[string][]keptVersion{}, reads: make(chan struct{}, coldReads)}
}

// add keeps rel's files and returns them.
func (c *versionCache) add(section string, rel *release.Release) *static.Dir {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range c.byName[section] {
		if k.version == rel.Manifest.Version {
			return k.files
		}
	}
	files := static.FromMap(section+"@"+rel.Manifest.Version, rel.Files)
	kept := append(c.byName[section], keptVersion{rel.Manifest.Version, files})
	if len(kept) > keptVersions {
		kept = kept[len(kept)-keptVersions:]
	}
	c.byName[section] = kept
	return files
}

// all are the releases of section kept, the most recently added first.
func (c *versionCache) all(section string) []*static.Dir {
	c.mu.Lock()
	defer c.mu.Unlock()
	kept := c.byName[section]
	out := make([]*static.Dir, 0, len(kept))
	for i := len(kept) - 1; i >= 0; i-- {
		out = append(out, kept[i].files)
	}
	return out
}

func (c *versionCache) get(section, version string) (*static.Dir, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range c.byName[section] {
		if k.version == version {
			return k.files, true
		}
	}
	return nil, false
}

// read reads the file name of a release not in memory from the store, as the
// release's build directory would serve it: with its precompressed variants, and
// nothing else of the release. Nil when the release or the file is not there.
func (c *versionCache) read(ctx context.Context, section, version, name string) (*static.File, error) {
	c.mu.Lock()
	store := c.store
	c.mu.Unlock()
	if store == nil {
		return nil, nil
	}
	// The read is detached from the first request that asked: the others sharing it
	// must not fail when that one goes away; each stops waiting when it goes.
	shared := c.cold.DoChan(section+"@"+version+"/"+name, func() (any, error) {
		c.reads <- struct{}{}
		defer func() { <-c.reads }()
		files, err := store.Files(context.WithoutCancel(ctx), section, version, static.Sources(name))
		if err != nil {
			return nil, err
		}
		f, _ := static.FromMap(section+"@"+version, files).Lookup(name)
		return f, nil
	})
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case res := <-shared:
		f, _ := res.Val.(*static.File)
		if apperr.CodeOf(res.Err) == apperr.NotFound {
			return nil, nil
		}
		return f, res.Err
	}
}

// setReleaseFiles tells the site where to read the files of a published release it
// does not hold in memory.
func (w *Site) setReleaseFiles(store ReleaseFiles) {
	w.versions.mu.Lock()
	w.versions.store = store
	w.versions.mu.Unlock()
}

// VersionFile returns a file of a section's release, from memory or the store; nil
// when the release or the file is not there.
func (w *Site) VersionFile(ctx context.Context, section, version, name string) *static.File {
	if files, ok := w.versions.get(section, version); ok {
		f, _ := files.Lookup(name)
		return f
	}
	f, err := w.versions.read(ctx, section, version, name)
	if err != nil && ctx.Err() == nil {
		w.logger.Error("sections: reading a file of a release failed", zap.String("section", section),
			zap.String("version", version), zap.String("file", name), zap.Error(err))
	}
	return f
}

// ChromeFor is the key of the shell's prerendered chrome around a section's page: the
// page's own where the shell's build has one, else the section's mount's. A release
// brings pages the shell was never built with (a new article), and the chrome around
// every page of a section is the same.
func (st *State) ChromeFor(route content.Route) string {
	if st.Shell == nil {
		return route.Path
	}
	if _, ok := st.Shell.Lookup(compose.FileName(route.Path)); ok {
		return route.Path
	}
	return "/" + string(route.Section)
}

// VariantKey is the key of a section page's variant, route's page in one state (its
// path, "@", the state), where the section's build in st has it, else the page's own
// key: a release built before the variant existed is served as it was
// (docs/decisions/0068-the-admin-page-served-signed-out.md).
func (st *State) VariantKey(route content.Route, variant string) string {
	key := route.Path + "@" + variant
	if s, ok := st.Sections[string(route.Section)]; ok && s.Files != nil {
		if _, ok := s.Files.Lookup(compose.FileName(key)); ok {
			return key
		}
	}
	return route.Path
}

// IsVersion reports whether a path segment can be a release's version: versions
// start with a digit, a build's own top-level names (static/, remoteEntry.js) do not.
func IsVersion(segment string) bool { return segment != "" && segment[0] >= '0' && segment[0] <= '9' }

// ManifestFile is a section's Module Federation manifest, which every build of it writes.
const ManifestFile = "mf-manifest.json"

// pinnedManifest is a release's mf-manifest.json for its unversioned URL, with its
// public path set to the release's own: a tab that asked /mf/<name>/mf-manifest.json
// (its remotes.json older than the promote) then loads every chunk under the version,
// which stays served after the next promote or rollback.
func pinnedManifest(files compose.Build, url string) (*static.File, error) {
	f, ok := files.Lookup(ManifestFile)
	if !ok {
		return nil, nil
	}
	var m map[string]any
	if err := json.Unmarshal(f.Body, &m); err != nil {
		return nil, err
	}
	meta, ok := m["metaData"].(map[string]any)
	if !ok {
		meta = map[string]any{}
		m["metaData"] = meta
	}
	meta["publicPath"] = url
	body, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	return static.NewFile(ManifestFile, body, static.NoCache), nil
}

// remotesFile is /mf/remotes.json: where the shell finds each remote's manifest, of
// the remotes for which serves is true. A remote at its default place is pointed at the
// version served now.
func remotesFile(all []config.Remote, sections map[string]Section, serves func(content.Section) bool) *static.File {
	remotes := []config.Remote{}
	for _, rm := range all {
		if !serves(content.Section(rm.Name)) {
			continue
		}
		if s := sections[rm.Name]; s.Version != "" && rm.Entry == "/mf/"+rm.Name+"/mf-manifest.json" {
			rm.Entry = s.URL(rm.Name) + "mf-manifest.json"
		}
		remotes = append(remotes, rm)
	}
	body, err := json.Marshal(struct {
		Remotes []config.Remote `json:"remotes"`
	}{remotes})
	if err != nil {
		panic(err) // strings only: cannot fail
	}
	return static.NewFile("remotes.json", append(body, '\n'), static.NoCache)
}

// ShellFile is the file name of the shell's build: from the shell of st, else from the
// shipped build or a release of the shell this process served, for the hashed chunks
// of a tab that loaded the shell before its last promote.
func (w *Site) ShellFile(st *State, name string) (*static.File, bool) {
	builds := []compose.Build{st.Shell, w.shipped[release.Shell].Files}
	for _, kept := range w.versions.all(release.Shell) {
		builds = append(builds, kept)
	}
	for _, b := range builds {
		if b == nil {
			continue
		}
		if f, ok := b.Lookup(name); ok {
			return f, true
		}
	}
	return nil, false
}
