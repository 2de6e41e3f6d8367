package release

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
)

// Store keeps the published releases and which one each section serves
// (release/sqlstore).
type Store interface {
	// Publish stores rel, its artifact raw and its signature sig (nil: unsigned).
	Publish(ctx context.Context, rel *Release, raw, sig []byte, actor string, now time.Time) error
	Artifact(ctx context.Context, section, version string) ([]byte, error)
	List(ctx context.Context, section string) ([]Record, error)
	Current(ctx context.Context) (map[string]string, error)
	Promote(ctx context.Context, section, version, actor string, now time.Time) error
	Rollback(ctx context.Context, section, actor string, now time.Time) (string, error)
	History(ctx context.Context, section string, limit int) ([]Event, error)
	// Expire removes section's releases published before cutoff but the served one and
	// the keep newest, and returns their versions.
	Expire(ctx context.Context, section string, cutoff time.Time, keep int, now time.Time) ([]string, error)
	KeyStore
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
	Tokens  Tokens // for CI: deploy tokens scoped to one section
}

// Publish opens, checks and stores an artifact with its signature sig (an SSHSIG blob,
// nil: unsigned); it returns the release stored. Its errors are apperr errors: invalid
// for an artifact or a signature that is malformed or hostile, forbidden for a
// signature the section's keys refuse, conflict for a release that does not fit the
// site or reuses a version.
// A non-empty section is the one the caller may publish to: an artifact of another is
// refused before anything is stored.
func (s *Service) Publish(ctx context.Context, section string, raw, sig []byte, actor string) (*Release, error) {
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
	if err := s.Check(ctx, section, version); err != nil {
		return err
	}
	return coded(s.Store.Promote(ctx, section, version, actor, s.Now()))
}

// Rollback undoes section's last promote and returns the version served now (” for
// the shipped build).
func (s *Service) Rollback(ctx context.Context, section, actor string) (string, error) {
	to, err := s.Store.Rollback(ctx, section, actor, s.Now())
	return to, coded(err)
}

// Load reads and opens a published release.
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
	if err := (Site{Provided: s.Shipped.Provided, Taken: taken}).Admit(rel); err != nil {
		return apperr.Wrap(apperr.Conflict, err.Error(), err)
	}
	return nil
}

// Check says whether a published release would be admitted now, its signature
// against its section's keys and its contents against the site: nil, or the refusal.
func (s *Service) Check(ctx context.Context, section, version string) error {
	rel, err := s.Load(ctx, section, version)
	if err != nil {
		return err
	}
	sig, err := s.Store.Signature(ctx, section, version)
	if err != nil {
		return coded(err)
	}
	if err := s.verified(ctx, rel, sig); err != nil {
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
	Keys     []Key           `json:"keys"` // whose signature a release needs; none: unsigned ones go
}

// CheckedRecord is a published release and whether it would be admitted now.
type CheckedRecord struct {
	Record
	Check string `json:"check"` // '' when it fits the site, else the refusal
}

// historyShown is how many events of a section Overviews lists.
const historyShown = 20

// Overviews returns every section's releases, each checked against the site now, and
// its history.
func (s *Service) Overviews(ctx context.Context) ([]Overview, error) {
	current, err := s.Store.Current(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Overview, 0, len(Sections))
	for _, name := range Sections {
		o := Overview{Name: name, Serving: current[name], Releases: []CheckedRecord{}}
		list, err := s.Store.List(ctx, name)
		if err != nil {
			return nil, err
		}
		for _, r := range list {
			c := CheckedRecord{Record: r}
			if err := s.Check(ctx, name, r.Version); err != nil {
				c.Check = err.Error()
				if e, ok := apperr.From(err); ok {
					c.Check = e.Message
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
