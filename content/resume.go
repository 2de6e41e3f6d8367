package content

import (
	"fmt"
	"io/fs"
)

// ResumeFile is the resume page's file name, relative to the content root.
const ResumeFile = "resume.json"

// ExperienceCount is the spec's number of work experience entries.
const ExperienceCount = 3

// Resume is the resume page and the printable resume built from it.
type Resume struct {
	// Summary heads the printable resume.
	Summary        string          `json:"summary"`
	Experience     []Experience    `json:"experience"`
	Education      []Education     `json:"education"`
	Certifications []Certification `json:"certifications"`
}

// Experience is one job, most recent first.
type Experience struct {
	Title   string `json:"title"`
	Company string `json:"company"`
	// Duration is display text, e.g. "Jan 2022 – Present".
	Duration     string   `json:"duration"`
	Location     string   `json:"location"`
	Achievements []string `json:"achievements"`
}

// Education is a degree. The field is "university" in lowercase: the spec's data spelt
// it "University" and the page showed an empty line; that bug is fixed here.
type Education struct {
	Degree     string `json:"degree"`
	University string `json:"university"`
	Year       int    `json:"year"`
}

// Certification is a professional certification.
type Certification struct {
	Name     string `json:"name"`
	Provider string `json:"provider"`
	Year     int    `json:"year"`
}

type resumeFile struct {
	Schema string `json:"$schema,omitempty"`
	Resume
}

// LoadResume reads and strictly decodes resume.json from fsys (usually FS()).
func LoadResume(fsys fs.FS) (Resume, error) {
	var f resumeFile
	if err := decodePageFile(fsys, ResumeFile, &f); err != nil {
		return Resume{}, err
	}
	r := f.Resume
	c := newFieldChecker(ResumeFile)
	c.text("summary", r.Summary)
	c.count("experience", len(r.Experience), ExperienceCount, ExperienceCount)
	for i, e := range r.Experience {
		at := fmt.Sprintf("experience[%d]", i)
		c.text(at+".title", e.Title)
		c.text(at+".company", e.Company)
		c.text(at+".duration", e.Duration)
		c.text(at+".location", e.Location)
		c.texts(at+".achievements", e.Achievements, 3, 5)
	}
	c.count("education", len(r.Education), 1, -1)
	for i, e := range r.Education {
		at := fmt.Sprintf("education[%d]", i)
		c.text(at+".degree", e.Degree)
		c.text(at+".university", e.University)
		checkYear(c, at+".year", e.Year)
	}
	c.count("certifications", len(r.Certifications), 1, -1)
	for i, cert := range r.Certifications {
		at := fmt.Sprintf("certifications[%d]", i)
		c.text(at+".name", cert.Name)
		c.text(at+".provider", cert.Provider)
		checkYear(c, at+".year", cert.Year)
	}
	if err := c.err(); err != nil {
		return Resume{}, err
	}
	return r, nil
}

func checkYear(c *fieldChecker, field string, year int) {
	if year < 1950 || year > 2100 {
		c.addf(field, "%d is not a plausible year", year)
	}
}
