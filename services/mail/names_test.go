package mail_test

import (
	"testing"

	"github.com/portfolio-site/portfolio/services/mail"
)

func TestVisibleLength(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{
		{"Jane Doe", 7},
		{"李雷", 2},
		{"\U0001F600\U0001F600", 2},
		{"\u200b\u200b\u200b", 0},       // zero-width spaces
		{"\u200c\u200d\u2060\ufeff", 0}, // joiners, word joiner, BOM
		{"\u3164\u3164", 0},             // Hangul fillers
		{"\u2800\u2800", 0},             // blank braille
		{"\u00a0\u3000\u2003", 0},       // spaces
		{"a\ufe0f\u034f", 1},            // variation selector, grapheme joiner
		{"\u202e\u202d", 0},             // bidi overrides
		{"Ja\u200bne", 4},
		{"مریم\u200cزاده", 8}, // Persian with a ZWNJ: letters count, the joiner does not
	} {
		if got := mail.VisibleLength(tt.s); got != tt.want {
			t.Errorf("VisibleLength(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

func TestHasBidiControl(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"Jane Doe", false},
		{"مریم\u200cزاده", false},
		{"Jane \u202eeod", true},
		{"\u2066Jane\u2069", true},
		{"Jane\u200f", true},
		{"Jane\u061c", true},
		{"\u202a", true},
	} {
		if got := mail.HasBidiControl(tt.s); got != tt.want {
			t.Errorf("HasBidiControl(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
