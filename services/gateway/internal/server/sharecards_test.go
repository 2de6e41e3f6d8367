package server_test

import (
	"html"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// sharedPage is a public page of the site and where its share card is served from.
type sharedPage struct {
	path  string
	under string // the build's tree, after the public URL: /og/, /mf/blog/og/…
}

// cardsBuild is the fixture build with the share cards the apps' builds draw: the
// shell's for its public pages and every project, the blog's and the newsletter's for
// every page of their section (routes, articles, tag pages, editions), none for the
// admin. It returns the build and every public page.
func cardsBuild(t *testing.T) (string, []sharedPage) {
	t.Helper()
	dir := webtest.Build(t)
	routes, err := content.LoadRoutes(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	catalog, err := content.LoadProjects(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	var all []sharedPage
	var shell []string
	for _, r := range routes {
		if r.Section == content.SectionShell && !r.NoIndex && !strings.Contains(r.Path, "{") {
			shell = append(shell, r.Path)
		}
	}
	for _, p := range catalog.Projects {
		shell = append(shell, "/projects/"+strconv.Itoa(p.ID))
	}
	write := func(app string, pages []string) {
		for name, body := range webtest.Cards(t, pages...) {
			webtest.Write(t, filepath.Join(dir, app, "dist", filepath.FromSlash(name)), body)
		}
	}
	write("shell", shell)
	for _, p := range shell {
		all = append(all, sharedPage{p, "/og/"})
	}
	for _, section := range []string{"blog", "newsletter"} {
		desc, err := release.Describe(content.FS(), section)
		if err != nil {
			t.Fatal(err)
		}
		var pages []string
		for _, r := range (&release.Manifest{Routes: desc.Routes, Posts: desc.Posts}).Pages() {
			pages = append(pages, r.Path)
			all = append(all, sharedPage{r.Path, "/mf/" + section + "/og/"})
		}
		write(section, pages)
	}
	return dir, all
}

var (
	metaProperty = regexp.MustCompile(`<meta property="(og:image[^"]*)" content="([^"]*)">`)
	metaName     = regexp.MustCompile(`<meta name="(twitter:[^"]*)" content="([^"]*)">`)
)

// shareMeta is what a page's head says of its image, by property or name.
func shareMeta(page string) map[string]string {
	meta := map[string]string{}
	for _, re := range []*regexp.Regexp{metaProperty, metaName} {
		for _, m := range re.FindAllStringSubmatch(page, -1) {
			meta[m[1]] = html.UnescapeString(m[2])
		}
	}
	return meta
}

// checkSharedPage: the page at p.path names a 1200×630 card, with alt text, for Open
// Graph and X, under p.under; the image is served there as an immutable PNG.
func checkSharedPage(t *testing.T, h http.Handler, publicURL string, p sharedPage) {
	t.Helper()
	w := get(h, p.path)
	if w.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", p.path, w.Code)
	}
	meta := shareMeta(w.Body.String())
	image := meta["og:image"]
	for key, want := range map[string]string{
		"og:image:type": "image/png", "og:image:width": "1200", "og:image:height": "630",
		"twitter:card": "summary_large_image", "twitter:image": image,
		"twitter:image:alt": meta["og:image:alt"],
	} {
		if meta[key] != want {
			t.Errorf("%s: %s is %q, want %q", p.path, key, meta[key], want)
		}
	}
	if meta["og:image:alt"] == "" {
		t.Errorf("%s: no og:image:alt", p.path)
	}
	if !strings.HasPrefix(image, publicURL+p.under) {
		t.Fatalf("%s: og:image %q, want it under %s", p.path, image, publicURL+p.under)
	}
	img := get(h, strings.TrimPrefix(image, publicURL))
	if img.Code != http.StatusOK || img.Header().Get("Content-Type") != "image/png" || img.Header().Get("Cache-Control") != static.Immutable {
		t.Fatalf("%s: its image %s: %d %q %q", p.path, image, img.Code, img.Header().Get("Content-Type"), img.Header().Get("Cache-Control"))
	}
	if width, height, ok := webtest.PNGSize(img.Body.Bytes()); !ok || width != 1200 || height != 630 {
		t.Errorf("%s: its image is %d×%d (a PNG: %v)", p.path, width, height, ok)
	}
}

// TestEveryPageNamesAShareCardItServes: every public page of the site (routes.json's,
// every project, article, tag page and edition) names its share card, and the gateway
// serves that very image, immutable. The admin's page names none.
func TestEveryPageNamesAShareCardItServes(t *testing.T) {
	dir, all := cardsBuild(t)
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": dir})
	// 8 pages of the shell and 8 projects, the blog's 3 pages, articles and tags, the
	// newsletter's page and editions: every one of them, whatever the content holds.
	if len(all) < 30 {
		t.Fatalf("only %d public pages", len(all))
	}
	for _, p := range all {
		t.Run(p.path, func(t *testing.T) { checkSharedPage(t, f.h, f.cfg.PublicURL, p) })
	}
	admin := shareMeta(get(f.adm, "/admin/newsletter").Body.String())
	if _, ok := admin["og:image"]; ok || admin["twitter:card"] != "summary" {
		t.Errorf("the admin's page names a share card: %v", admin)
	}
	if w := get(f.h, "/og/blog.0123456789.png"); w.Code != http.StatusNotFound {
		t.Errorf("an image no build drew: %d", w.Code)
	}
}

// TestAReleasedSectionNamesItsOwnCards: once a blog release is served, the blog's pages
// (its new article too) name the release's cards under its version, which stays
// served after the next promote; the shell's pages keep theirs.
func TestAReleasedSectionNamesItsOwnCards(t *testing.T) {
	dir, all := cardsBuild(t)
	f := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": dir})
	apply := func(version string) {
		t.Helper()
		b := releasetest.Build(t, "blog", version, "v"+version, releasetest.Post("shipping-alone", "Shipping Alone"))
		rel, err := release.Open(releasetest.Artifact(t, b), release.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.web.Apply(map[string]*release.Release{"blog": rel}); err != nil {
			t.Fatal(err)
		}
	}
	apply("2.0.0")
	first := shareMeta(get(f.h, "/blog/shipping-alone").Body.String())["og:image"]
	pages := []sharedPage{{"/blog/shipping-alone", "/mf/blog/2.0.0/og/"}, {"/blog", "/mf/blog/2.0.0/og/"}, {"/blog/tags", "/mf/blog/2.0.0/og/"}}
	for _, p := range all {
		if p.under == "/og/" {
			pages = append(pages, p)
		}
	}
	for _, p := range pages {
		t.Run(p.path, func(t *testing.T) { checkSharedPage(t, f.h, f.cfg.PublicURL, p) })
	}
	apply("2.1.0")
	checkSharedPage(t, f.h, f.cfg.PublicURL, sharedPage{"/blog/shipping-alone", "/mf/blog/2.1.0/og/"})
	// A crawler that read the page before the promote still finds its image.
	if w := get(f.h, strings.TrimPrefix(first, f.cfg.PublicURL)); w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/png" {
		t.Errorf("the previous release's card %s: %d", first, w.Code)
	}
}
