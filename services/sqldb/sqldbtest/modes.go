package sqldbtest

import (
	"os"
	"syscall"
	"testing"
)

// Umask sets the process's umask for the test. 0 lets every mode a file is created
// with through, so what is private (0600) only thanks to the usual 022 or 077 fails.
// Not for parallel tests: the umask is the process's.
func Umask(t *testing.T, mask int) {
	t.Helper()
	old := syscall.Umask(mask)
	t.Cleanup(func() { syscall.Umask(old) })
}

// WantModes fails t for each path whose permission bits are not the mode given.
func WantModes(t *testing.T, want map[string]os.FileMode) {
	t.Helper()
	for path, mode := range want {
		fi, err := os.Stat(path)
		if err != nil {
			t.Error(err)
			continue
		}
		if got := fi.Mode().Perm(); got != mode {
			t.Errorf("%s is %#o, want %#o", path, got, mode)
		}
	}
}
