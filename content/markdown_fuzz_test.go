package content_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portfolio-site/portfolio/content"
)

// FuzzMarkdownFrontMatter reads any file as a blog post and as a newsletter edition:
// it is loaded, or refused with an error naming the file; it never panics.
func FuzzMarkdownFrontMatter(f *testing.F) {
	for _, seed := range []string{
		validPost, validEdition,
		"---\n---\nbody", "---\n", "", "\uFEFF---\r\ntitle: x\r\n---\r\n",
		"---\n- a\n- b\n---\n", "---\na: &a [*a]\n---\n", "---\ntitle: !!binary aGk=\n---\n",
		"---\ndate: 2024-13-45\n---\n", "---\n? [a, b]\n: c\n---\n", "---\nreadTime: 1e400\n---\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		posts, err := content.LoadPosts(fstest.MapFS{"blog/a-post.md": {Data: data}})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "content: blog/a-post.md") {
				t.Fatalf("error %q does not name the file", err)
			}
		} else if len(posts) != 1 || posts[0].Slug != "a-post" {
			t.Fatalf("loaded %+v", posts)
		}
		editions, err := content.LoadEditions(fstest.MapFS{"newsletter/001-first.md": {Data: data}})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "content: newsletter/001-first.md") {
				t.Fatalf("error %q does not name the file", err)
			}
		} else if len(editions) != 1 {
			t.Fatalf("loaded %+v", editions)
		}
	})
}
