// Package sharecard reads the share cards a build drew: the Open Graph image of each of
// its public pages, which the apps' prerender builds write to og/<path>.<hash>.png and
// list in og/cards.json (@portfolio/build-config, docs/decisions/0041-share-cards.md).
// A page's head names the image held by the very build, or release, the page is served
// from, so the image exists as long as the page does.
package sharecard

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// ManifestName is where a build lists its cards.
const ManifestName = "og/cards.json"

// Manifest is og/cards.json: the cards' size and each page's card, by page path.
type Manifest struct {
	Width  int             `json:"width"`
	Height int             `json:"height"`
	Cards  map[string]Card `json:"cards"`
}

// Card is one page's image: its file in the build and its alt text.
type Card struct {
	File string `json:"file"`
	Alt  string `json:"alt"`
}

// Parse reads og/cards.json, refusing a card that is not a PNG under og/ (the build
// is only ever asked for those) or that has no alt text.
func Parse(body []byte) (Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(body, &m); err != nil {
		return m, fmt.Errorf("%s is malformed: %w", ManifestName, err)
	}
	if m.Width <= 0 || m.Height <= 0 {
		return m, fmt.Errorf("%s: the cards' size is %d×%d", ManifestName, m.Width, m.Height)
	}
	for _, page := range slices.Sorted(maps.Keys(m.Cards)) {
		c := m.Cards[page]
		switch {
		case !strings.HasPrefix(page, "/"):
			return m, fmt.Errorf("%s: %q is not a page path", ManifestName, page)
		case !strings.HasPrefix(c.File, "og/") || path.Ext(c.File) != ".png" || path.Clean(c.File) != c.File:
			return m, fmt.Errorf("%s: the card of %s, %q, is not a PNG under og/", ManifestName, page, c.File)
		case strings.TrimSpace(c.Alt) == "":
			return m, fmt.Errorf("%s: the card of %s has no alt text", ManifestName, page)
		}
	}
	return m, nil
}

// Image is a page's share card as its head names it.
type Image struct {
	URL           string // absolute
	Alt           string
	Width, Height int
}

// Images are share cards by page path.
type Images map[string]Image

// Build is a build's files, by slash-separated name.
type Build interface {
	Lookup(name string) (*static.File, bool)
}

// Load returns the cards of build served under base, the absolute URL of the build's
// root ending in "/": the shell's is the site's, a section's its /mf/<section>/… tree.
// Only cards whose file the build holds are returned; a build without og/cards.json
// (one from before share cards, or the admin's) has none.
func Load(build Build, base string) (Images, error) {
	f, ok := build.Lookup(ManifestName)
	if !ok {
		return Images{}, nil
	}
	m, err := Parse(f.Body)
	if err != nil {
		return nil, err
	}
	images := make(Images, len(m.Cards))
	for page, c := range m.Cards {
		if _, ok := build.Lookup(c.File); ok {
			images[page] = Image{URL: base + c.File, Alt: c.Alt, Width: m.Width, Height: m.Height}
		}
	}
	return images, nil
}
