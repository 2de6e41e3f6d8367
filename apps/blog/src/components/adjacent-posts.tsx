import { type PublishedPost, publishedPosts } from "@portfolio/content/blog";
import { Link } from "@portfolio/router";

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
  const { previous, next } = adjacentPosts(slug, publishedPosts);
  if (!previous && !next) return null;
  return (
    <nav
      aria-label="More articles"
      className="mt-12 grid gap-4 border-t border-border pt-8 sm:grid-cols-2 sm:gap-8"
    >
      {previous ? (
        <Link to={previous.url} className="font-medium text-primary hover:underline">
          <span aria-hidden="true">← </span>
          Previous: {previous.title}
        </Link>
      ) : null}
      {next ? (
        <Link
          to={next.url}
          className="font-medium text-primary hover:underline sm:col-start-2 sm:text-right"
        >
          Next: {next.title}
          <span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  );
}
