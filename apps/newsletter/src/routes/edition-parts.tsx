import type { EditionSummary } from "@portfolio/content/newsletter";
import { Badge } from "@portfolio/ui/badge";
import { cn } from "@portfolio/ui/cn";
import { CalendarIcon, ClockIcon } from "@portfolio/ui/icons";
import type { Ref } from "react";

// An edition's text is HTML the content build rendered from its Markdown (paragraphs,
// section headings, lists, code highlighted by Shiki; no raw HTML, no script): no Markdown library ships
// to the browser. It has no classes, so its elements are styled from here.
const editionBody =
  "text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere] [&>*+*]:mt-4 " +
  // Section headings: h2 on an edition's page, h4 in a card of /newsletter (cardHtml).
  "[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight " +
  "[&_h4]:mt-6 [&_h4]:text-base [&_h4]:font-semibold " +
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li+li]:mt-1.5 [&_li]:pl-1 " +
  "[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-normal " +
  "[&_pre:focus-visible]:outline-2 [&_pre:focus-visible]:outline-offset-2 [&_pre:focus-visible]:outline-ring " +
  "[&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1.5 " +
  "[&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.875em]";

/** An edition's full text: the HTML the content build rendered (see above). */
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
      className={cn(editionBody, className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * An edition's HTML as a card of /newsletter shows it, under the card's h3: its section
 * headings (h2 on the edition's own page, under its h1) two levels down, and without
 * their ids, which six editions on one page would repeat ("3-am-wisdom"). The build's
 * headings are plain `<hN id="…">` tags and the text has no raw HTML, so a tag is
 * never anything else.
 */
export function cardHtml(html: string): string {
  return html.replace(
    /<(\/?)h([1-6])(?: id="[^"]*")?>/g,
    (_tag, close: string, level: string) => `<${close}h${Math.min(Number(level) + 2, 6)}>`,
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
