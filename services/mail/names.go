package mail

import "unicode"

// What a name a visitor types may hold. Such a name goes into the greeting of an email
// to an address nobody has verified, so it must show as what it is: a name made of
// invisible characters, or one that reorders what follows it, is refused. The browser
// forms check the same (apps/shell contact-schema.ts).

// VisibleLength counts the characters of s that show: not spaces, not format
// characters (zero-width spaces and joiners, direction marks), not variation
// selectors or other default-ignorable code points (Hangul fillers), not the blank
// braille pattern. A name is as long as what shows of it.
func VisibleLength(s string) int {
	n := 0
	for _, r := range s {
		if !invisible(r) {
			n++
		}
	}
	return n
}

func invisible(r rune) bool {
	return unicode.IsSpace(r) || r == '\u2800' ||
		unicode.In(r, unicode.Cf, unicode.Zs, unicode.Zl, unicode.Zp, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// HasBidiControl reports whether s holds a bidirectional control (an embedding,
// override or isolate, or a direction mark): text after it can show in another order
// than it is written, as in the "Trojan Source" attacks.
func HasBidiControl(s string) bool {
	for _, r := range s {
		switch {
		case r == '\u061C', r == '\u200E', r == '\u200F',
			r >= '\u202A' && r <= '\u202E',
			r >= '\u2066' && r <= '\u2069':
			return true
		}
	}
	return false
}

// BreaksLine is true for control characters (CR, LF, tab, NEL, ...) and the Unicode
// line and paragraph separators: what a one-line name, subject or header must not hold.
func BreaksLine(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp)
}
