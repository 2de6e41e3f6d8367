// Package static serves built front-end files from memory: each file with its content
// type, cache policy, strong ETag and precompressed (.br, .gz) variants, all computed
// once at start-up so a request costs a map lookup and a write.
package static

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// Cache-Control values.
const (
	// Immutable is for files whose name changes whenever their content does.
	Immutable = "public, max-age=31536000, immutable"
	// NoCache lets browsers keep a copy but revalidate it (cheap with the ETag) on
	// every use: for entry points whose name stays the same across deploys.
	NoCache = "no-cache"
)

// Content-Encoding tokens of the precompressed variants, in order of preference.
const (
	Brotli = "br"
	Gzip   = "gzip"
)

// File is one response body held in memory.
type File struct {
	Name         string // slash-separated, relative to its directory
	ContentType  string
	CacheControl string
	ETag         string
	Body         []byte
	variants     map[string]variant // by Content-Encoding
}

type variant struct {
	body []byte
	etag string
}

// NewFile makes a File from its name and body. The content type follows the name's
// extension.
func NewFile(name string, body []byte, cacheControl string) *File {
	return &File{
		Name:         name,
		ContentType:  ContentType(name),
		CacheControl: cacheControl,
		ETag:         etag(body),
		Body:         body,
	}
}

// NewGzipFile is NewFile with a gzip variant (best compression) made at once: for a file
// made in memory and served many times (feeds, the search index).
func NewGzipFile(name string, body []byte, cacheControl string) *File {
	f := NewFile(name, body, cacheControl)
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	_, _ = zw.Write(body)                                    // writes to a bytes.Buffer do not fail
	if zw.Close() == nil {
		f.AddVariant(Gzip, buf.Bytes()) // dropped when it is not smaller
	}
	return f
}

// AddVariant attaches a precompressed body for the given Content-Encoding. A variant
// that is not smaller than the original is dropped: it would only cost bytes.
func (f *File) AddVariant(encoding string, body []byte) {
	if len(body) >= len(f.Body) {
		return
	}
	if f.variants == nil {
		f.variants = make(map[string]variant, 2)
	}
	f.variants[encoding] = variant{body: body, etag: etag(body)}
}

// WithCacheControl returns f served with another Cache-Control: the same file under a
// versioned path, where it can never change, is immutable.
func (f *File) WithCacheControl(cacheControl string) *File {
	g := *f
	g.CacheControl = cacheControl
	return &g
}

// Encodings reports which precompressed variants f has.
func (f *File) Encodings() []string {
	var out []string
	for _, enc := range []string{Brotli, Gzip} {
		if _, ok := f.variants[enc]; ok {
			out = append(out, enc)
		}
	}
	return out
}

// etag is a strong validator: each representation (identity, br, gzip) has its own,
// as RFC 9110 requires for byte-different bodies.
func etag(body []byte) string {
	sum := sha256.Sum256(body)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`
}

// Serve writes f with the given status, choosing the best encoding the request
// accepts. A 200 goes through http.ServeContent, which answers If-None-Match with
// 304, HEAD without a body, and Range requests.
func Serve(w http.ResponseWriter, r *http.Request, f *File, status int) {
	h := w.Header()
	if len(f.variants) > 0 || Compressible(f.ContentType) {
		// Caches must key on Accept-Encoding, even when this response is identity.
		h.Add("Vary", "Accept-Encoding")
	}
	body, tag := f.Body, f.ETag
	if enc := Negotiate(r.Header.Get("Accept-Encoding"), f.Encodings()); enc != "" {
		v := f.variants[enc]
		body, tag = v.body, v.etag
		h.Set("Content-Encoding", enc)
	}
	h.Set("Content-Type", f.ContentType)
	h.Set("Cache-Control", f.CacheControl)
	h.Set("ETag", tag)
	if status == http.StatusOK {
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// ext returns the lower-case extension of name's last element, e.g. ".js".
func ext(name string) string { return strings.ToLower(path.Ext(name)) }
