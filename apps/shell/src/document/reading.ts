import { attachCopyButtons, watchCurrentHeading } from "@portfolio/ui/reading-aids";

/**
 * An article's or an edition's reading aids on a page that arrived prerendered, where
 * nothing of the text hydrates: the code blocks' 'Copy' buttons (in the element marked
 * `with-copy-buttons`, announced by the `role="status"` beside it) and an article's table
 * of contents' current section (the sections' own components do the same once the app
 * runs). Returns what removes them, for when the app takes the page over.
 */
export function attachReadingAids(): () => void {
  const stops: (() => void)[] = [];
  for (const root of document.querySelectorAll<HTMLElement>(".with-copy-buttons")) {
    const status = root.parentElement?.querySelector<HTMLElement>(":scope > [role=status]");
    stops.push(attachCopyButtons(root, status ?? null));
  }
  for (const body of document.querySelectorAll<HTMLElement>(".article-body")) {
    const links = [...document.querySelectorAll<HTMLAnchorElement>(".toc-list a[href^='#']")];
    const headings = [...body.querySelectorAll<HTMLElement>("h2[id], h3[id]")];
    if (links.length === 0) continue;
    stops.push(
      watchCurrentHeading(headings, (id) => {
        for (const link of links) {
          if (link.getAttribute("href") === `#${id}`) link.setAttribute("aria-current", "location");
          else link.removeAttribute("aria-current");
        }
      }),
    );
  }
  return () => {
    for (const stop of stops) stop();
  };
}
