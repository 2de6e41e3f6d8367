package content

import "io/fs"

// HomeFile is the home page's file name, relative to the content root.
const HomeFile = "home.json"

// Home is the home page hero. The owner's name and social links are in site.json.
type Home struct {
	// Greeting is shown before the owner's name, e.g. "Hi, I'm".
	Greeting string `json:"greeting"`
	Headline string `json:"headline"`
	Pitch    string `json:"pitch"`
	// Photo is the profile photo, shown only on large screens.
	Photo         Image   `json:"photo"`
	PrimaryCTA    HomeCTA `json:"primaryCta"`
	SecondaryCTA  HomeCTA `json:"secondaryCta"`
	SocialHeading string  `json:"socialHeading"`
	// EmailLabel labels the mail link shown with the social links.
	EmailLabel string `json:"emailLabel"`
}

// HomeCTA is a call-to-action button of the hero, linking to a route of the site.
type HomeCTA struct {
	Label string `json:"label"`
	Path  string `json:"path"`
}

// LoadHome reads home.json from fsys (usually FS()), checked against its schema. The
// profile photo, when local, must exist in fsys.
func LoadHome(fsys fs.FS) (Home, error) {
	return loadFile(fsys, HomeFile, func(c *fieldChecker, h Home) {
		c.shipped(fsys, "/photo", h.Photo)
	})
}
