package content_test

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portfolio-site/portfolio/content"
)

// tagSlugCases is testdata/tag-slugs.json, which src/tags.test.ts runs too: the same
// table proves TagSlug and the npm package's tagSlug agree.
func tagSlugCases(t *testing.T) []struct{ Tag, Slug string } {
	t.Helper()
	data, err := os.ReadFile("testdata/tag-slugs.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []struct{ Tag, Slug string } }
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f.Cases
}

func TestTagSlug(t *testing.T) {
	cases := tagSlugCases(t)
	listed := map[string]bool{}
	for _, c := range cases {
		listed[c.Tag] = true
		if got := content.TagSlug(c.Tag); got != c.Slug {
			t.Errorf("TagSlug(%q) = %q, want %q", c.Tag, got, c.Slug)
		}
	}
	// Every tag of the content is in the table, so both sides are proven on each.
	posts, err := content.LoadPosts(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range posts {
		for _, tag := range p.Tags {
			if !listed[tag] {
				t.Errorf("tag %q of %s is not in testdata/tag-slugs.json", tag, p.Slug)
			}
		}
	}
	for tag, want := range map[string]string{"CI/CD": "ci-cd", "Cost Optimization": "cost-optimization"} {
		if got := content.TagSlug(tag); got != want {
			t.Errorf("TagSlug(%q) = %q, want %q", tag, got, want)
		}
	}
}

func TestTagsOf(t *testing.T) {
	mk := func(slug, status string, tags ...string) content.Post {
		return content.Post{Slug: slug, Title: strings.ToUpper(slug), Status: content.PostStatus(status), Tags: tags}
	}
	posts := []content.Post{ // newest first
		mk("c", "published", "Kubernetes", "CI/CD"),
		mk("soon", "coming-soon", "Kubernetes", "FinOps"),
		mk("b", "published", "AWS", "Kubernetes"),
		mk("a", "published", "CI/CD", "Terraform", "Kubernetes"),
	}
	tags := content.TagsOf(posts)
	type row struct {
		name, slug string
		posts      []string
	}
	var got []row
	for _, tag := range tags {
		r := row{name: tag.Name, slug: tag.Slug}
		for _, p := range tag.Posts {
			r.posts = append(r.posts, p.Slug)
		}
		got = append(got, r)
	}
	want := []row{ // by count, then slug; coming-soon posts count for nothing
		{"Kubernetes", "kubernetes", []string{"c", "b", "a"}},
		{"CI/CD", "ci-cd", []string{"c", "a"}},
		{"AWS", "aws", []string{"b"}},
		{"Terraform", "terraform", []string{"a"}},
	}
	if !slices.EqualFunc(got, want, func(a, b row) bool {
		return a.name == b.name && a.slug == b.slug && slices.Equal(a.posts, b.posts)
	}) {
		t.Errorf("TagsOf = %+v,\nwant %+v", got, want)
	}
	r := tags[1].Route()
	if r.Path != "/blog/tags/ci-cd" || r.Section != content.SectionBlog || r.Title != "Posts tagged “CI/CD”" ||
		r.Description != "2 articles tagged “CI/CD” on the blog: C; A." {
		t.Errorf("route = %+v", r)
	}
	if d := tags[2].Description(); d != "1 article tagged “AWS” on the blog: B." {
		t.Errorf("description = %q", d)
	}
}

func TestLoadPostsRejectsTagSlugClashes(t *testing.T) {
	other := strings.NewReplacer("slug: a-post", "slug: b-post", "tags: [AWS, Cost]", "tags: [aws, Kubernetes]").Replace(validPost)
	tests := []struct {
		name, tags, want string
		extra            string // a second post
	}{
		{"no slug", `tags: ["!!!"]`, `blog/a-post.md: /tags/0: "!!!" needs an ASCII letter or digit`, ""},
		{"one post", `tags: [CI/CD, ci-cd]`, `blog/a-post.md: /tags/1: "ci-cd" has the slug "ci-cd" of another tag of this post`, ""},
		{"two posts", `tags: [AWS]`, `blog/b-post.md: /tags/0: "aws" has the slug "aws" of "AWS" in blog/a-post.md: spell the tag alike`, other},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"blog/a-post.md": {Data: []byte(replaceLine(validPost, "tags", tt.tags))}}
			if tt.extra != "" {
				fsys["blog/b-post.md"] = &fstest.MapFile{Data: []byte(tt.extra)}
			}
			_, err := content.LoadPosts(fsys)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
	// The same spelling on two posts is one tag.
	same := strings.NewReplacer("slug: a-post", "slug: b-post").Replace(validPost)
	if _, err := content.LoadPosts(fstest.MapFS{"blog/a-post.md": {Data: []byte(validPost)}, "blog/b-post.md": {Data: []byte(same)}}); err != nil {
		t.Fatal(err)
	}
}
