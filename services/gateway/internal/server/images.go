package server

import (
	"net/http"
	"strings"

	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

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
