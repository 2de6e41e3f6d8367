import { Badge } from "@portfolio/ui/badge";

/** An edition's tags as badges, in a list named 'Tags' (docs/ui-contract.md). */
export function TagList({ tags }: { tags: readonly string[] }) {
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary" className="font-medium">
            {tag}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
