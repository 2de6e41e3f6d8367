package static_test

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

func TestIsHashed(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"static/js/index.3f9a1c2b.js", true},
		{"static/css/main.a1b2c3d4.css", true},
		{"static/js/async/src_pages_blog.0a1b2c3d4e5f.js", true},
		{"static/js/lib-react.3f9a1c2b.js.LICENSE.txt", true},
		{"static/js/index.3f9a1c2b.js.map", true},
		{"static/font/inter.3f9a1c2b.woff2", true},
		{"assets/chunk-3f9a1c2b.js", true},
		{"index.html", false},
		{"remoteEntry.js", false},
		{"mf-manifest.json", false},
		{"mf-stats.json", false},
		{"remotes.json", false},
		{"favicon.ico", false},
		{"static/js/index.js", false},
		{"static/js/index.3f9a1c2.js", false},  // 7 hex digits: too short to be a hash
		{"static/js/index.3F9A1C2B.js", false}, // rsbuild hashes are lower case
		{"static/js/index.3f9a1c2g.js", false}, // not hex
		{"static/js/3f9a1c2b", false},          // no extension
		{"static/image/deadbeef.png", false},   // a hex word as the whole name is not a hash
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := static.IsHashed(tt.name); got != tt.want {
				t.Errorf("IsHashed(%q) = %v, want %v", tt.name, got, tt.want)
			}
		})
	}
}

func TestNegotiate(t *testing.T) {
	both := []string{static.Brotli, static.Gzip}
	tests := []struct {
		header    string
		available []string
		want      string
	}{
		{"", both, ""},
		{"gzip, deflate, br, zstd", both, "br"},
		{"gzip, deflate", both, "gzip"},
		{"br", both, "br"},
		{"br;q=0, gzip", both, "gzip"},
		{"br;q=0, gzip;q=0", both, ""},
		{"gzip;q=1.0, br;q=0.5", both, "gzip"},
		{"gzip;q=0.5, br;q=0.5", both, "br"},
		{"identity", both, ""},
		{"*", both, "br"},
		{"*;q=0", both, ""},
		{"*, br;q=0", both, "gzip"},
		{"gzip;q=0, *;q=0.1", both, "br"},
		{"GZIP", both, "gzip"},
		{"x-gzip", both, "gzip"},
		{"gzip;q=abc, br;q=2", both, ""}, // malformed weights are ignored, not trusted
		{" br ; q=0.9 , gzip ; q=0.8 ", both, "br"},
		{"gzip, deflate, br", []string{static.Gzip}, "gzip"},
		{"br", []string{static.Gzip}, ""},
		{"br, gzip", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.header, func(t *testing.T) {
			if got := static.Negotiate(tt.header, tt.available); got != tt.want {
				t.Errorf("Negotiate(%q, %v) = %q, want %q", tt.header, tt.available, got, tt.want)
			}
		})
	}
}

func TestContentType(t *testing.T) {
	tests := map[string]string{
		"a.js":        "text/javascript; charset=utf-8",
		"a.mjs":       "text/javascript; charset=utf-8",
		"a.css":       "text/css; charset=utf-8",
		"a.json":      "application/json",
		"a.svg":       "image/svg+xml",
		"a.woff2":     "font/woff2",
		"a.png":       "image/png",
		"a.webp":      "image/webp",
		"favicon.ico": "image/x-icon",
		"rss.xml":     "application/xml; charset=utf-8",
		"robots.txt":  "text/plain; charset=utf-8",
		"index.html":  "text/html; charset=utf-8",
		"INDEX.HTML":  "text/html; charset=utf-8",
		"blob":        "application/octet-stream",
	}
	for name, want := range tests {
		if got := static.ContentType(name); got != want {
			t.Errorf("ContentType(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestLoad(t *testing.T) {
	web := webtest.Build(t)
	dir := filepath.Join(web, "shell", "dist")
	webtest.Write(t, filepath.Join(dir, "downloads", "notes.txt.gz"), []byte("a gzip file with no original"))
	webtest.Write(t, filepath.Join(dir, "static", "css", "index.a1b2c3d4.css.gz"), []byte("a 'compressed' file larger than the original css"))
	d, err := static.Load(dir)
	if err != nil {
		t.Fatal(err)
	}

	js, ok := d.Lookup("static/js/index.3f9a1c2b.js")
	if !ok {
		t.Fatal("hashed script not loaded")
	}
	if got := js.Encodings(); len(got) != 2 || got[0] != "br" || got[1] != "gzip" {
		t.Errorf("script encodings = %v, want [br gzip]", got)
	}
	if js.CacheControl != static.Immutable {
		t.Errorf("hashed script Cache-Control = %q", js.CacheControl)
	}
	if css, _ := d.Lookup("static/css/index.a1b2c3d4.css"); len(css.Encodings()) != 0 {
		t.Error("a variant larger than its original was kept")
	}
	for _, name := range []string{"static/js/index.3f9a1c2b.js.br", "static/js/index.3f9a1c2b.js.gz", ".hidden"} {
		if _, ok := d.Lookup(name); ok {
			t.Errorf("%s is served on its own", name)
		}
	}
	if f, ok := d.Lookup("downloads/notes.txt.gz"); !ok || f.ContentType == "" {
		t.Error("a .gz without an original is not served as a file")
	}
	index, _ := d.Lookup("index.html")
	if index.CacheControl != static.NoCache {
		t.Errorf("index.html Cache-Control = %q", index.CacheControl)
	}
	dirs, files := d.TopLevel()
	if want := []string{"downloads", "static"}; len(dirs) != 2 || dirs[0] != want[0] || dirs[1] != want[1] {
		t.Errorf("top-level dirs = %v, want %v", dirs, want)
	}
	if want := []string{"favicon.ico", "index.html", "mf-shared.json"}; !slices.Equal(files, want) {
		t.Errorf("top-level files = %v, want %v", files, want)
	}

	if _, err := static.Load(filepath.Join(web, "missing")); err == nil {
		t.Error("loading a missing dir succeeded")
	}
}

// TestAFileIsServedTheSameFromItsSources: a file of a build read with only its
// Sources (as a file of a release not in memory is) is served as from the whole
// build: its variants attached, a variant of another file not served on its own, a
// .gz without an original served as a file.
func TestAFileIsServedTheSameFromItsSources(t *testing.T) {
	web := webtest.Build(t)
	dir := filepath.Join(web, "shell", "dist")
	webtest.Write(t, filepath.Join(dir, "downloads", "notes.txt.gz"), []byte("a gzip file with no original"))
	build, err := static.ReadFiles(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	whole := static.FromMap("whole", build)
	for name := range build {
		part := map[string][]byte{}
		for _, source := range static.Sources(name) {
			if data, ok := build[source]; ok {
				part[source] = data
			}
		}
		if got, want := served(static.FromMap("part", part), name), served(whole, name); got != want {
			t.Errorf("%s from its sources %v: %s; from the whole build: %s", name, slices.Sorted(maps.Keys(part)), got, want)
		}
	}
}

// served says how d serves name: not at all, or its ETag and encodings.
func served(d *static.Dir, name string) string {
	f, ok := d.Lookup(name)
	if !ok {
		return "not served"
	}
	return fmt.Sprintf("%s %v", f.ETag, f.Encodings())
}

func TestServe(t *testing.T) {
	f := static.NewFile("app.3f9a1c2b.js", []byte("console.log('a long enough body');"), static.Immutable)
	f.AddVariant(static.Gzip, []byte("gz"))
	tests := []struct {
		name, method, accept, ifNoneMatch string
		status                            int
		wantStatus                        int
		wantBody, wantEncoding            string
	}{
		{name: "identity", method: "GET", status: 200, wantStatus: 200, wantBody: string(f.Body)},
		{name: "gzip", method: "GET", accept: "gzip", status: 200, wantStatus: 200, wantBody: "gz", wantEncoding: "gzip"},
		{name: "head", method: "HEAD", status: 200, wantStatus: 200},
		{name: "not modified", method: "GET", ifNoneMatch: f.ETag, status: 200, wantStatus: 304},
		{name: "weak match also not modified", method: "GET", ifNoneMatch: "W/" + f.ETag, status: 200, wantStatus: 304},
		{name: "other etag", method: "GET", ifNoneMatch: `"other"`, status: 200, wantStatus: 200, wantBody: string(f.Body)},
		{name: "404 status kept", method: "GET", status: 404, wantStatus: 404, wantBody: string(f.Body)},
		{name: "404 head", method: "HEAD", status: 404, wantStatus: 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(tt.method, "/app.3f9a1c2b.js", nil)
			if tt.accept != "" {
				r.Header.Set("Accept-Encoding", tt.accept)
			}
			if tt.ifNoneMatch != "" {
				r.Header.Set("If-None-Match", tt.ifNoneMatch)
			}
			w := httptest.NewRecorder()
			static.Serve(w, r, f, tt.status)
			if w.Code != tt.wantStatus {
				t.Fatalf("status = %d, want %d", w.Code, tt.wantStatus)
			}
			if got := w.Body.String(); got != tt.wantBody {
				t.Errorf("body = %q, want %q", got, tt.wantBody)
			}
			if got := w.Header().Get("Content-Encoding"); got != tt.wantEncoding {
				t.Errorf("Content-Encoding = %q, want %q", got, tt.wantEncoding)
			}
			if got := w.Header().Get("Vary"); got != "Accept-Encoding" {
				t.Errorf("Vary = %q", got)
			}
			if tt.wantStatus != http.StatusNotModified && w.Header().Get("Content-Type") != "text/javascript; charset=utf-8" {
				t.Errorf("Content-Type = %q", w.Header().Get("Content-Type"))
			}
		})
	}
}
