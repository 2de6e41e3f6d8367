package sharecard_test

import (
	"maps"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

func TestParseRefusesWhatNoBuildWrites(t *testing.T) {
	cases := []struct {
		name, body, want string
	}{
		{"not JSON", `{"width":`, "malformed"},
		{"no size", `{"cards":{}}`, "size is 0×0"},
		{"not a page path", `{"width":1200,"height":630,"cards":{"blog":{"file":"og/blog.0123456789.png","alt":"Blog"}}}`, `"blog" is not a page path`},
		{"outside og/", `{"width":1200,"height":630,"cards":{"/blog":{"file":"static/blog.0123456789.png","alt":"Blog"}}}`, "not a PNG under og/"},
		{"climbing out of og/", `{"width":1200,"height":630,"cards":{"/blog":{"file":"og/../prerender/x.png","alt":"Blog"}}}`, "not a PNG under og/"},
		{"not a PNG", `{"width":1200,"height":630,"cards":{"/blog":{"file":"og/blog.0123456789.svg","alt":"Blog"}}}`, "not a PNG under og/"},
		{"no alt text", `{"width":1200,"height":630,"cards":{"/blog":{"file":"og/blog.0123456789.png","alt":" "}}}`, "no alt text"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := sharecard.Parse([]byte(c.body)); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
}

func TestLoadNamesOnlyTheImagesTheBuildHolds(t *testing.T) {
	files := webtest.Cards(t, "/", "/blog/terraform-guide", "/blog/gone")
	m, err := sharecard.Parse(files[sharecard.ManifestName])
	if err != nil {
		t.Fatal(err)
	}
	delete(files, m.Cards["/blog/gone"].File)
	build := static.FromMap("test", maps.Clone(files))
	images, err := sharecard.Load(build, "https://example.com/mf/blog/1.2.0/")
	if err != nil {
		t.Fatal(err)
	}
	want := sharecard.Image{
		URL:   "https://example.com/mf/blog/1.2.0/" + m.Cards["/blog/terraform-guide"].File,
		Alt:   "Card of /blog/terraform-guide",
		Width: 1200, Height: 630,
	}
	if got := images["/blog/terraform-guide"]; got != want {
		t.Errorf("the article's image: %+v, want %+v", got, want)
	}
	if !strings.HasPrefix(images["/"].URL, "https://example.com/mf/blog/1.2.0/og/index.") {
		t.Errorf("the home page's image: %q", images["/"].URL)
	}
	if img, ok := images["/blog/gone"]; ok {
		t.Errorf("a card whose image the build lacks is named: %+v", img)
	}

	none, err := sharecard.Load(static.FromMap("admin", map[string][]byte{"remoteEntry.js": nil}), "https://example.com/mf/admin/")
	if err != nil || len(none) != 0 {
		t.Errorf("a build without cards: %v %v", none, err)
	}
	files[sharecard.ManifestName] = []byte("{")
	if _, err := sharecard.Load(static.FromMap("broken", files), "/"); err == nil {
		t.Error("a malformed og/cards.json is not an error")
	}
}
