package content

import "io/fs"

// SiteFile is the site configuration's file name, relative to the content root.
const SiteFile = "site.json"

// Site is the site configuration: the owner's profile, the chrome's links and the
// public numbers. It mirrors site.json and schema/site.schema.json.
type Site struct {
	Schema      string       `json:"$schema,omitempty"`
	Owner       Owner        `json:"owner"`
	SiteName    string       `json:"siteName"`
	Description string       `json:"description"`
	Navigation  []Link       `json:"navigation"`
	Footer      Footer       `json:"footer"`
	Social      []SocialLink `json:"social"`
	Stats       Stats        `json:"stats"`
}

// Owner is the person the portfolio presents.
type Owner struct {
	Name         string `json:"name"`
	Headline     string `json:"headline"`
	Email        string `json:"email"`
	Phone        string `json:"phone"`
	Location     string `json:"location"`
	ResponseTime string `json:"responseTime"`
}

// Link is an internal link of the chrome (navigation bar, footer).
type Link struct {
	Label string `json:"label"`
	Path  string `json:"path"`
}

// Footer holds the footer's tagline and links. Its copyright line has the year it is
// when the page is served (the gateway's; docs/ui-contract.md), not one written here.
type Footer struct {
	Tagline string `json:"tagline"`
	Links   []Link `json:"links"`
}

// SocialLink is an external profile of the owner.
type SocialLink struct {
	Network string `json:"network"`
	Label   string `json:"label"`
	URL     string `json:"url"`
}

// Stats are the public numbers shown on the site.
type Stats struct {
	NewsletterSubscribers int `json:"newsletterSubscribers"`
}

// LoadSite reads site.json from fsys (usually FS()), checked against its schema.
func LoadSite(fsys fs.FS) (Site, error) {
	return loadFile[Site](fsys, SiteFile, nil)
}
