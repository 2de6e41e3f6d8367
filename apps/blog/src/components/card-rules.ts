import { type BlogPost, isPublished } from "@portfolio/content/blog";

/** The all-posts cards show at most this many tags, then '+N' for the rest. */
export const MAX_CARD_TAGS = 3;

/** "5 min read", as the site writes read times. */
export function readTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

/**
 * The all-posts page's order: the articles a visitor can read first, then the coming-soon
 * ones; each group keeps the index's order (newest first). Without this the planned
 * posts, dated later, would push every readable article below the fold.
 */
export function allPostsOrder(posts: readonly BlogPost[]): BlogPost[] {
  return [...posts.filter(isPublished), ...posts.filter((p) => !isPublished(p))];
}
