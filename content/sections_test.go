package content_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portfolio-site/portfolio/content"
)

func TestSectionsLists(t *testing.T) {
	sections, err := content.LoadSections(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	if len(sections) == 0 || sections[0].Name != content.SectionShell || sections[0].Remote {
		t.Fatalf("sections.json starts with %+v, want the shell, which is no remote", sections[0])
	}
	for _, role := range []content.Section{content.SectionShell, content.SectionBlog, content.SectionNewsletter, content.SectionAdmin} {
		if !slices.ContainsFunc(sections, func(s content.SectionInfo) bool { return s.Name == role }) {
			t.Errorf("content.Section %q is not in sections.json", role)
		}
	}
	for _, name := range content.ReleasedNames() {
		if name == string(content.SectionShell) {
			continue
		}
		if !slices.Contains(content.RemoteNames(), name) {
			t.Errorf("%q is released but no remote: only the shell ships in releases without being one", name)
		}
	}
}

func TestSectionsFileProblems(t *testing.T) {
	for _, tc := range []struct{ name, json, want string }{
		{"name twice", `{"sections":[{"name":"blog","label":"Blog","remote":true,"released":true},{"name":"blog","label":"B","remote":true,"released":true}]}`,
			"/sections/1/name: blog is listed twice"},
		{"no label", `{"sections":[{"name":"blog","remote":true,"released":true}]}`, "/sections/0"},
		{"not a name", `{"sections":[{"name":"Blog!","label":"Blog","remote":true,"released":true}]}`, "/sections/0/name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{content.SectionsFile: {Data: []byte(tc.json)}}
			_, err := content.LoadSections(fsys)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("LoadSections: %v, want an error with %q", err, tc.want)
			}
		})
	}
}

func TestARouteOfNoSectionIsRefused(t *testing.T) {
	fsys := fstest.MapFS{content.RoutesFile: {Data: []byte(`{"routes":[{"path":"/","section":"shop","title":"Home","description":"The home page."}]}`)}}
	_, err := content.LoadRoutes(fsys)
	if err == nil || !strings.Contains(err.Error(), `/routes/0/section: "shop" is not a section of sections.json`) {
		t.Fatalf("LoadRoutes: %v, want the route's section refused", err)
	}
}

// sectionList is three or more names of sections written one after another as a list:
// each quoted, apart by commas or bars (a Go or TS list, a TS union), or bare and
// apart by bars alone (a regular expression, a shell pattern). Prose names them apart
// by commas, unquoted, and is not a list.
func sectionList(names []string) *regexp.Regexp {
	alt := `(?:` + strings.Join(names, "|") + `)`
	quoted := `["'` + "`" + `]` + alt + `["'` + "`" + `]`
	return regexp.MustCompile(quoted + `(?:\s*[,|]\s*` + quoted + `){2,}|\b` + alt + `(?:\|` + alt + `){2,}\b`)
}

// TestNoCopyOfTheSectionList holds decision 0065: the sections' names are listed in
// content/sections.json alone. Go, TypeScript, scripts and the Makefile read that list;
// a list of the names written anywhere else in the code is a copy that drifts.
func TestNoCopyOfTheSectionList(t *testing.T) {
	var names []string
	for _, s := range content.Sections() {
		names = append(names, string(s.Name))
	}
	list := sectionList(names)
	codeFile := regexp.MustCompile(`(\.(go|ts|tsx|mjs|js|cjs|json|sh|ya?ml)|^Makefile)$`)
	skipDir := map[string]bool{"node_modules": true, "dist": true, ".git": true, ".tools": true, "bin": true, "data": true, ".turbo": true, "dist-prerender": true}
	var read int
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDir[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !codeFile.MatchString(d.Name()) || path == filepath.Join("..", "content", content.SectionsFile) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		read++
		if m := list.Find(b); m != nil {
			t.Errorf("%s: %q lists the sections again; read content/sections.json (docs/decisions/0065)", path, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if read < 100 {
		t.Fatalf("read %d code files: the walk looks in the wrong place", read)
	}
}
