package templates

// Rendering at once, for the tests: what Deferred and Expand give an email as it is
// sent, in one call.

// Email is a rendered email: its subject and both bodies.
type Email struct {
	Subject string
	Text    string
	HTML    string
}

func (s set) render(params map[string]string) (Email, error) {
	subject, err := s.subject(params)
	if err != nil {
		return Email{}, err
	}
	text, html, err := s.bodies(params)
	if err != nil {
		return Email{}, err
	}
	return Email{Subject: subject, Text: text, HTML: html}, nil
}

func (n ContactNotification) Render() (Email, error) { return contactNotification.render(n.Params()) }
func (a ContactAutoReply) Render() (Email, error)    { return contactAutoReply.render(a.Params()) }
func (c NewsletterConfirmation) Render() (Email, error) {
	return newsletterConfirmation.render(c.Params())
}
func (w NewsletterWelcome) Render() (Email, error) { return newsletterWelcome.render(w.Params()) }
func (e NewsletterEdition) Render() (Email, error) { return newsletterEdition.render(e.Params()) }
