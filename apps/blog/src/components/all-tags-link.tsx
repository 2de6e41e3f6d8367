import { ArrowRightIcon } from "@portfolio/ui/icons";
import { Link } from "react-router";

/** A link to /blog/tags, the tags of the published articles. */
export function AllTagsLink() {
  return (
    <Link
      to="/blog/tags"
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4"
    >
      All Tags
      <ArrowRightIcon />
    </Link>
  );
}
