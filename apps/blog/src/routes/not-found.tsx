import { site } from "@portfolio/content";
import { NotFound as PageNotFound } from "@portfolio/ui/page";
import { useDocumentTitle } from "@portfolio/ui/use-document-title";
import { Link } from "react-router";

/**
 * An unknown path inside this section (an unknown or coming-soon slug): the site's 404
 * heading, and a way back. The gateway answers these paths with status 404.
 */
export function NotFound() {
  useDocumentTitle("Page Not Found", site.siteName);
  return (
    <PageNotFound home={<Link to="/blog">Back to Blog</Link>}>
      There is no article at this address. It may not be written yet: all posts are listed on the
      blog.
    </PageNotFound>
  );
}
