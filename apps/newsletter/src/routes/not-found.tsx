import { NotFound as PageNotFound } from "@portfolio/ui/page";
import { Link } from "react-router";

/** An unknown path inside this section: the site's 404 heading, and a way back. */
export function NotFound() {
  return (
    <PageNotFound home={<Link to="/newsletter">Back to Newsletter</Link>}>
      There is no page at this address in this section.
    </PageNotFound>
  );
}
