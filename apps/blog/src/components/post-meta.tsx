import type { BlogPost } from "@portfolio/content/blog";
import { cn } from "@portfolio/ui/cn";
import { CalendarIcon, ClockIcon } from "@portfolio/ui/icons";
import { readTimeLabel } from "./card-rules";

/**
 * A post's date and read time ("Dec 15, 2023", "5 min read"); either can be left out.
 * With `updated` (the article page), also "Updated <date>" when the post has one.
 */
export function PostMeta({
  post,
  date = true,
  readTime = true,
  updated = false,
  className,
}: {
  post: BlogPost;
  date?: boolean;
  readTime?: boolean;
  updated?: boolean;
  className?: string;
}) {
  return (
    <p
      className={cn(
        "flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground",
        className,
      )}
    >
      {date ? (
        <span className="inline-flex items-center gap-1.5">
          <CalendarIcon className="size-4 shrink-0" />
          <time dateTime={post.date}>{post.displayDate}</time>
        </span>
      ) : null}
      {updated && post.updated ? (
        <span>
          Updated <time dateTime={post.updated}>{post.displayUpdated}</time>
        </span>
      ) : null}
      {readTime ? (
        <span className="inline-flex items-center gap-1.5">
          <ClockIcon className="size-4 shrink-0" />
          {readTimeLabel(post.readTime)}
        </span>
      ) : null}
    </p>
  );
}
