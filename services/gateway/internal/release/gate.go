package release

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"

	"github.com/portfolio-site/portfolio/services/gateway/internal/search"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
)

// Site is what a release must fit to be published or promoted: the shared modules of
// what is served now, and the paths others already serve.
type Site struct {
	// Shells are the shells served now (the stable one, and a canary's while one
	// runs), with the modules each provides: a section's release must run on each.
	Shells []Served
	// Sections are the other sections' releases served now, stable and canary, with
	// the modules each needs: a shell's release must provide for each.
	Sections []Served
	// Taken is every path served by someone else, with its owner: the shell, the
	// gateway, or another section.
	Taken map[string]string
}

// Served is a release served now as the gate names it ("blog 1.2.0-abc", "shell
// shipped (canary)") and what it shares: a shell's Provides, a section's Needs.
type Served struct {
	Name     string
	Provides map[string]string
	Needs    []Shared
}

// Admit reports why rel cannot run on the site, or nil. A module the shell does not
// provide is the section's own to bring (Module Federation loads the remote's copy);
// one it provides must satisfy the section's range, or the section would run against
// another React, router or design system than it was built for. That holds both ways:
// a section's release against every shell served now, a shell's release against every
// section served now (docs/decisions/0060-the-shell-as-a-section.md). Every path the
// release names must be its section's (Prefix), and none of its pages one that someone
// else serves.
func (s Site) Admit(rel *Release) error {
	if rel.Manifest.Section == Shell {
		provides := make(map[string]string, len(rel.Manifest.Provides))
		for _, p := range rel.Manifest.Provides {
			provides[p.Name] = p.Version
		}
		for _, section := range s.Sections {
			if err := fits(section.Needs, provides, func(need Shared, have string) string {
				return fmt.Sprintf("release: shared module %s: the shell release provides %s, %s needs %s", need.Name, have, section.Name, need.RequiredVersion)
			}); err != nil {
				return err
			}
		}
	} else {
		for _, shell := range s.Shells {
			if err := fits(rel.Manifest.Shared, shell.Provides, func(need Shared, have string) string {
				return fmt.Sprintf("release: shared module %s: the release needs %s, %s provides %s", need.Name, need.RequiredVersion, shell.Name, have)
			}); err != nil {
				return err
			}
		}
	}
	if err := OwnsItsPaths(rel); err != nil {
		return err
	}
	section := rel.Manifest.Section
	taken := make(map[string]string, len(s.Taken))
	for p, owner := range s.Taken {
		if c, ok := sitePath(p); ok {
			taken[c] = owner
		}
	}
	for _, r := range rel.Manifest.Pages() {
		c, _ := sitePath(r.Path) // owned: it reads
		if owner, ok := taken[c]; ok && owner != section {
			return fmt.Errorf("release: route %s collides with %s's", r.Path, owner)
		}
	}
	return nil
}

// fits reports the first of needs whose range provides' version does not satisfy,
// worded by refused; a module provides lacks is not the shell's to satisfy.
func fits(needs []Shared, provides map[string]string, refused func(need Shared, have string) string) error {
	for _, need := range needs {
		have, ok := provides[need.Name]
		if !ok {
			continue
		}
		c, err := semver.NewConstraint(need.RequiredVersion)
		if err != nil {
			return fmt.Errorf("release: shared module %s: unreadable version range %q", need.Name, need.RequiredVersion)
		}
		v, err := semver.NewVersion(have)
		if err != nil || !c.Check(v) {
			return errors.New(refused(need, have))
		}
	}
	return nil
}

// OwnsItsPaths reports the first path rel names outside its section's Prefix, or nil:
// a release that fails it is neither published, promoted nor served.
func OwnsItsPaths(rel *Release) error {
	claims, err := claimsOf(rel)
	if err != nil {
		return err
	}
	for _, c := range claims {
		if err := owned(rel.Manifest.Section, c); err != nil {
			return err
		}
	}
	return nil
}

// Prefix is the tree of paths section owns on the site: Prefix(section) and every path
// below it (/blog, /blog/…). Nothing a section's release names may lie outside it: not a
// page, a feed or sitemap entry, a share card or a search document (docs/api.md, "A
// section's paths").
func Prefix(section string) string { return "/" + section }

// claim is a path on the site a release names, and what names it ("route", "post"…).
type claim struct{ what, path string }

// claimsOf lists every path on the site rel names: its routes (pages, heads, sitemap
// entries), its posts' and editions' pages (articles, feed entries), the pages of its
// share cards (og/cards.json) and of its search documents (search.json). Each becomes
// part of the site when the release is served, so the gate checks them all.
func claimsOf(rel *Release) ([]claim, error) {
	m := rel.Manifest
	var out []claim
	for _, r := range m.Routes {
		out = append(out, claim{"route", r.Path})
	}
	for _, p := range m.Posts {
		out = append(out, claim{"post", p.URL()})
	}
	for _, e := range m.Editions {
		out = append(out, claim{"edition", e.URL()})
	}
	if body, ok := rel.Files[sharecard.ManifestName]; ok {
		cards, err := sharecard.Parse(body)
		if err != nil {
			return nil, fmt.Errorf("release: %w", err)
		}
		for _, page := range slices.Sorted(maps.Keys(cards.Cards)) {
			out = append(out, claim{"share card", page})
		}
	}
	if body, ok := rel.Files[search.FileName]; ok {
		docs, err := search.Parse(body)
		if err != nil {
			return nil, fmt.Errorf("release: %w", err)
		}
		for _, d := range docs {
			out = append(out, claim{"search document", d.URL})
		}
	}
	return out, nil
}

// owned says why c lies outside section's Prefix, or nil. The comparison is on c's
// sitePath, so no spelling of a path (/blog/../admin, /blog%2f..%2fadmin, /BLOG) gets
// past it; the message shows that reading when it differs from what the release says.
func owned(section string, c claim) error {
	p, ok := sitePath(c.path)
	if !ok {
		return fmt.Errorf("release: %s %q is not a path on the site", c.what, c.path)
	}
	if section == Shell {
		return shellOwned(c, p)
	}
	prefix := Prefix(section)
	switch {
	case p == prefix || strings.HasPrefix(p, prefix+"/"):
		return nil
	case p != c.path:
		return fmt.Errorf("release: %s %s (read as %s) is outside the %s's %s", c.what, c.path, p, section, prefix)
	}
	return fmt.Errorf("release: %s %s is outside the %s's %s", c.what, c.path, section, prefix)
}

// shellOwned says why c, read as p, lies inside another section's Prefix, or nil: the
// shell's pages are the site's but the sections' (the gateway's own paths are the
// gate's collisions).
func shellOwned(c claim, p string) error {
	for _, other := range Sections {
		prefix := Prefix(other)
		if other == Shell || (p != prefix && !strings.HasPrefix(p, prefix+"/")) {
			continue
		}
		if p != c.path {
			return fmt.Errorf("release: %s %s (read as %s) is the %s's, not the shell's", c.what, c.path, p, other)
		}
		return fmt.Errorf("release: %s %s is the %s's, not the shell's", c.what, c.path, other)
	}
	return nil
}

// sitePath is p as a server, a proxy or a browser in front of the site may read it:
// percent-decoded, again while that changes it (a proxy may decode once more than the
// gateway), backslashes as slashes (as browsers read them), cleaned (dot segments,
// duplicate and trailing slashes) and in lower case (a case-insensitive proxy or file
// system serves /BLOG as /blog). ok is false for a path that does not decode or is not
// absolute.
func sitePath(p string) (string, bool) {
	for {
		d, err := url.PathUnescape(p)
		if err != nil {
			return "", false
		}
		if d == p {
			break
		}
		p = d // shorter each time: the loop ends
	}
	p = strings.ReplaceAll(p, `\`, "/")
	if !strings.HasPrefix(p, "/") {
		return "", false
	}
	return strings.ToLower(path.Clean(p)), true
}

// ProvidedModules reads the shell's mf-shared.json: the shared map it gives the
// remotes, by module name.
func ProvidedModules(mfShared []byte) (map[string]string, error) {
	var shared map[string]struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(mfShared, &shared); err != nil {
		return nil, fmt.Errorf("release: the shell's mf-shared.json is malformed: %w", err)
	}
	provided := make(map[string]string, len(shared))
	for name, s := range shared {
		provided[name] = s.Version
	}
	return provided, nil
}
