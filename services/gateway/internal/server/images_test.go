package server_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"testing"

	"github.com/portfolio-site/portfolio/content"
)

func TestContentImages(t *testing.T) {
	h, _ := newServer(t, nil)
	want, err := fs.ReadFile(content.FS(), "images/projects/1.svg")
	if err != nil {
		t.Fatal(err)
	}

	w := get(h, "/images/projects/1.svg")
	if w.Code != http.StatusOK {
		t.Fatalf("status = %d, want 200", w.Code)
	}
	if !bytes.Equal(w.Body.Bytes(), want) {
		t.Error("body differs from content/images/projects/1.svg")
	}
	checkHeader(t, w, "Content-Type", "image/svg+xml")
	// Not content-hashed: cached for a day, then revalidated, never immutable.
	checkHeader(t, w, "Cache-Control", "public, max-age=86400")
	etag := w.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if cl := w.Header().Get("Content-Security-Policy"); cl == "" {
		t.Error("no Content-Security-Policy on an SVG")
	}

	// Revalidation.
	w = do(h, req{path: "/images/projects/1.svg", header: map[string]string{"If-None-Match": etag}})
	if w.Code != http.StatusNotModified {
		t.Errorf("If-None-Match: status = %d, want 304", w.Code)
	}

	// Compressed when accepted.
	w = do(h, req{path: "/images/profile.svg", header: map[string]string{"Accept-Encoding": "gzip"}})
	if w.Code != http.StatusOK || w.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip: status %d, Content-Encoding %q", w.Code, w.Header().Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(w.Body)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(zr)
	profile, _ := fs.ReadFile(content.FS(), "images/profile.svg")
	if !bytes.Equal(got, profile) {
		t.Error("gzip body differs from content/images/profile.svg")
	}
	checkHeader(t, w, "Vary", "Accept-Encoding")

	// HEAD has the headers and no body.
	w = do(h, req{method: http.MethodHead, path: "/images/profile.svg"})
	if w.Code != http.StatusOK || w.Body.Len() != 0 {
		t.Errorf("HEAD: status %d, %d body bytes", w.Code, w.Body.Len())
	}
}

func TestMissingContentImagesAre404(t *testing.T) {
	h, _ := newServer(t, nil)
	for _, path := range []string{"/images/nope.svg", "/images/projects/9.svg", "/images/", "/images/projects", "/images/../site.json", "/images/%2e%2e/site.json"} {
		t.Run(path, func(t *testing.T) {
			w := get(h, path)
			if w.Code != http.StatusNotFound && w.Code != http.StatusMovedPermanently {
				t.Fatalf("status = %d, want 404 (or a redirect to a cleaned path)", w.Code)
			}
			if bytes.Contains(w.Body.Bytes(), []byte("siteName")) {
				t.Fatal("served a content file outside images/")
			}
		})
	}
	w := get(h, "/images/nope.svg")
	checkHeader(t, w, "Content-Type", "text/plain; charset=utf-8")
	if w := do(h, req{method: http.MethodPost, path: "/images/profile.svg"}); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: status = %d, want 405", w.Code)
	}
}
