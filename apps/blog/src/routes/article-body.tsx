import "@portfolio/content/code-theme.css";
import "@portfolio/ui/reading-aids.css";
import "./article-body.css";
import type { Article } from "@portfolio/content/blog";
import { useCopyButtons } from "@portfolio/ui/use-copy-buttons";
import { type MouseEvent, useRef } from "react";
import { useNavigate } from "react-router";
import { TableOfContents } from "../components/table-of-contents";

/**
 * An article's HTML, rendered and sanitised at build time (the Markdown pipeline
 * rejects raw HTML; code is already highlighted; headings have ids and anchor links),
 * with its table of contents (from 3 headings) and, once the script runs, a 'Copy'
 * button on each code block. Loaded with the article by the page.
 */
export default function ArticleHtml({ article }: { article: Article }) {
  const navigate = useNavigate();
  const body = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useCopyButtons(body, status);

  // Links to pages of this site stay inside the app (no reload), like router links;
  // files (/rss.xml), anchors, other sites and modified clicks keep the browser's way.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest?.("a");
    const href = link?.getAttribute("href");
    if (!link || !href || link.target || !href.startsWith("/") || href.startsWith("//")) return;
    const path = href.split(/[?#]/)[0] ?? "";
    if (/\.[a-z0-9]+$/i.test(path)) return;
    event.preventDefault();
    navigate(href);
  };

  return (
    // relative: the wide screens' table of contents is a column at its right edge.
    <div className="relative">
      <TableOfContents headings={article.headings} />
      {/* data-article-body: the article's own text, all a feed entry carries (decision 0056). */}
      {/* The handler only upgrades the links inside; pressing Enter on a link is a click too. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation for the links inside */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link inside is a click */}
      <div
        ref={body}
        data-article={article.slug}
        data-article-body=""
        className="article-body with-copy-buttons mt-8"
        onClick={onClick}
        dangerouslySetInnerHTML={{ __html: article.html }}
      />
      {/* What a code block's 'Copy' button did, for screen readers. */}
      <p ref={status} role="status" className="sr-only" />
    </div>
  );
}
