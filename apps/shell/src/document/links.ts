/**
 * The URL a plain left click on a link of this site would open inside the app, or
 * undefined where the browser must follow it itself: modified clicks, other targets,
 * downloads, other origins, files (/rss.xml), the API, and anchors on this page. The
 * same rules as the router's <Link> and the article body's links.
 */
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
  const link = (event.target as Element).closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement)) return undefined;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return undefined;
  const href = link.getAttribute("href") ?? "";
  if (!href.startsWith("/") || href.startsWith("//")) return undefined;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin) return undefined;
  if (/\.[a-z0-9]+$/i.test(url.pathname) || /^\/(api|mf)\//.test(url.pathname)) return undefined;
  const here = window.location;
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
