import type { ReactNode } from "react";

/** A data cell's padding and alignment, shared by every admin table's cells. */
export const cell = "px-4 py-3 text-left align-top";

/** A stacked table below 640 px: rows as blocks, cells as lines (ScrollTable's `stacked`). */
const stackedRows =
  "max-sm:block max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2 " +
  "max-sm:[&_td]:flex max-sm:[&_td]:min-w-0 max-sm:[&_td]:gap-3 max-sm:[&_td]:py-1";

/**
 * A stacked table's cell content: on a phone its column's name before it (the header
 * row says it to screen readers, so this is hidden from them), from 640 px the value alone.
 */
export function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <span aria-hidden="true" className="w-24 shrink-0 text-muted-foreground sm:hidden">
        {label}
      </span>
      <span className="min-w-0">{children}</span>
    </>
  );
}

/**
 * An admin data table in a named region that scrolls (sideways on a phone; both ways
 * with `maxHeight`, its header then staying in view). The region takes the focus, so a
 * keyboard can scroll it too. The caption is for screen readers; the body rows are the
 * caller's. `stacked`: below 640 px each row is a block of its cells, one a line, each
 * labelled by the caller (Labelled), so a phone shows every column without scrolling;
 * the header row is then for screen readers only.
 */
export function ScrollTable({
  name,
  caption,
  columns,
  minWidth,
  maxHeight,
  busy,
  stacked = false,
  children,
}: {
  /** The region's name: its label, or the id of the heading that names it. */
  name: { label: string } | { labelledBy: string };
  caption: ReactNode;
  /** The header cells' contents, in order. */
  columns: ReactNode[];
  /** A Tailwind min-width class, wide enough for the columns (e.g. "min-w-[40rem]"). */
  minWidth: string;
  /** A Tailwind max-height class: the region scrolls down too. */
  maxHeight?: string;
  busy?: boolean;
  stacked?: boolean;
  children: ReactNode;
}) {
  const scroll = maxHeight ? `${maxHeight} overflow-auto` : "relative overflow-x-auto";
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll region around a table, not a document section
    <div
      role="region"
      aria-label={"label" in name ? name.label : undefined}
      aria-labelledby={"labelledBy" in name ? name.labelledBy : undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (axe: scrollable-region-focusable)
      tabIndex={0}
      className={`${scroll} rounded-md border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring`}
    >
      <table
        className={`w-full ${minWidth} text-sm ${stacked ? stackedRows : ""}`}
        aria-busy={busy}
      >
        <caption className="sr-only">{caption}</caption>
        <thead
          className={`${maxHeight ? "sticky top-0 " : ""}bg-muted text-muted-foreground ${stacked ? "max-sm:sr-only" : ""}`}
        >
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={cell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}
