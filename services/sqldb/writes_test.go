package sqldb_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneWayToWrite holds the rule of sqldb.DB.Write (docs/decisions/0043): a write
// transaction is a unit of a group commit; a transaction of its own (BeginTx) in any
// Go file of services/ says why, in a comment right above that starts "Own
// transaction".
func TestOneWayToWrite(t *testing.T) {
	var checked int
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines := strings.Split(string(b), "\n")
		for i, line := range lines {
			if !strings.Contains(line, ".BeginTx(") {
				continue
			}
			checked++
			j := i - 1
			for j >= 0 && strings.HasPrefix(strings.TrimSpace(lines[j]), "//") &&
				!strings.HasPrefix(strings.TrimSpace(lines[j]), "// Own transaction") {
				j--
			}
			if j < 0 || !strings.HasPrefix(strings.TrimSpace(lines[j]), "// Own transaction") {
				t.Errorf("%s:%d: a transaction of its own without a comment above saying why (\"// Own transaction: …\"); or use sqldb.DB.Write", path, i+1)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no BeginTx found under services/: the walk looks in the wrong place")
	}
}
