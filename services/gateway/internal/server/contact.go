package server

import (
	"context"
	"net/http"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
)

// ContactInbox accepts contact messages (contact.Inbox).
type ContactInbox interface {
	Submit(ctx context.Context, m contact.Message) (contact.Message, error)
}

// contactRequest is the body of POST /api/contact.
type contactRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
	// Website is the honeypot: hidden from people, filled in by bots.
	Website string `json:"website"`
}

// trapped is whether the honeypot is filled: the handler drops such a request without
// telling, unchecked.
func (r contactRequest) trapped() bool { return r.Website != "" }

func (r contactRequest) form() contact.Form {
	return contact.Form{Name: r.Name, Email: r.Email, Subject: r.Subject, Message: r.Message}
}

// formAccepted is the answer to an accepted form (a contact message, a subscription),
// and to a bot's.
var formAccepted = struct {
	Status string `json:"status"`
}{"accepted"}

// handleContactCreate accepts a contact message: stored, and both emails queued, before
// it answers 202; the emails go out in the background. Guarded by formEndpoint.
func handleContactCreate(logger *zap.Logger, inbox ContactInbox) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, err := decode[contactRequest](r)
		if err == nil {
			err = submitContact(r, logger, inbox, req.form(), req.trapped())
		}
		if err != nil {
			writeError(w, r, logger, err) // a parse error names the first field at fault
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusAccepted, formAccepted)
	})
}

// handleContactForm is the contact form posted to / by a browser without JavaScript
// (form-name=contact, website the honeypot): the same as handleContactCreate, answered
// with a page that says the message was sent, or with the form again, every field's
// problem beside it and the visitor's values kept. Guarded by pageForms.
func handleContactForm(logger *zap.Logger, inbox ContactInbox, notices noticesOf, page content.Contact) http.Handler {
	fail := pageFailure(logger, notices, contactNotice(page))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			fail(w, r, &Error{Code: apperr.Invalid, Message: "The form could not be read.", Err: err})
			return
		}
		v := pages.ContactValues{
			Name:    r.PostForm.Get("name"),
			Email:   r.PostForm.Get("email"),
			Subject: r.PostForm.Get("subject"),
			Message: r.PostForm.Get("message"),
		}
		f := contact.Form{Name: v.Name, Email: v.Email, Subject: v.Subject, Message: v.Message}
		err := submitContact(r, logger, inbox, f, r.PostForm.Get("website") != "")
		if e, ok := apperr.From(err); ok && len(e.Problems) > 0 {
			// Every field at once: a page cannot point at one field after another as
			// the app's form does.
			problems := make(map[string]string, len(e.Problems))
			for _, p := range e.Problems {
				problems[p.Field] = p.Message
			}
			writePage(w, http.StatusBadRequest, notices(r).RenderContactForm(pages.ContactForm{
				Kicker:   page.Heading,
				Title:    page.Validation.Title,
				Copy:     page,
				Values:   v,
				Problems: problems,
				Links:    contactLinks(),
			}))
			return
		}
		if err != nil {
			fail(w, r, err)
			return
		}
		writeNotice(w, notices(r), http.StatusOK, contactNotice(page)(page.Toasts.Success.Title, page.Toasts.Success.Description))
	})
}

// submitContact parses f into a message, stores it and queues its emails, or drops it
// unchecked when the honeypot was filled; nil means the visitor is told it worked.
// Its errors are *Error values: invalid with every field's problem, or unavailable.
func submitContact(r *http.Request, logger *zap.Logger, inbox ContactInbox, f contact.Form, trapped bool) error {
	ip := clientIPFrom(r.Context())
	if trapped {
		// Same answer as a success, so the bot learns nothing; nothing stored or sent.
		logger.Info("contact: honeypot filled, message dropped", zap.String("client", ip.String()))
		return nil
	}
	m, err := contact.Parse(f)
	if err != nil {
		return err
	}
	if ip.IsValid() {
		m.IP = ip.String()
	}
	if m, err = inbox.Submit(r.Context(), m); err != nil {
		return err
	}
	logger.Info("contact: message accepted", zap.Int64("contact_id", m.ID), zap.String("subject", m.Subject), zap.Bool("auto_reply", m.AutoReplied))
	return nil
}

// contactNotice makes the contact form's pages: its heading above, the ways back.
func contactNotice(page content.Contact) func(title string, paragraphs ...string) pages.Notice {
	return func(title string, paragraphs ...string) pages.Notice {
		return pages.Notice{Kicker: page.Heading, Title: title, Paragraphs: paragraphs, Links: contactLinks()}
	}
}

func contactLinks() []pages.Link {
	return []pages.Link{{URL: "/", Label: "Home"}, {URL: contactPagePath, Label: "Back to the contact page"}}
}

// contactPagePath is the contact page's route (content/routes.json).
const contactPagePath = "/contact"
