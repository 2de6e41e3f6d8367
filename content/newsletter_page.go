package content

import (
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// NewsletterPageFile is the newsletter page's file name, relative to the content root.
const NewsletterPageFile = "newsletter-page.json"

// NewsletterExpectIcons are the icons the page draws beside 'What to Expect' items.
var NewsletterExpectIcons = []string{"war-stories", "deep-dives", "architecture", "wisdom"}

// NewsletterPage is the /newsletter page's copy: its texts, the subscribe form's labels
// and rules, and the toasts it shows. The editions are newsletter/*.md (LoadEditions).
// "{subscribers}" in a text stands for site.json's stats.newsletterSubscribers.
type NewsletterPage struct {
	Heading string `json:"heading"`
	Intro   string `json:"intro"`
	// BadgesLabel is the accessible name of the list of badges.
	BadgesLabel string               `json:"badgesLabel"`
	Badges      []string             `json:"badges"`
	Links       NewsletterLinks      `json:"links"`
	Expect      NewsletterExpect     `json:"expect"`
	Form        NewsletterForm       `json:"form"`
	Validation  NewsletterValidation `json:"validation"`
	// Welcome is the card that replaces the form after subscribing.
	Welcome  NewsletterText   `json:"welcome"`
	Toasts   NewsletterToasts `json:"toasts"`
	Editions NewsletterIntro  `json:"editions"`
	CTA      NewsletterCTA    `json:"cta"`
}

// NewsletterLinks label the links back to the site.
type NewsletterLinks struct {
	Home string `json:"home"`
	Blog string `json:"blog"`
}

// NewsletterExpect is 'What to Expect'.
type NewsletterExpect struct {
	Heading string               `json:"heading"`
	Items   []NewsletterExpected `json:"items"`
}

// NewsletterExpected is one item of 'What to Expect'.
type NewsletterExpected struct {
	Icon        string `json:"icon"` // one of NewsletterExpectIcons
	Title       string `json:"title"`
	Description string `json:"description"`
}

// NewsletterForm is the subscribe form.
type NewsletterForm struct {
	Heading       string           `json:"heading"`
	Description   string           `json:"description"`
	Fields        NewsletterFields `json:"fields"`
	OptionalLabel string           `json:"optionalLabel"` // shown in the optional name field's label
	HoneypotLabel string           `json:"honeypotLabel"` // the hidden field that bots fill in
	SubmitLabel   string           `json:"submitLabel"`
	PendingLabel  string           `json:"pendingLabel"`
}

// NewsletterFields are the form's inputs.
type NewsletterFields struct {
	Name  NewsletterField `json:"name"`
	Email NewsletterField `json:"email"`
}

// NewsletterField is one input's label and placeholder.
type NewsletterField struct {
	Label       string `json:"label"`
	Placeholder string `json:"placeholder"`
}

// NewsletterValidation holds the form's rules and messages (spec section 5): the
// email required and valid, the name optional and at least NameMinLength characters
// when given.
type NewsletterValidation struct {
	NameMinLength int    `json:"nameMinLength"`
	NameTooShort  string `json:"nameTooShort"`
	InvalidEmail  string `json:"invalidEmail"`
}

// NewsletterText is a heading with a text under it.
type NewsletterText struct {
	Heading string `json:"heading"`
	Text    string `json:"text"`
}

// NewsletterIntro is a heading with an introduction under it.
type NewsletterIntro struct {
	Heading string `json:"heading"`
	Intro   string `json:"intro"`
}

// NewsletterToasts are the toasts after a submit.
type NewsletterToasts struct {
	Success NewsletterToast `json:"success"`
	Failure NewsletterToast `json:"failure"`
}

// NewsletterToast is a toast's title and description.
type NewsletterToast struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

// NewsletterCTA is 'Don't Miss Out', whose button scrolls the page to ScrollTop (CSS
// pixels from the top).
type NewsletterCTA struct {
	Heading   string `json:"heading"`
	Text      string `json:"text"`
	Button    string `json:"button"`
	ScrollTop int    `json:"scrollTop"`
}

type newsletterPageFile struct {
	Schema string `json:"$schema,omitempty"`
	NewsletterPage
}

// LoadNewsletterPage reads and strictly decodes newsletter-page.json from fsys (usually
// FS()). Every text must be set but the placeholders, and nameTooShort must state
// nameMinLength.
func LoadNewsletterPage(fsys fs.FS) (NewsletterPage, error) {
	var f newsletterPageFile
	if err := decodePageFile(fsys, NewsletterPageFile, &f); err != nil {
		return NewsletterPage{}, err
	}
	p := f.NewsletterPage
	c := newFieldChecker(NewsletterPageFile)
	c.text("heading", p.Heading)
	c.text("intro", p.Intro)
	c.text("badgesLabel", p.BadgesLabel)
	c.texts("badges", p.Badges, 1, -1)
	c.text("links.home", p.Links.Home)
	c.text("links.blog", p.Links.Blog)
	c.text("expect.heading", p.Expect.Heading)
	c.count("expect.items", len(p.Expect.Items), 1, -1)
	for i, item := range p.Expect.Items {
		at := fmt.Sprintf("expect.items[%d]", i)
		c.oneOf(at+".icon", item.Icon, NewsletterExpectIcons)
		c.text(at+".title", item.Title)
		c.text(at+".description", item.Description)
	}
	fm := p.Form
	c.text("form.heading", fm.Heading)
	c.text("form.description", fm.Description)
	c.text("form.fields.name.label", fm.Fields.Name.Label)
	c.text("form.fields.email.label", fm.Fields.Email.Label)
	c.text("form.optionalLabel", fm.OptionalLabel)
	c.text("form.honeypotLabel", fm.HoneypotLabel)
	c.text("form.submitLabel", fm.SubmitLabel)
	c.text("form.pendingLabel", fm.PendingLabel)
	v := p.Validation
	c.positive("validation.nameMinLength", v.NameMinLength)
	if !strings.Contains(v.NameTooShort, strconv.Itoa(v.NameMinLength)) {
		c.addf("validation.nameTooShort", "%q does not state nameMinLength %d", v.NameTooShort, v.NameMinLength)
	}
	c.text("validation.invalidEmail", v.InvalidEmail)
	c.text("welcome.heading", p.Welcome.Heading)
	c.text("welcome.text", p.Welcome.Text)
	c.text("toasts.success.title", p.Toasts.Success.Title)
	c.text("toasts.success.description", p.Toasts.Success.Description)
	c.text("toasts.failure.title", p.Toasts.Failure.Title)
	c.text("toasts.failure.description", p.Toasts.Failure.Description)
	c.text("editions.heading", p.Editions.Heading)
	c.text("editions.intro", p.Editions.Intro)
	c.text("cta.heading", p.CTA.Heading)
	c.text("cta.text", p.CTA.Text)
	c.text("cta.button", p.CTA.Button)
	if p.CTA.ScrollTop < 0 {
		c.addf("cta.scrollTop", "must not be negative, got %d", p.CTA.ScrollTop)
	}
	if err := c.err(); err != nil {
		return NewsletterPage{}, err
	}
	return p, nil
}
