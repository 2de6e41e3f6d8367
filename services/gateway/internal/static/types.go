package static

import (
	"mime"
	"regexp"
	"strings"
)

// contentTypes pins the types of the files a front-end build produces, so they do
// not depend on the machine's /etc/mime.types.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".webmanifest": "application/manifest+json",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".avif":        "image/avif",
	".ico":         "image/x-icon",
	".woff":        "font/woff",
	".woff2":       "font/woff2",
	".ttf":         "font/ttf",
	".otf":         "font/otf",
	".xml":         "application/xml; charset=utf-8",
	".txt":         "text/plain; charset=utf-8",
	".pdf":         "application/pdf",
	".wasm":        "application/wasm",
	".zip":         "application/zip",
	".ts":          "text/plain; charset=utf-8", // MF type declarations (@mf-types.d.ts)
}

// ContentType returns the media type for a file name.
func ContentType(name string) string {
	e := ext(name)
	if t, ok := contentTypes[e]; ok {
		return t
	}
	if t := mime.TypeByExtension(e); t != "" {
		return t
	}
	return "application/octet-stream"
}

// Compressible reports whether a media type benefits from compression, i.e. whether
// its responses should vary on Accept-Encoding.
func Compressible(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	switch {
	case strings.HasPrefix(mt, "text/"):
		return true
	case strings.HasSuffix(mt, "+json"), strings.HasSuffix(mt, "+xml"):
		return true
	}
	switch mt {
	case "application/json", "application/xml", "application/javascript", "application/wasm", "image/x-icon", "font/ttf", "font/otf":
		return true
	}
	return false
}

// hashedName matches a content hash of 8 or more hex digits right before the
// extension(s), the way rsbuild names its output: index.3f9a1c2b.js,
// main.a1b2c3d4.css, lib-react.3f9a1c2b.js.LICENSE.txt, chunk-0a1b2c3d.js.
var hashedName = regexp.MustCompile(`[.-][0-9a-f]{8,}(\.[A-Za-z0-9]+)+$`)

// entryPoints keep their name across builds even if they matched hashedName.
var entryPoints = map[string]bool{
	"index.html":       true,
	"remoteEntry.js":   true,
	"mf-manifest.json": true,
	"mf-stats.json":    true,
	"remotes.json":     true,
}

// IsHashed reports whether a file's name carries a hash of its content, so a new
// content always means a new URL and the file can be cached for good.
func IsHashed(name string) bool {
	base := name[strings.LastIndexByte(name, '/')+1:]
	return !entryPoints[base] && hashedName.MatchString(base)
}

// CacheControlFor returns the Cache-Control value for a built file.
func CacheControlFor(name string) string {
	if IsHashed(name) {
		return Immutable
	}
	return NoCache
}
