package sqldb

import (
	"errors"
	"io/fs"
	"os"
)

// privateMode is the mode of the SQLite files: they hold every subscriber's address,
// the unsubscribe key and the hashes of the sessions and tokens, so the gateway's
// user alone reads them.
const privateMode fs.FileMode = 0o600

// createPrivate creates the file at path, empty and privateMode, before SQLite opens
// it: SQLite would create it 0644 (less the umask), and it gives the WAL and the
// shared-memory file it creates beside a database the database file's mode. The mode
// is set with chmod, so the umask plays no part. A file already there is left as it
// is, unless exclusive, when that is an error.
func createPrivate(path string, exclusive bool) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, privateMode)
	if errors.Is(err, fs.ErrExist) && !exclusive {
		return nil
	}
	if err != nil {
		return err
	}
	if err := f.Chmod(privateMode); err != nil {
		_ = f.Close()
		_ = os.Remove(path)
		return err
	}
	return f.Close()
}
