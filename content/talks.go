package content

import "io/fs"

// TalksFile is the talks page's file name, relative to the content root.
const TalksFile = "talks.json"

// Talk is one entry of 'Talks & Events'.
type Talk struct {
	Title       string   `json:"title"`
	Event       string   `json:"event"`
	Description string   `json:"description"`
	Tags        []string `json:"tags"`
	// Date is an ISO calendar date, YYYY-MM-DD.
	Date string `json:"date"`
	// VideoURL is "" when there is no recording ('Watch Video' is not shown).
	VideoURL string `json:"videoUrl,omitempty"`
	// SlidesURL is "" when there are no slides ('View Slides' is not shown).
	SlidesURL string `json:"slidesUrl,omitempty"`
}

// talksFile is talks.json: the list under its one key.
type talksFile struct {
	Talks []Talk `json:"talks"`
}

// LoadTalks reads talks.json from fsys (usually FS()) in display order, checked against
// its schema (three talks, ISO calendar dates, https links).
func LoadTalks(fsys fs.FS) ([]Talk, error) {
	f, err := loadFile[talksFile](fsys, TalksFile, nil)
	return f.Talks, err
}
