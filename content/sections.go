package content

import (
	"fmt"
	"io/fs"
)

// SectionsFile is the list of the site's sections, relative to the content root: the
// one place their names are written (docs/decisions/0065-one-list-of-sections.md). The
// gateway's remotes and released sections, the TypeScript types and the Makefile all
// read it.
const SectionsFile = "sections.json"

// SectionInfo is one section of sections.json.
type SectionInfo struct {
	Name     Section `json:"name"`
	Label    string  `json:"label"`
	Remote   bool    `json:"remote"`   // loaded by the shell from /mf/remotes.json
	Released bool    `json:"released"` // shipped in releases of its own (decision 0035)
}

type sectionsFile struct {
	Sections []SectionInfo `json:"sections"`
}

// LoadSections reads sections.json from fsys (usually FS()), in file order: the shell
// first, then its remotes in the order remotes.json lists them. No name is listed twice.
func LoadSections(fsys fs.FS) ([]SectionInfo, error) {
	f, err := loadFile(fsys, SectionsFile, func(c *fieldChecker, f sectionsFile) {
		unique(c, len(f.Sections), func(i int) Section { return f.Sections[i].Name },
			func(i int) string { return fmt.Sprintf("/sections/%d/name", i) })
	})
	return f.Sections, err
}

// Sections is the embedded sections.json. The list is compiled in (a release cannot
// add a section), so a broken file is a broken build: it panics, and this package's
// tests fail first.
func Sections() []SectionInfo {
	s, err := LoadSections(files)
	if err != nil {
		panic(err)
	}
	return s
}

// RemoteNames are the names of the shell's remotes, in remotes.json's order.
func RemoteNames() []string { return sectionNames(func(s SectionInfo) bool { return s.Remote }) }

// ReleasedNames are the names of the sections shipped in releases of their own.
func ReleasedNames() []string {
	return sectionNames(func(s SectionInfo) bool { return s.Released })
}

func sectionNames(keep func(SectionInfo) bool) []string {
	var names []string
	for _, s := range Sections() {
		if keep(s) {
			names = append(names, string(s.Name))
		}
	}
	return names
}
