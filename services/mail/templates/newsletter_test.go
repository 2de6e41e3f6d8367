package templates_test

import (
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail/templates"
)

const unsubscribeURL = "https://portfolio.test/newsletter/unsubscribe?token=abc_DEF-123"

func newsletterBase(name string) templates.Newsletter {
	return templates.Newsletter{
		ToEmail:        "jane@example.org",
		ToName:         name,
		FromEmail:      "no-reply@portfolio.test",
		ReplyTo:        "owner@portfolio.test",
		NewsletterName: "DevOps Digest",
		NewsletterURL:  "https://portfolio.test/newsletter",
		SiteName:       "DevOps Portfolio",
		UnsubscribeURL: unsubscribeURL,
	}
}

func TestNewsletterEmails(t *testing.T) {
	confirmURL := "https://portfolio.test/newsletter/confirm?token=tok_123-abc"
	tests := []struct {
		name       string
		render     func() (templates.Email, error)
		subject    string
		text, html []string
		notInHTML  []string
	}{
		{
			name: "confirmation",
			render: templates.NewsletterConfirmation{
				Newsletter: newsletterBase("Jane"), ConfirmURL: confirmURL, ValidFor: 72 * time.Hour,
			}.Render,
			subject: "Confirm your subscription to DevOps Digest",
			text:    []string{"Hi Jane,", confirmURL, "works once and for 72 hours", "If you did not ask for this, ignore this email"},
			html:    []string{"Hi Jane,", `href="` + confirmURL + `"`, "72 hours", "ignore this email"},
		},
		{
			name:    "confirmation without a name",
			render:  templates.NewsletterConfirmation{Newsletter: newsletterBase(""), ConfirmURL: confirmURL, ValidFor: 90 * time.Minute}.Render,
			subject: "Confirm your subscription to DevOps Digest",
			text:    []string{"Hi DevOps Enthusiast,", "for 90 minutes"},
			html:    []string{"Hi DevOps Enthusiast,"},
		},
		{
			name:    "welcome",
			render:  templates.NewsletterWelcome{Newsletter: newsletterBase("Jane")}.Render,
			subject: "Welcome to DevOps Digest!",
			text:    []string{"Hi Jane,", "Once a month", "war stories", "3 AM wisdom", "https://portfolio.test/newsletter", "owner@portfolio.test"},
			html:    []string{"Hi Jane,", "Once a month", "mailto:owner@portfolio.test"},
		},
		{
			name: "edition",
			render: templates.NewsletterEdition{
				Newsletter: newsletterBase(""),
				Title:      "#1 It Was DNS <Again> & Again",
				Date:       "December 2024",
				Text:       "Hi there,\n\nA list:\n- one\n- two\n\n```yaml\nndots: \"2\"\n\nkey: <v>\n```\n\nThe end.",
				URL:        "https://portfolio.test/newsletter/1",
			}.Render,
			subject: "DevOps Digest - December 2024 - #1 It Was DNS <Again> & Again",
			text: []string{
				"Read it on the web: https://portfolio.test/newsletter/1\n", "Hi DevOps Enthusiast,",
				"A list:\n- one\n- two", "```yaml\nndots: \"2\"\n\nkey: <v>\n```", "The end.",
			},
			html: []string{
				`<a href="https://portfolio.test/newsletter/1" style="color:#2563eb;">Read it on the web</a>`,
				"#1 It Was DNS &lt;Again&gt; &amp; Again",
				">A list:\n- one\n- two</p>",
				">ndots: &#34;2&#34;\n\nkey: &lt;v&gt;</pre>",
				"<p style=\"margin:0 0 16px;white-space:pre-wrap;\">The end.</p>",
			},
			notInHTML: []string{"```", "<Again>"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := tt.render()
			if err != nil {
				t.Fatal(err)
			}
			if e.Subject != tt.subject {
				t.Errorf("Subject = %q, want %q", e.Subject, tt.subject)
			}
			// Every newsletter email says why it came and how to stop it.
			for _, want := range append(tt.text, unsubscribeURL, "jane@example.org signed up for DevOps Digest on DevOps Portfolio") {
				if !strings.Contains(e.Text, want) {
					t.Errorf("text lacks %q:\n%s", want, e.Text)
				}
			}
			for _, want := range append(tt.html, `href="`+unsubscribeURL+`"`, ">Unsubscribe</a>") {
				if !strings.Contains(e.HTML, want) {
					t.Errorf("html lacks %q:\n%s", want, e.HTML)
				}
			}
			for _, bad := range tt.notInHTML {
				if strings.Contains(e.HTML, bad) {
					t.Errorf("html contains %q:\n%s", bad, e.HTML)
				}
			}
		})
	}
}

// An edition queued before editions had pages (its fields have no edition_url) still
// renders, without the link: decision 0033's queued emails render at send time.
func TestEditionQueuedWithoutItsURLStillRenders(t *testing.T) {
	m, err := templates.NewsletterEdition{Newsletter: newsletterBase("Jane"), Title: "#1 x", Date: "May 2025", Text: "Hello."}.Deferred()
	if err != nil {
		t.Fatal(err)
	}
	delete(m.Template.Params, "edition_url")
	e, err := templates.Expand(m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(e.Text, "Hello.") || strings.Contains(e.Text, "Read it on the web") || strings.Contains(e.HTML, "Read it on the web") {
		t.Errorf("text:\n%s\nhtml:\n%s", e.Text, e.HTML)
	}
}

func TestNewsletterNamesAreEscaped(t *testing.T) {
	base := newsletterBase(hostile + "\nBcc: victim@example.com")
	e, err := templates.NewsletterWelcome{Newsletter: base}.Render()
	if err != nil {
		t.Fatal(err)
	}
	checkNoRawHTML(t, e.HTML)
	if !strings.Contains(e.HTML, "&lt;script&gt;") {
		t.Error("the name is not in the HTML, escaped")
	}
	ed, err := templates.NewsletterEdition{Newsletter: base, Title: "#1 x\r\nBcc: victim@example.com", Date: "May 2025", Text: hostile}.Render()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(ed.Subject, "\r\n") {
		t.Errorf("subject has a line break: %q", ed.Subject)
	}
	checkNoRawHTML(t, ed.HTML)
}

func TestNewsletterParamsUseTheSpecsNames(t *testing.T) {
	p := templates.NewsletterConfirmation{Newsletter: newsletterBase(""), ConfirmURL: "https://x.test/c", ValidFor: time.Hour}.Params()
	for _, k := range []string{"to_email", "to_name", "from_email", "reply_to"} {
		if p[k] == "" {
			t.Errorf("params lack %s", k)
		}
	}
	if p["to_name"] != templates.DefaultToName || p["valid_for"] != "1 hour" {
		t.Errorf("to_name %q, valid_for %q", p["to_name"], p["valid_for"])
	}
}
