package static

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Live is a build directory kept in memory like Dir, that loads itself again when the
// build on disk changes: a section rebuilt alone and copied over its old build is
// served (its files and its prerendered pages) from the next request on, without a
// restart. A change is seen by the build's marker file (its manifest, written whenever
// it is built) changing size or time, or by a request for a file the memory copy lacks
// that the disk has (a copy still arriving when the marker did).
type Live struct {
	root   string
	marker string // relative to root

	mu   sync.Mutex
	dir  *Dir
	seen stamp
}

type stamp struct {
	size int64
	mod  time.Time
}

// LoadLive loads root like Load and watches root/marker.
func LoadLive(root, marker string) (*Live, error) {
	l := &Live{root: root, marker: marker}
	if err := l.reload(); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *Live) stampOf(name string) (stamp, bool) {
	fi, err := os.Stat(filepath.Join(l.root, filepath.FromSlash(name)))
	if err != nil {
		return stamp{}, false
	}
	return stamp{size: fi.Size(), mod: fi.ModTime()}, true
}

// reload reads the directory again; l.mu is held or l is not shared yet.
func (l *Live) reload() error {
	seen, _ := l.stampOf(l.marker)
	dir, err := Load(l.root)
	if err != nil {
		return err
	}
	l.dir, l.seen = dir, seen
	return nil
}

// Dir returns the current contents, loading them again first if the marker changed.
// If the directory cannot be read (a copy half done), the previous contents stay.
func (l *Live) Dir() *Dir {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now, ok := l.stampOf(l.marker); ok && now != l.seen {
		_ = l.reload()
	}
	return l.dir
}

// Lookup returns the file at name from the current contents; a file that only the disk
// has makes it load them again.
func (l *Live) Lookup(name string) (*File, bool) {
	if f, ok := l.Dir().Lookup(name); ok {
		return f, true
	}
	if !fs.ValidPath(name) || strings.Contains("/"+name, "/.") { // Load skips hidden names too
		return nil, false
	}
	if _, onDisk := l.stampOf(name); !onDisk {
		return nil, false
	}
	l.mu.Lock()
	_ = l.reload()
	dir := l.dir
	l.mu.Unlock()
	return dir.Lookup(name)
}

// Root is the directory on disk.
func (l *Live) Root() string { return l.root }

// Len returns how many files the current contents hold.
func (l *Live) Len() int { return l.Dir().Len() }
