package content

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// TagsPath is the blog's page listing every tag; a tag's own page is under it
// (Tag.URL: /blog/tags/<slug>).
const TagsPath = "/blog/tags"

// TagSlug is a tag's URL segment: ASCII letters lower-cased, ASCII digits kept, every
// run of other characters (spaces, punctuation, any non-ASCII character) one "-", and
// no "-" at either end: "CI/CD" → "ci-cd", "Cost Optimization" → "cost-optimization".
// Only ASCII is kept so that Go and JavaScript, whose Unicode case mappings differ,
// agree on every tag; src/tags.mjs is the same rule for the npm package, and
// testdata/tag-slugs.json (run by both sides' tests) proves it. A tag without an ASCII
// letter or digit has the slug "", which LoadPosts refuses.
func TagSlug(tag string) string {
	var b strings.Builder
	dash := false
	for i := 0; i < len(tag); i++ {
		c := tag[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		default:
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

// TagTitle is the title of a tag's page (its <title> and <h1>): Posts tagged “name”.
// src/tags.mjs words it the same.
func TagTitle(name string) string { return "Posts tagged “" + name + "”" }

// Tag is one tag of the blog's published posts, as its tag page shows it.
type Tag struct {
	Name  string // as the posts spell it
	Slug  string // TagSlug(Name)
	Posts []Post // the published posts with the tag, newest first
}

// URL is the tag's page: /blog/tags/<slug>.
func (t Tag) URL() string { return TagsPath + "/" + t.Slug }

// Description is the tag page's meta description: how many articles and their titles.
func (t Tag) Description() string {
	titles := make([]string, len(t.Posts))
	for i, p := range t.Posts {
		titles[i] = p.Title
	}
	n := strconv.Itoa(len(t.Posts)) + " article"
	if len(t.Posts) != 1 {
		n += "s"
	}
	return fmt.Sprintf("%s tagged “%s” on the blog: %s.", n, t.Name, strings.Join(titles, "; "))
}

// Route is the tag page's route: section blog, titled TagTitle, described by
// Description.
func (t Tag) Route() Route {
	return Route{Path: t.URL(), Section: SectionBlog, Title: TagTitle(t.Name), Description: t.Description()}
}

// TagsOf returns the tags of the published posts among posts (given newest first, as
// LoadPosts returns them), the most used first, then by slug; each with its published
// posts in the order given. A tag is named as its first post spells it (LoadPosts
// refuses two spellings of one slug).
func TagsOf(posts []Post) []Tag {
	var tags []Tag
	index := map[string]int{}
	for _, p := range PublishedPosts(posts) {
		for _, name := range p.Tags {
			slug := TagSlug(name)
			i, ok := index[slug]
			if !ok {
				i = len(tags)
				index[slug] = i
				tags = append(tags, Tag{Name: name, Slug: slug})
			}
			tags[i].Posts = append(tags[i].Posts, p)
		}
	}
	slices.SortStableFunc(tags, func(a, b Tag) int {
		return cmp.Or(cmp.Compare(len(b.Posts), len(a.Posts)), cmp.Compare(a.Slug, b.Slug))
	})
	return tags
}

// tagUse is where a tag slug was first seen: the tag's spelling and its file.
type tagUse struct{ tag, file string }

// checkTags reports, for one post's tags, a tag whose slug is empty and two spellings
// of one slug, in this post or (through seen, by slug) in another.
func checkTags(c *fieldChecker, file string, tags []string, seen map[string]tagUse) {
	mine := map[string]bool{}
	for i, tag := range tags {
		slug := TagSlug(tag)
		ptr := fmt.Sprintf("/tags/%d", i)
		other, taken := seen[slug]
		switch {
		case slug == "":
			c.addf(ptr, "%q needs an ASCII letter or digit (its page is /blog/tags/<slug>)", tag)
		case mine[slug]:
			c.addf(ptr, "%q has the slug %q of another tag of this post", tag, slug)
		case taken && other.tag != tag:
			c.addf(ptr, "%q has the slug %q of %q in %s: spell the tag alike", tag, slug, other.tag, other.file)
		}
		mine[slug] = true
		if !taken && slug != "" {
			seen[slug] = tagUse{tag: tag, file: file}
		}
	}
}
