package release_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
	"github.com/portfolio-site/portfolio/services/gateway/internal/sharecard"
)

func TestPackThenOpenGivesTheSameRelease(t *testing.T) {
	b := releasetest.Build(t, "blog", "1.0.0-a", "v1", releasetest.Post("new-post", "A New Post"))
	raw := releasetest.Artifact(t, b)
	rel, err := release.Open(raw, release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	m := rel.Manifest
	if m.Section != "blog" || m.Version != "1.0.0-a" || len(rel.Files) != len(b.Files) {
		t.Fatalf("opened %s %s with %d files, want blog 1.0.0-a with %d", m.Section, m.Version, len(rel.Files), len(b.Files))
	}
	if !strings.HasPrefix(rel.Digest, "sha256:") {
		t.Errorf("digest %q", rel.Digest)
	}
	var article bool
	for _, p := range m.Pages() {
		article = article || (p.Path == "/blog/new-post" && p.Title == "A New Post")
	}
	if !article {
		t.Errorf("pages %v lack /blog/new-post", m.Pages())
	}
	if len(m.Shared) != 1 || m.Shared[0] != (release.Shared{Name: "react", RequiredVersion: "^" + releasetest.React}) {
		t.Errorf("shared %v", m.Shared)
	}
	// The same build packs to the same bytes: one digest per build.
	if again := releasetest.Artifact(t, b); !bytes.Equal(again, raw) {
		t.Error("packing the same build twice gave other bytes")
	}
}

// TestNewsletterReleaseHasAPagePerEdition: the newsletter's release carries a route per
// edition (its page, /newsletter/<id>), and is refused without the page's HTML.
func TestNewsletterReleaseHasAPagePerEdition(t *testing.T) {
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	b := releasetest.Build(t, "newsletter", "1.0.0-n", "v1")
	rel, err := release.Open(releasetest.Artifact(t, b), release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]content.Route{}
	for _, p := range rel.Manifest.Pages() {
		pages[p.Path] = p
	}
	if _, ok := pages["/newsletter"]; !ok {
		t.Error("pages lack /newsletter")
	}
	if len(rel.Manifest.Editions) != len(editions) {
		t.Errorf("%d editions, want %d", len(rel.Manifest.Editions), len(editions))
	}
	for _, e := range editions {
		want := content.Route{Path: "/newsletter/" + strconv.Itoa(e.ID), Section: content.SectionNewsletter, Title: e.Title, Description: e.Excerpt}
		if got := pages[want.Path]; got != want {
			t.Errorf("page %s = %+v, want %+v", want.Path, got, want)
		}
	}
	if len(pages) != 1+len(editions) {
		t.Errorf("%d pages, want /newsletter and %d editions", len(pages), len(editions))
	}

	delete(b.Files, "prerender/newsletter/3.html")
	if _, err := release.Pack(io.Discard, b); err == nil ||
		!strings.Contains(err.Error(), "route /newsletter/3 has no prerendered HTML") {
		t.Errorf("a build without /newsletter/3's HTML: %v", err)
	}
}

// entry is one tar entry of a hand-made artifact.
type entry struct {
	hdr  tar.Header
	body []byte
}

// artifact writes entries as a gzipped tar, as a hostile publisher could.
func artifact(t *testing.T, entries []entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, e := range entries {
		h := e.hdr
		if h.Typeflag == tar.TypeReg {
			h.Size = int64(len(e.body))
		}
		if h.Mode == 0 {
			h.Mode = 0o644
		}
		if err := tw.WriteHeader(&h); err != nil {
			t.Fatal(err)
		}
		if len(e.body) > 0 {
			if _, err := tw.Write(e.body); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// entriesOf unpacks a good artifact into entries, to be spoiled one way or another.
func entriesOf(t *testing.T, raw []byte) []entry {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	var out []entry
	for {
		h, err := tr.Next()
		if err != nil {
			break
		}
		var body bytes.Buffer
		if _, err := body.ReadFrom(tr); err != nil {
			t.Fatal(err)
		}
		out = append(out, entry{hdr: tar.Header{Name: h.Name, Typeflag: h.Typeflag}, body: body.Bytes()})
	}
	return out
}

// withManifest rewrites release.json of entries through edit.
func withManifest(t *testing.T, entries []entry, edit func(m map[string]any)) []entry {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(entries[0].body, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	body, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	out := append([]entry(nil), entries...)
	out[0] = entry{hdr: entries[0].hdr, body: body}
	return out
}

func TestOpenRefusesBrokenAndHostileArtifacts(t *testing.T) {
	good := releasetest.Artifact(t, releasetest.Build(t, "blog", "1.0.0-a", "v1"))
	base := entriesOf(t, good)
	if base[0].hdr.Name != release.ManifestName {
		t.Fatalf("first entry %s", base[0].hdr.Name)
	}
	reg := func(name string, body string) entry {
		return entry{hdr: tar.Header{Name: name, Typeflag: tar.TypeReg}, body: []byte(body)}
	}
	small := release.DefaultLimits
	small.Total, small.File, small.FileCount = 4<<20, 2<<20, 200
	bomb := append(append([]entry(nil), base...), reg("files/bomb.bin", strings.Repeat("\x00", 3<<20)))
	many := append([]entry(nil), base...)
	for i := range 250 {
		many = append(many, reg("files/many/"+strings.Repeat("x", i%7+1)+string(rune('a'+i%26))+strings.Repeat("y", i/26), "x"))
	}
	// An artifact whose share cards do not cover its pages: the head of a page would name
	// no image, or one the release does not hold. (Pack refuses to make one.)
	cards, err := sharecard.Parse(fileOf(base, "files/"+sharecard.ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	spoilCards := func(edit func(c *sharecard.Manifest) (drop string)) []byte {
		c := sharecard.Manifest{Width: cards.Width, Height: cards.Height, Cards: maps.Clone(cards.Cards)}
		drop := edit(&c)
		body, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(body)
		entries := withManifest(t, withoutFile(base, "files/"+drop), func(m map[string]any) {
			files := m["files"].(map[string]any)
			delete(files, drop)
			files[sharecard.ManifestName] = map[string]any{"sha256": hex.EncodeToString(sum[:]), "size": len(body)}
		})
		for i, e := range entries {
			if e.hdr.Name == "files/"+sharecard.ManifestName {
				entries[i].body = body
			}
		}
		return artifact(t, entries)
	}
	cases := []struct {
		name   string
		raw    []byte
		limits release.Limits
		want   string
	}{
		{"a page without a share card", spoilCards(func(c *sharecard.Manifest) string { delete(c.Cards, "/blog"); return "" }), release.DefaultLimits, "route /blog has no share card"},
		{"an article without a share card", spoilCards(func(c *sharecard.Manifest) string { delete(c.Cards, "/blog/terraform-guide"); return "" }), release.DefaultLimits, "route /blog/terraform-guide has no share card"},
		{"a share card without its image", spoilCards(func(c *sharecard.Manifest) string { return c.Cards["/blog/tags"].File }), release.DefaultLimits, "the share card of /blog/tags, og/blog/tags."},
		{"a share card outside og/", spoilCards(func(c *sharecard.Manifest) string {
			c.Cards["/blog"] = sharecard.Card{File: "prerender/blog.html", Alt: "x"}
			return ""
		}), release.DefaultLimits, "not a PNG under og/"},
		{"not gzip", []byte("hello"), release.DefaultLimits, "not a gzipped tar"},
		{"truncated", good[:len(good)/2], release.DefaultLimits, "truncated or corrupt"},
		{"parent path", artifact(t, append([]entry{reg("../evil", "x")}, base...)), release.DefaultLimits, "unsafe path"},
		{"absolute path", artifact(t, append([]entry{reg("/etc/passwd", "x")}, base...)), release.DefaultLimits, "unsafe path"},
		{"path climbing inside", artifact(t, append([]entry{reg("files/a/../../x", "x")}, base...)), release.DefaultLimits, "unsafe path"},
		{"symlink", artifact(t, append(base, entry{hdr: tar.Header{Name: "files/link", Typeflag: tar.TypeSymlink, Linkname: "/etc/passwd"}})), release.DefaultLimits, "not a regular file"},
		{"hard link", artifact(t, append(base, entry{hdr: tar.Header{Name: "files/hard", Typeflag: tar.TypeLink, Linkname: "release.json"}})), release.DefaultLimits, "not a regular file"},
		{"device", artifact(t, append(base, entry{hdr: tar.Header{Name: "files/dev", Typeflag: tar.TypeChar, Devmajor: 1, Devminor: 3}})), release.DefaultLimits, "not a regular file"},
		{"oversized file", artifact(t, bomb), small, "more than the 2097152 accepted for one file"},
		{"decompression bomb", artifact(t, bomb), release.Limits{Archive: 1 << 20, Total: 1 << 20, File: 8 << 20, FileCount: 100}, "unpacks to more than"},
		{"over-many files", artifact(t, many), small, "more than 200 files"},
		{"oversized archive", good, release.Limits{Archive: 100, Total: 1 << 30, File: 1 << 30, FileCount: 10000}, "more than the 100 accepted"},
		{"no manifest", artifact(t, base[1:]), release.DefaultLimits, "no release.json"},
		{"malformed manifest", artifact(t, append([]entry{reg("release.json", "{not json")}, base[1:]...)), release.DefaultLimits, "release.json is malformed"},
		{"unknown manifest field", artifact(t, withManifest(t, base, func(m map[string]any) { m["extra"] = 1 })), release.DefaultLimits, "release.json is malformed"},
		{"stray entry", artifact(t, append(base, reg("other.txt", "x"))), release.DefaultLimits, "unexpected entry other.txt"},
		{"digest mismatch", artifact(t, append(base[:1:1], append([]entry{reg("files/remoteEntry.js", "tampered")}, withoutFile(base[1:], "files/remoteEntry.js")...)...)), release.DefaultLimits, "digest mismatch: files/remoteEntry.js"},
		{"unlisted file", artifact(t, append(base, reg("files/extra.js", "x"))), release.DefaultLimits, "files/extra.js is not listed"},
		{"listed file missing", artifact(t, withoutFile(base, "files/remoteEntry.js")), release.DefaultLimits, "files/remoteEntry.js is listed in release.json but missing"},
		{"no prerendered HTML", artifact(t, withManifest(t, withoutFile(base, "files/prerender/blog.html"), func(m map[string]any) {
			delete(m["files"].(map[string]any), "prerender/blog.html")
		})), release.DefaultLimits, "route /blog has no prerendered HTML"},
		{"no routes", artifact(t, withManifest(t, base, func(m map[string]any) { m["routes"] = []any{} })), release.DefaultLimits, "no routes"},
		{"route of another section", artifact(t, withManifest(t, base, func(m map[string]any) {
			m["routes"].([]any)[0].(map[string]any)["section"] = "newsletter"
		})), release.DefaultLimits, "belongs to section \"newsletter\""},
		{"unknown section", artifact(t, withManifest(t, base, func(m map[string]any) { m["section"] = "shop" })), release.DefaultLimits, `section "shop" is not one of`},
		{"version not a path segment", artifact(t, withManifest(t, base, func(m map[string]any) { m["version"] = "../1" })), release.DefaultLimits, `version "../1"`},
		{"newer schema", artifact(t, withManifest(t, base, func(m map[string]any) { m["schema"] = 2 })), release.DefaultLimits, "schema 2"},
	}
	if _, err := release.Open(good, release.DefaultLimits); err != nil {
		t.Fatalf("the good artifact: %v", err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rel, err := release.Open(c.raw, c.limits)
			if err == nil {
				t.Fatalf("opened %s %s", rel.Manifest.Section, rel.Manifest.Version)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to say %q", err, c.want)
			}
		})
	}
}

func fileOf(entries []entry, name string) []byte {
	for _, e := range entries {
		if e.hdr.Name == name {
			return e.body
		}
	}
	return nil
}

func withoutFile(entries []entry, name string) []entry {
	var out []entry
	for _, e := range entries {
		if e.hdr.Name != name {
			out = append(out, e)
		}
	}
	return out
}

func TestAdmitRefusesWhatTheSiteCannotServe(t *testing.T) {
	rel, err := release.Open(releasetest.Artifact(t, releasetest.Build(t, "blog", "1.0.0-a", "v1")), release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	shell := func(name, react string) []release.Served {
		return []release.Served{{Name: name, Provides: map[string]string{"react": react}}}
	}
	cases := []struct {
		name string
		site release.Site
		want string // "" admitted
	}{
		{"fits", release.Site{Shells: shell("shell shipped", releasetest.React), Taken: map[string]string{"/": "the shell"}}, ""},
		{"the shell provides another React major", release.Site{Shells: shell("shell 2.0.0-a", "20.0.1")}, "shared module react: the release needs ^19.3.1, shell 2.0.0-a provides 20.0.1"},
		{"the shell provides an older React", release.Site{Shells: shell("shell shipped", "19.2.0")}, "shell shipped provides 19.2.0"},
		{"the shell's canary provides another React", release.Site{Shells: append(shell("shell shipped", releasetest.React), shell("shell 2.0.0-a (canary)", "20.0.0")...)},
			"the release needs ^19.3.1, shell 2.0.0-a (canary) provides 20.0.0"},
		{"a module the shell does not provide is the release's own", release.Site{Shells: []release.Served{{Name: "shell shipped", Provides: map[string]string{}}}}, ""},
		{"route taken by another section", release.Site{Taken: map[string]string{"/blog": "section newsletter"}}, "route /blog collides with section newsletter's"},
		{"route taken by the gateway", release.Site{Taken: map[string]string{"/blog/all-posts": "the gateway"}}, "route /blog/all-posts collides with the gateway's"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.site.Admit(rel)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestAdmitHoldsAShellReleaseAgainstEverySectionServed: a shell release provides
// the shared modules every section served now needs, stable and canary, or is refused
// with the module, the range and the version (docs/decisions/0060).
func TestAdmitHoldsAShellReleaseAgainstEverySectionServed(t *testing.T) {
	shellWith := func(react string) *release.Release {
		b := releasetest.Build(t, release.Shell, "2.0.0-a", "v2")
		releasetest.ProvideReact(b.Files, react)
		rel, err := release.Open(releasetest.Artifact(t, b), release.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		return rel
	}
	needs := func(name, rng string) release.Served {
		return release.Served{Name: name, Needs: []release.Shared{{Name: "react", RequiredVersion: rng}}}
	}
	cases := []struct {
		name     string
		react    string
		sections []release.Served
		want     string // "" admitted
	}{
		{"every section takes its React", releasetest.React, []release.Served{needs("blog 1.0.0-a", "^19.3.1"), needs("admin shipped", "^19.0.0")}, ""},
		{"a new major every section's range takes", "20.0.0", []release.Served{needs("blog 1.0.0-a", ">=19 <21"), needs("newsletter shipped", ">=19 <21")}, ""},
		{"a new major a stable section refuses", "20.0.0", []release.Served{needs("blog 1.0.0-a", ">=19 <21"), needs("newsletter shipped", "^19.3.1")},
			"shared module react: the shell release provides 20.0.0, newsletter shipped needs ^19.3.1"},
		{"a new major a section's canary refuses", "20.0.0", []release.Served{needs("blog 1.0.0-a", ">=19 <21"), needs("blog 1.1.0-b (canary)", "^19.3.1")},
			"the shell release provides 20.0.0, blog 1.1.0-b (canary) needs ^19.3.1"},
		{"an older minor than a section needs", "19.2.0", []release.Served{needs("admin 1.0.0-c", "^19.3.1")}, "provides 19.2.0, admin 1.0.0-c needs ^19.3.1"},
		{"a module no section shares", releasetest.React, []release.Served{{Name: "blog 1.0.0-a"}}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := release.Site{Sections: c.sections}.Admit(shellWith(c.react))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestTheShellOwnsWhatNoSectionDoes: a shell release names any path but another
// section's, however it is spelled; the gateway's own paths are its collisions.
func TestTheShellOwnsWhatNoSectionDoes(t *testing.T) {
	cases := []struct {
		path string
		want string // "" owned
	}{
		{"/skills", ""},
		{"/projects/3", ""},
		{"/blogging", ""},
		{"/blog", "route /blog is the blog's, not the shell's"},
		{"/newsletter/1", "is the newsletter's, not the shell's"},
		{"/ADMIN", "route /ADMIN (read as /admin) is the admin's"},
		{"/x/../blog/a", "(read as /blog/a) is the blog's"},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			rel := &release.Release{Manifest: release.Manifest{Section: release.Shell, Routes: []content.Route{{Path: c.path, Section: content.SectionShell}}}}
			err := release.OwnsItsPaths(rel)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestASectionOwnsItsPrefix: every path a release names (route, post, edition, share
// card, search document) lies under its section's own prefix, however it is spelled.
// The rows are an attacker's probe of the gate, and spellings of a path a server, a
// proxy or a browser reads as another.
func TestASectionOwnsItsPrefix(t *testing.T) {
	// A release of section naming what add puts in it, as Admit sees it (Open's own
	// checks would refuse some of these before the gate: the gate must stand alone).
	named := func(section string, add func(*release.Release)) *release.Release {
		rel := &release.Release{Manifest: release.Manifest{Section: section}, Files: map[string][]byte{}}
		add(rel)
		return rel
	}
	route := func(section, path string) *release.Release {
		return named(section, func(r *release.Release) {
			r.Manifest.Routes = append(r.Manifest.Routes, content.Route{Path: path, Section: content.Section(section), Title: "Probe"})
		})
	}
	post := func(slug string) *release.Release {
		return named("blog", func(r *release.Release) { r.Manifest.Posts = []content.Post{releasetest.Post(slug, "Probe")} })
	}
	edition := func(section string, id int) *release.Release {
		return named(section, func(r *release.Release) { r.Manifest.Editions = []content.Edition{{ID: id, Title: "#7 Probe"}} })
	}
	card := func(section, page string) *release.Release {
		return named(section, func(r *release.Release) {
			r.Files[sharecard.ManifestName] = []byte(`{"width":1200,"height":630,"cards":{"` + page + `":{"file":"og/x.0123456789.png","alt":"Probe"}}}`)
		})
	}
	doc := func(section, url string) *release.Release {
		return named(section, func(r *release.Release) {
			r.Files["search.json"] = []byte(`{"documents":[{"id":"probe","section":"` + section + `","url":"` + url + `","title":"Probe"}]}`)
		})
	}
	cases := []struct {
		name string
		rel  *release.Release
		want string // "" admitted
	}{
		// The probe: a blog release taking the shell's, the gateway's and the admin's paths.
		{"the shell's favicon", route("blog", "/favicon.ico"), "release: route /favicon.ico is outside the blog's /blog"},
		{"the shell's index.html", route("blog", "/index.html"), "release: route /index.html is outside the blog's /blog"},
		{"the admin's root", route("blog", "/admin"), "release: route /admin is outside the blog's /blog"},
		{"below the admin", route("blog", "/admin/evil"), "release: route /admin/evil is outside the blog's /blog"},
		{"a project's page", route("blog", "/projects/1"), "release: route /projects/1 is outside the blog's /blog"},
		{"the Atom feed", route("blog", "/atom.xml"), "release: route /atom.xml is outside the blog's /blog"},
		{"the JSON feed", route("blog", "/feed.json"), "release: route /feed.json is outside the blog's /blog"},
		{"the search index", route("blog", "/search.json"), "release: route /search.json is outside the blog's /blog"},
		{"the metrics", route("blog", "/metrics"), "release: route /metrics is outside the blog's /blog"},
		{"the admin in capitals", route("blog", "/Admin/newsletter"), "release: route /Admin/newsletter (read as /admin/newsletter) is outside the blog's /blog"},
		{"the newsletter's next edition", route("blog", "/newsletter/7"), "release: route /newsletter/7 is outside the blog's /blog"},
		{"the gateway's API", route("blog", "/api/blog"), "release: route /api/blog is outside the blog's /blog"},
		{"the site's root", route("blog", "/"), "release: route / is outside the blog's /blog"},
		// A prefix is a whole segment.
		{"a longer first segment", route("blog", "/blogx"), "release: route /blogx is outside the blog's /blog"},
		{"a longer segment of the admin", route("admin", "/administrator"), "release: route /administrator is outside the admin's /admin"},
		// Spellings of a path outside.
		{"dot segments", route("blog", "/blog/../admin"), "release: route /blog/../admin (read as /admin) is outside the blog's /blog"},
		{"dot segments, encoded", route("blog", "/blog/%2e%2e/admin"), "(read as /admin) is outside the blog's /blog"},
		{"encoded slashes", route("blog", "/blog%2f..%2fadmin"), "release: route /blog%2f..%2fadmin (read as /admin) is outside the blog's /blog"},
		{"encoded twice", route("blog", "/blog%252f..%252fadmin"), "(read as /admin) is outside the blog's /blog"},
		{"backslashes", route("blog", `/blog\..\admin`), "(read as /admin) is outside the blog's /blog"},
		{"another section in capitals", route("newsletter", "/BLOG/x"), "release: route /BLOG/x (read as /blog/x) is outside the newsletter's /newsletter"},
		{"duplicate slashes", route("newsletter", "//blog"), "release: route //blog (read as /blog) is outside the newsletter's /newsletter"},
		{"a trailing slash", route("newsletter", "/blog/"), "release: route /blog/ (read as /blog) is outside the newsletter's /newsletter"},
		{"not a path", route("blog", "blog/x"), `release: route "blog/x" is not a path on the site`},
		{"an undecodable path", route("blog", "/blog/%zz"), `release: route "/blog/%zz" is not a path on the site`},
		// Everything else a release names.
		{"a post climbing out", post("../admin"), "release: post /blog/../admin (read as /admin) is outside the blog's /blog"},
		{"an edition in the blog's release", edition("blog", 7), "release: edition /newsletter/7 is outside the blog's /blog"},
		{"a share card of the home page", card("blog", "/"), "release: share card / is outside the blog's /blog"},
		{"a share card of the admin", card("newsletter", "/ADMIN"), "release: share card /ADMIN (read as /admin) is outside the newsletter's /newsletter"},
		{"a search document of a project", doc("blog", "/projects/1"), "release: search document /projects/1 is outside the blog's /blog"},
		{"a search document climbing out", doc("newsletter", "/newsletter/../blog/x"), "(read as /blog/x) is outside the newsletter's /newsletter"},
		// What is the section's own, however spelled.
		{"the blog's root", route("blog", "/blog"), ""},
		{"below the blog", route("blog", "/blog/all-posts"), ""},
		{"the blog in capitals", route("blog", "/BLOG/New-Post"), ""},
		{"dot segments staying inside", route("blog", "/blog/tags/../all-posts"), ""},
		{"a post", post("new-post"), ""},
		{"the newsletter's next edition", edition("newsletter", 7), ""},
		{"the newsletter's edition page", route("newsletter", "/newsletter/7"), ""},
		{"the admin's page", route("admin", "/admin/newsletter"), ""},
		{"the blog's share card", card("blog", "/blog/tags"), ""},
		{"the newsletter's search document", doc("newsletter", "/newsletter/7"), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := (release.Site{}).Admit(c.rel)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v, want %q", err, c.want)
			}
		})
	}

	// A page someone else serves is taken whatever its spelling.
	taken := release.Site{Taken: map[string]string{"/newsletter/confirm": "the gateway"}}
	if err := taken.Admit(route("newsletter", "/Newsletter/Confirm/")); err == nil || err.Error() != "release: route /Newsletter/Confirm/ collides with the gateway's" {
		t.Errorf("the gateway's confirmation page in capitals: %v", err)
	}
}

func TestBlogReleaseHasAPagePerTag(t *testing.T) {
	d, err := release.Describe(content.FS(), "blog")
	if err != nil {
		t.Fatal(err)
	}
	posts := content.PublishedPosts(d.Posts)
	want := map[string]bool{"/blog": true, "/blog/all-posts": true, "/blog/tags": true}
	for _, p := range posts {
		for _, tag := range p.Tags {
			want["/blog/tags/"+content.TagSlug(tag)] = true
		}
	}
	b := releasetest.Build(t, "blog", "1.0.0-tags", "v1")
	rel, err := release.Open(releasetest.Artifact(t, b), release.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]content.Route{}
	for _, r := range rel.Manifest.Pages() {
		got[r.Path] = r
	}
	for p := range want {
		if _, ok := got[p]; !ok {
			t.Errorf("pages lack %s", p)
		}
	}
	if len(got) != len(want)+len(posts) {
		t.Errorf("%d pages, want %d routes and %d articles: %v", len(got), len(want), len(posts), rel.Manifest.Pages())
	}
	k := got["/blog/tags/kubernetes"]
	if k.Section != content.SectionBlog || k.Title != "Posts tagged “Kubernetes”" || !strings.Contains(k.Description, "Kubernetes Security") {
		t.Errorf("kubernetes tag route = %+v", k)
	}
	if got["/blog/tags/finops"].Path != "" {
		t.Error("a tag only coming-soon posts have got a page")
	}

	// A build without a tag page's prerendered HTML is no release.
	delete(b.Files, "prerender/blog/tags/ci-cd.html")
	if _, err := release.Pack(&bytes.Buffer{}, b); err == nil || !strings.Contains(err.Error(), "/blog/tags/ci-cd has no prerendered HTML") {
		t.Errorf("Pack without the tag page = %v", err)
	}
}
