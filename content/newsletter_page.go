package content

import "io/fs"

// NewsletterPageFile is the newsletter page's file name, relative to the content root.
const NewsletterPageFile = "newsletter-page.json"

// NewsletterExpectIcons are the icons the page draws beside 'What to Expect' items, as
// schema/newsletter-page.schema.json lists them.
var NewsletterExpectIcons = schemaEnum("newsletter-page.schema.json", "/properties/expect/properties/items/items/properties/icon/enum")

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

// NewsletterValidation holds the subscribe form's rules and messages: the email
// required and valid; the name optional, and when given held to the same rule as the
// contact form's.
type NewsletterValidation struct {
	NameEmailValidation
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

// LoadNewsletterPage reads newsletter-page.json from fsys (usually FS()), checked
// against its schema. Beyond it, the name's maximum is at least its minimum, and each
// message states its limit.
func LoadNewsletterPage(fsys fs.FS) (NewsletterPage, error) {
	return loadFile(fsys, NewsletterPageFile, func(c *fieldChecker, p NewsletterPage) {
		v := p.Validation
		atLeast(c, "nameMaxLength", v.NameMaxLength, "nameMinLength", v.NameMinLength)
		limitsStated(c,
			statedLimit{"nameTooShort", "nameMinLength", v.NameTooShort, v.NameMinLength},
			statedLimit{"nameTooLong", "nameMaxLength", v.NameTooLong, v.NameMaxLength},
			statedLimit{"emailTooLong", "emailMaxLength", v.EmailTooLong, v.EmailMaxLength},
		)
	})
}
