// The blog's tag slugs and titles: plain JavaScript, shared by src/blog.ts and the Node
// build script (scripts/build-markdown.mjs). The same rules as content/tags.go
// (TagSlug, TagTitle); testdata/tag-slugs.json proves both sides agree.

/** The tags page; a tag's own page is /blog/tags/<slug>. */
export const TAGS_PATH = "/blog/tags";

/**
 * A tag's URL segment: ASCII letters lower-cased, ASCII digits kept, every run of other
 * characters (spaces, punctuation, any non-ASCII character) one "-", none at either end:
 * "CI/CD" → "ci-cd", "Cost Optimization" → "cost-optimization". ASCII only, since Go's
 * and JavaScript's Unicode case mappings differ. "" when the tag has no ASCII letter or
 * digit (the content checks refuse such a tag).
 * @param {string} tag
 * @returns {string}
 */
export function tagSlug(tag) {
  return tag
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A tag page's title (its <title> and <h1>): Posts tagged “name”.
 * @param {string} name
 * @returns {string}
 */
export function tagTitle(name) {
  return `Posts tagged “${name}”`;
}

/**
 * A tag's page: /blog/tags/<slug>.
 * @param {string} tag
 * @returns {string}
 */
export function tagUrl(tag) {
  return `${TAGS_PATH}/${tagSlug(tag)}`;
}

/**
 * Problems with one post's tags, as the Go loader words them: a tag without a slug, two
 * tags of one slug in the post, or a slug another post spells differently (seen: slug →
 * the first { tag, file } that had it).
 * @param {string} file
 * @param {readonly string[]} tags
 * @param {Map<string, { tag: string, file: string }>} seen
 * @returns {string[]}
 */
export function tagProblems(file, tags, seen) {
  const out = [];
  const mine = new Set();
  tags.forEach((tag, i) => {
    const slug = tagSlug(tag);
    const at = `${file}: /tags/${i}: ${JSON.stringify(tag)}`;
    const other = seen.get(slug);
    if (slug === "") {
      out.push(`${at} needs an ASCII letter or digit (its page is /blog/tags/<slug>)`);
    } else if (mine.has(slug)) {
      out.push(`${at} has the slug "${slug}" of another tag of this post`);
    } else if (other && other.tag !== tag) {
      out.push(
        `${at} has the slug "${slug}" of ${JSON.stringify(other.tag)} in ${other.file}: spell the tag alike`,
      );
    }
    mine.add(slug);
    if (!other && slug !== "") seen.set(slug, { tag, file });
  });
  return out;
}
