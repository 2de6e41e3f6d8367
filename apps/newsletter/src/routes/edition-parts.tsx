import { tagPageOf } from "@portfolio/content/blog";
import type { EditionSummary } from "@portfolio/content/newsletter";
import { Badge } from "@portfolio/ui/badge";
import { cn } from "@portfolio/ui/cn";
import { CalendarIcon, ClockIcon } from "@portfolio/ui/icons";
import { TagList, tagLinks } from "@portfolio/ui/tag-list";
import type { Ref } from "react";
import { Link } from "react-router";

// An edition's text is HTML the content build rendered from its Markdown (paragraphs,
// section headings, lists, code highlighted by Shiki; no raw HTML, no script): no Markdown library ships
// to the browser. It has no classes, so its elements are styled from here.
const editionBody =
  "text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere] [&>*+*]:mt-4 " +
  // Section headings: h2, under the page's h1.
  "[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight " +
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li+li]:mt-1.5 [&_li]:pl-1 " +
  "[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-normal " +
  "[&_pre:focus-visible]:outline-2 [&_pre:focus-visible]:outline-offset-2 [&_pre:focus-visible]:outline-ring " +
  "[&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1.5 " +
  "[&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.875em]";

/**
 * An edition's full text: the HTML the content build rendered (see above), marked as the
 * text a feed entry carries (data-article-body: the gateway's internal/discovery,
 * decision 0056).
 */
export function EditionText({
  html,
  className,
  ref,
}: {
  html: string;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      data-article-body=""
      className={cn(editionBody, className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** An edition's month (a `<time datetime="YYYY-MM">` in a badge) and read time. */
export function EditionMeta({ edition }: { edition: EditionSummary }) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground [&_svg]:size-4">
      <Badge variant="outline" className="gap-1.5 font-medium [&_svg]:size-3.5">
        <CalendarIcon />
        <time dateTime={edition.date}>{edition.month}</time>
      </Badge>
      <span className="inline-flex items-center gap-1.5">
        <ClockIcon />
        {edition.readTime} min read
      </span>
    </div>
  );
}

const renderTag = tagLinks(tagPageOf, Link);

/**
 * An edition's tags (a list named 'Tags'), each a link to the blog's page of the tag
 * (/blog/tags/<slug>, the articles on the same topic) where a published article has it;
 * the others, which have no page, plain badges (docs/decisions/0057).
 */
export function EditionTags({ tags }: { tags: readonly string[] }) {
  return <TagList tags={tags} renderTag={renderTag} />;
}
