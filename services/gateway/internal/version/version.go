// Package version says which build of the gateway is running. The Makefile stamps
// Version and Commit with -ldflags -X; a plain `go build` leaves Version "dev" and
// takes the commit from the VCS information Go records in the binary, if any.
package version

import "runtime/debug"

// Stamped at build time (-X .../internal/version.Version=...); variables because -X
// can only set those. Nothing else writes them.
var (
	Version = "dev"
	Commit  = ""
)

// Info is the running build.
type Info struct {
	Version string `json:"version"`
	Commit  string `json:"commit"`
}

// Get returns the stamped version and commit; without a stamped commit, the revision
// Go recorded from the checkout (suffixed "-dirty" when it had changes), else "unknown".
func Get() Info {
	info := Info{Version: Version, Commit: Commit}
	if info.Commit == "" {
		info.Commit = vcsRevision()
	}
	return info
}

func vcsRevision() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "unknown"
	}
	if dirty {
		rev += "-dirty"
	}
	return rev
}
