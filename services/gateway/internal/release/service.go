package release

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"
	"golang.org/x/sync/singleflight"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/search"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
)

// Store keeps the published releases and which one each section serves
// (release/sqlstore).
type Store interface {
	// Publish stores rel: its row with release.json and its signature sig (nil:
	// unsigned), its artifact raw, and each of its files on its own.
	Publish(ctx context.Context, rel *Release, raw, sig []byte, actor string, now time.Time) error
	Artifact(ctx context.Context, section, version string) ([]byte, error)
	// Manifest returns a published release's release.json, as published.
	Manifest(ctx context.Context, section, version string) ([]byte, error)
	// Files returns those of names that a published release has, reading only them.
	// With none found, it is ErrNoRelease for a version not published and
	// ErrNotIndexed for one whose files are only in its artifact.
	Files(ctx context.Context, section, version string, names []string) (map[string][]byte, error)
	// Index keeps the files of rel, published already, one by one, as Publish does.
	Index(ctx context.Context, rel *Release) error
	List(ctx context.Context, section string) ([]Record, error)
	Current(ctx context.Context) (map[string]string, error)
	Promote(ctx context.Context, section, version, actor string, now time.Time) error
	Rollback(ctx context.Context, section, actor string, now time.Time) (string, error)
	History(ctx context.Context, section string, limit int) ([]Event, error)
	// Expire removes section's releases published before cutoff but the served one and
	// the keep newest, and returns their versions.
	Expire(ctx context.Context, section string, cutoff time.Time, keep int, now time.Time) ([]string, error)
	KeyStore
	CanaryStore
}

// Shipped is what the site serves besides the releases: the gateway's own paths, and
// each section's shipped build (its first release), with what it shares.
type Shipped struct {
	Provided map[string]string      // the shipped shell's mf-shared.json
	Shared   map[string][]Shared    // each remote's shipped build's needs (its mf-manifest.json)
	Paths    map[string]string      // path → owner, of the gateway
	Sections map[string]Description // each section as shipped
}

// served is section's shipped build as the gate names it.
func (sh Shipped) served(section string) Served {
	sv := Served{Name: section + " shipped", Needs: sh.Shared[section]}
	if section == Shell {
		sv.Provides = sh.Provided
	}
	return sv
}

// Service publishes, promotes and rolls back releases, each through the gate.
type Service struct {
	Store   Store
	Shipped Shipped
	Limits  Limits
	Now     func() time.Time
	Tokens  Tokens // for CI: deploy tokens scoped to one section

	// opening lets one artifact at a time be opened on demand (Publish, Promote, the
	// indexing of an older release in Files): each unpacks up to Limits.Total in memory.
	opening sync.Mutex
	// indexing makes the requests for files of one older release wait for a single
	// indexing of it.
	indexing      singleflight.Group
	keyMu         sync.Mutex // one read of the preview key at a time
	previewSecret []byte     // the preview links' key, once read
	// Logger gets what Overviews does not show (a release that cannot be read); nil
	// logs nothing.
	Logger *zap.Logger
}

// Publish opens, checks and stores an artifact with its signature sig (an SSHSIG blob,
// nil: unsigned); it returns the release stored. Its errors are apperr errors: invalid
// for an artifact or a signature that is malformed or hostile, forbidden for a
// signature the section's keys refuse, conflict for a release that does not fit the
// site or reuses a version.
// A non-empty section is the one the caller may publish to: an artifact of another is
// refused before anything is stored.
func (s *Service) Publish(ctx context.Context, section string, raw, sig []byte, actor string) (*Release, error) {
	s.opening.Lock()
	defer s.opening.Unlock()
	rel, err := Open(raw, s.Limits)
	if err != nil {
		return nil, apperr.Wrap(apperr.Invalid, err.Error(), err)
	}
	if section != "" && rel.Manifest.Section != section {
		return nil, apperr.New(apperr.Forbidden, fmt.Sprintf("The artifact is a release of %s, not %s.", rel.Manifest.Section, section))
	}
	if err := s.verified(ctx, rel, sig); err != nil {
		return nil, err
	}
	if err := s.admit(ctx, rel); err != nil {
		return nil, err
	}
	if err := s.Store.Publish(ctx, rel, raw, sig, actor, s.Now()); err != nil {
		return nil, coded(err)
	}
	return rel, nil
}

// coded gives the store's errors their apperr codes.
func coded(err error) error {
	switch {
	case errors.Is(err, ErrNoRelease):
		return apperr.Wrap(apperr.NotFound, err.Error(), err)
	case errors.Is(err, ErrVersionTaken), errors.Is(err, ErrNothingToRollBack):
		return apperr.Wrap(apperr.Conflict, err.Error(), err)
	}
	return err
}

// Promote makes a published version the one its section serves, if it still fits
// the site and its section's keys as they are now.
func (s *Service) Promote(ctx context.Context, section, version, actor string) error {
	if err := s.servable(ctx, section, version); err != nil {
		return err
	}
	return coded(s.Store.Promote(ctx, section, version, actor, s.Now()))
}

// servable checks that a published version may be served now: it opens whole, as every
// gateway will open it to serve it (one that cannot be is refused here rather than left
// for each of them to fail on), its signature verifies with the section's keys as they
// are now, and it fits the site as it runs now. A promote and a canary ask the same.
func (s *Service) servable(ctx context.Context, section, version string) error {
	s.opening.Lock()
	rel, err := s.Load(ctx, section, version)
	s.opening.Unlock()
	if err != nil {
		return err
	}
	if err := s.signedNow(ctx, rel); err != nil {
		return err
	}
	return s.admit(ctx, rel)
}

// Rollback undoes section's last promote and returns the version served now (” for
// the shipped build).
func (s *Service) Rollback(ctx context.Context, section, actor string) (string, error) {
	to, err := s.Store.Rollback(ctx, section, actor, s.Now())
	return to, coded(err)
}

// Load reads, opens and checks a published release's artifact whole: for what needs
// every file of it (the state a gateway serves a section's release in).
func (s *Service) Load(ctx context.Context, section, version string) (*Release, error) {
	raw, err := s.Store.Artifact(ctx, section, version)
	if err != nil {
		return nil, coded(err)
	}
	rel, err := Open(raw, s.Limits)
	if err != nil {
		return nil, fmt.Errorf("%s %s in the store: %w", section, version, err)
	}
	return rel, nil
}

// Files returns those of names that a published release has, reading only them: the
// files of a release not in memory, for a tab that still runs it. A release published
// by an older gateway is indexed first, once: its artifact is opened and checked whole,
// and concurrent requests for its files wait for that one opening.
func (s *Service) Files(ctx context.Context, section, version string, names []string) (map[string][]byte, error) {
	files, err := s.Store.Files(ctx, section, version, names)
	if !errors.Is(err, ErrNotIndexed) {
		return files, coded(err)
	}
	// Detached from the first caller: the others waiting for it must not fail when it
	// goes away.
	_, err, _ = s.indexing.Do(section+"/"+version, func() (any, error) {
		return nil, s.index(context.WithoutCancel(ctx), section, version)
	})
	if err != nil {
		return nil, err
	}
	files, err = s.Store.Files(ctx, section, version, names)
	return files, coded(err)
}

func (s *Service) index(ctx context.Context, section, version string) error {
	s.opening.Lock()
	defer s.opening.Unlock()
	// Indexed while this waited for its turn (by a request that came just before, or
	// another replica): nothing to open.
	if _, err := s.Store.Files(ctx, section, version, nil); !errors.Is(err, ErrNotIndexed) {
		return coded(err)
	}
	rel, err := s.Load(ctx, section, version)
	if err != nil {
		return err
	}
	return s.Store.Index(ctx, rel)
}

// stored is a published release as the gate reads it, without its artifact: its
// release.json from its row, and of its files the few the gate reads (share cards,
// search documents). A release an older gateway published, not indexed yet, has none of
// them here: its promote, which opens it whole, checks them.
func (s *Service) stored(ctx context.Context, section, version string) (*Release, error) {
	m, raw, err := s.manifest(ctx, section, version)
	if err != nil {
		return nil, err
	}
	rel := &Release{Manifest: *m, ManifestJSON: raw, Digest: digestOf(raw)}
	rel.Files, err = s.Store.Files(ctx, section, version, gateFiles)
	if err != nil && !errors.Is(err, ErrNotIndexed) {
		return nil, coded(err)
	}
	return rel, nil
}

// gateFiles are the files of a release the gate reads (claimsOf).
var gateFiles = []string{sharecard.ManifestName, search.FileName}

// manifest reads a published release's release.json from its row, parsed and as
// published: what the gate and the lists need, without a file of it.
func (s *Service) manifest(ctx context.Context, section, version string) (*Manifest, []byte, error) {
	raw, err := s.Store.Manifest(ctx, section, version)
	if err != nil {
		return nil, nil, coded(err)
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, nil, fmt.Errorf("%s %s in the store: %s: %w", section, version, ManifestName, err)
	}
	return &m, raw, nil
}

// signedNow checks a published release's signature, as stored, against its section's
// keys now: a removed key's releases stop passing.
func (s *Service) signedNow(ctx context.Context, rel *Release) error {
	sig, err := s.Store.Signature(ctx, rel.Manifest.Section, rel.Manifest.Version)
	if err != nil {
		return coded(err)
	}
	return s.verified(ctx, rel, sig)
}

// admit checks a release against the shell and every other section as served now.
func (s *Service) admit(ctx context.Context, rel *Release) error {
	current, err := s.Store.Current(ctx)
	if err != nil {
		return err
	}
	site, err := s.site(ctx, rel.Manifest.Section, current)
	if err != nil {
		return err
	}
	return refusal(site, rel)
}

// site is what a release of section must fit: the shared modules of the shells served
// now (for a section's release) or of every other section served now (for the
// shell's), stable and canary, and the paths of the gateway and every other section as
// served now (current).
func (s *Service) site(ctx context.Context, section string, current map[string]string) (Site, error) {
	canaries, err := s.Canaries(ctx)
	if err != nil {
		return Site{}, err
	}
	taken := make(map[string]string, len(s.Shipped.Paths))
	for p, owner := range s.Shipped.Paths {
		taken[p] = owner
	}
	site := Site{Taken: taken}
	for _, other := range Sections {
		if other == section {
			continue
		}
		m := &Manifest{Section: other, Routes: s.Shipped.Sections[other].Routes, Posts: s.Shipped.Sections[other].Posts,
			Projects: s.Shipped.Sections[other].Projects}
		served := []Served{s.Shipped.served(other)}
		if v, ok := current[other]; ok {
			if m, _, err = s.manifest(ctx, other, v); err != nil {
				return Site{}, err
			}
			served[0] = servedOf(m, "")
		}
		for _, r := range m.Pages() {
			taken[r.Path] = "section " + other
		}
		if c, ok := canaries[other]; ok {
			cm, _, err := s.manifest(ctx, other, c.Version)
			if err != nil {
				return Site{}, err
			}
			served = append(served, servedOf(cm, " (canary)"))
		}
		if other == Shell {
			site.Shells = served
		} else if section == Shell {
			site.Sections = append(site.Sections, served...)
		}
	}
	return site, nil
}

// servedOf is a published release as the gate names it, what says how it is served.
func servedOf(m *Manifest, how string) Served {
	sv := Served{Name: m.Section + " " + m.Version + how, Needs: m.Shared, Provides: make(map[string]string, len(m.Provides))}
	for _, p := range m.Provides {
		sv.Provides[p.Name] = p.Version
	}
	return sv
}

// refusal is why site refuses rel, as a conflict, or nil.
func refusal(site Site, rel *Release) error {
	if err := site.Admit(rel); err != nil {
		return apperr.Wrap(apperr.Conflict, err.Error(), err)
	}
	return nil
}

// Check says whether a published release would be admitted now, its signature
// against its section's keys and its contents against the site: nil, or the refusal.
func (s *Service) Check(ctx context.Context, section, version string) error {
	rel, err := s.stored(ctx, section, version)
	if err != nil {
		return err
	}
	if err := s.signedNow(ctx, rel); err != nil {
		return err
	}
	return s.admit(ctx, rel)
}

// Overview is a section's releases as the admin shows them.
type Overview struct {
	Name     string          `json:"name"`
	Serving  string          `json:"serving"` // '' for the shipped build
	Releases []CheckedRecord `json:"releases"`
	History  []Event         `json:"history"`
	Keys     []Key           `json:"keys"`             // whose signature a release needs; none: unsigned ones go
	Canary   *Canary         `json:"canary,omitempty"` // the version a share of visitors gets, if any
}

// CheckedRecord is a published release and whether it would be admitted now.
type CheckedRecord struct {
	Record
	Check string `json:"check"` // '' when it fits the site, else the refusal
}

// unreadable is the check of a release that could not be read or opened.
const unreadable = "The release could not be read; the gateway's log says why."

// historyShown is how many events of a section Overviews lists.
const historyShown = 20

// Overviews returns every section's releases, each checked against the site now, and
// its history: from the rows the store keeps (release.json of each), never an artifact.
func (s *Service) Overviews(ctx context.Context) ([]Overview, error) {
	current, err := s.Store.Current(ctx)
	if err != nil {
		return nil, err
	}
	canaries, err := s.Canaries(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Overview, 0, len(Sections))
	for _, name := range Sections {
		o := Overview{Name: name, Serving: current[name], Releases: []CheckedRecord{}}
		if c, ok := canaries[name]; ok {
			o.Canary = &c
		}
		list, err := s.Store.List(ctx, name)
		if err != nil {
			return nil, err
		}
		site, err := s.site(ctx, name, current)
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			c := CheckedRecord{Record: r}
			rel, err := s.stored(ctx, name, r.Version)
			if err == nil {
				err = s.signedNow(ctx, rel)
			}
			if err == nil {
				err = refusal(site, rel)
			}
			if err != nil {
				// An apperr's message is for whoever asks; any other error's text may
				// name a path of the data directory: it is logged, not shown.
				c.Check = unreadable
				if e, ok := apperr.From(err); ok {
					c.Check = e.Message
				} else if s.Logger != nil {
					s.Logger.Error("sections: a release could not be checked", zap.String("section", name), zap.String("version", r.Version), zap.Error(err))
				}
			}
			o.Releases = append(o.Releases, c)
		}
		if o.History, err = s.Store.History(ctx, name, historyShown); err != nil {
			return nil, err
		}
		if o.History == nil {
			o.History = []Event{}
		}
		if o.Keys, err = s.Keys(ctx, name); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// Authorize checks a deploy token for section (Tokens.Authorize).
func (s *Service) Authorize(ctx context.Context, token, section string) (string, error) {
	return s.Tokens.Authorize(ctx, token, section)
}
