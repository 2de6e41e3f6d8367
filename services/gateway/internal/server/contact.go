package server

import (
	"context"
	"errors"
	"net/http"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
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

func (r contactRequest) message() contact.Message {
	return contact.New(r.Name, r.Email, r.Subject, r.Message)
}

// Valid checks the fields in the form's order. A request whose honeypot is filled is
// not checked: the handler drops it without telling.
func (r contactRequest) Valid(context.Context) error {
	if r.trapped() {
		return nil
	}
	if p := r.message().Validate(); p != nil {
		return invalid(p.Field, p.Message)
	}
	return nil
}

func (r contactRequest) trapped() bool { return r.Website != "" }

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
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		ip := clientIPFrom(r.Context())
		w.Header().Set("Cache-Control", "no-store")
		if req.trapped() {
			// Same answer as a success, so the bot learns nothing; nothing stored or sent.
			logger.Info("contact: honeypot filled, message dropped", zap.String("client", ip.String()))
			writeJSON(w, http.StatusAccepted, formAccepted)
			return
		}
		m := req.message()
		if ip.IsValid() {
			m.IP = ip.String()
		}
		m, err = inbox.Submit(r.Context(), m)
		switch {
		case errors.Is(err, contact.ErrUnavailable):
			writeError(w, r, logger, &Error{
				Code:    ECodeUnavailable,
				Message: "Your message could not be saved right now. Please try again later.",
				Err:     err,
			})
			return
		case err != nil:
			if p, ok := errors.AsType[*contact.Problem](err); ok {
				err = invalid(p.Field, p.Message)
			}
			writeError(w, r, logger, err)
			return
		}
		logger.Info("contact: message accepted", zap.Int64("contact_id", m.ID), zap.String("subject", m.Subject), zap.Bool("auto_reply", m.AutoReplied))
		writeJSON(w, http.StatusAccepted, formAccepted)
	})
}
