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

type legalFile struct {
	Schema string `json:"$schema,omitempty"`
	Legal
}

// LoadLegal reads and strictly decodes legal.json from fsys (usually FS()). Besides
// the structure it checks that each document's prose states its constants, so the
// fields and the text cannot drift apart.
func LoadLegal(fsys fs.FS) (Legal, error) {
	var f legalFile
	if err := decodePageFile(fsys, LegalFile, &f); err != nil {
		return Legal{}, err
	}
	l := f.Legal
	c := newFieldChecker(LegalFile)
	checkLegalDocument(c, "privacy", l.Privacy.LegalDocument)
	checkLegalDocument(c, "terms", l.Terms.LegalDocument)

	privacy, terms := l.Privacy.text(), l.Terms.text()
	if l.Privacy.ResponseTimeHours < 1 {
		c.positive("privacy.responseTimeHours", l.Privacy.ResponseTimeHours)
	} else if want := fmt.Sprintf("%d hours", l.Privacy.ResponseTimeHours); !strings.Contains(privacy, want) {
		c.addf("privacy.responseTimeHours", "the policy's text never says %q", want)
	}
	if l.Privacy.MinimumAge < 1 {
		c.positive("privacy.minimumAge", l.Privacy.MinimumAge)
	} else if want := fmt.Sprintf("under %d", l.Privacy.MinimumAge); !strings.Contains(privacy, want) {
		c.addf("privacy.minimumAge", "the policy's text never says %q", want)
	}
	if l.Terms.NoticePeriodDays < 1 {
		c.positive("terms.noticePeriodDays", l.Terms.NoticePeriodDays)
	} else if want := fmt.Sprintf("%d days", l.Terms.NoticePeriodDays); !strings.Contains(terms, want) {
		c.addf("terms.noticePeriodDays", "the terms' text never says %q", want)
	}
	if strings.TrimSpace(l.Terms.GoverningLaw) == "" {
		c.addf("terms.governingLaw", "is empty")
	} else if want := "laws of " + l.Terms.GoverningLaw; !strings.Contains(terms, want) {
		c.addf("terms.governingLaw", "the terms' text never says %q", want)
	}
	if err := c.err(); err != nil {
		return Legal{}, err
	}
	return l, nil
}

func checkLegalDocument(c *fieldChecker, at string, d LegalDocument) {
	c.text(at+".title", d.Title)
	c.isoDate(at+".lastUpdated", d.LastUpdated)
	c.text(at+".intro", d.Intro)
	c.count(at+".sections", len(d.Sections), 1, -1)
	ids := make(map[string]bool, len(d.Sections))
	for i, s := range d.Sections {
		sat := fmt.Sprintf("%s.sections[%d]", at, i)
		c.text(sat+".id", s.ID)
		if ids[s.ID] {
			c.addf(sat+".id", "%q is used twice", s.ID)
		}
		ids[s.ID] = true
		c.text(sat+".heading", s.Heading)
		c.texts(sat+".paragraphs", s.Paragraphs, 1, -1)
		if s.List != nil {
			c.texts(sat+".list", s.List, 1, -1)
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
