package mail_test

import (
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/mail"
)

func TestValidPlainAddress(t *testing.T) {
	for _, tt := range []struct {
		addr string
		want bool
	}{
		{"jane@example.org", true},
		{"Jane.Doe+news@mail.example.co.uk", true},
		{"", false},
		{"jane.example.org", false},
		{"jane@", false},
		{"@example.org", false},
		{"jane@localhost", false},
		{"jane@example..org", false},
		{"jane@-example.org", false},
		{"jane@example-.org", false},
		{"a@b@example.org", false},
		{"Jane <jane@example.org>", false},
		{"<jane@example.org>", false},
		{"jane doe@example.org", false},
		{" jane@example.org", false},
		{"jane@example.org\nBcc: victim@example.com", false},
		{"jane@example.org\r", false},
		{`"jane doe"@example.org`, false},
		{strings.Repeat("a", 64) + "@example.org", true},
		{strings.Repeat("a", 65) + "@example.org", false},
		{"a@[127.0.0.1]", false},
		{"a@[IPv6:::1]", false},
		{"jane@127.0.0.1", false},
		{"jane@2130706433.0", false},
		{"jane@1.example", true},
		{"jane@bücher.example", false},
		{"jane@xn--bcher-kva.example", true},
		{"jäne@example.org", false},
		{"jane@exa_mple.org", false},
		{"jane@" + strings.Repeat("a", 63) + ".org", true},
		{"jane@" + strings.Repeat("a", 64) + ".org", false},
	} {
		if got := mail.ValidPlainAddress(tt.addr); got != tt.want {
			t.Errorf("ValidPlainAddress(%q) = %v, want %v", tt.addr, got, tt.want)
		}
	}
}
