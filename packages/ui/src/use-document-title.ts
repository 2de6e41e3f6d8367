import { useLayoutEffect } from "react";

/** The separator of a document title's parts: "Kubernetes Security · Site". */
export const TITLE_SEPARATOR = " · ";

/**
 * Sets the document title to its parts joined by " · ", most specific first: a page
 * whose title says more than its route's (an article, a project's name) or a page the
 * shell's route titles do not cover (a section's own pages). The shell's own route title
 * (a layout effect in its chrome, pageTitle) yields to it, so the page has the last
 * word. The gateway writes the same title into the HTML of a first load.
 */
export function useDocumentTitle(...parts: string[]): void {
  const title = parts.join(TITLE_SEPARATOR);
  // A layout effect: set in the commit that shows the page. A passive one could run a
  // while later, after a view transition's animation has begun (chrome/layout.tsx).
  useLayoutEffect(() => {
    const claim = { title };
    claimed = claim;
    document.title = title;
    return () => {
      if (claimed === claim) claimed = undefined;
    };
  }, [title]);
}

/**
 * The title the page shown now gave itself (the module is one singleton, shared). A page
 * that leaves clears its own claim, so a page that sets none falls back to its route's.
 */
let claimed: { title: string } | undefined;

/**
 * The title the page shown now set for itself, if it has: the shell's route title (a
 * layout effect of the chrome, which runs after the page's) yields to it. Not keyed by
 * the URL: the router's location (a MemoryRouter's, say) need not be the window's.
 */
export function pageTitle(): string | undefined {
  return claimed?.title;
}
