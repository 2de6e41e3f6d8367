import { useEffect } from "react";

/** The separator of a document title's parts: "Kubernetes Security · Site". */
export const TITLE_SEPARATOR = " · ";

/**
 * Sets the document title to its parts joined by " · ", most specific first: a page
 * whose title says more than its route's (an article, a project's name) or a page the
 * shell's route titles do not cover (a section's own pages). Runs after the shell's own
 * route title (a layout effect in its chrome), so the page has the last word. The
 * gateway writes the same title into the HTML of a first load.
 */
export function useDocumentTitle(...parts: string[]): void {
  const title = parts.join(TITLE_SEPARATOR);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
