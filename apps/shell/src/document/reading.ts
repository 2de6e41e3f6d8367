import { attachCopyButtons, watchCurrentHeading } from "@portfolio/ui/reading-aids";

/**
 * An article's reading aids on a page that arrived prerendered, where nothing of the
 * article hydrates: the code blocks' 'Copy' buttons and the table of contents' current
 * section (the blog's own components do the same once the app runs). Returns what
 * removes them, for when the app takes the page over.
 */
export function attachReadingAids(): () => void {
  const stops: (() => void)[] = [];
  for (const body of document.querySelectorAll<HTMLElement>(".article-body")) {
    const status = body.parentElement?.querySelector<HTMLElement>(":scope > [role=status]");
    stops.push(attachCopyButtons(body, status ?? null));
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
