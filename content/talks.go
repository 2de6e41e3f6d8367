package content

import (
	"fmt"
	"io/fs"
)

// TalksFile is the talks page's file name, relative to the content root.
const TalksFile = "talks.json"

// TalkCount is the spec's number of talks.
const TalkCount = 3

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

type talksFile struct {
	Schema string `json:"$schema,omitempty"`
	Talks  []Talk `json:"talks"`
}

// LoadTalks reads and strictly decodes talks.json from fsys (usually FS()), in display
// order.
func LoadTalks(fsys fs.FS) ([]Talk, error) {
	var f talksFile
	if err := decodePageFile(fsys, TalksFile, &f); err != nil {
		return nil, err
	}
	c := newFieldChecker(TalksFile)
	c.count("talks", len(f.Talks), TalkCount, TalkCount)
	for i, t := range f.Talks {
		at := fmt.Sprintf("talks[%d]", i)
		c.text(at+".title", t.Title)
		c.text(at+".event", t.Event)
		c.text(at+".description", t.Description)
		c.uniqueTexts(at+".tags", t.Tags, 1, -1)
		c.isoDate(at+".date", t.Date)
		if t.VideoURL != "" {
			c.httpsURL(at+".videoUrl", t.VideoURL)
		}
		if t.SlidesURL != "" {
			c.httpsURL(at+".slidesUrl", t.SlidesURL)
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	return f.Talks, nil
}
