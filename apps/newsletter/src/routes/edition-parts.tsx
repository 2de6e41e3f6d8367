import type { EditionSummary } from "@portfolio/content/newsletter";
import { Badge } from "@portfolio/ui/badge";
import { cn } from "@portfolio/ui/cn";
import { CalendarIcon, ClockIcon } from "@portfolio/ui/icons";

// An edition's text is HTML the content build rendered from its Markdown (paragraphs,
// lists, code highlighted by Shiki; no raw HTML, no script): no Markdown library ships
// to the browser. It has no classes, so its elements are styled from here.
const editionBody =
  "text-[0.9375rem] leading-relaxed [overflow-wrap:anywhere] [&>*+*]:mt-4 " +
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li+li]:mt-1.5 [&_li]:pl-1 " +
  "[&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:border [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-normal " +
  "[&_pre:focus-visible]:outline-2 [&_pre:focus-visible]:outline-offset-2 [&_pre:focus-visible]:outline-ring " +
  "[&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1.5 " +
  "[&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:text-[0.875em]";

/** An edition's full text: the HTML the content build rendered (see above). */
export function EditionText({ html, className }: { html: string; className?: string }) {
  return <div className={cn(editionBody, className)} dangerouslySetInnerHTML={{ __html: html }} />;
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
