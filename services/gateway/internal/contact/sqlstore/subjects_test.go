package sqlstore

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
)

// The table's CHECK keeps a row's subject to the form's: the migrations write the list
// out (SQL has no other way), so it must stay the schema's (content.ContactSubjects),
// in every dialect.
func TestTheSubjectCheckIsTheSchemasSubjects(t *testing.T) {
	check := regexp.MustCompile(`CHECK \(subject IN \(([^)]*)\)\)`)
	for _, dialect := range []string{"sqlite", "postgres"} {
		name := "migrations/" + dialect + "/00001_create_contact_messages.sql"
		sql, err := files.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		m := check.FindSubmatch(sql)
		if m == nil {
			t.Fatalf("%s: no CHECK on subject", name)
		}
		var listed []string
		for _, v := range strings.Split(string(m[1]), ",") {
			listed = append(listed, strings.Trim(strings.TrimSpace(v), "'"))
		}
		if !slices.Equal(listed, content.ContactSubjects) {
			t.Errorf("%s checks subjects %v, the schema has %v", name, listed, content.ContactSubjects)
		}
	}
}
