package pages

import (
	"bytes"

	"golang.org/x/net/html"

	"github.com/portfolio-site/portfolio/content"
)

// ContactForm is the contact form as the gateway shows it again after a post without
// JavaScript that broke a rule: every field's problem listed under the heading and
// beside the field, the values the visitor sent kept in it.
type ContactForm struct {
	Kicker   string          // a short line above the title; optional
	Title    string          // the heading, and the page's <title>
	Copy     content.Contact // labels, subjects, honeypot and submit labels, message rows
	Values   ContactValues   // what the visitor sent
	Problems map[string]string
	Links    []Link
}

// ContactValues are the contact form's fields as posted.
type ContactValues struct {
	Name, Email, Subject, Message string
}

// contactField is one field of the form as the template draws it.
type contactField struct {
	Name, Type, Label, Placeholder, Value, Problem string
}

// fieldProblem is one line of the list of problems, linking to its field.
type fieldProblem struct{ Field, Message string }

// RenderContactForm returns the page of f: the site's look (the shell's stylesheet
// and theme script), none of its JavaScript.
func (n *Notices) RenderContactForm(f ContactForm) []byte {
	fields := f.Copy.Form.Fields
	all := []contactField{
		{Name: "name", Type: "text", Label: fields.Name.Label, Placeholder: fields.Name.Placeholder, Value: f.Values.Name},
		{Name: "email", Type: "email", Label: fields.Email.Label, Placeholder: fields.Email.Placeholder, Value: f.Values.Email},
		{Name: "subject", Label: fields.Subject.Label, Value: f.Values.Subject},
		{Name: "message", Label: fields.Message.Label, Placeholder: fields.Message.Placeholder, Value: f.Values.Message},
	}
	var problems []fieldProblem
	for i := range all {
		if msg := f.Problems[all[i].Name]; msg != "" {
			all[i].Problem = msg
			problems = append(problems, fieldProblem{Field: all[i].Name, Message: msg})
		}
	}
	data := struct {
		chrome
		Kicker, Title, HoneypotLabel, SubmitLabel string
		MessageRows                               int
		Fields                                    []contactField
		Subjects                                  []content.ContactSubject
		Problems                                  []fieldProblem
		Links                                     []Link
	}{
		n.chrome(), f.Kicker, f.Title, f.Copy.Form.HoneypotLabel, f.Copy.Form.SubmitLabel,
		f.Copy.Validation.MessageRows, all, f.Copy.Form.Subjects, problems, f.Links,
	}
	var body bytes.Buffer
	if err := templates.ExecuteTemplate(&body, "contact-form", data); err != nil {
		// Only a broken template gets here; the page must still say something.
		body.Reset()
		body.WriteString("<h1>" + html.EscapeString(f.Title) + "</h1>")
	}
	return n.page(f.Title, body.Bytes())
}
