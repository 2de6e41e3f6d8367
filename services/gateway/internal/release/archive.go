package release

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"
	"time"
)

// Limits bound what Open reads, so a hostile artifact cannot exhaust memory or disk.
// A section's build is ~1.5 MB in ~120 files; the limits leave room to grow.
type Limits struct {
	Archive   int64 // the gzipped artifact
	Total     int64 // every file unpacked, together: a decompression bomb stops here
	File      int64 // one file unpacked
	FileCount int
}

// DefaultLimits are what the gateway accepts.
var DefaultLimits = Limits{Archive: 32 << 20, Total: 128 << 20, File: 16 << 20, FileCount: 4000}

// Release is an opened artifact: its manifest, digest and files (name below files/ →
// contents), checked against each other.
type Release struct {
	Manifest Manifest
	Digest   string
	Files    map[string][]byte
	// ManifestJSON is release.json as it is in the artifact, digested as Digest.
	ManifestJSON []byte
}

// Open reads and checks an artifact: a gzipped tar of release.json and files/…, each
// file listed in the manifest with its SHA-256 and size. It refuses, with an error that
// names the problem, a truncated or corrupt archive, any entry that is not a regular
// file or directory (symlinks, hard links, devices), names that are absolute, climb
// with .., or repeat, anything over limits, and a manifest that does not match the
// files or is malformed.
func Open(raw []byte, limits Limits) (*Release, error) {
	if int64(len(raw)) > limits.Archive {
		return nil, fmt.Errorf("release: the artifact is %d bytes, more than the %d accepted", len(raw), limits.Archive)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("release: not a gzipped tar: %w", err)
	}
	var manifest []byte
	files := map[string][]byte{}
	var total int64
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("release: truncated or corrupt archive: %w", err)
		}
		name, err := entryName(h)
		if err != nil {
			return nil, err
		}
		if h.Typeflag == tar.TypeDir {
			continue
		}
		if h.Size > limits.File {
			return nil, fmt.Errorf("release: %s is %d bytes, more than the %d accepted for one file", name, h.Size, limits.File)
		}
		if len(files) >= limits.FileCount {
			return nil, fmt.Errorf("release: more than %d files", limits.FileCount)
		}
		// Read one byte past the remaining budget: a header may lie about the size.
		data, err := io.ReadAll(io.LimitReader(tr, min(limits.File, limits.Total-total)+1))
		if err != nil {
			return nil, fmt.Errorf("release: truncated or corrupt archive: %s: %w", name, err)
		}
		total += int64(len(data))
		if total > limits.Total || int64(len(data)) > limits.File {
			return nil, fmt.Errorf("release: unpacks to more than %d bytes", limits.Total)
		}
		switch {
		case name == ManifestName:
			if manifest != nil {
				return nil, fmt.Errorf("release: %s appears twice", ManifestName)
			}
			manifest = data
		case strings.HasPrefix(name, FilesDir):
			rel := strings.TrimPrefix(name, FilesDir)
			if _, dup := files[rel]; dup {
				return nil, fmt.Errorf("release: %s appears twice", name)
			}
			files[rel] = data
		default:
			return nil, fmt.Errorf("release: unexpected entry %s (want %s and %s…)", name, ManifestName, FilesDir)
		}
	}
	// The gzip stream's own checksum is checked once it is read to the end.
	if _, err := io.Copy(io.Discard, zr); err != nil {
		return nil, fmt.Errorf("release: truncated or corrupt archive: %w", err)
	}
	if manifest == nil {
		return nil, fmt.Errorf("release: no %s", ManifestName)
	}
	return parse(manifest, files)
}

// entryName is a tar entry's cleaned name, or why the entry is refused.
func entryName(h *tar.Header) (string, error) {
	switch h.Typeflag {
	case tar.TypeReg, tar.TypeDir:
	default:
		return "", fmt.Errorf("release: %s is not a regular file or directory (type %q)", h.Name, h.Typeflag)
	}
	name := strings.TrimSuffix(h.Name, "/")
	if strings.HasPrefix(name, "/") || strings.Contains(name, `\`) || !fs.ValidPath(name) || name == "." {
		return "", fmt.Errorf("release: unsafe path %q in the archive", h.Name)
	}
	return name, nil
}

// parse checks the manifest against the files and on its own.
func parse(manifest []byte, files map[string][]byte) (*Release, error) {
	dec := json.NewDecoder(bytes.NewReader(manifest))
	dec.DisallowUnknownFields()
	var m Manifest
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("release: %s is malformed: %w", ManifestName, err)
	}
	for name, data := range files {
		want, ok := m.Files[name]
		if !ok {
			return nil, fmt.Errorf("release: files/%s is not listed in %s", name, ManifestName)
		}
		if sum(data) != want {
			return nil, fmt.Errorf("release: digest mismatch: files/%s does not match its SHA-256 in %s", name, ManifestName)
		}
	}
	for name := range m.Files {
		if _, ok := files[name]; !ok {
			return nil, fmt.Errorf("release: files/%s is listed in %s but missing", name, ManifestName)
		}
	}
	if err := m.check(files); err != nil {
		return nil, err
	}
	return &Release{Manifest: m, Digest: digestOf(manifest), Files: files, ManifestJSON: manifest}, nil
}

// Build is what Pack packs: the section's description and its build's files.
type Build struct {
	Section        string
	PackageVersion string
	Commit         string
	Version        string // empty: PackageVersion-<commit's first 12>
	Created        time.Time
	Description    Description
	Files          map[string][]byte
}

// Pack writes the artifact of b to w and returns its release. The archive is the same
// bytes for the same build (sorted names, no times, no owners), so packing twice gives
// one digest.
func Pack(w io.Writer, b Build) (*Release, error) {
	m := Manifest{
		Schema:         SchemaVersion,
		Section:        b.Section,
		Version:        b.Version,
		PackageVersion: b.PackageVersion,
		Commit:         b.Commit,
		Created:        b.Created.UTC().Truncate(time.Second),
		Routes:         b.Description.Routes,
		Posts:          b.Description.Posts,
		Editions:       b.Description.Editions,
		Projects:       b.Description.Projects,
		Legal:          b.Description.Legal,
		Files:          make(map[string]FileSum, len(b.Files)),
	}
	if m.Version == "" {
		m.Version = b.PackageVersion + "-" + b.Commit[:min(12, len(b.Commit))]
	}
	for name, data := range b.Files {
		m.Files[name] = sum(data)
	}
	if b.Section == Shell {
		provided, err := ProvidedModules(b.Files[mfShared])
		if err != nil {
			return nil, err
		}
		for _, name := range slices.Sorted(maps.Keys(provided)) {
			m.Provides = append(m.Provides, Provided{Name: name, Version: provided[name]})
		}
	} else {
		shared, err := SharedOf(b.Files["mf-manifest.json"])
		if err != nil {
			return nil, err
		}
		m.Shared = shared
	}
	manifest, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("release: %w", err)
	}
	rel, err := parse(manifest, b.Files) // what Open would say of it
	if err != nil {
		return nil, err
	}
	zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression) // the level is valid
	tw := tar.NewWriter(zw)
	names := make([]string, 0, len(b.Files))
	for name := range b.Files {
		names = append(names, name)
	}
	sort.Strings(names)
	add := func(name string, data []byte) error {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg, Format: tar.FormatPAX}); err != nil {
			return err
		}
		_, err := tw.Write(data)
		return err
	}
	if err := add(ManifestName, manifest); err != nil {
		return nil, fmt.Errorf("release: %w", err)
	}
	for _, name := range names {
		if err := add(path.Join(FilesDir, name), b.Files[name]); err != nil {
			return nil, fmt.Errorf("release: %w", err)
		}
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("release: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("release: %w", err)
	}
	return rel, nil
}

// SharedOf reads the shared modules a remote's build requires (its mf-manifest.json).
func SharedOf(mfManifest []byte) ([]Shared, error) {
	var mf struct {
		Shared []Shared `json:"shared"`
	}
	if err := json.Unmarshal(mfManifest, &mf); err != nil {
		return nil, fmt.Errorf("release: mf-manifest.json is malformed: %w", err)
	}
	sort.Slice(mf.Shared, func(i, j int) bool { return mf.Shared[i].Name < mf.Shared[j].Name })
	return mf.Shared, nil
}
