// Package webtest builds a small fake front-end build for the gateway's tests, so they
// never depend on the real JavaScript build.
package webtest

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"testing"
)

// ThemeScript is the text of the shell's inline script; tests hash it themselves to
// check the Content-Security-Policy.
const ThemeScript = "\n      (function(){var c=localStorage.getItem('vite-ui-theme')||'system';document.documentElement.dataset.themeChoice=c;})();\n    "

// IndexHTML is the shell's index.html as a build would write it: a placeholder title
// and description the gateway replaces, an inline script, a data block, and hashed
// assets.
const IndexHTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Shell placeholder</title>
    <meta name="description" content="placeholder description">
    <link rel="icon" href="/favicon.ico">
    <script>` + ThemeScript + `</script>
    <script type="application/json" id="data">{"not":"executed"}</script>
    <script defer src="/static/js/index.3f9a1c2b.js"></script>
    <link href="/static/css/index.a1b2c3d4.css" rel="stylesheet">
  </head>
  <body>
    <div id="root" data-fixture="shell-index"></div>
  </body>
</html>
`

// Files of the fixture build, relative to the web dir. Assets with precompressed
// siblings are large enough for compression to pay off.
var (
	ShellJS      = "console.log('shell');\n" + string(bytes.Repeat([]byte("/* padding so gzip wins */\n"), 40))
	ShellJSBr    = "BROTLI(shell js)" // stands in for brotli output; only its bytes matter
	ShellCSS     = "body{margin:0}\n"
	Favicon      = "\x00\x00\x01\x00icon"
	BlogManifest = `{"name":"blog","remoteEntry":{"name":"remoteEntry.js"}}`
	BlogEntry    = "var blog = {};\n" + string(bytes.Repeat([]byte("// remote entry\n"), 40))
	BlogChunk    = "export default function Blog(){}\n"
)

// Build writes the fixture into a new temporary directory and returns it: the value
// for PORTFOLIO_WEB_DIR.
func Build(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string][]byte{
		"shell/dist/index.html":                       []byte(IndexHTML),
		"shell/dist/favicon.ico":                      []byte(Favicon),
		"shell/dist/static/js/index.3f9a1c2b.js":      []byte(ShellJS),
		"shell/dist/static/js/index.3f9a1c2b.js.br":   []byte(ShellJSBr),
		"shell/dist/static/js/index.3f9a1c2b.js.gz":   Gzip(t, []byte(ShellJS)),
		"shell/dist/static/css/index.a1b2c3d4.css":    []byte(ShellCSS),
		"shell/dist/.hidden":                          []byte("not served"),
		"shell/dist/mf-shared.json":                   []byte(`{"react":{"singleton":true,"version":"19.3.1","requiredVersion":"^19.3.1"}}`),
		"blog/dist/mf-manifest.json":                  []byte(BlogManifest),
		"blog/dist/remoteEntry.js":                    []byte(BlogEntry),
		"blog/dist/remoteEntry.js.gz":                 Gzip(t, []byte(BlogEntry)),
		"blog/dist/static/js/async/blog.0a1b2c3d.js":  []byte(BlogChunk),
		"newsletter/dist/mf-manifest.json":            []byte(`{"name":"newsletter"}`),
		"admin/dist/mf-manifest.json":                 []byte(`{"name":"admin"}`),
		"admin/dist/static/js/admin.deadbeef0123.mjs": []byte("export {};\n"),
	}
	for name, data := range files {
		Write(t, filepath.Join(dir, name), data)
	}
	return dir
}

// Write creates a file and its parent directories, failing the test on error.
func Write(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Gzip compresses data.
func Gzip(t testing.TB, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
