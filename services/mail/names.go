package mail

import (
	"unicode"
	"unicode/utf8"
)

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
	return unicode.IsSpace(r) || unicode.In(r, unicode.Zs, unicode.Zl, unicode.Zp) || hidden(r)
}

// hidden is an invisible character that is no space: a format character (Cf: zero-width
// space, joiners, word joiner, byte order mark, soft hyphen, direction controls, tag
// characters), a variation selector, another default-ignorable code point (combining
// grapheme joiner, Hangul fillers), the blank braille pattern.
func hidden(r rune) bool {
	return r == '\u2800' || unicode.In(r, unicode.Cf, unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// HasInvisible reports whether s holds a character that does not show and is no
// space (hidden): "own\ufeffer" would look like "owner". The admin's user name and the
// names visitors type refuse them. Two are part of how some names are written, and
// pass where they do that: a zero-width non-joiner or joiner between two letters (or
// marks) of a script that joins, such as Arabic or Devanagari ("مریم\u200cزاده"), not
// Latin, Greek or Cyrillic, where it could only hide; and a variation selector right
// after a symbol or an ideograph it selects the look of ("☺\ufe0f").
func HasInvisible(s string) bool {
	prev := rune(-1)
	for i, r := range s {
		_, size := utf8.DecodeRuneInString(s[i:])
		next, _ := utf8.DecodeRuneInString(s[i+size:])
		switch {
		case !hidden(r):
		case (r == '\u200c' || r == '\u200d') && joins(prev) && joins(next):
		case unicode.Is(unicode.Variation_Selector, r) && unicode.In(prev, unicode.So, unicode.Sm, unicode.Ideographic):
		default:
			return true
		}
		prev = r
	}
	return false
}

// joins is true for a letter or mark of a script whose writing uses the zero-width
// joiners (not Latin, Greek, Cyrillic, nor the Common and Inherited characters).
func joins(r rune) bool {
	return unicode.In(r, unicode.L, unicode.M) &&
		!unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Common, unicode.Inherited)
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
