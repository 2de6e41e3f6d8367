package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const architecturePath = "../../../../docs/architecture.md"

// repoPath is a name in backquotes that starts at the repo's root: a file or folder a
// reader of docs/architecture.md is sent to.
var repoPath = regexp.MustCompile("`((?:apps|packages|services|content|docs|e2e|scripts|deploy)/[^`\\s]*)`")

// TestArchitectureNamesOnlyWhatExists holds docs/architecture.md to the tree: every
// path it names from the repo's root is there (a glob matches something), so a move
// or a rename that forgets the map fails here.
func TestArchitectureNamesOnlyWhatExists(t *testing.T) {
	doc := readArchitecture(t)
	root := filepath.Dir(filepath.Dir(architecturePath))
	for _, m := range repoPath.FindAllStringSubmatch(doc, -1) {
		p := filepath.Join(root, filepath.FromSlash(m[1]))
		if matches, err := filepath.Glob(p); err != nil || len(matches) == 0 {
			t.Errorf("docs/architecture.md names %s, which is not in the repo", m[1])
		}
	}
}

// TestArchitectureFlowsOpenFewFiles holds each flow of docs/architecture.md to what
// it says: the files it names (every one a reader opens to follow it) are as many as
// its "Files opened: N", and at most 12.
func TestArchitectureFlowsOpenFewFiles(t *testing.T) {
	doc := readArchitecture(t)
	count := regexp.MustCompile(`\*\*Files opened: (\d+)\*\*`)
	file := regexp.MustCompile("`((?:apps|packages|services)/[^`\\s]*\\.(?:go|ts|tsx))`")
	flows := 0
	for _, section := range strings.Split(doc, "\n## ")[1:] {
		if !strings.HasPrefix(section, "Flow ") {
			continue
		}
		flows++
		title, _, _ := strings.Cut(section, "\n")
		named := map[string]bool{}
		for _, m := range file.FindAllStringSubmatch(section, -1) {
			named[m[1]] = true
		}
		m := count.FindStringSubmatch(section)
		if m == nil {
			t.Errorf("%s: no **Files opened: N**", title)
			continue
		}
		said, _ := strconv.Atoi(m[1])
		if said != len(named) {
			t.Errorf("%s: says %d files, names %d", title, said, len(named))
		}
		if len(named) > 12 {
			t.Errorf("%s: names %d files, more than 12", title, len(named))
		}
	}
	if flows != 2 {
		t.Errorf("docs/architecture.md has %d flows, want 2 (the contact message, the edition)", flows)
	}
}

func readArchitecture(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(architecturePath)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
