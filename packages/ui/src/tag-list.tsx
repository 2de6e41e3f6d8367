import { Badge } from "./badge";
import { cn } from "./cn";

/**
 * Tags as badges, in a list named 'Tags' (docs/ui-contract.md). With `max`, the first
 * `max` and a '+N' badge for the rest (read as '+N more tags').
 */
export function TagList({
  tags,
  max,
  className,
}: {
  tags: readonly string[];
  max?: number;
  className?: string;
}) {
  const shown = max === undefined ? tags : tags.slice(0, max);
  const more = tags.length - shown.length;
  return (
    <ul aria-label="Tags" className={cn("flex flex-wrap gap-2", className)}>
      {shown.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary" className="font-medium">
            {tag}
          </Badge>
        </li>
      ))}
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
