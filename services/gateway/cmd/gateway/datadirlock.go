package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// lockFileName is the file in the data directory whose lock a gateway on SQLite holds
// while it runs: restore refuses to replace the database under it, and a second
// gateway on the same directory refuses to start.
const lockFileName = "gateway.lock"

// errDataDirLocked: another process (a gateway, or a restore) has the data directory.
var errDataDirLocked = errors.New("in use")

// lockDataDir takes the data directory's lock (an flock, released by the kernel if
// the process dies, so a crash leaves no stale lock) and returns how to release it.
func lockDataDir(dir string) (unlock func(), err error) {
	path := filepath.Join(dir, lockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("data dir lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		_ = f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("data directory %s is %w: a gateway is running on it (it holds %s); stop it first", dir, errDataDirLocked, path)
		}
		return nil, fmt.Errorf("data dir lock: %w", err)
	}
	return func() { _ = f.Close() }, nil // closing releases the lock
}
