package server

import (
	"net/http"

	"github.com/portfolio-site/portfolio/content"
)

// handleNewsletterStats serves the public numbers of the newsletter page. They come
// from the site configuration (the spec's 35 subscribers), not from the store.
func handleNewsletterStats(site content.Site) http.Handler {
	type response struct {
		Subscribers int `json:"subscribers"`
	}
	resp := response{Subscribers: site.Stats.NewsletterSubscribers}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		writeJSON(w, http.StatusOK, resp)
	})
}
