import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** How long a navigation's page may take to show its heading (a remote loading). */
const WAIT_FOR_HEADING_MS = 10_000;

/**
 * Says the new page's <h1> to screen readers after a client-side navigation, which swaps
 * the page without the document load they would notice. A live region rather than
 * moving focus: focus stays where the visitor left it (the menu's drawer returns it to
 * its button), and the region is in the HTML from the start, as a live region must be
 * to be heard. A document load says nothing here: the browser announces the page; the
 * app taking over a document for a navigation (`arrived`) does.
 */
export function RouteAnnouncer({ arrived = false }: { arrived?: boolean }) {
  const { pathname } = useLocation();
  const [message, setMessage] = useState("");
  // The path the document loaded at, until the first navigation away from it. Not reset
  // by the effect itself, so StrictMode's second run of an effect still observes.
  const loadedAt = useRef<string | null>(arrived ? null : pathname);

  useEffect(() => {
    if (pathname === loadedAt.current) return;
    loadedAt.current = null;
    const main = document.getElementById("main");
    if (!main) return;
    // The heading is there once the page is: at once for a page whose code was loaded
    // (the navigation's transition waited for it), later for a remote section still loading.
    const announce = () => {
      const text = main.querySelector("h1")?.textContent?.replace(/\s+/g, " ").trim();
      if (!text) return;
      stop();
      // The same words again (two 404 pages in a row) would change nothing in the region,
      // and so say nothing: a no-break space makes it a change.
      setMessage((said) => (said === text ? `${text}\u00a0` : text));
    };
    const observer = new MutationObserver(announce);
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    announce();
    return stop;
  }, [pathname]);

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}
