import { type PublishedPost, publishedPosts } from "@portfolio/content/blog";
import { Link } from "@portfolio/router";

/**
 * The published posts before and after this one by date: previous is the older one,
 * next the newer one; undefined at either end.
 */
export function adjacentPosts(
  slug: string,
  posts: readonly PublishedPost[] = publishedPosts,
): { previous?: PublishedPost; next?: PublishedPost } {
  // posts are newest first.
  const i = posts.findIndex((p) => p.slug === slug);
  if (i < 0) return {};
  return { previous: posts[i + 1], next: posts[i - 1] };
}

/** Links to the previous and next article at the end of an article ('← Previous: …', 'Next: … →'). */
export function AdjacentPosts({
  slug,
  posts = publishedPosts,
}: {
  slug: string;
  posts?: readonly PublishedPost[];
}) {
  const { previous, next } = adjacentPosts(slug, posts);
  if (!previous && !next) return null;
  return (
    <nav
      aria-label="More articles"
      className="mt-12 flex flex-col gap-4 border-t border-border pt-8 sm:flex-row sm:justify-between sm:gap-8"
    >
      {previous ? (
        <Link to={previous.url} rel="prev" className="font-medium text-primary hover:underline">
          <span aria-hidden="true">← </span>
          Previous: {previous.title}
        </Link>
      ) : null}
      {next ? (
        <Link
          to={next.url}
          rel="next"
          className="font-medium text-primary hover:underline sm:ml-auto sm:text-right"
        >
          Next: {next.title}
          <span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  );
}
