package version

import "testing"

func TestGetDefaults(t *testing.T) {
	got := Get()
	if got.Version != "dev" {
		t.Errorf("Version = %q, want dev for an unstamped build", got.Version)
	}
	// A test binary carries no VCS information.
	if got.Commit != "unknown" {
		t.Errorf("Commit = %q, want unknown", got.Commit)
	}
}
