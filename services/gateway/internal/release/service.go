package release

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/apperr"
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
	// Expire removes section's releases published before cutoff but the served one and
	// the keep newest, and returns their versions.
	Expire(ctx context.Context, section string, cutoff time.Time, keep int, now time.Time) ([]string, error)
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
	// Logger gets what Overviews does not show (a release that cannot be read); nil
	// logs nothing.
	Logger *zap.Logger
}

// Publish opens, checks and stores an artifact; it returns the release stored. Its
// errors are apperr errors: invalid for an artifact that is malformed or hostile,
// conflict for one that does not fit the site or reuses a version.
// A non-empty section is the one the caller may publish to: an artifact of another is
// refused before anything is stored.
func (s *Service) Publish(ctx context.Context, section string, raw []byte, actor string) (*Release, error) {
	rel, err := Open(raw, s.Limits)
	if err != nil {
		return nil, apperr.Wrap(apperr.Invalid, err.Error(), err)
	}
	if section != "" && rel.Manifest.Section != section {
		return nil, apperr.New(apperr.Forbidden, fmt.Sprintf("The artifact is a release of %s, not %s.", rel.Manifest.Section, section))
	}
	if err := s.admit(ctx, rel); err != nil {
		return nil, err
	}
	if err := s.Store.Publish(ctx, rel, raw, actor, s.Now()); err != nil {
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
// the site as it is now.
func (s *Service) Promote(ctx context.Context, section, version, actor string) error {
	rel, err := s.Load(ctx, section, version)
	if err != nil {
		return err
	}
	if err := s.admit(ctx, rel); err != nil {
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

// Check says whether a published release would be admitted now: nil, or the
// refusal.
func (s *Service) Check(ctx context.Context, section, version string) error {
	rel, err := s.Load(ctx, section, version)
	if err != nil {
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
		out = append(out, o)
	}
	return out, nil
}

// Authorize checks a deploy token for section (Tokens.Authorize).
func (s *Service) Authorize(ctx context.Context, token, section string) (string, error) {
	return s.Tokens.Authorize(ctx, token, section)
}
