package mail_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/mail"
)

// readCases reads testdata/<file>'s cases: tables the browser's rules
// (packages/api-client) run too, so that both sides check a field alike.
func readCases[T any](t *testing.T, file string) []T {
	t.Helper()
	data, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases []T }
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) == 0 {
		t.Fatalf("testdata/%s has no cases", file)
	}
	return table.Cases
}

// TestNames runs testdata/names.json: VisibleLength, BreaksLine, HasBidiControl and
// HasInvisible.
func TestNames(t *testing.T) {
	for _, tt := range readCases[struct {
		Name        string
		Visible     int
		BreaksLine  bool
		BidiControl bool
		Invisible   bool
	}](t, "names.json") {
		if got := mail.VisibleLength(tt.Name); got != tt.Visible {
			t.Errorf("VisibleLength(%q) = %d, want %d", tt.Name, got, tt.Visible)
		}
		if got := strings.ContainsFunc(tt.Name, mail.BreaksLine); got != tt.BreaksLine {
			t.Errorf("BreaksLine in %q = %v, want %v", tt.Name, got, tt.BreaksLine)
		}
		if got := mail.HasBidiControl(tt.Name); got != tt.BidiControl {
			t.Errorf("HasBidiControl(%q) = %v, want %v", tt.Name, got, tt.BidiControl)
		}
		if got := mail.HasInvisible(tt.Name); got != tt.Invisible {
			t.Errorf("HasInvisible(%+q) = %v, want %v", tt.Name, got, tt.Invisible)
		}
	}
}
