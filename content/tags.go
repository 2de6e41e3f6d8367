package content

import "strings"

// TagSlug is a tag's path segment, as in /blog/tags/<slug>: lower-case ASCII, each run
// of characters that are not a-z or 0-9 a single "-", trimmed of dashes
// ("CI/CD" → "ci-cd"). Tags whose slugs are equal share a page.
func TagSlug(tag string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(tag) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}
