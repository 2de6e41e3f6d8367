package release

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/Masterminds/semver/v3"
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
// another React, router or design system than it was built for.
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
	for _, r := range rel.Manifest.Pages() {
		for _, prefix := range gatewayPrefixes {
			if strings.HasPrefix(r.Path+"/", prefix) {
				return fmt.Errorf("release: route %s collides with the gateway's %s", r.Path, prefix)
			}
		}
		if owner, taken := s.Taken[r.Path]; taken && owner != rel.Manifest.Section {
			return fmt.Errorf("release: route %s collides with %s's", r.Path, owner)
		}
	}
	return nil
}

// gatewayPrefixes are the gateway's own trees of paths: the API, the sections' files,
// the content images and the shell's files and share cards.
var gatewayPrefixes = []string{"/api/", "/mf/", "/images/", "/static/", "/og/"}

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
