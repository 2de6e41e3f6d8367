package main

import (
	"fmt"
	"io"

	"github.com/portfolio-site/portfolio/services/gateway/internal/version"
)

// versionCommand prints the build's version and commit, as /healthz reports them.
const versionCommand = "version"

func printVersion(args []string, stdout io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("%s takes no arguments", versionCommand)
	}
	v := version.Get()
	_, err := fmt.Fprintf(stdout, "gateway %s (commit %s)\n", v.Version, v.Commit)
	return err
}
