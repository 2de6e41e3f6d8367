package webtest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"image"
	"image/png"
	"testing"
)

// Share cards' size, as the apps' builds draw them (docs/decisions/0041-share-cards.md).
const (
	CardWidth  = 1200
	CardHeight = 630
)

// CardPNG is a share card's image: a 1200×630 PNG of one colour.
func CardPNG(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, CardWidth, CardHeight))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []byte{0x1d, 0x4e, 0xd8, 0xff})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Cards are a build's share cards for pages (paths), as the apps' builds write them:
// og/cards.json and a PNG per page at og/<path>.<hash>.png, by name in the build.
func Cards(t testing.TB, pages ...string) map[string][]byte {
	t.Helper()
	pic := CardPNG(t)
	sum := sha256.Sum256(pic)
	type card struct {
		File string `json:"file"`
		Alt  string `json:"alt"`
	}
	list := struct {
		Width  int             `json:"width"`
		Height int             `json:"height"`
		Cards  map[string]card `json:"cards"`
	}{CardWidth, CardHeight, map[string]card{}}
	files := map[string][]byte{}
	for _, page := range pages {
		base := "og" + page
		if page == "/" {
			base = "og/index"
		}
		name := base + "." + hex.EncodeToString(sum[:5]) + ".png"
		files[name] = pic
		list.Cards[page] = card{File: name, Alt: "Card of " + page}
	}
	body, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	files["og/cards.json"] = body
	return files
}

// PNGSize is the width and height in a PNG's IHDR chunk; ok is false when data is not a PNG.
func PNGSize(data []byte) (width, height int, ok bool) {
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return 0, 0, false
	}
	return cfg.Width, cfg.Height, true
}
