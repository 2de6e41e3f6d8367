import type { ComponentType, ReactNode } from "react";

/** A page of a series: where it is and what it is called. */
export interface AdjacentPage {
  url: string;
  title: string;
}

/** A link component of the router's shape (the ui knows no router: the caller passes its Link). */
export type LinkComponent = ComponentType<{
  to: string;
  rel?: string;
  className?: string;
  children?: ReactNode;
}>;

/**
 * At the end of one page of a series (an article, an edition), a `nav` named `label`
 * with '← Previous: <title>' (the older one, rel="prev") and 'Next: <title> →' (the
 * newer, rel="next"), either left out at its end of the series; nothing when both are.
 */
export function AdjacentLinks({
  label,
  previous,
  next,
  link: Link,
}: {
  label: string;
  previous?: AdjacentPage;
  next?: AdjacentPage;
  link: LinkComponent;
}) {
  if (!previous && !next) return null;
  return (
    <nav
      aria-label={label}
      className="mt-12 grid gap-4 border-t border-border pt-8 sm:grid-cols-2 sm:gap-8"
    >
      {previous ? (
        <Link to={previous.url} rel="prev" className="font-medium text-primary hover:underline">
          <span aria-hidden="true">← </span>
          Previous: {previous.title}
        </Link>
      ) : null}
      {next ? (
        <Link
          to={next.url}
          rel="next"
          className="font-medium text-primary hover:underline sm:col-start-2 sm:text-right"
        >
          Next: {next.title}
          <span aria-hidden="true"> →</span>
        </Link>
      ) : null}
    </nav>
  );
}
