import { crossesOrigins } from "../navigation/history";

/** Whether `url` is a page of this origin: not a file (/rss.xml), the API or a section's code. */
export function isPageOfThisOrigin(url: URL): boolean {
  return (
    url.origin === window.location.origin &&
    !/\.[a-z0-9]+$/i.test(url.pathname) &&
    !/^\/(api|mf)\//.test(url.pathname)
  );
}

/**
 * The URL `link` opens inside the app, or undefined where the browser must follow it
 * itself: other targets, downloads, other origins (the admin's pages and the rest of
 * the site are two: crossesOrigins), files (/rss.xml), the API, and anchors on this
 * page. The same rules as the router's <Link> and the article body's.
 */
export function appLinkUrl(link: HTMLAnchorElement): string | undefined {
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return undefined;
  const href = link.getAttribute("href") ?? "";
  if (!href.startsWith("/") || href.startsWith("//")) return undefined;
  const url = new URL(link.href);
  if (!isPageOfThisOrigin(url) || crossesOrigins(url.href)) return undefined;
  const here = window.location;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The site link an event happened on, if any. */
export function siteLinkOf(event: Event): HTMLAnchorElement | undefined {
  const link = (event.target as Element | null)?.closest?.("a[href]");
  return link instanceof HTMLAnchorElement && appLinkUrl(link) ? link : undefined;
}

/** The URL a plain left click opens inside the app (modified clicks are the browser's). */
export function appNavigation(event: MouseEvent): string | undefined {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  )
    return undefined;
  const link = siteLinkOf(event);
  return link && appLinkUrl(link);
}
