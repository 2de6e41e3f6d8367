package server

import (
	"net/http"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
)

// The pages the gateway answers forms posted without JavaScript with, and the links of
// the newsletter's emails: contact, newsletter and the site's own post to / share them.

// noticesOf is the notices of the State a request is served: its shell's page
// (docs/decisions/0060).
type noticesOf func(*http.Request) *pages.Notices

// notices is noticesOf for web.
func notices(web ServedSite) noticesOf {
	return func(r *http.Request) *pages.Notices { return stateOf(web, r).Notices }
}

// pageFailure is noticeFailure with the pages of another part of the site: notice makes
// the page from its title and text.
func pageFailure(logger *zap.Logger, notices noticesOf, notice func(title string, paragraphs ...string) pages.Notice) failure {
	return func(w http.ResponseWriter, r *http.Request, err error) {
		e, status := failed(w, r, logger, err, "Please try again later.")
		title := map[apperr.Code]string{
			apperr.Invalid:         "Please check your form",
			apperr.Forbidden:       "This form must be sent from the site",
			apperr.NotFound:        "There is no such form",
			apperr.TooLarge:        "This form could not be read",
			apperr.UnsupportedType: "This form could not be read",
			apperr.RateLimited:     "Too many requests",
		}[e.Code]
		if title == "" {
			title = "Something went wrong"
		}
		writeNotice(w, notices(r), status, notice(title, e.Message))
	}
}

// writeNotice answers with a notice page: never cached (it is one visitor's result)
// nor indexed.
func writeNotice(w http.ResponseWriter, notices *pages.Notices, status int, n pages.Notice) {
	writePage(w, status, notices.Render(n))
}

// writePage answers with a page rendered for one visitor: never cached nor indexed.
func writePage(w http.ResponseWriter, status int, page []byte) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
	w.WriteHeader(status)
	_, _ = w.Write(page)
}
