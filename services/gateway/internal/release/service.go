package release

import (
	"context"
	"fmt"
	"time"
)

// Store keeps the published releases and which one each section serves
// (release/sqlstore).
type Store interface {
	Publish(ctx context.Context, rel *Release, raw []byte, actor string, now time.Time) error
	Artifact(ctx context.Context, section, version string) ([]byte, error)
	List(ctx context.Context, section string) ([]Record, error)
	Current(ctx context.Context) (map[string]string, error)
	Promote(ctx context.Context, section, version, actor string, now time.Time) error
	Rollback(ctx context.Context, section, actor string, now time.Time) (string, error)
	History(ctx context.Context, section string, limit int) ([]Event, error)
}

// Shipped is what the site serves besides the releases: the shell's shared modules
// and pages, the gateway's own paths, and each section's shipped build.
type Shipped struct {
	Provided map[string]string      // the shell's mf-shared.json
	Paths    map[string]string      // path → owner, of the shell and the gateway
	Sections map[string]Description // each section as shipped
}

// Service publishes, promotes and rolls back releases, each through the gate.
type Service struct {
	Store   Store
	Shipped Shipped
	Limits  Limits
	Now     func() time.Time
}

// Publish opens, checks and stores an artifact; it returns the release stored.
func (s *Service) Publish(ctx context.Context, raw []byte, actor string) (*Release, error) {
	rel, err := Open(raw, s.Limits)
	if err != nil {
		return nil, err
	}
	if err := s.admit(ctx, rel); err != nil {
		return nil, err
	}
	if err := s.Store.Publish(ctx, rel, raw, actor, s.Now()); err != nil {
		return nil, err
	}
	return rel, nil
}

// Promote makes a published version the one its section serves, if it still fits
// the site as it is now.
func (s *Service) Promote(ctx context.Context, section, version, actor string) error {
	rel, err := s.Load(ctx, section, version)
	if err != nil {
		return err
	}
	if err := s.admit(ctx, rel); err != nil {
		return err
	}
	return s.Store.Promote(ctx, section, version, actor, s.Now())
}

// Rollback undoes section's last promote and returns the version served now ('' for
// the shipped build).
func (s *Service) Rollback(ctx context.Context, section, actor string) (string, error) {
	return s.Store.Rollback(ctx, section, actor, s.Now())
}

// Load reads and opens a published release.
func (s *Service) Load(ctx context.Context, section, version string) (*Release, error) {
	raw, err := s.Store.Artifact(ctx, section, version)
	if err != nil {
		return nil, err
	}
	rel, err := Open(raw, s.Limits)
	if err != nil {
		return nil, fmt.Errorf("%s %s in the store: %w", section, version, err)
	}
	return rel, nil
}

// Serving returns the release each section serves now; a section on its shipped
// build is absent.
func (s *Service) Serving(ctx context.Context) (map[string]*Release, error) {
	current, err := s.Store.Current(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*Release, len(current))
	for section, version := range current {
		if out[section], err = s.Load(ctx, section, version); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// admit checks rel against the shell and against every other section as served now.
func (s *Service) admit(ctx context.Context, rel *Release) error {
	taken := make(map[string]string, len(s.Shipped.Paths))
	for p, owner := range s.Shipped.Paths {
		taken[p] = owner
	}
	current, err := s.Store.Current(ctx)
	if err != nil {
		return err
	}
	for _, section := range Sections {
		if section == rel.Manifest.Section {
			continue
		}
		m := &Manifest{Routes: s.Shipped.Sections[section].Routes, Posts: s.Shipped.Sections[section].Posts}
		if v, ok := current[section]; ok {
			other, err := s.Load(ctx, section, v)
			if err != nil {
				return err
			}
			m = &other.Manifest
		}
		for _, r := range m.Pages() {
			taken[r.Path] = "section " + section
		}
	}
	return Site{Provided: s.Shipped.Provided, Taken: taken}.Admit(rel)
}
