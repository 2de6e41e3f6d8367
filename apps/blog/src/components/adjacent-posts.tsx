import { type PublishedPost, publishedPosts } from "@portfolio/content/blog";
import { AdjacentLinks } from "@portfolio/ui/adjacent-links";
import { Link } from "react-router";

/**
 * The published posts before and after this one by date (posts newest first): previous
 * is the older one, next the newer one; undefined at either end.
 */
export function adjacentPosts(
  slug: string,
  posts: readonly PublishedPost[],
): { previous?: PublishedPost; next?: PublishedPost } {
  const i = posts.findIndex((p) => p.slug === slug);
  return i < 0 ? {} : { previous: posts[i + 1], next: posts[i - 1] };
}

/** Links to the previous and next article at the end of an article ('← Previous: …', 'Next: … →'). */
export function AdjacentPosts({ slug }: { slug: string }) {
  return (
    <AdjacentLinks label="More articles" {...adjacentPosts(slug, publishedPosts)} link={Link} />
  );
}
