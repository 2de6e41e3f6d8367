import type { ReactElement, ReactNode } from "react";
import type { LinkComponent } from "./adjacent-links";
import { Badge } from "./badge";
import { cn } from "./cn";

/**
 * Tags as badges, in a list named 'Tags' (docs/ui-contract.md). With `max`, the first
 * `max` and a '+N' badge for the rest (read as '+N more tags'). With `renderTag`, each
 * shown tag's badge goes through it, e.g. into a link to the tag's page (the caller
 * knows the router); it may give the badge back as it is.
 */
export function TagList({
  tags,
  max,
  className,
  renderTag,
}: {
  tags: readonly string[];
  max?: number;
  className?: string;
  renderTag?: (tag: string, badge: ReactElement) => ReactNode;
}) {
  const shown = max === undefined ? tags : tags.slice(0, max);
  const more = tags.length - shown.length;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-2", className)}>
      {shown.map((tag) => {
        const badge = (
          <Badge variant="secondary" className="font-medium">
            {tag}
          </Badge>
        );
        return <li key={tag}>{renderTag ? renderTag(tag, badge) : badge}</li>;
      })}
      {more > 0 ? (
        <li>
          <Badge variant="outline" className="font-medium" data-more-tags={more}>
            +{more}
            <span className="sr-only"> more tags</span>
          </Badge>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * A `renderTag` for TagList that makes each tag with a page a link to it (`pageOf` gives
 * its path, e.g. the blog's /blog/tags/<slug>; `link` is the router's Link), which looks
 * like one: an outlined chip with underlined text in the link colour; a tag without a
 * page stays a plain (filled, grey) badge.
 */
export function tagLinks(pageOf: (tag: string) => string | undefined, Link: LinkComponent) {
  return function tagLink(tag: string, badge: ReactElement): ReactNode {
    const to = pageOf(tag);
    if (!to) return badge;
    return (
      <Link
        to={to}
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
  };
}
