package server

import (
	"io/fs"
	"net/http"
	"strings"

	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// imagesCacheControl: content images keep their names when they change (they are not
// content-hashed), so browsers may keep them for a day and then revalidate by ETag —
// never the build's immutable year.
const imagesCacheControl = "public, max-age=86400"

// loadImages reads content's images/ directory (content.FS()) into memory, by path
// below it ("projects/1.svg"). Text images (SVG) get a gzip variant.
func loadImages(fsys fs.FS) (map[string]*static.File, error) {
	images, err := fs.Sub(fsys, "images")
	if err != nil {
		return nil, err
	}
	files := make(map[string]*static.File)
	err = fs.WalkDir(images, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err
		}
		body, err := fs.ReadFile(images, name)
		if err != nil {
			return err
		}
		f := static.NewFile(name, body, imagesCacheControl)
		if static.Compressible(f.ContentType) {
			f = static.NewGzipFile(name, body, imagesCacheControl)
		}
		files[name] = f
		return nil
	})
	if err != nil {
		return nil, err
	}
	return files, nil
}

// handleImages serves content images under /images/; a missing one is a plain 404.
func handleImages(files map[string]*static.File) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, ok := files[strings.TrimPrefix(r.URL.Path, "/images/")]
		if !ok {
			notFoundPlain(w)
			return
		}
		static.Serve(w, r, f, http.StatusOK)
	})
}
