package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/content/formfields"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
)

// maxEncodedRuneBytes is the most bytes one character of a field can take in a body:
// a character beyond the BMP is two UTF-16 units, which JSON may write as two \uXXXX
// escapes (12 bytes), and form-urlencoding writes its 4 UTF-8 bytes as %XX each (12).
const maxEncodedRuneBytes = 12

// longestSubject is the length of the longest of contact.Subjects.
var longestSubject = len(slices.MaxFunc(contact.Subjects, func(a, b string) int { return len(a) - len(b) }))

// maxFormBody is the largest body of a small JSON request that is no visitor's form
// (signing in to the admin).
const maxFormBody = 16 << 10

// formBodyLimit is the largest body a form endpoint reads, sized from the largest
// form's rules, the contact form's: every field at its longest, each character encoded
// in the costliest way, plus room for field names, punctuation and whitespace around
// the values. So no valid form is ever refused as too large, in either encoding.
var formBodyLimit = int64(formfields.NameMax+formfields.EmailMax+longestSubject+contact.MessageMax)*maxEncodedRuneBytes + 2<<10

// formEndpoint guards an endpoint that browsers post a form to, in this order:
// cross-site requests (403), a body that is not JSON (415), too large (413), too many
// requests from one client (429). The handler then decodes with decode.
func formEndpoint(logger *zap.Logger, cop *http.CrossOriginProtection, limiter *ratelimit.Limiter, h http.Handler) http.Handler {
	return guardForm(logger, cop, limiter, jsonForm, apiFailure(logger), h)
}

// guardForm is formEndpoint for a body of type body, answering a refusal with fail
// (cop must answer with it too).
func guardForm(logger *zap.Logger, cop *http.CrossOriginProtection, limiter *ratelimit.Limiter, body bodyType, fail failure, h http.Handler) http.Handler {
	h = rateLimit(logger, limiter, fail)(h)
	h = readBody(body, formBodyLimit, fail)(h)
	return cop.Handler(h)
}

// pageForm is a form that a browser without JavaScript posts to / (form-name names
// it): its handler, the rate limit it shares with its JSON endpoint, and the page that
// answers a refusal of it.
type pageForm struct {
	limiter *ratelimit.Limiter
	fail    failure
	h       http.Handler
}

// pageForms guards the forms posted to / as formEndpoint guards the API's, for a
// form-urlencoded body and answering with pages (fail, until the form is known):
// cross-site requests (403), not form-urlencoded (415), too large (413), no such form
// (404), then the form's own rate limit (429) and handler.
func pageForms(logger *zap.Logger, publicURL string, fail failure, forms map[string]pageForm) http.Handler {
	byName := make(map[string]http.Handler, len(forms))
	for name, f := range forms {
		byName[name] = rateLimit(logger, f.limiter, f.fail)(f.h)
	}
	dispatch := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			fail(w, r, &Error{Code: apperr.Invalid, Message: "The form could not be read.", Err: err})
			return
		}
		h, ok := byName[r.PostForm.Get("form-name")]
		if !ok {
			fail(w, r, &Error{Code: apperr.NotFound, Message: "This site has no such form."})
			return
		}
		h.ServeHTTP(w, r)
	})
	cop := crossOriginProtection(logger, publicURL, fail)
	return cop.Handler(readBody(urlEncodedForm, formBodyLimit, fail)(dispatch))
}

// siteNotice is the page for a post to / refused before its form is known.
func siteNotice(title string, paragraphs ...string) pages.Notice {
	return pages.Notice{Title: title, Paragraphs: paragraphs, Links: []pages.Link{{URL: "/", Label: "Home"}}}
}

// failure answers a request that a guard refused, with an *Error: JSON for the API
// (apiFailure), a page for a form posted without JavaScript.
type failure func(w http.ResponseWriter, r *http.Request, err error)

// apiFailure answers with the JSON error body of the API.
func apiFailure(logger *zap.Logger) failure {
	return func(w http.ResponseWriter, r *http.Request, err error) { writeError(w, r, logger, err) }
}

// bodyType is the media type a form endpoint reads, and what to tell a client that
// sent another.
type bodyType struct{ mediaType, hint string }

var (
	jsonForm       = bodyType{"application/json", "Send the form as JSON (Content-Type: application/json)."}
	urlEncodedForm = bodyType{"application/x-www-form-urlencoded", "Send the form as application/x-www-form-urlencoded."}
	gzipBody       = bodyType{"application/gzip", "Send the release artifact as application/gzip."}
	csvBody        = bodyType{"text/csv", "Send the subscribers as a CSV file (Content-Type: text/csv)."}
)

// newCrossOriginProtection rejects cross-site browser requests by Sec-Fetch-Site or,
// for older browsers, Origin against Host, answering with the API's JSON error. The
// public URL's origin is trusted too, for a proxy in front that changes the Host header.
func newCrossOriginProtection(logger *zap.Logger, publicURL string) *http.CrossOriginProtection {
	return crossOriginProtection(logger, publicURL, apiFailure(logger))
}

// crossOriginProtection is newCrossOriginProtection answering a refusal with fail.
func crossOriginProtection(logger *zap.Logger, publicURL string, fail failure) *http.CrossOriginProtection {
	cop := http.NewCrossOriginProtection()
	if u, err := url.Parse(publicURL); err == nil && u.Host != "" {
		if err := cop.AddTrustedOrigin(u.Scheme + "://" + u.Host); err != nil {
			logger.Warn("public URL not usable as a trusted origin", zap.String("public_url", publicURL), zap.Error(err))
		}
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fail(w, r, &Error{Code: apperr.Forbidden, Message: "Cross-site requests are not allowed."})
	}))
	return cop
}

// readBody answers 415 unless the body is of type want and 413 if it is larger than
// limit; otherwise it reads the body into memory for the handler.
func readBody(want bodyType, limit int64, fail failure) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
			if err != nil || mt != want.mediaType {
				fail(w, r, &Error{Code: apperr.UnsupportedType, Message: want.hint})
				return
			}
			tooLarge := &Error{Code: apperr.TooLarge, Message: fmt.Sprintf("The request body is larger than %d KiB.", (limit+1<<10-1)>>10)}
			if r.ContentLength > limit {
				fail(w, r, tooLarge)
				return
			}
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
			if err != nil {
				if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
					fail(w, r, tooLarge)
				} else {
					fail(w, r, &Error{Code: apperr.Invalid, Message: "The request body could not be read."})
				}
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
			next.ServeHTTP(w, r)
		})
	}
}

// rateLimit answers 429 with Retry-After (whole seconds) when the client (by
// withClientIP's key: an IPv6 client by its network) is over the limiter's rate.
func rateLimit(logger *zap.Logger, limiter *ratelimit.Limiter, fail failure) func(http.Handler) http.Handler {
	return rateLimitBy(logger, limiter, func(r *http.Request) string { return clientKeyFrom(r.Context()) }, fail)
}

// rateLimitBy is rateLimit counting requests by key(r) instead of by client.
func rateLimitBy(logger *zap.Logger, limiter *ratelimit.Limiter, key func(*http.Request) string, fail failure) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := key(r)
			ok, retry := limiter.Allow(key, time.Now())
			if !ok {
				secs := ratelimit.RetryAfterSeconds(retry)
				w.Header().Set("Retry-After", strconv.Itoa(secs))
				logger.Info("rate limited", zap.String("path", r.URL.Path), zap.String("client", key), zap.Int("retry_after", secs))
				fail(w, r, &Error{Code: apperr.RateLimited, Message: "Too many requests. Please wait a moment and try again."})
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// validator is a request body that checks itself. Valid returns nil or an *Error with
// apperr.Invalid for the first field at fault, in the form's order. A body that a domain
// parses instead (the contact form: contact.Parse) has no Valid.
type validator interface {
	Valid(ctx context.Context) error
}

// decode reads one JSON object of type T from r's body, refusing unknown fields and
// anything after the object, and validates it if it is a validator. Its errors are
// *Error values with the field at fault where there is one.
func decode[T any](r *http.Request) (T, error) {
	var v T
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return v, &Error{Code: apperr.Invalid, Message: "The request body must be a single JSON object."}
	}
	if val, ok := any(v).(validator); ok {
		if err := val.Valid(r.Context()); err != nil {
			return v, err
		}
	}
	return v, nil
}

func decodeError(err error) error {
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		if te.Field == "" {
			return &Error{Code: apperr.Invalid, Message: "The request body must be a JSON object."}
		}
		return &Error{Code: apperr.Invalid, Field: te.Field, Message: fmt.Sprintf("The field %q must be a %s.", te.Field, kindName(te.Type.Kind().String()))}
	}
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return &Error{Code: apperr.TooLarge, Message: "The request body is too large."}
	}
	// encoding/json has no type for this one.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		field, _ := strconv.Unquote(name)
		return &Error{Code: apperr.Invalid, Field: field, Message: fmt.Sprintf("Unknown field %s.", name)}
	}
	return &Error{Code: apperr.Invalid, Message: "The request body is not valid JSON.", Err: err}
}

func kindName(kind string) string {
	switch kind {
	case "int", "int64", "float64":
		return "number"
	case "bool":
		return "boolean"
	}
	return kind
}

// invalid is the error for a field that breaks a rule.
func invalid(field, message string) error { return apperr.Field(field, message) }
