import { tagPageOf } from "@portfolio/content/blog";
import { TagList, tagLinks } from "@portfolio/ui/tag-list";
import { Link } from "react-router";

const renderTag = tagLinks(tagPageOf, Link);

/**
 * A post's tags (the ui's TagList: a list named 'Tags'), each a link to
 * its page /blog/tags/<slug>. A tag that only coming-soon posts have has no page and
 * stays a plain badge.
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
  return <TagList tags={tags} max={max} className={className} renderTag={renderTag} />;
}
