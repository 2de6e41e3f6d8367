// Package releasetest makes section releases for tests: a small build that passes
// release.Open's checks, with the section's routes and posts from the content, so
// tests never depend on the JavaScript build.
package releasetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// React is the version of react the fake builds require (^React), as the real ones
// do of the shell's.
const React = "19.3.1"

// built is when every test build was made.
var built = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// Build is section's release build at version: its routes and posts from the
// compiled-in content plus posts, a prerendered page per route saying mark (so a test
// tells versions apart), and a stylesheet and a chunk named after the version.
func Build(t testing.TB, section, version, mark string, posts ...content.Post) release.Build {
	t.Helper()
	desc, err := release.Describe(content.FS(), section)
	if err != nil {
		t.Fatal(err)
	}
	desc.Posts = append(desc.Posts, posts...)
	css := "static/css/" + section + "." + version + ".css"
	files := map[string][]byte{
		css: []byte(".mark{color:red}\n"),
		"static/js/async/chunk." + version + ".js": []byte("export const mark = '" + mark + "';\n"),
		compose.FileName("404"):                    []byte("<main><h1>" + mark + " not found</h1></main>"),
	}
	if section == release.Shell {
		// The host: its page (the fixture's, saying mark) and the modules it provides.
		files["index.html"] = []byte(strings.Replace(webtest.IndexHTML, `data-fixture="shell-index">`, `data-fixture="shell-index">`+mark, 1))
		ProvideReact(files, React)
	} else {
		files["remoteEntry.js"] = []byte("var " + section + " = {}; // " + mark + "\n")
		NeedReact(files, section, "^"+React)
	}
	// A fixed time: the same build packs to the same bytes, whenever it is packed.
	b := release.Build{Section: section, PackageVersion: "0.0.0", Commit: "test", Version: version, Created: built, Description: desc, Files: files}
	m := release.Manifest{Routes: desc.Routes, Posts: desc.Posts, Projects: desc.Projects}
	var public []string
	for _, r := range m.Pages() {
		files[compose.FileName(r.Path)] = []byte("<main><h1>" + r.Title + "</h1><p>" + mark + "</p></main>")
		if !r.NoIndex {
			public = append(public, r.Path)
		}
	}
	// The blog's and the newsletter's builds draw a share card per public page; the
	// admin's draws none.
	if section != string(content.SectionAdmin) {
		maps.Copy(files, webtest.Cards(t, public...))
	}
	return b
}

// ProvideReact makes a shell build's mf-shared.json provide react at version.
func ProvideReact(files map[string][]byte, version string) {
	files["mf-shared.json"] = []byte(`{"react":{"singleton":true,"version":"` + version + `","requiredVersion":"^` + version + `"}}`)
}

// NeedReact makes a remote's build (of section) require react in rng.
func NeedReact(files map[string][]byte, section, rng string) {
	css := ""
	for name := range files {
		if strings.HasPrefix(name, "static/css/") {
			css = name
		}
	}
	files["mf-manifest.json"] = []byte(`{"name":"` + section + `","shared":[{"name":"react","version":"` + React + `","requiredVersion":"` + rng + `","singleton":true}],` +
		`"exposes":[{"assets":{"css":{"sync":["` + css + `"],"async":[]}}}]}`)
}

// AddPage adds a route to b with its prerendered html and, if b draws share cards, its
// card, as the section's build would have it.
func AddPage(t testing.TB, b *release.Build, r content.Route, html string) {
	t.Helper()
	b.Description.Routes = append(b.Description.Routes, r)
	b.Files[compose.FileName(r.Path)] = []byte(html)
	list, ok := b.Files[sharecard.ManifestName]
	if !ok {
		return
	}
	m, err := sharecard.Parse(list)
	if err != nil {
		t.Fatal(err)
	}
	pages := []string{r.Path}
	for page := range m.Cards {
		pages = append(pages, page)
	}
	maps.Copy(b.Files, webtest.Cards(t, pages...))
}

// Artifact packs b.
func Artifact(t testing.TB, b release.Build) []byte {
	t.Helper()
	var buf bytes.Buffer
	if _, err := release.Pack(&buf, b); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Post is a published blog post with slug, dated 2026-11-20.
func Post(slug, title string) content.Post {
	return content.Post{
		Title: title, Slug: slug, Excerpt: "What " + title + " is about.",
		Date: time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC), ReadTime: 3, Category: "Cloud",
		Tags: []string{"Releases"}, Status: content.PostPublished,
	}
}

// SSHKey is a key pair made by ssh-keygen.
type SSHKey struct {
	Private     string // the private key's path
	Public      []byte // the .pub file
	Fingerprint string // SHA256:…, as ssh-keygen -l prints it
}

// NewSSHKey makes a key pair with the real ssh-keygen, as a team would for its
// releases: ed25519, or what kind says (ssh-keygen's flags, such as -t rsa -b 4096).
// The test is skipped where ssh-keygen is missing.
func NewSSHKey(t testing.TB, comment string, kind ...string) SSHKey {
	t.Helper()
	keygen := sshKeygen(t)
	if len(kind) == 0 {
		kind = []string{"-t", "ed25519"}
	}
	k := SSHKey{Private: filepath.Join(t.TempDir(), "release_key")}
	args := append([]string{"-q", "-N", "", "-C", comment, "-f", k.Private}, kind...)
	if out, err := exec.Command(keygen, args...).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen: %v: %s", err, out)
	}
	var err error
	if k.Public, err = os.ReadFile(k.Private + ".pub"); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(keygen, "-l", "-f", k.Private+".pub").Output()
	if err != nil {
		t.Fatalf("ssh-keygen -l: %v", err)
	}
	if f := strings.Fields(string(out)); len(f) > 1 {
		k.Fingerprint = f[1]
	}
	return k
}

// SignFile signs file with the private key at key in namespace, with the real
// ssh-keygen -Y sign, and returns the .sig file it wrote (armored).
func SignFile(t testing.TB, key, namespace, file string) []byte {
	t.Helper()
	if out, err := exec.Command(sshKeygen(t), "-Y", "sign", "-f", key, "-n", namespace, file).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen -Y sign: %v: %s", err, out)
	}
	sig, err := os.ReadFile(file + ".sig")
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

// Sign signs manifest (a release's release.json) with the key at key in namespace, and
// returns the signature's SSHSIG blob, as Publish takes it.
func Sign(t testing.TB, key, namespace string, manifest []byte) []byte {
	t.Helper()
	file := filepath.Join(t.TempDir(), release.ManifestName)
	if err := os.WriteFile(file, manifest, 0o600); err != nil {
		t.Fatal(err)
	}
	sig, err := release.Unarmor(SignFile(t, key, namespace, file))
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

func sshKeygen(t testing.TB) string {
	t.Helper()
	path, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("ssh-keygen is not installed (Debian: openssh-client)")
	}
	return path
}

// AddRandomFile adds a file of n random bytes at name to b: a large build that gzip
// cannot shrink, so its artifact is as large as its files.
func AddRandomFile(t testing.TB, b *release.Build, name string, n int) {
	t.Helper()
	data := make([]byte, n)
	if _, err := rand.Read(data); err != nil {
		t.Fatal(err)
	}
	b.Files[name] = data
}

// CountingStore is a release store that counts what is read from it: the artifacts
// read whole, and the bytes of the files read one by one.
type CountingStore struct {
	release.Store
	Artifacts atomic.Int64
	FileBytes atomic.Int64
}

// Artifact implements release.Store.
func (s *CountingStore) Artifact(ctx context.Context, section, version string) ([]byte, error) {
	s.Artifacts.Add(1)
	return s.Store.Artifact(ctx, section, version)
}

// Files implements release.Store.
func (s *CountingStore) Files(ctx context.Context, section, version string, names []string) (map[string][]byte, error) {
	files, err := s.Store.Files(ctx, section, version, names)
	for _, data := range files {
		s.FileBytes.Add(int64(len(data)))
	}
	return files, err
}
