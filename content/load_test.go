package content_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portfolio-site/portfolio/content"
)

func TestLoadSite(t *testing.T) {
	site, err := content.LoadSite(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	// The site's navigation bar, in its order.
	wantNav := []string{"/", "/skills", "/resume", "/projects", "/blog", "/talks", "/newsletter", "/contact"}
	if got := paths(site.Navigation); !slices.Equal(got, wantNav) {
		t.Errorf("navigation = %v, want %v", got, wantNav)
	}
	wantFooter := []string{"/privacy-policy", "/terms-of-use", "/newsletter", "/rss.xml", "/contact"}
	if got := paths(site.Footer.Links); !slices.Equal(got, wantFooter) {
		t.Errorf("footer links = %v, want %v", got, wantFooter)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"location, a placeholder that reads as one", site.Owner.Location, "City, Country"},
		{"newsletter subscribers", site.Stats.NewsletterSubscribers, 35},
		{"headline", site.Owner.Headline, "DevOps Engineer & Cloud Infrastructure Specialist"},
		{"social links", len(site.Social), 4},
		{"site name set", site.SiteName != "", true},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestLoadRoutes(t *testing.T) {
	routes, err := content.LoadRoutes(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	// The site's route table, less the catch-all 404 and the blog articles: an article's
	// page comes from its post (blog/<slug>.md, LoadPosts), so adding a post adds the route.
	// Plus /blog/tags, whose tag pages come from the posts' tags (TagsOf).
	want := []string{
		"/", "/skills", "/resume", "/projects", "/projects/{id}",
		"/blog", "/blog/all-posts", "/blog/tags", "/talks", "/contact", "/newsletter",
		"/privacy-policy", "/terms-of-use", "/search", "/admin/newsletter",
	}
	var got []string
	for _, r := range routes {
		got = append(got, r.Path)
	}
	if !slices.Equal(got, want) {
		t.Errorf("routes = %v\nwant %v", got, want)
	}
	posts, err := content.LoadPosts(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range posts {
		if slices.ContainsFunc(routes, func(r content.Route) bool { return r.Path == p.URL() }) {
			t.Errorf("%s is in %s: article pages come from the posts", p.URL(), content.RoutesFile)
		}
	}
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range editions {
		if slices.ContainsFunc(routes, func(r content.Route) bool { return r.Path == e.URL() }) {
			t.Errorf("%s is in %s: edition pages come from the editions", e.URL(), content.RoutesFile)
		}
	}
	for _, r := range routes {
		// The admin, and search results (a page per query, not content of its own).
		wantNoIndex := r.Path == "/admin/newsletter" || r.Path == "/search"
		if r.NoIndex != wantNoIndex {
			t.Errorf("%s: noindex = %v, want %v", r.Path, r.NoIndex, wantNoIndex)
		}
	}
}

// TestChromeLinksResolve keeps the navigation and footer free of dead internal links:
// each one is a route, or a file the gateway generates.
func TestChromeLinksResolve(t *testing.T) {
	site, err := content.LoadSite(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	routes, err := content.LoadRoutes(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{"/rss.xml": true}
	for _, r := range routes {
		known[r.Path] = true
	}
	for _, l := range slices.Concat(site.Navigation, site.Footer.Links) {
		if !known[l.Path] {
			t.Errorf("link %q (%s) is neither a route nor a generated file", l.Label, l.Path)
		}
	}
}

func TestLoadersRejectBadFiles(t *testing.T) {
	validRoute := `{"path":"/","section":"shell","title":"Home","description":"d"}`
	tests := []struct {
		name    string
		files   fstest.MapFS
		load    func(fstest.MapFS) error
		wantErr []string
	}{
		{
			name:    "site: unknown field names the file and field",
			files:   fstest.MapFS{"site.json": {Data: []byte(`{"siteName":"x","colour":"red"}`)}},
			load:    loadSite,
			wantErr: []string{"site.json", "/colour: is not a known field"},
		},
		{
			name:    "site: missing file",
			files:   fstest.MapFS{},
			load:    loadSite,
			wantErr: []string{"site.json"},
		},
		{
			name:    "site: trailing data",
			files:   fstest.MapFS{"site.json": {Data: []byte(`{"siteName":"x"} {}`)}},
			load:    loadSite,
			wantErr: []string{"site.json", "invalid character after top-level value"},
		},
		{
			name:    "site: wrong type",
			files:   fstest.MapFS{"site.json": {Data: []byte(`{"siteName":"x","stats":{"newsletterSubscribers":"35"}}`)}},
			load:    loadSite,
			wantErr: []string{"site.json", "/stats/newsletterSubscribers: must be integer, got string"},
		},
		{
			name:    "site: a location left as a template",
			files:   fstest.MapFS{"site.json": {Data: []byte(`{"siteName":"x","owner":{"location":"{personal}"}}`)}},
			load:    loadSite,
			wantErr: []string{"site.json", "/owner/location"},
		},
		{
			name:    "routes: unknown field in a route",
			files:   fstest.MapFS{"routes.json": {Data: []byte(`{"routes":[{"path":"/","hidden":true}]}`)}},
			load:    loadRoutes,
			wantErr: []string{"routes.json", "/routes/0/hidden: is not a known field"},
		},
		{
			name:    "routes: empty",
			files:   fstest.MapFS{"routes.json": {Data: []byte(`{"routes":[]}`)}},
			load:    loadRoutes,
			wantErr: []string{"routes.json", "/routes: must NOT have fewer than 1 items, got 0"},
		},
		{
			name:    "routes: duplicate path",
			files:   fstest.MapFS{"routes.json": {Data: []byte(`{"routes":[` + validRoute + `,` + validRoute + `]}`)}},
			load:    loadRoutes,
			wantErr: []string{"routes.json", `/routes/1/path: "/" is listed twice`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.load(tt.files)
			if err == nil {
				t.Fatal("want an error, got nil")
			}
			for _, want := range tt.wantErr {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %q", err, want)
				}
			}
		})
	}
}

func loadSite(fsys fstest.MapFS) error {
	_, err := content.LoadSite(fsys)
	return err
}

func loadRoutes(fsys fstest.MapFS) error {
	_, err := content.LoadRoutes(fsys)
	return err
}

func paths(links []content.Link) []string {
	out := make([]string, 0, len(links))
	for _, l := range links {
		out = append(out, l.Path)
	}
	return out
}
