package content

import (
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
)

// ContactFile is the contact page's file name, relative to the content root.
const ContactFile = "contact.json"

// ContactSubjects are the contact form's subject values, in display order.
var ContactSubjects = []string{"collaboration", "job", "consulting", "speaking", "other"}

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

// ContactValidation holds the form's rules and messages (spec section 5, plus the
// maximum lengths). Lengths are in characters (Unicode code points) after trimming.
type ContactValidation struct {
	NameMinLength    int    `json:"nameMinLength"`
	NameMaxLength    int    `json:"nameMaxLength"`
	EmailMaxLength   int    `json:"emailMaxLength"`
	MessageMinLength int    `json:"messageMinLength"`
	MessageMaxLength int    `json:"messageMaxLength"`
	MessageRows      int    `json:"messageRows"`
	Title            string `json:"title"`
	NameTooShort     string `json:"nameTooShort"`
	NameTooLong      string `json:"nameTooLong"`
	NameNotOneLine   string `json:"nameNotOneLine"`
	NameDirection    string `json:"nameDirection"`
	InvalidEmail     string `json:"invalidEmail"`
	EmailTooLong     string `json:"emailTooLong"`
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

type contactFile struct {
	Schema string `json:"$schema,omitempty"`
	Contact
}

// LoadContact reads and strictly decodes contact.json from fsys (usually FS()). The
// subjects must be exactly ContactSubjects, each once.
func LoadContact(fsys fs.FS) (Contact, error) {
	var f contactFile
	if err := decodePageFile(fsys, ContactFile, &f); err != nil {
		return Contact{}, err
	}
	ct := f.Contact
	c := newFieldChecker(ContactFile)
	c.text("heading", ct.Heading)
	c.text("intro", ct.Intro)
	c.text("form.heading", ct.Form.Heading)
	fields := ct.Form.Fields
	c.text("form.fields.name.label", fields.Name.Label)
	c.text("form.fields.email.label", fields.Email.Label)
	c.text("form.fields.subject.label", fields.Subject.Label)
	c.text("form.fields.message.label", fields.Message.Label)
	var values []string
	for i, s := range ct.Form.Subjects {
		c.text(fmt.Sprintf("form.subjects[%d].label", i), s.Label)
		values = append(values, s.Value)
	}
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	want := slices.Clone(ContactSubjects)
	slices.Sort(want)
	if !slices.Equal(sorted, want) {
		c.addf("form.subjects", "want each of %s once, got %v", strings.Join(ContactSubjects, ", "), values)
	}
	c.oneOf("form.defaultSubject", ct.Form.DefaultSubject, ContactSubjects)
	c.text("form.honeypotLabel", ct.Form.HoneypotLabel)
	c.text("form.submitLabel", ct.Form.SubmitLabel)
	c.text("form.pendingLabel", ct.Form.PendingLabel)
	cn := ct.Connect
	c.text("connect.heading", cn.Heading)
	c.text("connect.text", cn.Text)
	c.text("connect.emailLabel", cn.EmailLabel)
	c.text("connect.locationLabel", cn.LocationLabel)
	c.text("connect.phoneLabel", cn.PhoneLabel)
	c.text("connect.responseTimeLabel", cn.ResponseTimeLabel)
	c.text("connect.socialHeading", cn.SocialHeading)
	v := ct.Validation
	c.positive("validation.nameMinLength", v.NameMinLength)
	c.positive("validation.nameMaxLength", v.NameMaxLength)
	c.positive("validation.emailMaxLength", v.EmailMaxLength)
	c.positive("validation.messageMinLength", v.MessageMinLength)
	c.positive("validation.messageMaxLength", v.MessageMaxLength)
	c.positive("validation.messageRows", v.MessageRows)
	if v.NameMaxLength < v.NameMinLength {
		c.addf("validation.nameMaxLength", "%d is below nameMinLength %d", v.NameMaxLength, v.NameMinLength)
	}
	if v.MessageMaxLength < v.MessageMinLength {
		c.addf("validation.messageMaxLength", "%d is below messageMinLength %d", v.MessageMaxLength, v.MessageMinLength)
	}
	c.text("validation.title", v.Title)
	c.text("validation.nameNotOneLine", v.NameNotOneLine)
	c.text("validation.nameDirection", v.NameDirection)
	c.text("validation.invalidEmail", v.InvalidEmail)
	c.text("validation.invalidSubject", v.InvalidSubject)
	// The messages state the limits; keep them in step with the numbers.
	for _, m := range []struct {
		key, limitKey, message string
		limit                  int
	}{
		{"nameTooShort", "nameMinLength", v.NameTooShort, v.NameMinLength},
		{"nameTooLong", "nameMaxLength", v.NameTooLong, v.NameMaxLength},
		{"emailTooLong", "emailMaxLength", v.EmailTooLong, v.EmailMaxLength},
		{"messageTooShort", "messageMinLength", v.MessageTooShort, v.MessageMinLength},
		{"messageTooLong", "messageMaxLength", v.MessageTooLong, v.MessageMaxLength},
	} {
		if !strings.Contains(m.message, strconv.Itoa(m.limit)) {
			c.addf("validation."+m.key, "%q does not state %s %d", m.message, m.limitKey, m.limit)
		}
	}
	c.text("toasts.success.title", ct.Toasts.Success.Title)
	c.text("toasts.success.description", ct.Toasts.Success.Description)
	c.text("toasts.failure.title", ct.Toasts.Failure.Title)
	c.text("toasts.failure.description", ct.Toasts.Failure.Description)
	if err := c.err(); err != nil {
		return Contact{}, err
	}
	return ct, nil
}
