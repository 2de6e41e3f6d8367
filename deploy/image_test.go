package deploy_test

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// maxCompressed is the image's budget: its layers, gzip-compressed as a registry
// stores them.
const maxCompressed = 40 << 20

// imageConfig is the part of an OCI/Docker image config the test runs the image by.
type imageConfig struct {
	Config struct {
		User       string            `json:"User"`
		Env        []string          `json:"Env"`
		Entrypoint []string          `json:"Entrypoint"`
		Cmd        []string          `json:"Cmd"`
		WorkingDir string            `json:"WorkingDir"`
		Labels     map[string]string `json:"Labels"`
	} `json:"config"`
}

// TestImage runs the image `make image` wrote (PORTFOLIO_IMAGE_TAR, a docker-archive
// that docker load and podman load accept) the way a container runtime would, without
// one: its layers unpacked into a root filesystem, its entrypoint started there with
// chroot, as its user, in its workdir, with its environment. The gateway answers
// /healthz with the stamped version and serves the site.
func TestImage(t *testing.T) {
	tarball := os.Getenv("PORTFOLIO_IMAGE_TAR")
	if tarball == "" {
		t.Skip("PORTFOLIO_IMAGE_TAR is not set: `make test-image` builds the image and sets it")
	}
	if os.Geteuid() != 0 {
		t.Skip("chroot needs root (CI runs as root)")
	}
	rootfs := t.TempDir()
	cfg, compressed := unpackImage(t, tarball, rootfs)
	t.Logf("image: %.1f MB compressed (budget %d MB)", float64(compressed)/(1<<20), maxCompressed>>20)
	if compressed > maxCompressed {
		t.Errorf("image is %d bytes compressed, over the %d budget", compressed, maxCompressed)
	}

	c := cfg.Config
	for _, label := range []string{"org.opencontainers.image.version", "org.opencontainers.image.revision", "org.opencontainers.image.source"} {
		if c.Labels[label] == "" || c.Labels[label] == "unknown" {
			t.Errorf("label %s = %q", label, c.Labels[label])
		}
	}
	uid, gid := parseUser(t, c.User)
	if uid == 0 {
		t.Errorf("image runs as root (User %q)", c.User)
	}
	for _, sh := range []string{"bin/sh", "bin/bash", "usr/bin/sh", "bin/busybox"} {
		if _, err := os.Lstat(filepath.Join(rootfs, sh)); err == nil {
			t.Errorf("image has a shell: /%s", sh)
		}
	}
	if len(c.Entrypoint) == 0 {
		t.Fatal("image has no entrypoint")
	}

	addr := freeAddr(t)
	env := append([]string{}, c.Env...)
	env = append(env, "PORTFOLIO_HTTP_ADDR="+addr)          // the image's 0.0.0.0:8080 may be taken here
	env = append(env, "PORTFOLIO_ADMIN_ADDR=127.0.0.1:0")   // and its admin origin's 8081
	env = append(env, "PORTFOLIO_METRICS_ADDR=127.0.0.1:0") // and so may the metrics port
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, c.Entrypoint[0], append(c.Entrypoint[1:], c.Cmd...)...)
	cmd.Env = env
	cmd.Dir = c.WorkingDir // Go changes into it after the chroot
	cmd.SysProcAttr = &syscall.SysProcAttr{Chroot: rootfs, Credential: &syscall.Credential{Uid: uid, Gid: gid}}
	var logs strings.Builder
	cmd.Stdout, cmd.Stderr = &logs, &logs
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("gateway log:\n%s", logs.String())
		}
	})

	body := waitFor(t, "http://"+addr+"/healthz")
	var health map[string]string
	if err := json.Unmarshal([]byte(body), &health); err != nil {
		t.Fatalf("/healthz: %s", body)
	}
	if health["status"] != "ok" || health["version"] != c.Labels["org.opencontainers.image.version"] || health["commit"] != c.Labels["org.opencontainers.image.revision"] {
		t.Errorf("/healthz = %s, want ok with the image's version and revision labels", body)
	}
	for path, want := range map[string]string{"/": "<!doctype html>", "/readyz": `"ready"`} {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(strings.ToLower(string(b)), strings.ToLower(want)) {
			t.Errorf("GET %s = %d, want 200 with %s", path, resp.StatusCode, want)
		}
	}
}

// unpackImage extracts every layer of the docker-archive at path into rootfs and
// returns the image's config and the layers' gzip-compressed size.
func unpackImage(t *testing.T, path, rootfs string) (imageConfig, int64) {
	t.Helper()
	files := map[string][]byte{}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			b, err := io.ReadAll(tr)
			if err != nil {
				t.Fatal(err)
			}
			files[h.Name] = b
		}
	}
	var manifest []struct {
		Config string
		Layers []string
	}
	if err := json.Unmarshal(files["manifest.json"], &manifest); err != nil || len(manifest) != 1 {
		t.Fatalf("manifest.json: %v (%d images)", err, len(manifest))
	}
	var cfg imageConfig
	if err := json.Unmarshal(files[manifest[0].Config], &cfg); err != nil {
		t.Fatalf("config: %v", err)
	}
	var compressed int64
	for _, layer := range manifest[0].Layers {
		b, ok := files[layer]
		if !ok {
			t.Fatalf("layer %s missing", layer)
		}
		n, err := gzipSize(b)
		if err != nil {
			t.Fatal(err)
		}
		compressed += n
		if err := extract(b, rootfs); err != nil {
			t.Fatalf("layer %s: %v", layer, err)
		}
	}
	return cfg, compressed
}

func gzipSize(b []byte) (int64, error) {
	var n countWriter
	zw := gzip.NewWriter(&n)
	if _, err := zw.Write(b); err != nil {
		return 0, err
	}
	err := zw.Close()
	return int64(n), err
}

type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

// extract unpacks one layer (an uncompressed tar) into root, with its owners and modes.
func extract(layer []byte, root string) error {
	tr := tar.NewReader(strings.NewReader(string(layer)))
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		name := filepath.Clean("/" + h.Name)
		if strings.HasPrefix(filepath.Base(name), ".wh.") {
			continue // whiteouts: FROM scratch has nothing below to hide
		}
		target := filepath.Join(root, name)
		mode := os.FileMode(h.Mode).Perm() | modeBits(h.Mode)
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				return err
			}
			out, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
			if err != nil {
				return err
			}
			if _, err := io.Copy(out, tr); err != nil {
				out.Close()
				return err
			}
			if err := out.Close(); err != nil {
				return err
			}
		case tar.TypeSymlink:
			if err := os.Symlink(h.Linkname, target); err != nil {
				return err
			}
			continue
		default:
			return fmt.Errorf("%s: unexpected entry type %c", h.Name, h.Typeflag)
		}
		if err := os.Chown(target, h.Uid, h.Gid); err != nil {
			return err
		}
		if err := os.Chmod(target, mode); err != nil {
			return err
		}
	}
}

// modeBits keeps the sticky bit of a tar mode (the image's /tmp).
func modeBits(m int64) os.FileMode {
	if m&0o1000 != 0 {
		return os.ModeSticky
	}
	return 0
}

func parseUser(t *testing.T, user string) (uint32, uint32) {
	t.Helper()
	u, g, _ := strings.Cut(user, ":")
	uid, err1 := strconv.ParseUint(u, 10, 32)
	gid, err2 := strconv.ParseUint(g, 10, 32)
	if err1 != nil || err2 != nil {
		t.Fatalf("image User %q: want numeric uid:gid (Kubernetes checks runAsNonRoot by number)", user)
	}
	return uint32(uid), uint32(gid)
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// waitFor polls url until it answers 200 and returns the body.
func waitFor(t *testing.T, url string) string {
	t.Helper()
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		resp, err := client.Get(url)
		if err != nil {
			continue
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == 200 {
			return string(b)
		}
	}
	t.Fatalf("%s never answered 200", url)
	return ""
}
