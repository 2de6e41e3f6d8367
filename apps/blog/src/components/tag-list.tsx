import { getTag, tagSlug } from "@portfolio/content/blog";
import { Link } from "@portfolio/router";
import { Badge } from "@portfolio/ui/badge";
import { TagList } from "@portfolio/ui/tag-list";
import type { ReactElement } from "react";

/**
 * A post's tags (the ui's TagList: a list named 'Tags'), each a link to its page
 * /blog/tags/<slug>, which looks like one: an outlined chip with underlined text in the
 * link colour. A tag that only coming-soon posts have has no page and stays a plain
 * (filled, grey) badge.
 */
export function PostTags({
  tags,
  max,
  className,
}: {
  tags: readonly string[];
  max?: number;
  className?: string;
}) {
  return <TagList tags={tags} max={max} className={className} renderTag={tagLink} />;
}

function tagLink(tag: string, badge: ReactElement) {
  const page = getTag(tagSlug(tag));
  if (!page) return badge;
  return (
    <Link
      to={page.url}
      className="inline-flex rounded-full outline-none hover:[&>span]:bg-accent hover:[&>span]:decoration-current focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      <Badge
        variant="outline"
        className="border-primary/40 font-medium text-primary underline decoration-primary/40 underline-offset-2"
      >
        {tag}
      </Badge>
    </Link>
  );
}
