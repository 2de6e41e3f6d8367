// Package s3test starts a real S3-compatible server for tests: versitygw with its
// posix backend (pinned in tools/versitygw, built with `go build` on first use),
// on loopback, behind a proxy of the test's that counts every request and can be
// taken down and brought back on its address.
package s3test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// Credentials of the server's one account.
const (
	AccessKey = "portfolio-test"
	SecretKey = "portfolio-test-secret"
	Bucket    = "portfolio"
)

// Server is a running versitygw and its proxy.
type Server struct {
	root  string // the posix backend's top directory; Bucket is a folder in it
	addr  string // the proxy's address, what clients use
	proxy http.Handler

	mu       sync.Mutex
	srv      *http.Server
	requests map[string]int // by operation (operation)
}

// operation names a request as S3 does: a GET with list-type or prefix is a listing.
func operation(r *http.Request) string {
	q := r.URL.Query()
	switch {
	case r.Method == http.MethodGet && (q.Has("list-type") || q.Has("prefix")):
		return "LIST"
	case r.Method == http.MethodPost && q.Has("delete"):
		return "DELETE"
	}
	return r.Method
}

// Start starts a server for t, stopped when t ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := binary(t)
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, Bucket), 0o700); err != nil {
		t.Fatal(err)
	}
	backend := freeAddr(t)
	cmd := exec.Command(bin, "--access", AccessKey, "--secret", SecretKey, "--port", backend, "--quiet", "posix", root)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := net.Dial("tcp", backend)
		if err == nil {
			_ = c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("versitygw did not listen on %s: %v", backend, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	s := &Server{root: root, requests: map[string]int{}}
	s.proxy = httputil.NewSingleHostReverseProxy(&url.URL{Scheme: "http", Host: backend})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.addr = ln.Addr().String()
	s.serve(ln)
	t.Cleanup(s.Down)
	return s
}

// serve passes what ln accepts on to versitygw, counting it.
func (s *Server) serve(ln net.Listener) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests[operation(r)]++
		s.mu.Unlock()
		s.proxy.ServeHTTP(w, r)
	})
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	s.mu.Lock()
	s.srv = srv
	s.mu.Unlock()
	go func() { _ = srv.Serve(ln) }()
}

// URL is the replica URL of prefix in the server's bucket.
func (s *Server) URL(prefix string) string {
	return "s3://" + Bucket + "/" + prefix + "?endpoint=http://" + s.addr + "&region=us-east-1"
}

// Env is the credentials as the gateway reads them. AWS_CA_BUNDLE is emptied: the
// AWS SDK refuses a CA bundle with the HTTP client Litestream brings.
func (s *Server) Env() map[string]string {
	return map[string]string{"AWS_ACCESS_KEY_ID": AccessKey, "AWS_SECRET_ACCESS_KEY": SecretKey, "AWS_CA_BUNDLE": ""}
}

// Dir is the folder that holds prefix's objects, to look at or damage them.
func (s *Server) Dir(prefix string) string { return filepath.Join(s.root, Bucket, prefix) }

// Requests is how many requests the proxy passed on, in all.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.requests {
		n += c
	}
	return n
}

// RequestsByMethod is how many requests the proxy passed on, by operation: LIST, GET,
// PUT, HEAD, DELETE (one DeleteObjects deletes many).
func (s *Server) RequestsByMethod() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for k, v := range s.requests {
		out[k] = v
	}
	return out
}

// Down closes the proxy's listener and connections: the store is unreachable.
func (s *Server) Down() {
	s.mu.Lock()
	srv := s.srv
	s.srv = nil
	s.mu.Unlock()
	if srv != nil {
		_ = srv.Close()
	}
}

// Up listens on the proxy's address again.
func (s *Server) Up(t testing.TB) {
	t.Helper()
	s.mu.Lock()
	srv := s.srv
	s.mu.Unlock()
	if srv != nil {
		return
	}
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	s.serve(ln)
}

func freeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close() //nolint:errcheck // only its port was wanted
	return ln.Addr().String()
}

var build struct {
	once sync.Once
	path string
	err  error
}

// binary builds versitygw once per machine and version (the name has the hash of
// tools/versitygw/go.sum) and returns its path.
func binary(t testing.TB) string {
	t.Helper()
	build.once.Do(func() { build.path, build.err = buildVersitygw() })
	if build.err != nil {
		t.Fatal(build.err)
	}
	return build.path
}

func buildVersitygw() (string, error) {
	dir, err := toolDir()
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(sum)
	path := filepath.Join(os.TempDir(), "portfolio-versitygw-"+hex.EncodeToString(h[:6]))
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	tmp := fmt.Sprintf("%s.%d", path, os.Getpid())
	cmd := exec.Command("go", "build", "-o", tmp, "github.com/versity/versitygw/cmd/versitygw")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building versitygw (tools/versitygw): %w\n%s", err, out)
	}
	return path, os.Rename(tmp, path)
}

// toolDir is tools/versitygw of the repository the test runs in.
func toolDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return filepath.Join(dir, "tools", "versitygw"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("s3test: no go.work above the working directory")
		}
		dir = parent
	}
}
