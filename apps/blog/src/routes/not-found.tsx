import { site } from "@portfolio/content";
import { buttonClasses } from "@portfolio/ui/button";
import { useDocumentTitle } from "@portfolio/ui/use-document-title";
import { Link } from "react-router";

/**
 * An unknown path inside this section (an unknown or coming-soon slug): the site's 404
 * heading, and a way back. The gateway answers these paths with status 404.
 */
export function NotFound() {
  useDocumentTitle("Page Not Found", site.siteName);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">404 Page Not Found</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
        There is no article at this address. It may not be written yet: all posts are listed on the
        blog.
      </p>
      <Link to="/blog" className={buttonClasses({ className: "mt-8" })}>
        Back to Blog
      </Link>
    </div>
  );
}
