package site

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
)

// Releases is what the site follows: which release each section serves, its canaries,
// the releases themselves and their retention (release.Service).
type Releases interface {
	ReleaseFiles
	ReleaseLoader
	Current(ctx context.Context) (map[string]string, error)
	Canaries(ctx context.Context) (map[string]release.Canary, error)
	Expire(ctx context.Context, section string, cutoff time.Time, keep int, now time.Time) ([]string, error)
}

// followEvery is how often a gateway asks the database which release each section
// serves: a promote or rollback reaches every replica within about this long.
const followEvery = time.Second

// Retention of published releases: a version stays addressable (for the tabs that
// loaded it) for retainFor after it was published, and the newest retainLast stay
// whatever their age.
const (
	retainFor   = 7 * 24 * time.Hour
	retainLast  = 5
	expireEvery = time.Hour
)

// Follow puts web on the releases the store says each section serves, now
// and then every followEvery until the returned stop is called, and removes the
// releases past retention every expireEvery.
func Follow(ctx context.Context, logger *zap.Logger, svc Releases, web *Site) (stop func(), err error) {
	web.setReleaseFiles(svc)
	web.setReleaseLoader(svc)
	f := &follower{logger: logger, svc: svc, web: web}
	if err := f.sync(ctx); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(followEvery)
		defer tick.Stop()
		lastExpiry := time.Time{}
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
			if err := f.sync(ctx); err != nil && ctx.Err() == nil {
				logger.Error("sections: following the releases failed; serving the previous ones", zap.Error(err))
			}
			if time.Since(lastExpiry) >= expireEvery {
				lastExpiry = time.Now()
				f.expire(ctx)
			}
		}
	}()
	return func() { cancel(); <-done }, nil
}

type follower struct {
	logger   *zap.Logger
	svc      Releases
	web      *Site
	applied  map[string]string           // section → version being served
	canaries map[string]string           // section → "version@percent" of its canary
	releases map[string]*release.Release // what is served, by "section@version"
}

// sync applies the store's current versions and canaries if they changed.
func (f *follower) sync(ctx context.Context) error {
	current, err := f.svc.Current(ctx)
	if err != nil {
		return err
	}
	running, err := f.svc.Canaries(ctx)
	if err != nil {
		return err
	}
	canaries := make(map[string]string, len(running))
	for name, c := range running {
		canaries[name] = fmt.Sprintf("%s@%d", c.Version, c.Percent)
	}
	if f.applied != nil && equalVersions(current, f.applied) && equalVersions(canaries, f.canaries) {
		return nil
	}
	// Only a release not served already is read from the store again.
	kept := make(map[string]*release.Release, len(current)+len(running))
	load := func(section, version string) (*release.Release, error) {
		key := section + "@" + version
		if rel, ok := f.releases[key]; ok {
			kept[key] = rel
			return rel, nil
		}
		rel, err := f.svc.Load(ctx, section, version)
		if err == nil {
			kept[key] = rel
		}
		return rel, err
	}
	releases := make(map[string]*release.Release, len(current))
	for section, version := range current {
		if releases[section], err = load(section, version); err != nil {
			return err
		}
	}
	withCanaries := make(map[string]CanaryRelease, len(running))
	for section, c := range running {
		rel, err := load(section, c.Version)
		if err != nil {
			return err
		}
		withCanaries[section] = CanaryRelease{Release: rel, Percent: c.Percent}
	}
	if err := f.web.ApplyWith(releases, withCanaries); err != nil {
		return err
	}
	f.releases = kept
	for _, name := range release.Sections {
		if current[name] != f.applied[name] || f.applied == nil {
			f.logger.Info("sections: serving", zap.String("section", name), zap.String("version", ShownVersion(current[name])))
		}
		if canaries[name] != f.canaries[name] {
			if c, ok := running[name]; ok {
				f.logger.Info("sections: canary", zap.String("section", name), zap.String("version", c.Version), zap.Int("percent", c.Percent))
			} else if f.canaries != nil {
				f.logger.Info("sections: canary ended", zap.String("section", name), zap.String("serving", ShownVersion(current[name])))
			}
		}
	}
	f.applied, f.canaries = current, canaries
	return nil
}

func (f *follower) expire(ctx context.Context) {
	now := time.Now()
	for _, name := range release.Sections {
		removed, err := f.svc.Expire(ctx, name, now.Add(-retainFor), retainLast, now)
		if err != nil {
			f.logger.Error("sections: removing old releases failed", zap.String("section", name), zap.Error(err))
		}
		for _, v := range removed {
			f.logger.Info("sections: release removed after retention", zap.String("section", name), zap.String("version", v))
		}
	}
}

func equalVersions(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
