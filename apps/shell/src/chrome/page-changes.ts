import { routes, site } from "@portfolio/content";
import { useLocation } from "@portfolio/router";
import { useEffect, useLayoutEffect, useRef } from "react";

const NOT_FOUND_TITLE = "Page Not Found";

function pattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+");
  return new RegExp(`^${escaped}/?$`);
}

const titled = routes.map((route) => ({ test: pattern(route.path), title: route.title }));

// The remote sections' roots (/blog, /newsletter, /admin): a path below one that is not
// in the table is a page of the section's own (a blog article, from the posts) or its
// not-found state, and the section titles it.
const sectionRoots = [
  ...new Set(routes.filter((r) => r.section !== "shell").map((r) => `/${r.path.split("/")[1]}`)),
];

/**
 * The document title for a path, from content/routes.json: "<route title> · <site name>",
 * "Page Not Found · <site name>" for paths outside the table (as the gateway does), and
 * undefined for a path a remote section titles itself (below its root, not in the table).
 */
export function documentTitle(pathname: string): string | undefined {
  const match = titled.find((route) => route.test.test(pathname));
  if (match) return `${match.title} · ${site.siteName}`;
  if (sectionRoots.some((root) => pathname.startsWith(`${root}/`))) return undefined;
  return `${NOT_FOUND_TITLE} · ${site.siteName}`;
}

/**
 * On client-side navigation: new title, and start the new page at the top. `arrived`:
 * the first render is already a navigation's (the app took over the document for it).
 */
export function usePageChanges(arrived = false): void {
  const { pathname, hash } = useLocation();
  // The location the document was loaded at (or last scrolled for). On a document load
  // the browser owns the scroll position: it restores it on a reload or Back, and a
  // reader may have scrolled before hydration ended. Scrolling to the top on mount threw
  // them back to 0, so only a change of location after mount scrolls.
  const shown = useRef(arrived ? null : `${pathname}${hash}`);
  // A layout effect, so that a page's own useDocumentTitle (@portfolio/ui; a passive effect, which runs
  // after every layout effect of the same commit) has the last word.
  useLayoutEffect(() => {
    const title = documentTitle(pathname);
    if (title !== undefined) document.title = title;
  }, [pathname]);
  useEffect(() => {
    const here = `${pathname}${hash}`;
    if (shown.current === here) return; // mount (hydration), or StrictMode's second run
    shown.current = here;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}
