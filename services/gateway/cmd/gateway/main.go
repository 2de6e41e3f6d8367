// Command gateway serves the portfolio site: the shell and its remotes' builds, the
// JSON API and the health probes. Configuration comes from PORTFOLIO_* environment
// variables and an optional config file (--config or PORTFOLIO_CONFIG).
package main

import (
	"context"
	"fmt"
	"os"
	_ "time/tzdata" // zone data in the binary: the FROM-scratch image has no /usr/share/zoneinfo
)

func main() {
	if err := run(context.Background(), os.Args, os.Getenv, os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "gateway: %s\n", err)
		os.Exit(1)
	}
}
