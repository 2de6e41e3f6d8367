import { routes, site } from "@portfolio/content";
import { useEffect } from "react";
import { useLocation } from "@portfolio/router";

const NOT_FOUND_TITLE = "Page Not Found";

function pattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+");
  return new RegExp(`^${escaped}/?$`);
}

const titled = routes.map((route) => ({ test: pattern(route.path), title: route.title }));

/**
 * The document title for a path, from content/routes.json: "<route title> · <site name>",
 * "Page Not Found · <site name>" for paths outside the table (as the gateway does).
 */
export function documentTitle(pathname: string): string {
  const match = titled.find((route) => route.test.test(pathname));
  return `${match?.title ?? NOT_FOUND_TITLE} · ${site.siteName}`;
}

/** On client-side navigation: new title, and start the new page at the top. */
export function usePageChanges(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
}
