// Command formrules writes a form's rules from the content into a Go file
// (content/formrules):
//
//	//go:generate go run github.com/portfolio-site/portfolio/content/cmd/formrules -form contact -package contact -out rules_gen.go
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/portfolio-site/portfolio/content/formrules"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "formrules:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	flags := flag.NewFlagSet("formrules", flag.ContinueOnError)
	form := flags.String("form", "", "fields (every form's name and email) or contact")
	pkg := flags.String("package", "", "the Go package of the file")
	out := flags.String("out", "rules_gen.go", "the file to write")
	if err := flags.Parse(args); err != nil {
		return err
	}
	src, err := formrules.Generate(*form, *pkg)
	if err != nil {
		return err
	}
	return os.WriteFile(*out, src, 0o644) //nolint:gosec // a source file of the repo
}
