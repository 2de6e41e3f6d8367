package deploy_test

import (
	"os"
	"os/exec"
	"testing"
)

// requireTool returns the path of a command-line tool a check needs (kubectl,
// docker-compose, promtool). `make test` installs them from apt and sets
// PORTFOLIO_REQUIRE_TOOLS=1, so there a missing tool fails; elsewhere (`go test work`
// on a developer's machine) the check is skipped with a message saying so.
func requireTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("PORTFOLIO_REQUIRE_TOOLS") != "" {
		t.Fatalf("%s is not installed: %v", name, err)
	}
	t.Skipf("%s is not installed (make test installs it from apt)", name)
	return ""
}
