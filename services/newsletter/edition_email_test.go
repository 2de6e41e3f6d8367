package newsletter_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
	"github.com/portfolio-site/portfolio/services/mail/templates"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// editionTwo is edition #2 as the site has it, with the HTML the content build renders
// from its text (testdata/edition-2.html, copied from content/rendered/editions.json):
// the Go tests do not need the npm build.
func editionTwo(t *testing.T) content.Edition {
	t.Helper()
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(filepath.Join("testdata", "edition-2.html"))
	if err != nil {
		t.Fatal(err)
	}
	ed := editions[1]
	ed.HTML = string(html)
	return ed
}

// sentOverSMTP is m, queued, as a subscriber's mail server receives it: rendered by the
// mail worker's transport and sent over a real SMTP conversation.
func sentOverSMTP(t *testing.T, m mail.Message) smtptest.Parsed {
	t.Helper()
	srv := smtptest.Start(t, smtptest.Options{})
	next, err := smtp.New(smtp.Config{Host: srv.Host, Port: srv.Port, TLS: smtp.TLSNone, Timeout: 10 * time.Second, HELO: "test"})
	if err != nil {
		t.Fatal(err)
	}
	reg, err := templates.NewRegistry(newsletter.EmailTemplates()...)
	if err != nil {
		t.Fatal(err)
	}
	if err := (templates.Transport{Templates: reg, Next: next}).Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	p, err := srv.Wait(t, 1, 10*time.Second)[0].Parse()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// An edition's email as a subscriber gets it: the template's one greeting (the
// edition's text has none), the sections as h2s, lists as lists and code that wraps
// in its box in the HTML part, the excerpt as its hidden preheader; in the text part
// lists as "- item", headings as their text, code without its ``` fences.
func TestEditionEmailShowsTheEditionAsItsPageDoes(t *testing.T) {
	e := newEnv(t, filepath.Join(t.TempDir(), "portfolio.db"))
	ed := editionTwo(t)
	queued, err := e.svc.EditionEmail(ed, newsletter.Subscriber{ID: 7, Email: "jane@example.org", State: newsletter.StateConfirmed})
	if err != nil {
		t.Fatal(err)
	}
	got := sentOverSMTP(t, queued)

	for part, body := range map[string]string{"text": got.Text, "html": got.HTML} {
		if n := strings.Count(body, "Hi DevOps Enthusiast,"); n != 1 {
			t.Errorf("the %s part greets %d times, want once", part, n)
		}
		if n := len(regexp.MustCompile(`(?i)\b(hi|hello|hey) there\b`).FindAllString(body, -1)); n != 0 {
			t.Errorf("the %s part has a second greeting", part)
		}
	}

	html := got.HTML
	h2s := regexp.MustCompile(`<h2 style="[^"]*">([^<]*)</h2>`).FindAllStringSubmatch(html, -1)
	var titles []string
	for _, m := range h2s {
		titles = append(titles, m[1])
	}
	if want := []string{"Deep dive: refactoring without terraform state mv", "Tool of the month: tflint", "3 AM wisdom"}; strings.Join(titles, "|") != strings.Join(want, "|") {
		t.Errorf("h2s %q, want %q", titles, want)
	}
	if n := strings.Count(html, `<li style="margin:0 0 6px;">`); n != 3 {
		t.Errorf("%d list items, want the 3 of the edition's list", n)
	}
	if strings.Contains(html, "<p style=\"margin:0 0 16px;\">- ") {
		t.Error("a list item arrived as a paragraph starting with '- '")
	}
	for _, want := range []string{
		`<li style="margin:0 0 6px;">A moved block tells Terraform that a resource has a new address`,
		"white-space:pre-wrap;word-break:break-word;",
		"moved {\n  from = aws_security_group.app\n  to   = module.checkout.aws_security_group.this\n}",
		`<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;font-size:1px;line-height:1px;color:transparent;mso-hide:all;">` + ed.Excerpt + `</div>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("html lacks %q", want)
		}
	}
	for _, unwanted := range []string{"white-space:pre;", "```", "shiki", "--shiki-", `id="deep-dive`} {
		if strings.Contains(html, unwanted) {
			t.Errorf("html has %q", unwanted)
		}
	}

	text := got.Text
	for _, want := range []string{
		"Hi DevOps Enthusiast,\n\nHappy new year!",
		"\n\nDeep dive: refactoring without terraform state mv\n\n",
		"\n- A moved block tells Terraform",
		"\n- A removed block (Terraform 1.7+)",
		"\n\nmoved {\n  from = aws_security_group.app\n",
		"\n\nTool of the month: tflint\n\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	for _, unwanted := range []string{"```", "## ", "hcl\n", "<"} {
		if strings.Contains(text, unwanted) {
			t.Errorf("text has %q:\n%s", unwanted, text)
		}
	}
}
