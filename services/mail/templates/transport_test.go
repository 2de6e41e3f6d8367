package templates_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates"
)

// Every email queued with its template is sent exactly as it would have been
// rendered at once: same subject, text and HTML.
func TestDeferredRendersAsRender(t *testing.T) {
	base := newsletterBase("Jane")
	emails := []struct {
		name     string
		render   func() (templates.Email, error)
		deferred func() (mail.Message, error)
	}{
		{"contact_notification", notification().Render, notification().Deferred},
		{"contact_auto_reply", autoReply().Render, autoReply().Deferred},
		{"newsletter_confirmation",
			templates.NewsletterConfirmation{Newsletter: base, ConfirmURL: "https://portfolio.test/newsletter/confirm?token=t", ValidFor: 72 * time.Hour}.Render,
			templates.NewsletterConfirmation{Newsletter: base, ConfirmURL: "https://portfolio.test/newsletter/confirm?token=t", ValidFor: 72 * time.Hour}.Deferred},
		{"newsletter_welcome", templates.NewsletterWelcome{Newsletter: base}.Render, templates.NewsletterWelcome{Newsletter: base}.Deferred},
		{"newsletter_edition",
			templates.NewsletterEdition{Newsletter: base, Title: "#1 It Was DNS", Date: "December 2024", Text: "Hello.\n\n```\nk9s\n```", URL: "https://portfolio.test/newsletter/1"}.Render,
			templates.NewsletterEdition{Newsletter: base, Title: "#1 It Was DNS", Date: "December 2024", Text: "Hello.\n\n```\nk9s\n```", URL: "https://portfolio.test/newsletter/1"}.Deferred},
	}
	for _, e := range emails {
		t.Run(e.name, func(t *testing.T) {
			want, err := e.render()
			if err != nil {
				t.Fatal(err)
			}
			queued, err := e.deferred()
			if err != nil {
				t.Fatal(err)
			}
			if queued.Subject != want.Subject || queued.Text != "" || queued.HTML != "" || queued.Template == nil || queued.Template.Name != e.name {
				t.Fatalf("queued subject %q, %d bytes of body, template %+v; want subject %q, no body, template %q",
					queued.Subject, len(queued.Text)+len(queued.HTML), queued.Template, want.Subject, e.name)
			}
			sent, err := templates.Expand(queued)
			if err != nil {
				t.Fatal(err)
			}
			if sent.Subject != want.Subject || sent.Text != want.Text || sent.HTML != want.HTML || sent.Template != nil {
				t.Errorf("expanded to subject %q, text:\n%s\nwant %q, text:\n%s", sent.Subject, sent.Text, want.Subject, want.Text)
			}
		})
	}
}

type recorder struct{ sent []mail.Message }

func (r *recorder) Send(_ context.Context, m mail.Message) error {
	r.sent = append(r.sent, m)
	return nil
}

func TestTransport(t *testing.T) {
	queued, err := autoReply().Deferred()
	if err != nil {
		t.Fatal(err)
	}
	queued.From = mail.Address{Email: "no-reply@example.com"}
	queued.To = []mail.Address{{Email: "jane@example.org"}}
	rendered := queued
	rendered.Template, rendered.Text, rendered.HTML = nil, "ready", ""
	unknown := queued
	unknown.Template = &mail.Template{Name: "newsletter_farewell", Params: queued.Template.Params}
	missing := queued
	missing.Template = &mail.Template{Name: "contact_auto_reply", Params: map[string]string{"to_name": "Jane"}}

	tests := []struct {
		name     string
		in       mail.Message
		wantErr  string // empty: sent
		wantText string // in what was handed on
	}{
		{"template", queued, "", "Usually within 24 hours"},
		{"already rendered", rendered, "", "ready"},
		{"unknown template", unknown, `no email template "newsletter_farewell"`, ""},
		{"a field missing", missing, "contact_auto_reply text", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			next := &recorder{}
			err := templates.Transport{Next: next}.Send(context.Background(), tt.in)
			if tt.wantErr != "" {
				// The outbox marks it dead at once, with this as the reason.
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !mail.IsPermanent(err) || len(next.sent) != 0 {
					t.Fatalf("Send = %v with %d handed on, want a permanent error containing %q and nothing sent", err, len(next.sent), tt.wantErr)
				}
				return
			}
			if err != nil || len(next.sent) != 1 {
				t.Fatalf("Send = %v with %d handed on, want 1", err, len(next.sent))
			}
			got := next.sent[0]
			if got.Template != nil || !strings.Contains(got.Text, tt.wantText) || got.Subject != tt.in.Subject {
				t.Errorf("handed on subject %q, template %v, text:\n%s", got.Subject, got.Template, got.Text)
			}
			if _, err := mail.Bytes(got); err != nil {
				t.Errorf("what was handed on does not compose: %v", err)
			}
		})
	}
}
