package content

import "io/fs"

// ResumeFile is the resume page's file name, relative to the content root.
const ResumeFile = "resume.json"

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

// Education is a degree. The field is "university" in lowercase: the original data spelt
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

// LoadResume reads resume.json from fsys (usually FS()), checked against its schema.
func LoadResume(fsys fs.FS) (Resume, error) {
	return loadFile[Resume](fsys, ResumeFile, nil)
}
