// Package dkimtest verifies DKIM signatures in tests with two implementations:
// emersion/go-msgauth, and Python's dkimpy where it is installed (Debian's
// python3-dkim; `make test` installs it), each given the key the signer publishes.
package dkimtest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	msgauth "github.com/emersion/go-msgauth/dkim"

	"github.com/portfolio-site/portfolio/services/mail/dkim"
)

// GoMsgauth checks raw's signatures with go-msgauth against the record signer
// publishes, and returns them; an error only when raw cannot be read.
func GoMsgauth(t testing.TB, signer *dkim.Signer, raw []byte) []*msgauth.Verification {
	t.Helper()
	record, err := signer.Record()
	if err != nil {
		t.Fatal(err)
	}
	vs, err := msgauth.VerifyWithOptions(bytes.NewReader(raw), &msgauth.VerifyOptions{
		LookupTXT: func(name string) ([]string, error) {
			if name != signer.RecordName() {
				return nil, fmt.Errorf("no TXT record at %s (the signer publishes %s)", name, signer.RecordName())
			}
			return []string{record}, nil
		},
	})
	if err != nil {
		t.Fatalf("go-msgauth: %v", err)
	}
	return vs
}

// Verifies reports why raw does not carry exactly one signature that go-msgauth and
// dkimpy (where installed) both verify, or nil.
func Verifies(t testing.TB, signer *dkim.Signer, raw []byte) error {
	t.Helper()
	vs := GoMsgauth(t, signer, raw)
	switch {
	case len(vs) != 1:
		return fmt.Errorf("%d DKIM signatures, want 1", len(vs))
	case vs[0].Err != nil:
		return fmt.Errorf("go-msgauth: %w", vs[0].Err)
	}
	return Dkimpy(t, signer, raw)
}

// HaveDkimpy reports whether dkimpy is installed.
func HaveDkimpy() bool { return python() != "" }

// python is an interpreter with dkimpy, or "".
func python() string {
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(py, "-c", "import dkim").Run() == nil {
			return py
		}
	}
	return ""
}

// dkimpyScript verifies the message in argv[1] with the record argv[2] at argv[3].
const dkimpyScript = `import sys, dkim
record, name = sys.argv[2].encode(), sys.argv[3].encode()
def dns(q, timeout=5):
    return record if q.rstrip(b".") == name else None
sys.exit(0 if dkim.verify(open(sys.argv[1], "rb").read(), dnsfunc=dns) else 1)
`

// Dkimpy verifies raw with dkimpy against the record signer publishes; nil, and a log
// line, where dkimpy is not installed.
func Dkimpy(t testing.TB, signer *dkim.Signer, raw []byte) error {
	t.Helper()
	py := python()
	if py == "" {
		t.Log("dkimpy not installed (apt-get install python3-dkim): verified with go-msgauth only")
		return nil
	}
	record, err := signer.Record()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "message.eml")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, "-c", dkimpyScript, path, record, signer.RecordName()).CombinedOutput()
	if err != nil {
		return errors.Join(errors.New("dkimpy does not verify the message"), err, errors.New(string(out)))
	}
	return nil
}
