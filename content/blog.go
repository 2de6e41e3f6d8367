package content

import (
	"cmp"
	"io/fs"
	"path"
	"slices"
	"strings"
	"time"
)

// BlogDir holds the blog posts, one Markdown file per post: blog/<slug>.md.
const BlogDir = "blog"

// BlogPostSchema is the schema of a post's front matter, in schema/.
const BlogPostSchema = "blog-post.schema.json"

// PostCategory is one of the site's blog categories.
type PostCategory string

// The categories of schema/blog-post.schema.json.
const (
	PostCategorySecurity       PostCategory = "Security"
	PostCategoryInfrastructure PostCategory = "Infrastructure"
	PostCategoryMonitoring     PostCategory = "Monitoring"
	PostCategoryContainers     PostCategory = "Containers"
	PostCategoryCICD           PostCategory = "CI/CD"
	PostCategoryCloud          PostCategory = "Cloud"
	PostCategoryNetworking     PostCategory = "Networking"
	PostCategoryDatabase       PostCategory = "Database"
)

// PostCategories lists every category in the order of schema/blog-post.schema.json,
// their one source.
var PostCategories = enumOf[PostCategory](BlogPostSchema, "/properties/category/enum")

// PostStatus tells whether a post's article exists.
type PostStatus string

const (
	// PostPublished: the article page /blog/<slug> exists; it is in RSS and the sitemap.
	PostPublished PostStatus = "published"
	// PostComingSoon: listed on the all-posts page with a disabled 'Coming Soon' button;
	// no page, not in RSS or the sitemap.
	PostComingSoon PostStatus = "coming-soon"
)

// Post is a blog post's metadata and its Markdown. The HTML is rendered by the npm
// build for the browser; the gateway needs only this (RSS, sitemap, head tags).
type Post struct {
	Title   string `json:"title"`
	Slug    string `json:"slug"`
	Excerpt string `json:"excerpt"`
	// Date is the publication date (the planned one for a coming-soon post), midnight UTC.
	Date time.Time `json:"date"`
	// Updated is the date of the last substantial revision, midnight UTC; the zero time
	// when the post was never revised.
	Updated  time.Time    `json:"updated,omitempty"`
	ReadTime int          `json:"readTime"` // minutes
	Category PostCategory `json:"category"`
	Tags     []string     `json:"tags"`
	Status   PostStatus   `json:"status"`
	// Body is the Markdown after the front matter, with "\n" line endings and without
	// leading or trailing blank lines.
	Body string `json:"body,omitempty"`
}

// Published reports whether the post's article page exists.
func (p Post) Published() bool { return p.Status == PostPublished }

// URL is the post's path on the site, /blog/<slug> (a page only when Published).
func (p Post) URL() string { return "/blog/" + p.Slug }

// postFrontMatter mirrors schema/blog-post.schema.json.
type postFrontMatter struct {
	Title    string       `yaml:"title"`
	Slug     string       `yaml:"slug"`
	Excerpt  string       `yaml:"excerpt"`
	Date     string       `yaml:"date"`
	Updated  string       `yaml:"updated"`
	ReadTime int          `yaml:"readTime"`
	Category PostCategory `yaml:"category"`
	Tags     []string     `yaml:"tags"`
	Status   PostStatus   `yaml:"status"`
}

// LoadPosts reads every blog/*.md of fsys (usually FS()) and returns the posts newest
// first (by date, then slug). The front matter must match schema/blog-post.schema.json
// (an unknown field is an error, the date a real calendar date); beyond it, the slug
// must equal the file name, slugs are unique, a published post has a body, and every
// tag has a slug (TagSlug) that no other spelling of a tag has. All
// problems are reported at once, each naming the file and the field.
func LoadPosts(fsys fs.FS) ([]Post, error) {
	slugs := map[string]string{} // slug → the file that has it
	tagSlugs := map[string]tagUse{}
	posts, err := loadMarkdownDir(fsys, BlogDir, BlogPostSchema, func(c *fieldChecker, f markdownFile, fm postFrontMatter) Post {
		if base := strings.TrimSuffix(path.Base(f.name), ".md"); fm.Slug != base {
			c.addf("/slug", "%q must equal the file name without .md (%q)", fm.Slug, base)
		}
		if other, ok := slugs[fm.Slug]; ok {
			c.addf("/slug", "%q is also the slug of %s", fm.Slug, other)
		}
		slugs[fm.Slug] = f.name
		checkTags(c, f.name, fm.Tags, tagSlugs)
		date, err := time.Parse(time.DateOnly, fm.Date) // the schema's format: date
		if err != nil {
			c.addf("/date", "%v", err)
		}
		var updated time.Time
		if fm.Updated != "" {
			updated, err = time.Parse(time.DateOnly, fm.Updated) // the schema's format: date
			if err != nil {
				c.addf("/updated", "%v", err)
			} else if updated.Before(date) {
				c.addf("/updated", "%s must not be before the publication date (%s)", fm.Updated, fm.Date)
			}
		}
		body := strings.Trim(f.body, "\n")
		if fm.Status == PostPublished && strings.TrimSpace(body) == "" {
			c.addf("body", "a published post needs its article text after the front matter")
		}
		return Post{
			Title: fm.Title, Slug: fm.Slug, Excerpt: fm.Excerpt, Date: date, Updated: updated,
			ReadTime: fm.ReadTime, Category: fm.Category, Tags: fm.Tags, Status: fm.Status,
			Body: body,
		}
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(posts, func(a, b Post) int {
		return cmp.Or(b.Date.Compare(a.Date), cmp.Compare(a.Slug, b.Slug))
	})
	return posts, nil
}

// PublishedPosts returns the published posts of posts, in the same order.
func PublishedPosts(posts []Post) []Post {
	var out []Post
	for _, p := range posts {
		if p.Published() {
			out = append(out, p)
		}
	}
	return out
}
