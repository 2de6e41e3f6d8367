package newsletter

import (
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/templates/templatestest"
)

const (
	unsubscribeURL = "https://portfolio.test/newsletter/unsubscribe?token=abc_DEF-123"
	hostile        = `<script>alert("x")</script> & <b>bold</b>`
)

// editionFixtureHTML is an edition as the content build renders it: a paragraph, a
// section heading with its id, a list, code highlighted by Shiki.
const editionFixtureHTML = `<p>Welcome &amp; &lt;welcome&gt;.</p>
<h2 id="war-story-dns">War story: DNS</h2>
<p>A list:</p>
<ul>
<li>one</li>
<li>two</li>
</ul>
<pre class="shiki shiki-themes github-light-default github-dark-default" style="--shiki-light:#1f2328" tabindex="0" data-language="yaml"><code><span class="line"><span style="--shiki-light:#116329">ndots</span><span>: </span><span>&quot;2&quot;</span></span>
<span class="line"></span>
<span class="line"><span>key: &lt;v&gt;</span></span></code></pre>
<p>The end.</p>
`

func newsletterBase(name string) emailFields {
	return emailFields{
		toEmail:        "jane@example.org",
		toName:         name,
		fromEmail:      "no-reply@portfolio.test",
		replyTo:        "owner@portfolio.test",
		newsletterName: "DevOps Digest",
		newsletterURL:  "https://portfolio.test/newsletter",
		siteName:       "DevOps Portfolio",
		unsubscribeURL: unsubscribeURL,
	}
}

// sentEmail is the email deferred queued, as the mail worker sends it.
func sentEmail(t *testing.T, deferred func() (mail.Message, error)) mail.Message {
	t.Helper()
	m, err := deferred()
	if err != nil {
		t.Fatal(err)
	}
	return templatestest.Sent(t, EmailTemplates(), m)
}

// The newsletter emails, byte for byte, from these fields: testdata/emails/ holds what
// they were when last changed on purpose (UPDATE_GOLDEN=1 go test writes them anew, and
// the diff shows what every subscriber will see change). newsletter_edition_text is an
// edition queued with its Markdown (before edition_html, or by a gateway built without
// the content build).
func TestEmailsAsBefore(t *testing.T) {
	base := newsletterBase("Jane <b>&</b>")
	for name, deferred := range map[string]func() (mail.Message, error){
		"newsletter_confirmation": func() (mail.Message, error) {
			return confirmationMessage(base, "https://portfolio.test/newsletter/confirm?token=t", 72*time.Hour)
		},
		"newsletter_welcome": func() (mail.Message, error) { return welcomeMessage(newsletterBase("")) },
		"newsletter_edition": func() (mail.Message, error) {
			return editionMessage(base, editionFields{
				title: "#1 It Was DNS <again>", date: "December 2024", url: "https://portfolio.test/newsletter/1",
				excerpt: "How ndots multiplied our DNS traffic, & k9s.", html: editionFixtureHTML,
			})
		},
		"newsletter_edition_text": func() (mail.Message, error) {
			return editionMessage(base, editionFields{
				title: "#1 It Was DNS <again>", date: "December 2024", url: "https://portfolio.test/newsletter/1",
				text: "Hello & <welcome>.\nSecond line.\n\n```\nk9s --all\n\n  indented\n```\n\nBye.",
			})
		},
	} {
		t.Run(name, func(t *testing.T) {
			m, err := deferred()
			if err != nil {
				t.Fatal(err)
			}
			templatestest.Golden(t, "testdata/emails/"+name+".json", EmailTemplates(), m)
		})
	}
}

func TestNewsletterEmails(t *testing.T) {
	confirmURL := "https://portfolio.test/newsletter/confirm?token=tok_123-abc"
	tests := []struct {
		name       string
		deferred   func() (mail.Message, error)
		subject    string
		preheader  string // the hidden line a mail client shows after the subject
		text, html []string
		notInHTML  []string
	}{
		{
			name: "confirmation",
			deferred: func() (mail.Message, error) {
				return confirmationMessage(newsletterBase("Jane"), confirmURL, 72*time.Hour)
			},
			subject:   "Confirm your subscription to DevOps Digest",
			preheader: "One click to confirm that this address is yours: the link works for 72 hours.",
			text:      []string{"Hi Jane,", confirmURL, "works once and for 72 hours", "If you did not ask for this, ignore this email"},
			html:      []string{"Hi Jane,", `href="` + confirmURL + `"`, "72 hours", "ignore this email"},
		},
		{
			name: "confirmation without a name",
			deferred: func() (mail.Message, error) {
				return confirmationMessage(newsletterBase(""), confirmURL, 90*time.Minute)
			},
			subject:   "Confirm your subscription to DevOps Digest",
			preheader: "One click to confirm that this address is yours: the link works for 90 minutes.",
			text:      []string{"Hi DevOps Enthusiast,", "for 90 minutes"},
			html:      []string{"Hi DevOps Enthusiast,"},
		},
		{
			name:      "welcome",
			deferred:  func() (mail.Message, error) { return welcomeMessage(newsletterBase("Jane")) },
			subject:   "Welcome to DevOps Digest!",
			preheader: "You're in: one email a month with war stories, tools and 3 AM wisdom.",
			text:      []string{"Hi Jane,", "Once a month", "war stories", "3 AM wisdom", "https://portfolio.test/newsletter", "owner@portfolio.test"},
			html:      []string{"Hi Jane,", "Once a month", "mailto:owner@portfolio.test"},
		},
		{
			name: "edition",
			deferred: func() (mail.Message, error) {
				return editionMessage(newsletterBase(""), editionFields{
					title:   "#1 It Was DNS <Again> & Again",
					date:    "December 2024",
					excerpt: "How a default multiplied our DNS <traffic>.",
					html:    editionFixtureHTML,
					url:     "https://portfolio.test/newsletter/1",
				})
			},
			subject:   "DevOps Digest - December 2024 - #1 It Was DNS <Again> & Again",
			preheader: "How a default multiplied our DNS &lt;traffic&gt;.",
			text: []string{
				"Read it on the web: https://portfolio.test/newsletter/1\n\nHi DevOps Enthusiast,\n\nWelcome & <welcome>.\n\nWar story: DNS\n\nA list:\n\n- one\n- two\n\nndots: \"2\"\n\nkey: <v>\n\nThe end.\n\nThis and every past edition",
			},
			html: []string{
				`<a href="https://portfolio.test/newsletter/1" style="color:#2563eb;">Read it on the web</a>`,
				"#1 It Was DNS &lt;Again&gt; &amp; Again",
				`<p style="margin:0 0 16px;">Hi DevOps Enthusiast,</p>` + "\n" + `<p style="margin:0 0 16px;">Welcome &amp; &lt;welcome&gt;.</p>`,
				`<h2 style="margin:32px 0 12px;font-size:19px;line-height:1.35;font-weight:700;overflow-wrap:anywhere;">War story: DNS</h2>`,
				`<li style="margin:0 0 6px;">one</li>`,
				`white-space:pre-wrap;word-break:break-word;overflow-wrap:anywhere;max-width:100%;overflow-x:auto;"><code style=`,
				`ndots: &#34;2&#34;` + "\n\n" + `key: &lt;v&gt;</code></pre>`,
			},
			notInHTML: []string{"```", "<Again>", "<welcome>", "shiki", "white-space:pre;"},
		},
		{
			name: "edition without its HTML",
			deferred: func() (mail.Message, error) {
				return editionMessage(newsletterBase(""), editionFields{
					title: "#1 x", date: "December 2024", url: "https://portfolio.test/newsletter/1",
					excerpt: "An excerpt.", text: "A list:\n- one\n\n```yaml\nkey: <v>\n```",
				})
			},
			subject:   "DevOps Digest - December 2024 - #1 x",
			preheader: "An excerpt.",
			// Its Markdown as written, wrapped in the HTML part.
			text: []string{"Hi DevOps Enthusiast,\n\nA list:\n- one\n\n```yaml\nkey: <v>\n```\n\nThis and"},
			html: []string{"<p style=\"margin:0 0 16px;white-space:pre-wrap;\">A list:\n- one\n\n```yaml\nkey: &lt;v&gt;\n```</p>"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := sentEmail(t, tt.deferred)
			if e.Subject != tt.subject {
				t.Errorf("Subject = %q, want %q", e.Subject, tt.subject)
			}
			// Every email: its preheader, hidden at the top of the body, and dark-mode
			// colours where the client honours them.
			templatestest.Layout(t, e.HTML, tt.preheader)
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
	m, err := editionMessage(newsletterBase("Jane"), editionFields{title: "#1 x", date: "May 2025", text: "Hello."})
	if err != nil {
		t.Fatal(err)
	}
	delete(m.Template.Params, "edition_url")
	e := sentEmail(t, func() (mail.Message, error) { return m, nil })
	if !strings.Contains(e.Text, "Hello.") || strings.Contains(e.Text, "Read it on the web") || strings.Contains(e.HTML, "Read it on the web") {
		t.Errorf("text:\n%s\nhtml:\n%s", e.Text, e.HTML)
	}
}

func TestNewsletterNamesAreEscaped(t *testing.T) {
	base := newsletterBase(hostile + "\nBcc: victim@example.com")
	e := sentEmail(t, func() (mail.Message, error) { return welcomeMessage(base) })
	checkNoRawHTML(t, e.HTML)
	if !strings.Contains(e.HTML, "&lt;script&gt;") {
		t.Error("the name is not in the HTML, escaped")
	}
	ed := sentEmail(t, func() (mail.Message, error) {
		return editionMessage(base, editionFields{title: "#1 x\r\nBcc: victim@example.com", date: "May 2025", text: hostile})
	})
	if strings.ContainsAny(ed.Subject, "\r\n") {
		t.Errorf("subject has a line break: %q", ed.Subject)
	}
	checkNoRawHTML(t, ed.HTML)
}

func TestNewsletterParamsUseTheSpecsNames(t *testing.T) {
	m, err := confirmationMessage(newsletterBase(""), "https://x.test/c", time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	p := m.Template.Params
	for _, k := range []string{"to_email", "to_name", "from_email", "reply_to"} {
		if p[k] == "" {
			t.Errorf("params lack %s", k)
		}
	}
	if p["to_name"] != DefaultToName || p["valid_for"] != "1 hour" {
		t.Errorf("to_name %q, valid_for %q", p["to_name"], p["valid_for"])
	}
}

// checkNoRawHTML fails if the hostile markup made it into the HTML as markup.
func checkNoRawHTML(t *testing.T, html string) {
	t.Helper()
	for _, bad := range []string{"<script>", "<b>bold</b>"} {
		if strings.Contains(html, bad) {
			t.Errorf("html contains %q unescaped", bad)
		}
	}
}
