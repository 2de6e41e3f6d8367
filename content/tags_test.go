package content

import "testing"

func TestTagSlug(t *testing.T) {
	for tag, want := range map[string]string{
		"CI/CD":            "ci-cd",
		"Kubernetes":       "kubernetes",
		"  Infra as Code ": "infra-as-code",
		"--x--":            "x",
		"C++":              "c",
		"Café":             "caf",
		"/":                "",
		"Zero-Trust  Net":  "zero-trust-net",
	} {
		if got := TagSlug(tag); got != want {
			t.Errorf("TagSlug(%q) = %q, want %q", tag, got, want)
		}
	}
}
