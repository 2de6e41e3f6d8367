import { NotFound as PageNotFound } from "@portfolio/ui/page";
import { Link } from "react-router";

export function NotFound() {
  return (
    <PageNotFound home={<Link to="/">Back to Home</Link>}>
      The page you are looking for does not exist or has moved.
    </PageNotFound>
  );
}
