import type { ArticleHeading } from "@portfolio/content/blog";
import { watchCurrentHeading } from "@portfolio/ui/reading-aids";
import { useEffect, useState } from "react";

/** An h2 of the table of contents with the h3s that follow it. */
export interface TocEntry extends ArticleHeading {
  children: ArticleHeading[];
}

/** The headings (h2 and h3, in order) as a tree: each h3 under the h2 before it. */
export function tocTree(headings: readonly ArticleHeading[]): TocEntry[] {
  const out: TocEntry[] = [];
  for (const h of headings) {
    const parent = out.at(-1);
    if (h.depth === 3 && parent) parent.children.push(h);
    else out.push({ ...h, children: [] });
  }
  return out;
}

/** An article gets a table of contents from this many headings on. */
export const minTocHeadings = 3;

/**
 * The article's table of contents, a nav 'On this page' of links to its headings, or
 * nothing below 3 headings. Below 1280 px it is a <details> 'On this page' above the
 * body, closed until opened (no JavaScript needed); from 1280 px a sticky column to the
 * right of the article (the parent is `position: relative`). Only one of the two is
 * displayed at any width, both in one nav: a page has one landmark of that name, as
 * landmarks of a kind must be told apart by their names. With JavaScript the link of
 * the section being read has aria-current="location" (useCurrentSection).
 */
export function TableOfContents({ headings }: { headings: readonly ArticleHeading[] }) {
  const current = useCurrentSection(headings);
  if (headings.length < minTocHeadings) return null;
  const tree = tocTree(headings);
  // Styled by article-body.css (loaded with this chunk): plain classes cost the
  // first-load JavaScript less than utility lists.
  return (
    <nav aria-label="On this page" className="toc">
      <details className="toc-compact">
        <summary>On this page</summary>
        <TocList tree={tree} current={current} />
      </details>
      <div className="toc-side">
        <p>On this page</p>
        <TocList tree={tree} current={current} />
      </div>
    </nav>
  );
}

function TocList({ tree, current }: { tree: TocEntry[]; current: string | null }) {
  return (
    <ol className="toc-list">
      {tree.map((h2) => (
        <li key={h2.id}>
          <TocLink heading={h2} current={current} />
          {h2.children.length > 0 ? (
            <ol>
              {h2.children.map((h3) => (
                <li key={h3.id}>
                  <TocLink heading={h3} current={current} />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function TocLink({ heading, current }: { heading: ArticleHeading; current: string | null }) {
  return (
    <a href={`#${heading.id}`} aria-current={current === heading.id ? "location" : undefined}>
      {heading.text}
    </a>
  );
}

/**
 * The id of the heading whose section is being read (watchCurrentHeading); nothing runs
 * before mount, so the prerendered HTML and the first render match.
 */
export function useCurrentSection(headings: readonly ArticleHeading[]): string | null {
  const [current, setCurrent] = useState<string | null>(null);
  const ids = headings.length >= minTocHeadings ? headings.map((h) => h.id).join(" ") : "";
  useEffect(() => {
    if (!ids) return;
    const elements = ids
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    return watchCurrentHeading(elements, setCurrent);
  }, [ids]);
  return current;
}
