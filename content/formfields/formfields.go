// Package formfields is a name's and an email address's limits and messages, the same
// for every form that asks for them (the contact form, the newsletter's subscribe
// form): content's form-fields.json, written into rules_gen.go, so that the gateway's
// checks and the pages read one source (docs/decisions/0019).
package formfields

//go:generate go run github.com/portfolio-site/portfolio/content/cmd/formrules -form fields -package formfields -out rules_gen.go
