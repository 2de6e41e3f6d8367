package server

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// Newsletter is the newsletter's subscriptions (newsletter.Service).
type Newsletter interface {
	Subscribe(ctx context.Context, s newsletter.Signup) (newsletter.SubscribeOutcome, error)
	Confirm(ctx context.Context, token string) (newsletter.ConfirmOutcome, error)
	UnsubscribeTarget(ctx context.Context, token string) (newsletter.Subscriber, error)
	Unsubscribe(ctx context.Context, token string) (newsletter.Subscriber, error)
}

// subscribeRequest is the body of POST /api/newsletter/subscriptions.
type subscribeRequest struct {
	Email string `json:"email"`
	Name  string `json:"name"`
	// Website is the honeypot: hidden from people, filled in by bots.
	Website string `json:"website"`
	// Page is the path of the page the form is on, for the sign-ups per page
	// (docs/decisions/0039); optional.
	Page string `json:"page"`
}

// handleSubscribe subscribes by JSON: 202 for a new address, a known one (any case,
// any state) and a bot alike, so the answer reveals nothing. Guarded by formEndpoint.
func handleSubscribe(logger *zap.Logger, subscriptions Newsletter, signedUp signupCounter) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[subscribeRequest](r)
		if err == nil {
			err = subscribe(r, logger, subscriptions, newsletter.Form{Email: req.Email, Name: req.Name}, req.Website != "", signedUp.from(req.Page))
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusAccepted, formAccepted)
	})
}

// handleSubscribeForm is the newsletter form posted to / by a browser without
// JavaScript (form-name=newsletter, website the honeypot): the same as
// handleSubscribe, answered with a page. Guarded by pageForms.
func handleSubscribeForm(logger *zap.Logger, subscriptions Newsletter, notices noticesOf, signedUp signupCounter) http.Handler {
	fail := noticeFailure(logger, notices)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			fail(w, r, &Error{Code: apperr.Invalid, Message: "The form could not be read.", Err: err})
			return
		}
		if r.PostForm.Get("form-name") != "newsletter" {
			fail(w, r, &Error{Code: apperr.NotFound, Message: "This site has no such form."})
			return
		}
		f := newsletter.Form{Email: r.PostForm.Get("email"), Name: r.PostForm.Get("name")}
		if err := subscribe(r, logger, subscriptions, f, r.PostForm.Get("website") != "", signedUp.from("")); err != nil {
			fail(w, r, err)
			return
		}
		writeNotice(w, notices(r), http.StatusOK, newsletterNotice("Check your inbox",
			"Thanks for subscribing to "+newsletter.Name+"! Open the link in the email we just sent to confirm your address; until then you won't get any editions.",
			"Nothing there after a few minutes? Have a look in your spam folder. Already subscribed? Then there is nothing more to do."))
	})
}

// subscribe parses f once (newsletter.Parse: every field's problem) and subscribes
// it, or drops it when the honeypot was filled, unchecked; nil means the visitor is
// told it worked. A new address is counted by counted. Its errors are *Error values.
func subscribe(r *http.Request, logger *zap.Logger, subscriptions Newsletter, f newsletter.Form, trapped bool, counted func(*http.Request)) error {
	client := clientIPFrom(r.Context()).String()
	if trapped {
		// Same answer as a success, so the bot learns nothing; nothing stored or sent.
		logger.Info("newsletter: honeypot filled, subscription dropped", zap.String("client", client))
		return nil
	}
	signup, err := newsletter.Parse(f)
	if err != nil { // invalid (400), every field's problem
		return err
	}
	outcome, err := subscriptions.Subscribe(r.Context(), signup)
	if err != nil { // unavailable (503), said by the newsletter
		return err
	}
	// The outcome is for the log only: the visitor gets the same answer for each.
	logger.Info("newsletter: subscription accepted", zap.String("outcome", outcome.String()))
	if outcome == newsletter.SubscribeAdded {
		counted(r)
	}
	return nil
}

// handleConfirm opens a confirmation link and says what it did.
func handleConfirm(logger *zap.Logger, subscriptions Newsletter, notices noticesOf) http.Handler {
	fail := noticeFailure(logger, notices)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Opening the link confirms: a browser or mail client fetching it ahead, in case
		// it is opened, must not (docs/decisions/0062-speculation-rules.md).
		if isPrefetch(r) {
			refusePrefetch(w)
			return
		}
		outcome, err := subscriptions.Confirm(r.Context(), r.URL.Query().Get("token"))
		if err != nil {
			fail(w, r, err)
			return
		}
		logger.Info("newsletter: confirmation link opened", zap.String("outcome", outcome.String()))
		switch outcome {
		case newsletter.Confirmed:
			writeNotice(w, notices(r), http.StatusOK, newsletterNotice("Subscription confirmed",
				"Welcome to "+newsletter.Name+"! You'll get one edition a month: war stories, tool deep dives, architecture adventures and a bit of 3 AM wisdom.",
				"A welcome email is on its way. Every email has a link to unsubscribe, should you ever want to."))
		case newsletter.AlreadyConfirmed:
			writeNotice(w, notices(r), http.StatusOK, newsletterNotice("Already confirmed",
				"Your subscription to "+newsletter.Name+" is confirmed already: there is nothing more to do."))
		case newsletter.ConfirmExpired:
			writeNotice(w, notices(r), http.StatusGone, newsletterNotice("This link has expired",
				"Confirmation links only work for a limited time, and this one's time is up.",
				"To get a fresh link, subscribe again on the newsletter page with the same address."))
		default:
			writeNotice(w, notices(r), http.StatusBadRequest, invalidLinkNotice())
		}
	})
}

// invalidLinkNotice is the page for a link that is not one of ours, or no longer works.
func invalidLinkNotice() pages.Notice {
	return newsletterNotice("This link is not valid",
		"It may have been cut off when it was copied, or it has been used up already.",
		"Copy the whole link from the email, or subscribe again on the newsletter page to get a new one.")
}

// handleUnsubscribePage shows the subscriber an unsubscribe link is for, with the
// button that unsubscribes them: a GET must not unsubscribe, since mail scanners and
// link previews open every link.
func handleUnsubscribePage(logger *zap.Logger, subscriptions Newsletter, notices noticesOf) http.Handler {
	fail := noticeFailure(logger, notices)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := r.URL.Query().Get("token")
		sub, err := subscriptions.UnsubscribeTarget(r.Context(), token)
		if errors.Is(err, newsletter.ErrInvalidToken) {
			writeNotice(w, notices(r), http.StatusBadRequest, invalidLinkNotice())
			return
		}
		if err != nil {
			fail(w, r, err)
			return
		}
		n := newsletterNotice("Unsubscribe from "+newsletter.Name,
			"Press the button to stop getting "+newsletter.Name+" at "+maskEmail(sub.Email)+".")
		n.Action = &pages.Action{URL: newsletter.UnsubscribePath + "?token=" + url.QueryEscape(token), Label: "Unsubscribe"}
		writeNotice(w, notices(r), http.StatusOK, n)
	})
}

// handleUnsubscribe unsubscribes, from the page's button or from a mail client's
// one-click unsubscribe (RFC 8058: a POST with List-Unsubscribe=One-Click, no cookies,
// from anywhere). The token is the authority, so there is no cross-origin check, and
// the body is not read: whatever it holds, the answer is the same.
func handleUnsubscribe(logger *zap.Logger, subscriptions Newsletter, notices noticesOf) http.Handler {
	fail := noticeFailure(logger, notices)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sub, err := subscriptions.Unsubscribe(r.Context(), r.URL.Query().Get("token"))
		if errors.Is(err, newsletter.ErrInvalidToken) {
			writeNotice(w, notices(r), http.StatusBadRequest, invalidLinkNotice())
			return
		}
		if err != nil {
			fail(w, r, err)
			return
		}
		logger.Info("newsletter: unsubscribed", zap.Int64("subscriber_id", sub.ID))
		writeNotice(w, notices(r), http.StatusOK, newsletterNotice("You have been unsubscribed",
			maskEmail(sub.Email)+" will get no more emails from "+newsletter.Name+".",
			"Changed your mind? You can subscribe again on the newsletter page at any time."))
	})
}

// newsletterNotice is a page of the newsletter's, with the ways back to the site.
func newsletterNotice(title string, paragraphs ...string) pages.Notice {
	return pages.Notice{
		Kicker:     newsletter.Name,
		Title:      title,
		Paragraphs: paragraphs,
		Links: []pages.Link{
			{URL: "/", Label: "Home"},
			{URL: newsletter.PagePath, Label: "Back to the newsletter"},
		},
	}
}

// noticeFailure answers a refused or failed newsletter request with a page saying
// why, with the status of its *Error (and the Retry-After a rate limit set).
func noticeFailure(logger *zap.Logger, notices noticesOf) failure {
	return pageFailure(logger, notices, newsletterNotice)
}

// maskEmail shows enough of an address for its owner to recognise it, and not all of
// it to whoever else holds the link: "j•••@example.org".
func maskEmail(email string) string {
	local, domain, ok := strings.Cut(email, "@")
	if !ok || local == "" {
		return "•••"
	}
	first, _ := utf8.DecodeRuneInString(local)
	return string(first) + "•••@" + domain
}

// handleNewsletterStats serves the public numbers of the newsletter page. They come
// from the site configuration (content/site.json's stats.newsletterSubscribers), not from the store.
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
