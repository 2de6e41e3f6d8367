package mail_test

import (
	"testing"

	"github.com/portfolio-site/portfolio/services/mail"
)

// TestValidPlainAddress runs testdata/addresses.json.
func TestValidPlainAddress(t *testing.T) {
	for _, tt := range readCases[struct {
		Address string
		Valid   bool
	}](t, "addresses.json") {
		if got := mail.ValidPlainAddress(tt.Address); got != tt.Valid {
			t.Errorf("ValidPlainAddress(%q) = %v, want %v", tt.Address, got, tt.Valid)
		}
	}
}
