import { site } from "@portfolio/content";
import { useEffect } from "react";

/**
 * Sets the document title ("<title> · <site name>") for the blog's pages that are not
 * in content/routes.json (articles and the section's not-found state): the shell titles
 * the routes of the table and leaves these to the section. The gateway writes the same
 * title into the HTML of a first load.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${site.siteName}`;
  }, [title]);
}
