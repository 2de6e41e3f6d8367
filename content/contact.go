package content

import (
	"fmt"
	"io/fs"
)

// ContactFile is the contact page's file name, relative to the content root.
const ContactFile = "contact.json"

// ContactSubjects are the contact form's subject values, in display order, as
// schema/contact.schema.json lists them (their one source).
var ContactSubjects = schemaEnum("contact.schema.json", "/$defs/subject/enum")

// Contact is the contact page's copy, its form's subjects and rules, and the toasts it
// shows. The owner's email, phone, location and response time are in site.json.
type Contact struct {
	Heading    string            `json:"heading"`
	Intro      string            `json:"intro"`
	Form       ContactForm       `json:"form"`
	Connect    ContactConnect    `json:"connect"`
	Validation ContactValidation `json:"validation"`
	Toasts     ContactToasts     `json:"toasts"`
}

// ContactForm is the 'Send a Message' form.
type ContactForm struct {
	Heading        string           `json:"heading"`
	Fields         ContactFields    `json:"fields"`
	Subjects       []ContactSubject `json:"subjects"`
	DefaultSubject string           `json:"defaultSubject"`
	HoneypotLabel  string           `json:"honeypotLabel"` // the hidden 'website' field that bots fill in
	SubmitLabel    string           `json:"submitLabel"`
	PendingLabel   string           `json:"pendingLabel"`
}

// ContactFields are the form's inputs.
type ContactFields struct {
	Name    ContactField `json:"name"`
	Email   ContactField `json:"email"`
	Subject ContactField `json:"subject"`
	Message ContactField `json:"message"`
}

// ContactField is one input's label and placeholder.
type ContactField struct {
	Label       string `json:"label"`
	Placeholder string `json:"placeholder"`
}

// ContactSubject is one option of the subject select.
type ContactSubject struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// ContactConnect is the "Let's Connect" panel's copy.
type ContactConnect struct {
	Heading           string `json:"heading"`
	Text              string `json:"text"`
	EmailLabel        string `json:"emailLabel"`
	LocationLabel     string `json:"locationLabel"`
	PhoneLabel        string `json:"phoneLabel"`
	ResponseTimeLabel string `json:"responseTimeLabel"`
	SocialHeading     string `json:"socialHeading"`
}

// ContactValidation holds the form's own rules and messages: the message's and the
// subject's (the name's and the email's are FormFields). Lengths are in characters
// (Unicode code points) after trimming.
type ContactValidation struct {
	MessageMinLength int    `json:"messageMinLength"`
	MessageMaxLength int    `json:"messageMaxLength"`
	MessageRows      int    `json:"messageRows"`
	Title            string `json:"title"`
	InvalidSubject   string `json:"invalidSubject"`
	MessageTooShort  string `json:"messageTooShort"`
	MessageTooLong   string `json:"messageTooLong"`
}

// ContactToasts are the toasts after a submit.
type ContactToasts struct {
	Success ContactToast `json:"success"`
	Failure ContactToast `json:"failure"`
}

// ContactToast is a toast's title and description.
type ContactToast struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

// LoadContact reads contact.json from fsys (usually FS()), checked against its schema
// and checkContact.
func LoadContact(fsys fs.FS) (Contact, error) {
	return loadFile(fsys, ContactFile, checkContact)
}

// checkContact holds contact.json's rules beyond its schema: each subject is listed
// once, the message's maximum is at least its minimum, and each message states its
// limit.
func checkContact(c *fieldChecker, ct Contact) {
	subjects := ct.Form.Subjects
	unique(c, len(subjects), func(i int) string { return fmt.Sprintf("%q", subjects[i].Value) },
		func(i int) string { return fmt.Sprintf("/form/subjects/%d/value", i) })
	v := ct.Validation
	atLeast(c, "/validation/", "messageMaxLength", v.MessageMaxLength, "messageMinLength", v.MessageMinLength)
	limitsStated(c, "/validation/",
		statedLimit{"messageTooShort", "messageMinLength", v.MessageTooShort, v.MessageMinLength},
		statedLimit{"messageTooLong", "messageMaxLength", v.MessageTooLong, v.MessageMaxLength},
	)
}
