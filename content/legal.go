package content

import (
	"fmt"
	"io/fs"
	"strings"
)

// LegalFile is the legal pages' file name, relative to the content root.
const LegalFile = "legal.json"

// Legal holds the privacy policy and the terms of use.
type Legal struct {
	Privacy PrivacyPolicy `json:"privacy"`
	Terms   TermsOfUse    `json:"terms"`
}

// LegalDocument is what both legal pages have: a title, the 'last updated' date (ISO
// YYYY-MM-DD, kept in content and shown in en-IN format, not the visitor's today), an
// introduction and sections.
type LegalDocument struct {
	Title       string         `json:"title"`
	LastUpdated string         `json:"lastUpdated"`
	Intro       string         `json:"intro"`
	Sections    []LegalSection `json:"sections"`
}

// LegalSection is a heading with paragraphs and an optional bullet list after them.
type LegalSection struct {
	// ID is the section's anchor.
	ID         string   `json:"id"`
	Heading    string   `json:"heading"`
	Paragraphs []string `json:"paragraphs"`
	List       []string `json:"list,omitempty"`
}

// PrivacyPolicy is the privacy policy page. Its constants are fields so that nothing
// parses prose; the loader checks the prose states the same numbers.
type PrivacyPolicy struct {
	LegalDocument
	// ResponseTimeHours is the response time to privacy requests (48).
	ResponseTimeHours int `json:"responseTimeHours"`
	// MinimumAge: the site is not directed at people under this age (18).
	MinimumAge int `json:"minimumAge"`
}

// TermsOfUse is the terms of use page.
type TermsOfUse struct {
	LegalDocument
	// NoticePeriodDays is the notice given before material changes (30).
	NoticePeriodDays int `json:"noticePeriodDays"`
	// GoverningLaw names the jurisdiction whose laws govern the terms (India).
	GoverningLaw string `json:"governingLaw"`
}

// LoadLegal reads legal.json from fsys (usually FS()), checked against its schema and
// checkLegal.
func LoadLegal(fsys fs.FS) (Legal, error) {
	return loadFile(fsys, LegalFile, checkLegal)
}

// checkLegal holds legal.json's rules beyond its schema: section anchors are unique
// within a document, and each document's prose states its constants, so the fields and
// the text cannot drift apart.
func checkLegal(c *fieldChecker, l Legal) {
	for _, d := range []struct {
		at  string
		doc LegalDocument
	}{{"/privacy", l.Privacy.LegalDocument}, {"/terms", l.Terms.LegalDocument}} {
		unique(c, len(d.doc.Sections), func(i int) string { return fmt.Sprintf("%q", d.doc.Sections[i].ID) },
			func(i int) string { return fmt.Sprintf("%s/sections/%d/id", d.at, i) })
	}
	privacy, terms := l.Privacy.text(), l.Terms.text()
	for _, s := range []struct{ ptr, doc, text, want string }{
		{"/privacy/responseTimeHours", "the policy's text", privacy, fmt.Sprintf("%d hours", l.Privacy.ResponseTimeHours)},
		{"/privacy/minimumAge", "the policy's text", privacy, fmt.Sprintf("under %d", l.Privacy.MinimumAge)},
		{"/terms/noticePeriodDays", "the terms' text", terms, fmt.Sprintf("%d days", l.Terms.NoticePeriodDays)},
		{"/terms/governingLaw", "the terms' text", terms, "laws of " + l.Terms.GoverningLaw},
	} {
		if !strings.Contains(s.text, s.want) {
			c.addf(s.ptr, "%s never says %q", s.doc, s.want)
		}
	}
}

// text is all of the document's prose, for checks on what it states.
func (d LegalDocument) text() string {
	var b strings.Builder
	b.WriteString(d.Intro)
	for _, s := range d.Sections {
		for _, p := range s.Paragraphs {
			b.WriteString("\n" + p)
		}
		for _, item := range s.List {
			b.WriteString("\n" + item)
		}
	}
	return b.String()
}
