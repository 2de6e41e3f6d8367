package release

import (
	"fmt"
	"io/fs"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// Description is what a section owns of the content: its routes and, for the blog,
// the posts, for the newsletter, the editions, for the shell, the projects and the
// legal pages' dates.
type Description struct {
	Routes   []content.Route
	Posts    []content.Post
	Editions []content.Edition
	Projects []content.Project
	Legal    *content.Legal
}

// Describe reads section's part of the content in fsys (the content/ directory, or
// content.FS()).
func Describe(fsys fs.FS, section string) (Description, error) {
	var d Description
	routes, err := content.LoadRoutes(fsys)
	if err != nil {
		return d, err
	}
	for _, r := range routes {
		if string(r.Section) == section {
			d.Routes = append(d.Routes, r)
		}
	}
	switch content.Section(section) {
	case content.SectionShell:
		catalog, err := content.LoadProjects(fsys)
		if err != nil {
			return d, err
		}
		d.Projects = catalog.Projects
		legal, err := content.LoadLegal(fsys)
		if err != nil {
			return d, err
		}
		d.Legal = &legal
	case content.SectionBlog:
		posts, err := content.LoadPosts(fsys)
		if err != nil {
			return d, err
		}
		for i := range posts {
			posts[i].Body = "" // the build has the HTML; the gateway needs the rest
		}
		d.Posts = posts
		// A page per tag of the published posts (/blog/tags/<slug>), after routes.json's
		// /blog/tags: they travel in the release as routes, so the gateway gives each its
		// head and sitemap entry, and the release needs each prerendered.
		for _, tag := range content.TagsOf(posts) {
			d.Routes = append(d.Routes, tag.Route())
		}
	case content.SectionNewsletter:
		if d.Editions, err = content.LoadEditions(fsys); err != nil {
			return d, err
		}
		// Every edition has its page (e.URL(), /newsletter/<id>), titled and described
		// by the edition: a route of the release like routes.json's, so the gate wants
		// its prerendered HTML and the sitemap lists it.
		for _, e := range d.Editions {
			d.Routes = append(d.Routes, content.Route{
				Path: e.URL(), Section: content.SectionNewsletter, Title: e.Title, Description: e.Excerpt,
			})
		}
	}
	return d, nil
}

// ReadBuild reads every file of a section's build directory (fsys rooted at its
// dist/), but hidden ones, as the gateway loads a build (static.ReadFiles).
func ReadBuild(fsys fs.FS) (map[string][]byte, error) {
	files, err := static.ReadFiles(fsys)
	if err != nil {
		return nil, fmt.Errorf("release: reading the build: %w", err)
	}
	return files, nil
}
