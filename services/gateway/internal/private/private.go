// Package private keeps the gateway's own files to its own user
// (docs/decisions/0051-private-files.md): the data directory, the backups and what is
// in them hold every subscriber's address, the unsubscribe key and the hashes of the
// sessions and tokens. Directories are 0700 and files 0600, set with chmod so the
// umask plays no part, and what is found wider at start is tightened and logged.
package private

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"go.uber.org/zap"
)

// The modes of the gateway's own directories and files.
const (
	DirMode  fs.FileMode = 0o700
	FileMode fs.FileMode = 0o600
)

// MkdirAll creates dir, DirMode, and any parent it lacks (DirMode as well). A dir
// already there is left as it is: Tighten, at start, says so when it changes one.
func MkdirAll(dir string) error {
	if _, err := os.Stat(dir); err == nil {
		return nil
	}
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return err
	}
	return os.Chmod(dir, DirMode)
}

// Create creates the file at path, which must not exist, FileMode, for writing.
func Create(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, FileMode)
	if err != nil {
		return nil, err
	}
	if err := f.Chmod(FileMode); err != nil {
		_ = f.Close()
		_ = os.Remove(path)
		return nil, err
	}
	return f, nil
}

// Tighten takes the group's and others' permissions off root and everything under it
// (0644 becomes 0600, 0755 0700), logging one line per path it changes, from which
// mode to which. A root that does not exist is nothing to do. Symbolic links under
// root are not followed (what they point to is not the gateway's); a path that cannot
// be changed (another user's) is logged and left, so the gateway still starts.
func Tighten(logger *zap.Logger, root string) error {
	resolved, err := filepath.EvalSymlinks(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("tighten %s: %w", root, err)
	}
	return filepath.WalkDir(resolved, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("tighten %s: %w", root, err)
		}
		if !d.IsDir() && !d.Type().IsRegular() {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return fmt.Errorf("tighten %s: %w", root, err)
		}
		from := fi.Mode().Perm()
		to := from &^ 0o077
		if to == from {
			return nil
		}
		fields := []zap.Field{zap.String("path", path), zap.String("from", octal(from)), zap.String("to", octal(to))}
		if err := os.Chmod(path, to); err != nil {
			logger.Error("permissions too wide and not tightened", append(fields, zap.Error(err))...)
			return nil
		}
		logger.Warn("permissions tightened", fields...)
		return nil
	})
}

// octal writes a mode as ls and chmod take it: 0644.
func octal(m fs.FileMode) string { return fmt.Sprintf("%#o", uint32(m)) }
