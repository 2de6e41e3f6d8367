import { Badge } from "@portfolio/ui/badge";
import { cn } from "@portfolio/ui/cn";
import { cardTags } from "./card-rules";

/** A post's tags as badges; with `max`, the first `max` and a '+N' badge for the rest. */
export function TagList({ tags, max, className }: { tags: readonly string[]; max?: number; className?: string }) {
  const { shown, more } = max === undefined ? { shown: tags, more: 0 } : cardTags(tags, max);
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
