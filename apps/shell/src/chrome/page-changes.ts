import { routes, site } from "@portfolio/content";
import { pageTitle } from "@portfolio/ui/use-document-title";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { sendPageView } from "../lib/page-beacon";

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
 * The document title for a path, as the gateway gives it (internal/pages): from
 * content/routes.json, "<route title> · <site name>" ("<site name> · <headline>" for /),
 * "Page Not Found · <site name>" for paths outside the table (as the gateway does), and
 * undefined for a path a remote section titles itself (below its root, not in the table).
 */
export function documentTitle(pathname: string): string | undefined {
  // The home page is titled by the site and the owner's headline, as the gateway titles it.
  if (pathname === "/") return `${site.siteName} · ${site.owner.headline}`;
  const match = titled.find((route) => route.test.test(pathname));
  if (match) return `${match.title} · ${site.siteName}`;
  if (sectionRoots.some((root) => pathname.startsWith(`${root}/`))) return undefined;
  return `${NOT_FOUND_TITLE} · ${site.siteName}`;
}

// Where each history entry of this page was scrolled to, by the router's location key
// ("default": the entry the document was loaded with), for Back and Forward. The browser's
// own restoration runs at popstate, before the app has rendered the page it goes back to
// (it would clamp the position to the page being left), so the app does it after.
const positions = new Map<string, number>();

/**
 * Remembers where the document's own entry was scrolled to, as the app takes over: from
 * now on the app restores it (the browser would, at popstate, over the page being left).
 */
export function rememberDocumentScroll(): void {
  positions.set("default", window.scrollY);
  window.history.scrollRestoration = "manual";
}

/** How long a page coming back may take to grow tall enough for its old position. */
const GROW_WAIT_MS = 3000;

/**
 * Scrolls to `y`, and holds it there while the page is still taking shape (content that
 * arrives after it rendered, such as the newsletter's texts, would otherwise move it or
 * leave it short), until the reader scrolls, taps or types.
 */
function scrollBackTo(y: number): () => void {
  window.scrollTo(0, y);
  if (typeof ResizeObserver === "undefined") return () => {};
  const observer = new ResizeObserver(() => window.scrollTo(0, y));
  const timer = setTimeout(() => stop(), GROW_WAIT_MS);
  const inputs = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of inputs) window.removeEventListener(type, stop);
  };
  observer.observe(document.body);
  for (const type of inputs) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * While the app runs, history entries it moves between get their scroll position back
 * once their page has rendered; a document load (a reload, Back from another site) is
 * the browser's again: its restoration is switched back on as the page is left.
 */
function useScrollRestoration(key: string): number | undefined {
  // The entry scrolls are recorded for: the one on screen (set once its page is
  // committed: while a navigation renders, the page being left is still the one shown).
  const current = useRef(key);
  useLayoutEffect(() => {
    current.current = key;
  }, [key]);
  // Read before the new page commits: a shorter page clamps the scroll, and that scroll
  // is recorded for the entry it is shown for.
  const restoreTo = useMemo(() => positions.get(key), [key]);
  useEffect(() => {
    window.history.scrollRestoration = "manual";
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        positions.set(current.current, window.scrollY);
      });
    };
    const onPageHide = () => {
      window.history.scrollRestoration = "auto";
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", onPageHide);
      window.history.scrollRestoration = "auto";
    };
  }, []);
  return restoreTo;
}

/**
 * On client-side navigation: new title, and start the new page at the top, or, going
 * Back or Forward to an entry seen before, where it was. `arrived`: the first render is
 * already a navigation's (the app took over the document for it).
 */
export function usePageChanges(arrived = false): void {
  const { pathname, hash, key } = useLocation();
  const restoreTo = useScrollRestoration(key);
  // The page each view came from, for the view's beacon: at first the document's own
  // (the app takes over a document for a navigation away from it).
  const from = useRef(typeof window === "undefined" ? "" : window.location.href);
  // The location the document was loaded at (or last scrolled for). On a document load
  // the browser owns the scroll position: it restores it on a reload or Back, and a
  // reader may have scrolled before hydration ended. Scrolling to the top on mount threw
  // them back to 0, so only a change of location after mount scrolls.
  const shown = useRef(arrived ? null : `${pathname}${hash}#${key}`);
  // The page's own title (useDocumentTitle, @portfolio/ui: a layout effect of a child,
  // so it has run already) wins over the route's.
  useLayoutEffect(() => {
    const title = pageTitle() ?? documentTitle(pathname);
    if (title !== undefined) document.title = title;
  }, [pathname]);
  useEffect(() => {
    const here = `${pathname}${hash}#${key}`;
    if (shown.current === here) return; // mount (hydration), or StrictMode's second run
    const mounting = shown.current === null;
    const before = shown.current;
    shown.current = here;
    // A page the gateway did not serve is counted by its beacon (docs/decisions/0039);
    // a move within the page (a hash) is no new view.
    if (mounting || before?.split("#")[0] !== here.split("#")[0]) {
      sendPageView(pathname, from.current);
      from.current = window.location.href;
    }
    if (restoreTo !== undefined && !mounting) return scrollBackTo(restoreTo);
    if (!hash) window.scrollTo(0, 0);
    // A link to a part of a page (a search result's talk, /talks#<id>): the browser only
    // jumps there on a document load, so the app does, once the page shows it.
    else return scrollToTarget(hash.slice(1));
  }, [pathname, hash, key, restoreTo]);
}

/** Scrolls the element `fragment` names into view as soon as it is rendered (at most 2 s on). */
function scrollToTarget(fragment: string): () => void {
  let id = fragment;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    // Not percent-encoded text: the fragment as it is.
  }
  let frame = 0;
  const started = performance.now();
  const tryScroll = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView();
    else if (performance.now() - started < 2000) frame = requestAnimationFrame(tryScroll);
  };
  tryScroll();
  return () => cancelAnimationFrame(frame);
}
