package static

import (
	"strconv"
	"strings"
)

// Negotiate picks the Content-Encoding to serve from the available ones (in order of
// preference) given a request's Accept-Encoding header, or "" for identity. The
// highest q-value wins, ties go to the earlier available encoding, q=0 refuses an
// encoding, and "*" covers every encoding not named.
func Negotiate(acceptEncoding string, available []string) string {
	if acceptEncoding == "" || len(available) == 0 {
		return ""
	}
	q := make(map[string]float64)
	wildcard := -1.0
	for part := range strings.SplitSeq(acceptEncoding, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		weight, ok := qValue(params)
		if !ok {
			continue // a malformed element is ignored, not guessed at
		}
		if coding == "x-gzip" {
			coding = Gzip
		}
		if coding == "*" {
			wildcard = weight
			continue
		}
		q[coding] = weight
	}
	best, bestQ := "", 0.0
	for _, enc := range available {
		weight, named := q[enc]
		if !named {
			weight = max(wildcard, 0)
		}
		if weight > bestQ {
			best, bestQ = enc, weight
		}
	}
	return best
}

// qValue parses the parameters of one Accept-Encoding element; without q the weight
// is 1.
func qValue(params string) (float64, bool) {
	for p := range strings.SplitSeq(params, ";") {
		name, val, found := strings.Cut(strings.TrimSpace(p), "=")
		if !found || !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || f < 0 || f > 1 {
			return 0, false
		}
		return f, true
	}
	return 1, true
}
