package formfields_test

import (
	"testing"

	"github.com/portfolio-site/portfolio/content/formrules"
)

// TestRulesAreTheContents fails while rules_gen.go is not what form-fields.json says
// now: run go generate in this package.
func TestRulesAreTheContents(t *testing.T) {
	if err := formrules.Current("fields", "formfields", "rules_gen.go"); err != nil {
		t.Fatal(err)
	}
}
