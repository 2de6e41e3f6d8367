package static

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
)

// Dir is a build directory loaded into memory.
type Dir struct {
	Root  string
	files map[string]*File
}

// precompressed maps a sibling's suffix to its Content-Encoding.
var precompressed = map[string]string{".br": Brotli, ".gz": Gzip}

// Load reads every file under root into memory. A file.br or file.gz next to file
// becomes file's precompressed variant; without file, it is a file of its own. Hidden
// files (starting with ".") are not served. A missing root is fs.ErrNotExist.
func Load(root string) (*Dir, error) {
	info, err := os.Stat(root)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", root)
	}
	raw, err := ReadFiles(os.DirFS(root))
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", root, err)
	}
	return FromMap(root, raw), nil
}

// ReadFiles reads every file of a build (fsys rooted at it), by slash-separated name,
// but hidden ones (starting with "."); symlinks are followed, as pnpm-style builds
// may contain them.
func ReadFiles(fsys fs.FS) (map[string][]byte, error) {
	raw := make(map[string][]byte)
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		// Stat follows symlinks, which pnpm-style builds may contain.
		fi, err := fs.Stat(fsys, name)
		if err != nil {
			return err
		}
		if !fi.Mode().IsRegular() {
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		raw[name] = data
		return nil
	})
	return raw, err
}

// FromMap makes a Dir of files already in memory (name → contents), as Load does of
// a directory: a file.br or file.gz next to file becomes its precompressed variant.
// root names where they came from.
func FromMap(root string, raw map[string][]byte) *Dir {
	dir := &Dir{Root: root, files: make(map[string]*File, len(raw))}
	for name, data := range raw {
		if isVariant(raw, name) {
			continue // attached to its original below
		}
		dir.files[name] = NewFile(name, data, CacheControlFor(name))
	}
	for name, data := range raw {
		if !isVariant(raw, name) {
			continue
		}
		// The original may itself be a variant (a.gz.gz); then there is nothing to attach to.
		if f, ok := dir.files[strings.TrimSuffix(name, path.Ext(name))]; ok {
			f.AddVariant(precompressed[path.Ext(name)], data)
		}
	}
	return dir
}

// Sources are the names of a build that decide how name is served from it (FromMap):
// name itself, its precompressed variants and, for a name that may be one, its
// original (with the original there, name is not served on its own). A build's file
// is served the same from a subset of its files holding these as from all of them.
func Sources(name string) []string {
	names := []string{name}
	for _, suffix := range slices.Sorted(maps.Keys(precompressed)) {
		names = append(names, name+suffix)
	}
	if _, ok := precompressed[path.Ext(name)]; ok {
		names = append(names, strings.TrimSuffix(name, path.Ext(name)))
	}
	return names
}

// isVariant reports whether name is a precompressed sibling of another file in raw.
func isVariant(raw map[string][]byte, name string) bool {
	if _, ok := precompressed[path.Ext(name)]; !ok {
		return false
	}
	_, hasOriginal := raw[strings.TrimSuffix(name, path.Ext(name))]
	return hasOriginal
}

// Lookup returns the file at name (slash-separated, no leading slash).
func (d *Dir) Lookup(name string) (*File, bool) {
	f, ok := d.files[name]
	return f, ok
}

// TopLevel returns the names directly under the root: directories and files, sorted.
func (d *Dir) TopLevel() (dirs, files []string) {
	seenDir := make(map[string]bool)
	for name := range d.files {
		first, _, nested := strings.Cut(name, "/")
		switch {
		case nested && !seenDir[first]:
			seenDir[first] = true
			dirs = append(dirs, first)
		case !nested:
			files = append(files, first)
		}
	}
	sort.Strings(dirs)
	sort.Strings(files)
	return dirs, files
}

// Len returns how many files the directory holds (not counting variants).
func (d *Dir) Len() int { return len(d.files) }
