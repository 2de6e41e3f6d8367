package release

import (
	"encoding/json"
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

// Site is what a release must fit to be published or promoted: the modules the running
// shell provides and the paths others already serve.
type Site struct {
	// Provided is each shared module the shell provides, with its version (the shell's
	// mf-shared.json).
	Provided map[string]string
	// Taken is every path served by someone else, with its owner: the shell, the
	// gateway, or another section.
	Taken map[string]string
}

// Admit reports why rel cannot run on the site, or nil. A module the shell does not
// provide is the release's own to bring (Module Federation loads the remote's copy);
// one it provides must satisfy the release's range, or the section would run against
// another React, router or design system than it was built for. Every path the release
// names must be its section's (Prefix), and none of its pages one that someone else
// serves.
func (s Site) Admit(rel *Release) error {
	for _, need := range rel.Manifest.Shared {
		have, ok := s.Provided[need.Name]
		if !ok {
			continue
		}
		c, err := semver.NewConstraint(need.RequiredVersion)
		if err != nil {
			return fmt.Errorf("release: shared module %s: unreadable version range %q", need.Name, need.RequiredVersion)
		}
		v, err := semver.NewVersion(have)
		if err != nil || !c.Check(v) {
			return fmt.Errorf("release: shared module %s: the release needs %s, the running shell provides %s", need.Name, need.RequiredVersion, have)
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
	prefix := Prefix(section)
	p, ok := sitePath(c.path)
	switch {
	case !ok:
		return fmt.Errorf("release: %s %q is not a path on the site", c.what, c.path)
	case p == prefix || strings.HasPrefix(p, prefix+"/"):
		return nil
	case p != c.path:
		return fmt.Errorf("release: %s %s (read as %s) is outside the %s's %s", c.what, c.path, p, section, prefix)
	}
	return fmt.Errorf("release: %s %s is outside the %s's %s", c.what, c.path, section, prefix)
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
